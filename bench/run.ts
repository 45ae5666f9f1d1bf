// `npm run bench`: imports every bench/*.bench.ts module and runs its `run()` in turn, one run,
// side by side. A module prints its own figures; a returned value is printed as JSON.
// `npm run bench -- parse` runs only the modules whose name contains "parse".
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const dir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

let failed = false;
for (const f of files) {
  console.log(`\n== ${f} ==`);
  try {
    const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { run?: () => Promise<unknown> };
    if (typeof mod.run !== "function") {
      console.log(`(skipped: ${f} exports no run())`);
      continue;
    }
    const result = await mod.run();
    if (result !== undefined) console.log(JSON.stringify(result, null, 2));
  } catch (e) {
    failed = true;
    console.error(`${f} failed: ${(e as Error).stack ?? String(e)}`);
  }
}
if (failed) process.exitCode = 1;
