// Writes docs/commands.md from the registry (`npm run docs:commands`).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadRegistry } from "../src/analysis/registry/index.ts";
import { renderCommandsDoc } from "../src/analysis/registry/doc.ts";

const out = fileURLToPath(new URL("../docs/commands.md", import.meta.url));
const text = renderCommandsDoc(loadRegistry());
writeFileSync(out, text);
console.log(`wrote ${out} (${text.split("\n").length} lines)`);
