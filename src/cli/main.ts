// The `shellfence` executable (bundled to dist/cli.js; bin/shellfence.js imports it).
import { homedir } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { run } from "./run.ts";

// A reader that stops early (`shellfence levels | head`) is not an error.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});

const io = {
  stdin: process.stdin,
  out: (s: string) => void process.stdout.write(s),
  err: (s: string) => void process.stderr.write(s),
  env: process.env,
  home: homedir(),
  cwd: process.cwd(),
  // dist/cli.js and src/cli/main.ts both sit two levels below the package root.
  binPath: path.join(path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url)))), "bin", "shellfence.js"),
  now: () => new Date(),
};

run(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // Only reachable through a bug; the hook must still never approve, and exits 0.
    process.stderr.write(`shellfence: internal error: ${(e as Error)?.message ?? String(e)}; not approved\n`);
    process.exitCode = process.argv[2] === "hook" ? 0 : 2;
  },
);
