// The argv-oracle cache for the parser corpus: datasets/parser/oracle-cache.jsonl.
//
// Why a cache: the corpus is ~650 commands observed twice (handler status 0 and 1, to walk both
// sides of && / || / if), about 40 s of bash on this machine; the corpus test must take seconds.
// Entries are keyed by sha256(bash version, status, command), so an edited command or another
// bash simply misses the cache and is observed live. `SHELLFENCE_ORACLE=live` ignores the cache
// entirely (CI can re-prove everything); `npx tsx datasets/parser/observe.ts` refreshes it.

import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ArgvObservation } from "../../oracle/argv/index.ts";

export const CACHE_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "oracle-cache.jsonl");
export const STATUSES = [0, 1] as const;

/** The parts of an observation the corpus test compares (volatile fields dropped). */
export interface CachedObservation {
  key: string;
  command: string;
  status: number;
  /** Stub paths requested (ObserveOptions.plant) and those honoured. */
  plant?: string[];
  planted?: string[];
  bashVersion: string;
  valid: boolean;
  syntaxError?: string;
  executed: {
    argv: string[];
    argvHex?: string[];
    fds: Record<number, string>;
    fdModes: Record<number, string>;
    stdin: string | null;
    stdinTruncated?: boolean;
    envDelta?: Record<string, string>;
  }[];
  createdFiles: string[];
  timedOut: boolean;
  limitHit: boolean;
}

/** `plant`: the stub paths requested for the run (they change what bash can run). */
export function cacheKey(bashVersion: string, status: number, command: string, plant: string[] = []): string {
  const p = plant.length ? `\0plant:${[...plant].sort().join("\0")}` : "";
  return createHash("sha256").update(`${bashVersion}\0${status}\0${command}${p}`).digest("hex").slice(0, 24);
}

export function compact(o: ArgvObservation, plant: string[] = []): CachedObservation {
  return {
    key: cacheKey(o.bashVersion, o.status, o.command, plant),
    command: o.command,
    status: o.status,
    ...(plant.length ? { plant: [...plant].sort(), planted: o.planted } : {}),
    bashVersion: o.bashVersion,
    valid: o.valid,
    ...(o.syntaxError !== undefined ? { syntaxError: o.syntaxError } : {}),
    executed: o.executed.map((e) => ({
      argv: e.argv,
      ...(e.argvUtf8 ? {} : { argvHex: e.argvHex }),
      fds: e.fds,
      fdModes: e.fdModes,
      stdin: e.stdin,
      ...(e.stdinTruncated ? { stdinTruncated: true } : {}),
      ...(Object.keys(e.envDelta).length ? { envDelta: e.envDelta } : {}),
    })),
    createdFiles: o.createdFiles,
    timedOut: o.timedOut,
    limitHit: o.limitHit,
  };
}

export function loadCache(file = CACHE_FILE): Map<string, CachedObservation> {
  const map = new Map<string, CachedObservation>();
  if (!existsSync(file)) return map;
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (!line.trim()) return;
      try {
        const o = JSON.parse(line) as CachedObservation;
        map.set(o.key, o);
      } catch (e) {
        throw new Error(`${file}:${i + 1}: not JSON (${(e as Error).message}); regenerate with npx tsx datasets/parser/observe.ts`);
      }
    });
  return map;
}

export function saveCache(entries: CachedObservation[], file = CACHE_FILE): void {
  const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  writeFileSync(file, sorted.map((e) => JSON.stringify(e)).join("\n") + "\n");
}
