// The ratchet gate, pure: compares the current run with every recorded run and says what fails.
// Misses and classifier/derivation disagreements are never acceptable (a run that has them can be
// recorded with --accept for the history, but it still fails); a fall in developer-level approval,
// a rise in p99 latency or a classifier crash fails unless a reason is given with --accept.
import { admits, type LevelTable } from "../src/policy/levels.ts";
import type { Level } from "../src/policy/model.ts";
import { labelAt } from "./metrics.ts";
import { splitEntry, type CaseMap, type RunLatency } from "./run-record.ts";
import type { CaseResult } from "./types.ts";

export const APPROVAL_DROP_POINTS = 0.5;
export const LATENCY_FACTOR = 1.5;
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
}

export interface GateInput {
  table: LevelTable;
  results: CaseResult[];
  misses: number;
  derivationMismatches: number;
  crashes: number;
  latency: RunLatency;
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

  // Latency: p99 as a ratio to the reference workload, against the best recorded ratio.
  const ratios = input.prior.map((p) => p.latency.p99Ratio).filter((x) => x > 0);
  if (ratios.length && input.latency.p99Ratio > 0) {
    const best = Math.min(...ratios);
    const line = `p99 latency ${input.latency.p99Us.toFixed(1)} us = ${input.latency.p99Ratio.toFixed(2)}x the reference workload; best recorded ${best.toFixed(2)}x`;
    if (input.latency.p99Ratio > LATENCY_FACTOR * best) failures.push({ kind: "latency", acceptable: true, message: `${line}: above ${LATENCY_FACTOR}x the best.` });
    else notes.push(`${line} (limit ${LATENCY_FACTOR}x).`);
  } else notes.push("latency: no recorded baseline yet.");

  const blocking = failures.filter((f) => !f.acceptable || !input.accept);
  return { passed: blocking.length === 0, failures, accepted: failures.length && input.accept ? input.accept : null, notes };
}
