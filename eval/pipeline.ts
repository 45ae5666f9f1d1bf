// One eval run end to end, minus the terminal and the files: classify, measure, compare with the
// recorded runs, and build the record to append. The classifier and the store are parameters.
import os from "node:os";
import type { LevelTable } from "../src/policy/levels.ts";
import { evaluate, referenceUs, type EvalOutput } from "./evaluate.ts";
import { gate, type GateVerdict, type PriorRun } from "./gate.ts";
import { computeMetrics, type Metrics } from "./metrics.ts";
import { caseMapOf, type Machine, type RunLatency, type RunRecord } from "./run-record.ts";
import type { Store } from "./store.ts";
import type { Classifier, ClassifyContext, Dataset } from "./types.ts";

export interface PipelineInput {
  datasets: Dataset[];
  classify: Classifier;
  table: LevelTable;
  context: ClassifyContext;
  /** Per dataset name: another world's context (eval/worlds.ts). */
  contexts?: Readonly<Record<string, ClassifyContext>>;
  store: Store;
  passes: number;
  verifyEvery: number;
  accept: string | null;
  onProgress?: (done: number, total: number) => void;
  /** Nanosecond clock for latency (default process.hrtime.bigint; tests fix it so timing cannot decide them). */
  clock?: () => bigint;
}

export interface PipelineOutput {
  output: EvalOutput;
  metrics: Metrics;
  latency: RunLatency;
  verdict: GateVerdict;
  /** The record to append if the run is recorded (seq and cases are filled by the store). */
  record: Omit<RunRecord, "seq" | "cases">;
}

export function machine(): Machine {
  const cpu = os.cpus()[0]?.model?.trim() ?? "unknown cpu";
  const cores = os.cpus().length;
  const node = process.version;
  return { key: `${cpu} x${cores} node${node.split(".")[0]!.slice(1)}`, cpu, cores, node, platform: `${process.platform}-${process.arch}` };
}

export function priorRuns(store: Store): PriorRun[] {
  // A run recorded with an accepted reason is the new floor: earlier, better runs no longer count,
  // or an accepted regression would fail every later run that gives no reason (CI gives none).
  const runs = store.runs();
  const floor = runs.reduce((at, r, i) => (r.accepted ? i : at), 0);
  // A run whose per-case results could not be rebuilt exactly still counts for latency, not approval.
  return runs.slice(floor).map((r) => ({ seq: r.seq, commit: r.commit, latency: r.latency, counts: r.counts, cases: store.casesOk(r.seq) ? store.caseMap(r.seq) : new Map() }));
}

export function runPipeline(input: PipelineInput, meta: { commit: string; date: string }): PipelineOutput {
  const output = evaluate(input.datasets, input.classify, input.table, {
    context: input.context,
    ...(input.contexts ? { contexts: input.contexts } : {}),
    passes: input.passes,
    verifyEvery: input.verifyEvery,
    onProgress: input.onProgress,
    ...(input.clock ? { clock: input.clock } : {}),
  });
  const refUs = input.clock ? referenceUs(input.passes, undefined, input.clock) : referenceUs(input.passes);
  const latency: RunLatency = {
    passes: output.latency.passes,
    medianUs: output.latency.medianUs,
    p99Us: output.latency.p99Us,
    refUs,
    p99Ratio: refUs > 0 ? output.latency.p99Us / refUs : 0,
  };
  const metrics = computeMetrics(input.table, output.results);
  const verdict = gate({
    table: input.table,
    counts: metrics.counts,
    results: output.results,
    misses: metrics.misses.length,
    derivationMismatches: output.mismatches.length,
    crashes: output.results.filter((r) => r.crashed).length,
    latency,
    prior: priorRuns(input.store),
    accept: input.accept,
  });
  const record: Omit<RunRecord, "seq" | "cases"> = {
    v: 1,
    commit: meta.commit,
    date: meta.date,
    machine: machine(),
    accepted: verdict.accepted,
    datasets: input.datasets.map((d) => ({ name: d.name, hash: d.hash, cases: d.cases.length })),
    metrics: metrics.levels,
    counts: metrics.counts,
    latency,
  };
  return { output, metrics, latency, verdict, record };
}

export function recordRun(store: Store, out: PipelineOutput): RunRecord {
  return store.append(out.record, caseMapOf(out.output.results));
}
