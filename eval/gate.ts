// The ratchet gate, pure: compares the current run with every recorded run and says what fails.
// Misses and classifier/derivation disagreements are never acceptable (a run that has them can be
// recorded with --accept for the history, but it still fails); a fall in developer-level approval,
// a rise in p99 latency or a classifier crash fails unless a reason is given with --accept.
import { admits, type LevelTable } from "../src/policy/levels.ts";
import type { Level } from "../src/policy/model.ts";
import { ALL, labelAt, type DatasetCounts } from "./metrics.ts";
import { splitEntry, type CaseMap, type RunLatency } from "./run-record.ts";
import type { CaseResult } from "./types.ts";

export const APPROVAL_DROP_POINTS = 0.5;
export const LATENCY_FACTOR = 1.5;
/**
 * The latency baseline is the median ratio of the last LATENCY_WINDOW recorded runs (since the
 * floor), not the best one: the ratio of a filesystem-bound p99 to a CPU-bound reference moves by
 * half between runs of the same commit on a shared machine, so a best-ever baseline ends up at the
 * luckiest run and fails CI on noise.
 */
export const LATENCY_WINDOW = 5;

export function latencyBaseline(prior: readonly number[]): number {
  const last = [...prior.slice(-LATENCY_WINDOW)].sort((a, b) => a - b);
  const m = last.length >> 1;
  return last.length % 2 ? last[m]! : (last[m - 1]! + last[m]!) / 2;
}
export const GATE_LEVEL: Level = "developer";

export type Failure =
  | { kind: "miss"; acceptable: false; message: string }
  | { kind: "derivation"; acceptable: false; message: string }
  | { kind: "crash"; acceptable: true; message: string }
  | { kind: "approval"; acceptable: true; message: string; dataset: string; againstCommit: string; regressed: string[] }
  | { kind: "latency"; acceptable: true; message: string };

export interface PriorRun {
  seq: number;
  commit: string;
  cases: CaseMap;
  latency: RunLatency;
  /** Per-dataset figures (p99 per set); absent in tests that only care about the whole run. */
  counts?: DatasetCounts[];
}

export interface GateInput {
  table: LevelTable;
  results: CaseResult[];
  misses: number;
  derivationMismatches: number;
  crashes: number;
  latency: RunLatency;
  /** Per-dataset latency: each set is compared with its own best, so adding a set moves nothing. */
  counts?: DatasetCounts[];
  prior: PriorRun[];
  accept: string | null;
}

export interface GateVerdict {
  passed: boolean;
  failures: Failure[];
  accepted: string | null;
  /** What each comparison found, for the report even when it passed. */
  notes: string[];
}

interface Comparison {
  dataset: string;
  commit: string;
  common: number;
  eligible: number;
  priorRate: number;
  currentRate: number;
  regressed: string[];
}

/**
 * Approval at `level` on the cases a prior run and this run share unchanged (same id, same
 * command and label): adding or relabelling cases cannot move the ratchet by itself.
 */
export function compareApproval(table: LevelTable, results: CaseResult[], prior: PriorRun, level: Level): Comparison[] {
  const perDataset = new Map<string, { eligible: number; prior: number; current: number; common: number; regressed: string[] }>();
  for (const r of results) {
    const key = `${r.dataset}/${r.id}`;
    const entry = prior.cases.get(key);
    if (!entry) continue;
    const p = splitEntry(entry);
    if (p.caseHash !== r.caseHash) continue;
    const acc = perDataset.get(r.dataset) ?? { eligible: 0, prior: 0, current: 0, common: 0, regressed: [] };
    acc.common++;
    if (admits(table, level, labelAt(table, r.label, level))) {
      acc.eligible++;
      const was = admits(table, level, p.need);
      const is = admits(table, level, r.need);
      if (was) acc.prior++;
      if (is) acc.current++;
      if (was && !is) acc.regressed.push(key);
    }
    perDataset.set(r.dataset, acc);
  }
  return [...perDataset].map(([dataset, a]) => ({
    dataset,
    commit: prior.commit,
    common: a.common,
    eligible: a.eligible,
    priorRate: a.eligible ? (100 * a.prior) / a.eligible : 100,
    currentRate: a.eligible ? (100 * a.current) / a.eligible : 100,
    regressed: a.regressed,
  }));
}

export function gate(input: GateInput): GateVerdict {
  const failures: Failure[] = [];
  const notes: string[] = [];
  if (input.misses > 0) {
    failures.push({ kind: "miss", acceptable: false, message: `${input.misses} miss(es): a command approved at a level its label is above. Fix the classifier or, if the label is wrong, the label (with its source).` });
  }
  if (input.derivationMismatches > 0) {
    failures.push({ kind: "derivation", acceptable: false, message: `${input.derivationMismatches} sampled verdict(s) at a configured level disagree with admits(need): the classifier's decision and level are inconsistent, so per-level figures cannot be trusted.` });
  }
  if (input.crashes > 0) {
    failures.push({ kind: "crash", acceptable: true, message: `the classifier threw on ${input.crashes} case(s) (counted as not approved).` });
  }

  // Approval: the worst drop against any recorded run, per dataset.
  let worst: Comparison | null = null;
  for (const p of input.prior) {
    for (const c of compareApproval(input.table, input.results, p, GATE_LEVEL)) {
      if (c.eligible === 0) continue;
      const drop = c.priorRate - c.currentRate;
      if (!worst || drop > worst.priorRate - worst.currentRate) worst = c;
    }
  }
  if (worst) {
    const drop = worst.priorRate - worst.currentRate;
    const line = `${GATE_LEVEL} approval on ${worst.dataset}: ${worst.currentRate.toFixed(2)}% vs ${worst.priorRate.toFixed(2)}% at ${worst.commit.slice(0, 10)} over ${worst.eligible} shared eligible cases`;
    if (drop > APPROVAL_DROP_POINTS) {
      failures.push({ kind: "approval", acceptable: true, message: `${line}: down ${drop.toFixed(2)} points (limit ${APPROVAL_DROP_POINTS}).`, dataset: worst.dataset, againstCommit: worst.commit, regressed: worst.regressed });
    } else notes.push(`${line} (worst comparison; within ${APPROVAL_DROP_POINTS} points).`);
  } else notes.push("approval: no recorded run shares cases with this one yet.");

  // Latency: p99 as a ratio to the reference workload, per dataset, against that set's best
  // recorded ratio (the whole run when no per-set figures exist).
  const series: { name: string; current: number; p99: number; prior: number[] }[] = [];
  const sets = (input.counts ?? []).filter((c) => c.dataset !== ALL && !c.dataset.includes("[") && c.p99Us > 0);
  if (sets.length && input.latency.refUs > 0) {
    for (const c of sets) {
      const prior = input.prior.flatMap((p) => {
        const pc = p.counts?.find((x) => x.dataset === c.dataset);
        return pc && pc.p99Us > 0 && p.latency.refUs > 0 ? [pc.p99Us / p.latency.refUs] : [];
      });
      series.push({ name: c.dataset, current: c.p99Us / input.latency.refUs, p99: c.p99Us, prior });
    }
  } else if (input.latency.p99Ratio > 0) {
    series.push({ name: "all", current: input.latency.p99Ratio, p99: input.latency.p99Us, prior: input.prior.map((p) => p.latency.p99Ratio).filter((x) => x > 0) });
  }
  for (const s of series) {
    if (!s.prior.length) {
      notes.push(`latency on ${s.name}: no recorded baseline yet (p99 ${s.p99.toFixed(1)} us = ${s.current.toFixed(2)}x the reference).`);
      continue;
    }
    const best = latencyBaseline(s.prior);
    const line = `p99 latency on ${s.name} ${s.p99.toFixed(1)} us = ${s.current.toFixed(2)}x the reference workload; recorded baseline ${best.toFixed(2)}x (median of the last ${Math.min(LATENCY_WINDOW, s.prior.length)})`;
    if (s.current > LATENCY_FACTOR * best) failures.push({ kind: "latency", acceptable: true, message: `${line}: above ${LATENCY_FACTOR}x the baseline.` });
    else notes.push(`${line} (limit ${LATENCY_FACTOR}x).`);
  }

  const blocking = failures.filter((f) => !f.acceptable || !input.accept);
  return { passed: blocking.length === 0, failures, accepted: failures.length && input.accept ? input.accept : null, notes };
}
