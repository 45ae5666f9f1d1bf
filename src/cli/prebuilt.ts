// Prebuilt data: the registry, regions, levels and env-vector tables, validated at build time
// (prebuilt-make.ts) and read here by the hook without TOML or zod. One file, dist/prebuilt.json:
//
//   line 1   a JSON header: version, the stamp (size, mtime) of every data file it was made
//            from, the levels/regions/env-vector data, and the registry index (command name to
//            file number, and each file's span in the body)
//   rest     the registry files' validated contents as JSON texts, one after another
//
// Only the registry files a command names are parsed and compiled. When a data file on disk no
// longer matches its stamp, the tables are stale and the caller loads the TOML files instead.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { lazyRegistry } from "../analysis/registry/lazy.ts";
import type { CompileInput } from "../analysis/registry/compile.ts";
import { buildEnvVectors, type EnvVectorsData } from "../analysis/envvectors.ts";
import { buildTable, type LevelsData } from "../policy/levels.ts";
import type { Regions } from "../policy/regions.ts";
import type { ClassifierTables } from "../policy/classify.ts";

export const PREBUILT_VERSION = 1;
export const PREBUILT_FILE = "prebuilt.json";

/** [path relative to the package root, size in bytes, mtime in ms]. */
export type Stamp = [file: string, size: number, mtimeMs: number];

export interface PrebuiltHeader {
  version: number;
  stamps: Stamp[];
  levels: { file: string; data: LevelsData };
  regions: Regions;
  vectors: { file: string; data: EnvVectorsData };
  registry: {
    /** Each registry file: its path (relative to the package root) and its span in the body. */
    files: { file: string; start: number; end: number }[];
    /** Command name or alias -> file number. */
    names: Record<string, number>;
  };
}

/** What one registry file's body text holds. */
export type PrebuiltRegistryFile = Pick<CompileInput, "commands" | "flagsets">;

export type PrebuiltResult = { ok: true; tables: ClassifierTables } | { ok: false; why: string };

/** The first data file whose size or mtime differs from its stamp, or null when none does. */
export function staleFile(root: string, stamps: readonly Stamp[]): string | null {
  for (const [rel, size, mtimeMs] of stamps) {
    const st = statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!st || st.size !== size || st.mtimeMs !== mtimeMs) return rel;
  }
  return null;
}

/**
 * The tables from `file` (made for the package at `root`). Not ok when the file is missing,
 * of another version, or older than a data file it was made from: the caller then loads the
 * TOML files, which gives the same verdicts more slowly.
 */
export function readPrebuilt(file: string, root: string): PrebuiltResult {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    return { ok: false, why: `no prebuilt data (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
  }
  const nl = text.indexOf("\n");
  let header: PrebuiltHeader;
  try {
    header = JSON.parse(nl < 0 ? text : text.slice(0, nl)) as PrebuiltHeader;
  } catch (e) {
    return { ok: false, why: `the prebuilt data is not valid JSON (${(e as Error).message})` };
  }
  if (header.version !== PREBUILT_VERSION) return { ok: false, why: `the prebuilt data is version ${header.version}, this code reads ${PREBUILT_VERSION}` };
  const stale = staleFile(root, header.stamps);
  if (stale !== null) return { ok: false, why: `${stale} changed after the prebuilt data was made` };
  const body = text.slice(nl + 1);
  const files = header.registry.files;
  const registry = lazyRegistry(new Map(Object.entries(header.registry.names)), (i) => {
    const f = files[i]!;
    const content = JSON.parse(body.slice(f.start, f.end)) as PrebuiltRegistryFile;
    // `text` serves only error messages, and this data compiled cleanly when it was made.
    return { file: path.join(root, f.file), text: "", commands: content.commands, ...(content.flagsets ? { flagsets: content.flagsets } : {}) };
  });
  return {
    ok: true,
    tables: {
      registry,
      levels: buildTable(path.join(root, header.levels.file), header.levels.data),
      regions: { ...header.regions, file: path.join(root, header.regions.file) },
      vectors: buildEnvVectors(path.join(root, header.vectors.file), header.vectors.data),
    },
  };
}
