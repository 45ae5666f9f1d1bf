// Loading the parser corpus (datasets/parser/*.jsonl) and the known fail-closed rejections.

import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ObserveOptions } from "../../oracle/argv/index.ts";
import type { CorpusEntry } from "./compile.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Oracle settings for the corpus: a low command cap, since runaway loops only need a few turns. */
export const CORPUS_OBSERVE_OPTIONS: ObserveOptions = { maxCommands: 40, timeoutMs: 3000 };

const NON_CORPUS = new Set(["oracle-cache.jsonl", "known-rejections.jsonl"]);

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => line.trim() !== "")
    .map(({ line, i }) => {
      try {
        return JSON.parse(line) as T;
      } catch (e) {
        throw new Error(`${file}:${i + 1}: not JSON: ${(e as Error).message}`);
      }
    });
}

export function loadCorpus(): CorpusEntry[] {
  const out: CorpusEntry[] = [];
  for (const f of readdirSync(here).filter((n) => n.endsWith(".jsonl") && !NON_CORPUS.has(n)).sort()) {
    for (const e of readJsonl<CorpusEntry>(path.join(here, f))) {
      for (const k of ["id", "command", "note", "source"] as const) {
        if (typeof e[k] !== "string") throw new Error(`datasets/parser/${f}: entry ${JSON.stringify(e.id)} lacks string field "${k}"`);
      }
      out.push(e);
    }
  }
  return out;
}

/** A valid command the parser may refuse (fail closed), with the reason it is acceptable. */
export interface KnownRejection {
  id: string;
  reason: string;
}

export function loadKnownRejections(): Map<string, string> {
  const file = path.join(here, "known-rejections.jsonl");
  const map = new Map<string, string>();
  try {
    for (const r of readJsonl<KnownRejection>(file)) {
      if (!r.id || !r.reason) throw new Error(`${file}: every line needs "id" and "reason"`);
      map.set(r.id, r.reason);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  return map;
}
