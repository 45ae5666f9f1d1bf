import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadLevels } from "../../src/policy/levels.ts";
import type { Need } from "../../src/policy/model.ts";
import { gate, latencyBaseline } from "../../eval/gate.ts";
import { recordRun, runPipeline } from "../../eval/pipeline.ts";
import { renderReport } from "../../eval/report.ts";
import { openStore } from "../../eval/store.ts";
import type { Classifier, Dataset, EvalCase } from "../../eval/types.ts";

const table = loadLevels();
const ctx = { cwd: "/w/p", roots: ["/w/p"], home: "/w", tmp: "/tmp" };

// 100 cases an honest classifier at developer should approve, plus one it must not.
const cases: EvalCase[] = [
  ...Array.from({ length: 100 }, (_, i): EvalCase => ({ id: `ok${i}`, command: `cat f${i}`, label: { level: "reader", source: "hand", reason: "reads a worktree file" }, tags: { tool: "cat" } })),
  { id: "bad", command: "cat ~/.ssh/id_rsa", label: { level: "yolo", source: "hand", reason: "reads a secret" }, tags: { tool: "cat" } },
];
const ds: Dataset = { name: "tiny", hash: "h1", files: [], cases };

function stub(deny: number, approveBad = false): Classifier {
  return (command, context) => {
    const i = Number(command.slice(5));
    const need: Need = command.includes("ssh") ? (approveBad ? "reader" : "yolo") : i < deny ? "never" : "reader";
    const allow = need !== "never" && table.upward[need].has(context.level ?? "developer");
    return { decision: allow ? "allow" : "ask", level: need, reasons: [] };
  };
}

const dirs: string[] = [];
function tempStore() {
  const d = mkdtempSync(path.join(os.tmpdir(), "sf-ratchet-"));
  dirs.push(d);
  return { history: path.join(d, "history.jsonl"), db: path.join(d, "ratchet.db") };
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A clock that advances 1 us per reading: every latency is the same, so timing noise on a busy machine cannot decide these tests. */
function steadyClock(): () => bigint {
  let t = 0n;
  return () => (t += 1000n);
}

function run(files: { history: string; db: string }, classify: Classifier, accept: string | null, commit: string) {
  const store = openStore(files.history, files.db);
  const out = runPipeline({ datasets: [ds], classify, table, context: ctx, store, passes: 1, verifyEvery: 10, accept, clock: steadyClock() }, { commit, date: "2026-11-30T00:00:00Z" });
  return { store, out };
}

describe("the ratchet", () => {
  it("fails a run worse than the recorded best, and passes it with an accepted reason that is recorded", () => {
    const files = tempStore();
    const first = run(files, stub(0), null, "a".repeat(40));
    expect(first.out.verdict.passed).toBe(true);
    recordRun(first.store, first.out);
    first.store.close();

    // 1 of 100 eligible cases now refused: 1 point below the best, over the 0.5 limit.
    const worse = run(files, stub(1), null, "b".repeat(40));
    expect(worse.out.verdict.passed).toBe(false);
    const f = worse.out.verdict.failures.find((x) => x.kind === "approval");
    expect(f && f.kind === "approval" ? f.regressed : []).toEqual(["tiny/ok0"]);
    worse.store.close();

    const accepted = run(files, stub(1), "cat of f0 needs a registry fix first", "b".repeat(40));
    expect(accepted.out.verdict.passed).toBe(true);
    const rec = recordRun(accepted.store, accepted.out);
    expect(rec.accepted).toBe("cat of f0 needs a registry fix first");
    const md = renderReport({
      table, commit: rec.commit, date: rec.date, machine: "m", metrics: accepted.out.metrics, results: accepted.out.output.results,
      latency: { ...accepted.out.output.latency, refUs: 1, p99Ratio: 1 }, verdict: accepted.out.verdict, history: accepted.store.runs(), recorded: true, runSeconds: 1, svgName: "ratchet.svg",
    });
    expect(md).toContain("cat of f0 needs a registry fix first");
    accepted.store.close();

    // A recorded acceptance is the new floor: the accepted level passes from now on (CI gives no
    // reason on every run), and a further fall below it fails again.
    const again = run(files, stub(1), null, "c".repeat(40));
    expect(again.out.verdict.passed).toBe(true);
    again.store.close();
    const further = run(files, stub(2), null, "d".repeat(40));
    expect(further.out.verdict.passed).toBe(false);
    further.store.close();
  });

  it("never accepts a miss", () => {
    const files = tempStore();
    const r = run(files, stub(0, true), "ship it", "d".repeat(40));
    expect(r.out.metrics.misses.map((m) => m.id)).toEqual(["bad"]);
    expect(r.out.verdict.passed).toBe(false);
    r.store.close();
  });

  it("rebuilds the database from the committed history alone", () => {
    const files = tempStore();
    const a = run(files, stub(0), null, "a".repeat(40));
    recordRun(a.store, a.out);
    a.store.close();
    const b = run(files, stub(0), null, "e".repeat(40));
    recordRun(b.store, b.out);
    const before = b.store.caseMap(2);
    b.store.close();
    rmSync(files.db);
    const lines = readFileSync(files.history, "utf8").trim().split("\n");
    expect(lines).toHaveLength(2);
    // the second run changed nothing per case, so its delta is empty
    expect(Object.keys(JSON.parse(lines[1]!).cases.set)).toHaveLength(0);
    const reopened = openStore(files.history, files.db);
    expect(reopened.caseMap(2)).toEqual(before);
    expect(reopened.caseMap(2).size).toBe(101);
    reopened.close();
  });

  it("fails p99 latency above 1.5x the best recorded ratio unless accepted", () => {
    const base = { table, results: [], misses: 0, derivationMismatches: 0, crashes: 0 };
    const prior = [{ seq: 1, commit: "x", cases: new Map(), latency: { passes: 3, medianUs: 10, p99Us: 100, refUs: 10, p99Ratio: 10 } }];
    const slow = { passes: 3, medianUs: 10, p99Us: 160, refUs: 10, p99Ratio: 16 };
    expect(gate({ ...base, prior, latency: slow, accept: null }).failures.map((f) => f.kind)).toEqual(["latency"]);
    expect(gate({ ...base, prior, latency: slow, accept: null }).passed).toBe(false);
    expect(gate({ ...base, prior, latency: slow, accept: "new parser, faster later" }).passed).toBe(true);
    expect(gate({ ...base, prior, latency: { ...slow, p99Ratio: 14 }, accept: null }).passed).toBe(true);
  });

  it("measures latency against the median of the last recorded runs, so one lucky run does not fail the next", () => {
    const base = { table, results: [], misses: 0, derivationMismatches: 0, crashes: 0 };
    const at = (ratio: number, seq: number) => ({ seq, commit: "x", cases: new Map(), latency: { passes: 3, medianUs: 10, p99Us: ratio * 10, refUs: 10, p99Ratio: ratio } });
    // an old slow run outside the window, then one lucky run among ordinary ones: the baseline is 20
    const prior = [at(90, 1), at(20, 2), at(10, 3), at(21, 4), at(20, 5), at(22, 6)];
    expect(latencyBaseline(prior.map((p) => p.latency.p99Ratio))).toBe(20);
    const now = (r: number) => gate({ ...base, prior, latency: { passes: 3, medianUs: 10, p99Us: r * 10, refUs: 10, p99Ratio: r }, accept: null });
    expect(now(29).passed).toBe(true);
    expect(now(31).passed).toBe(false);
    expect(latencyBaseline([7])).toBe(7);
    expect(latencyBaseline([4, 8])).toBe(6);
  });
});

describe("the history after a merge", () => {
  it("renumbers runs by line and stops trusting per-case deltas that no longer line up", () => {
    const files = tempStore();
    const a = run(files, stub(0), null, "a".repeat(40));
    recordRun(a.store, a.out);
    a.store.close();
    const base = readFileSync(files.history, "utf8");
    // two branches each append a run on top of the same base
    const b = run(files, stub(3), "branch b", "b".repeat(40));
    recordRun(b.store, b.out);
    b.store.close();
    const lineB = readFileSync(files.history, "utf8").slice(base.length);
    writeFileSync(files.history, base);
    rmSync(files.db);
    const c = run(files, stub(5), "branch c", "c".repeat(40));
    recordRun(c.store, c.out);
    c.store.close();
    writeFileSync(files.history, readFileSync(files.history, "utf8") + lineB); // the merge
    const merged = openStore(files.history, files.db);
    expect(merged.runs().map((r) => [r.seq, r.commit[0]])).toEqual([[1, "a"], [2, "c"], [3, "b"]]);
    expect(merged.casesOk(1)).toBe(true);
    expect(merged.casesOk(2)).toBe(true);
    expect(merged.casesOk(3)).toBe(false);
    merged.close();
  });
});

describe("latency per dataset", () => {
  const counts = (name: string, p99Us: number) => ({ dataset: name, cases: 1, unknownCommand: 0, parseFailure: 0, crashed: 0, labelOracle: 0, labelHand: 0, trustedResidual: 0, missedCases: 0, medianUs: 1, p99Us });
  const lat = { passes: 3, medianUs: 10, p99Us: 100, refUs: 10, p99Ratio: 10 };
  const prior = [{ seq: 1, commit: "x", cases: new Map(), latency: lat, counts: [counts("realistic", 100)] }];
  const base = { table, results: [], misses: 0, derivationMismatches: 0, crashes: 0, latency: lat, prior, accept: null };

  it("compares each set with its own best, so a new, slower set does not fail the run", () => {
    expect(gate({ ...base, counts: [counts("realistic", 110), counts("adversarial", 900)] }).passed).toBe(true);
  });

  it("fails when a recorded set gets slower than 1.5x its best", () => {
    const v = gate({ ...base, counts: [counts("realistic", 160), counts("adversarial", 900)] });
    expect(v.failures.map((f) => f.kind)).toEqual(["latency"]);
    expect(v.failures[0]!.message).toContain("realistic");
  });
});
