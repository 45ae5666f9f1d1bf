// One recorded eval run, as stored in eval/history.jsonl (one JSON object per line) and in the
// SQLite ratchet store rebuilt from it.
import { createHash } from "node:crypto";
import type { Need } from "../src/policy/model.ts";
import type { DatasetCounts, LevelMetrics } from "./metrics.ts";
import type { CaseResult } from "./types.ts";

export interface Machine {
  /** cpu model + cores + node major: runs on the same key are directly comparable. */
  key: string;
  cpu: string;
  cores: number;
  node: string;
  platform: string;
}

export interface RunLatency {
  passes: number;
  medianUs: number;
  p99Us: number;
  /** Reference workload per command on the same machine in the same run (eval/evaluate.ts). */
  refUs: number;
  /** p99Us / refUs: the figure the ratchet compares across machines. */
  p99Ratio: number;
}

/** Per case: "<caseHash>:<need code>". */
export type CaseMap = Map<string, string>;

export interface RunRecord {
  v: 1;
  seq: number;
  commit: string;
  /** The classifier, its data or the datasets had uncommitted changes when the run was made. */
  dirty?: boolean;
  date: string;
  machine: Machine;
  /** Why a gate failure was accepted, or null. */
  accepted: string | null;
  datasets: { name: string; hash: string; cases: number }[];
  metrics: LevelMetrics[];
  counts: DatasetCounts[];
  latency: RunLatency;
  /** Per-case results as a delta against the previous record: set (new or changed) and removed keys. */
  cases: { set: Record<string, string>; removed: string[] };
  /** sha256 of the full per-case map, so a rebuild can tell when deltas no longer line up (a merge). */
  casesHash?: string;
}

const CODES: Record<Need, string> = {
  paranoid: "p",
  reader: "r",
  editor: "e",
  developer: "d",
  "local-admin": "l",
  "network-admin": "n",
  yolo: "y",
  never: "N",
};
const DECODE = new Map(Object.entries(CODES).map(([k, v]) => [v, k as Need]));

export function needCode(n: Need): string {
  return CODES[n];
}

export function decodeNeed(code: string): Need {
  const n = DECODE.get(code);
  if (!n) throw new Error(`unknown need code "${code}" in eval/history.jsonl; expected one of ${Object.values(CODES).join("")}`);
  return n;
}

export function caseKey(r: Pick<CaseResult, "dataset" | "id">): string {
  return `${r.dataset}/${r.id}`;
}

export function caseMapOf(results: CaseResult[]): CaseMap {
  return new Map(results.map((r) => [caseKey(r), `${r.caseHash}:${needCode(r.need)}`]));
}

export function splitEntry(v: string): { caseHash: string; need: Need } {
  const i = v.lastIndexOf(":");
  return { caseHash: v.slice(0, i), need: decodeNeed(v.slice(i + 1)) };
}

export function caseMapHash(m: CaseMap): string {
  const h = createHash("sha256");
  for (const k of [...m.keys()].sort()) h.update(`${k}=${m.get(k)}\n`);
  return h.digest("hex").slice(0, 16);
}

export function delta(prev: CaseMap, next: CaseMap): RunRecord["cases"] {
  const set: Record<string, string> = {};
  for (const [k, v] of next) if (prev.get(k) !== v) set[k] = v;
  const removed = [...prev.keys()].filter((k) => !next.has(k)).sort();
  return { set, removed };
}

export function applyDelta(prev: CaseMap, d: RunRecord["cases"]): CaseMap {
  const next = new Map(prev);
  for (const k of d.removed) next.delete(k);
  for (const [k, v] of Object.entries(d.set)) next.set(k, v);
  return next;
}

