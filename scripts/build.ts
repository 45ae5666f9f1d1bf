// Bundles the CLI (which also serves the hook) and the library into dist/.
// One file per entry and nothing loaded that is not needed: the hook starts on every agent command.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

const common = {
  bundle: true,
  platform: "node" as const,
  format: "esm" as const,
  target: "node20",
  sourcemap: false,
  legalComments: "none" as const,
  logLevel: "warning" as const,
  absWorkingDir: root,
};

await build({ ...common, entryPoints: ["src/cli/main.ts"], outfile: "dist/cli.js" });
await build({ ...common, entryPoints: ["src/index.ts"], outfile: "dist/index.js" });
