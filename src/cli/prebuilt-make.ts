// Makes dist/prebuilt.json (format in prebuilt.ts) from the package's data files. Build time
// only: this validates everything with zod, exactly as the library's own loaders do, and
// compiles the whole registry once so that a clash of names between files fails the build.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { loadRegistry, validateRegistryDir } from "../analysis/registry/index.ts";
import { loadEnvVectorsData } from "../analysis/envvectors.ts";
import { loadLevelsData } from "../policy/levels.ts";
import { loadRegions } from "../policy/regions.ts";
import { PREBUILT_VERSION, type PrebuiltHeader, type PrebuiltRegistryFile, type Stamp } from "./prebuilt.ts";

/** Every .toml file under registry/ and regions/, with its size and mtime. */
export function dataStamps(root: string): Stamp[] {
  const out: Stamp[] = [];
  for (const dir of ["registry", "regions"]) {
    for (const name of readdirSync(path.join(root, dir)).sort()) {
      if (!name.endsWith(".toml")) continue;
      const rel = `${dir}/${name}`;
      const st = statSync(path.join(root, rel));
      out.push([rel, st.size, st.mtimeMs]);
    }
  }
  return out;
}

/** The prebuilt data of the package at `root` (its registry/ and regions/), as file text. */
export function makePrebuilt(root: string): string {
  const rel = (f: string) => path.relative(root, f).split(path.sep).join("/");
  // Stamps first: a file edited while this runs then reads as stale, never as fresh.
  const stamps = dataStamps(root);
  const registryDir = path.join(root, "registry");
  loadRegistry(registryDir); // throws DataFileError on any problem, names clashing across files included
  const inputs = validateRegistryDir(registryDir);
  const names: Record<string, number> = {};
  const files: PrebuiltHeader["registry"]["files"] = [];
  let body = "";
  inputs.forEach((input, i) => {
    for (const c of input.commands) for (const n of [c.name, ...(c.aliases ?? [])]) names[n] = i;
    const content: PrebuiltRegistryFile = { commands: input.commands, ...(input.flagsets ? { flagsets: input.flagsets } : {}) };
    const json = JSON.stringify(content);
    files.push({ file: rel(input.file), start: body.length, end: body.length + json.length });
    body += json;
  });
  const levelsFile = path.join(root, "regions", "levels.toml");
  const vectorsFile = path.join(root, "registry", "env-vectors.toml");
  const regions = loadRegions(path.join(root, "regions", "default.toml"));
  const header: PrebuiltHeader = {
    version: PREBUILT_VERSION,
    stamps,
    levels: { file: rel(levelsFile), data: loadLevelsData(levelsFile) },
    regions: { ...regions, file: rel(regions.file) },
    vectors: { file: rel(vectorsFile), data: loadEnvVectorsData(vectorsFile) },
    registry: { files, names },
  };
  return JSON.stringify(header) + "\n" + body;
}
