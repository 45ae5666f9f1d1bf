// The `shellfence` executable (bundled to dist/cli.js; bin/shellfence.js imports it).
import { fileURLToPath } from "node:url";
import path from "node:path";
import { runProcess } from "./process-io.ts";
import { run } from "./run.ts";

// This file is src/cli/main.ts (the bundler keeps each module's own URL): the package root is two up.
const binPath = path.join(path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url)))), "bin", "shellfence.js");

runProcess(run, process.argv.slice(2), binPath);
