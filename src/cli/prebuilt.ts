// Prebuilt data: the registry, regions, levels and env-vector tables, validated at build time
// (prebuilt-make.ts) and read here by the hook without TOML or zod. One file, dist/prebuilt.json:
//
//   line 1   a JSON header: version, the stamp (size, mtime, SHA-256 of the bytes) of every data
//            file it was made from, the levels/regions/env-vector data, and the registry index
//            (command name to entry number; each entry's file and byte span in the body; each
//            file's flagsets)
//   rest     the registry entries' (and flagsets') validated contents as JSON texts, one after
//            another
//
// Only the entries a command names are decoded, parsed and compiled. When a data file on disk no
// longer matches its stamp (its size, then its bytes unless size and mtime both match), the tables are stale and the caller
// loads the TOML files instead. The digests say what the bytes were: the hook daemon serves only
// installs whose data files have exactly these bytes (hook-daemon.ts), and so the build id, a
// digest of prebuilt.json among others, covers the data's bytes.
import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { lazyRegistry } from "../analysis/registry/lazy.ts";
import type { CompileInput } from "../analysis/registry/compile.ts";
import { buildEnvVectors, type EnvVectorsData } from "../analysis/envvectors.ts";
import { buildTable, type LevelsData } from "../policy/levels.ts";
import type { Regions } from "../policy/regions.ts";
import type { ClassifierTables } from "../policy/classify.ts";

// 4: regions carry `[variables]` (secret variable names); env vectors may carry `suffix`.
export const PREBUILT_VERSION = 4;
export const PREBUILT_FILE = "prebuilt.json";

/** [path relative to the package root, size in bytes, mtime in ms, SHA-256 of the bytes (hex)]. */
export type Stamp = [file: string, size: number, mtimeMs: number, sha256: string];

export interface PrebuiltHeader {
  version: number;
  stamps: Stamp[];
  levels: { file: string; data: LevelsData };
  regions: Regions;
  vectors: { file: string; data: EnvVectorsData };
  registry: {
    /** Each registry file: its path (relative to the package root) and its flagsets' span, if any. */
    files: { file: string; flagsets: Span | null }[];
    /** Each command entry: the file it comes from and its span. */
    entries: { file: number; span: Span }[];
    /** Command name or alias -> entry number. */
    names: Record<string, number>;
  };
}

/** [start, end): byte offsets into the body (what follows the header line). */
export type Span = [start: number, end: number];

/** `stamps`: what the tables were made from, for a long-lived reader to re-check (the daemon). */
export type PrebuiltResult = { ok: true; tables: ClassifierTables; stamps: Stamp[] } | { ok: false; why: string };

/**
 * The first data file whose bytes differ from its stamp, or null when none does. Content decides,
 * not mtime: an installed package (npm pack, then npm install) gives every file a new mtime. A
 * file with the stamped size and mtime is taken as unchanged (one stat); any other is hashed.
 */
export function staleFile(root: string, stamps: readonly Stamp[]): string | null {
  for (const [rel, size, mtimeMs, digest] of stamps) {
    const file = path.join(root, rel);
    const st = statSync(file, { throwIfNoEntry: false });
    if (!st || st.size !== size) return rel;
    if (st.mtimeMs === mtimeMs) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      return rel;
    }
    // node:crypto is loaded only here: a checkout's hook (mtimes as built) never pays for it.
    if (sha256(bytes) !== digest) return rel;
  }
  return null;
}

function sha256(bytes: Buffer): string {
  return (process.getBuiltinModule?.("node:crypto") ?? createRequire(import.meta.url)("node:crypto")).createHash("sha256").update(bytes).digest("hex");
}

/**
 * The tables from `file` (made for the package at `root`). Not ok when the file is missing,
 * of another version, or older than a data file it was made from: the caller then loads the
 * TOML files, which gives the same verdicts more slowly.
 */
export function readPrebuilt(file: string, root: string): PrebuiltResult {
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch (e) {
    return { ok: false, why: `no prebuilt data (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
  }
  return parsePrebuilt(buf, root);
}

/** The tables from the bytes of a prebuilt.json (the daemon digests the very bytes it parses). */
export function parsePrebuilt(buf: Buffer, root: string): PrebuiltResult {
  const nl = buf.indexOf(10);
  let header: PrebuiltHeader;
  try {
    header = JSON.parse(buf.toString("utf8", 0, nl < 0 ? buf.length : nl)) as PrebuiltHeader;
  } catch (e) {
    return { ok: false, why: `the prebuilt data is not valid JSON (${(e as Error).message})` };
  }
  if (header.version !== PREBUILT_VERSION) return { ok: false, why: `the prebuilt data is version ${header.version}, this code reads ${PREBUILT_VERSION}` };
  const stale = staleFile(root, header.stamps);
  if (stale !== null) return { ok: false, why: `${stale} changed after the prebuilt data was made` };
  const body = nl + 1;
  const json = (span: Span): unknown => JSON.parse(buf.toString("utf8", body + span[0], body + span[1]));
  const { files, entries } = header.registry;
  const registry = lazyRegistry(new Map(Object.entries(header.registry.names)), (i): CompileInput => {
    const entry = entries[i]!;
    const f = files[entry.file]!;
    const flagsets = f.flagsets ? (json(f.flagsets) as CompileInput["flagsets"]) : undefined;
    // `text` serves only error messages, and this data compiled cleanly when it was made.
    return { file: path.join(root, f.file), text: "", commands: [json(entry.span) as CompileInput["commands"][number]], ...(flagsets ? { flagsets } : {}) };
  });
  return {
    ok: true,
    stamps: header.stamps,
    tables: {
      registry,
      levels: buildTable(path.join(root, header.levels.file), header.levels.data),
      regions: { ...header.regions, file: path.join(root, header.regions.file) },
      vectors: buildEnvVectors(path.join(root, header.vectors.file), header.vectors.data, true),
    },
  };
}
