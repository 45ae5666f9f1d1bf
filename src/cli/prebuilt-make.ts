// Makes dist/prebuilt.json (format in prebuilt.ts) from the package's data files. Build time
// only: this validates everything with zod, exactly as the library's own loaders do, and
// compiles the whole registry once so that a clash of names between files fails the build.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { loadRegistry, validateRegistryDir } from "../analysis/registry/index.ts";
import { loadEnvVectorsData } from "../analysis/envvectors.ts";
import { loadLevelsData } from "../policy/levels.ts";
import { loadRegions } from "../policy/regions.ts";
import { PREBUILT_VERSION, type PrebuiltHeader, type Span, type Stamp } from "./prebuilt.ts";

/** Every .toml file under registry/ and regions/, with its size, mtime and the digest of its bytes. */
export function dataStamps(root: string): Stamp[] {
  const out: Stamp[] = [];
  for (const dir of ["registry", "regions"]) {
    for (const name of readdirSync(path.join(root, dir)).sort()) {
      if (!name.endsWith(".toml")) continue;
      const rel = `${dir}/${name}`;
      const file = path.join(root, rel);
      // Stat first: a file edited between the two then reads as stale, never as fresh.
      const st = statSync(file);
      out.push([rel, st.size, st.mtimeMs, createHash("sha256").update(readFileSync(file)).digest("hex")]);
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
  const entries: PrebuiltHeader["registry"]["entries"] = [];
  let body = "";
  let bytes = 0;
  const append = (value: unknown): Span => {
    const json = JSON.stringify(value);
    const len = Buffer.byteLength(json);
    body += json;
    bytes += len;
    return [bytes - len, bytes];
  };
  inputs.forEach((input, f) => {
    files.push({ file: rel(input.file), flagsets: input.flagsets ? append(input.flagsets) : null });
    for (const c of input.commands) {
      for (const n of [c.name, ...(c.aliases ?? [])]) names[n] = entries.length;
      entries.push({ file: f, span: append(c) });
    }
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
    registry: { files, entries, names },
  };
  return JSON.stringify(header) + "\n" + body;
}
