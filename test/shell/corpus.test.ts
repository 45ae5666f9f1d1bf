// The parser against real bash over datasets/parser (see oracle/argv/compare-parser.ts for what is
// compared). Oracle observations come from datasets/parser/oracle-cache.jsonl when it holds this
// bash's answer for the exact command; missing ones are observed live. SHELLFENCE_ORACLE=live
// re-observes everything (about 40 s).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bashFacts, observeMany, ORACLE_HOME } from "../../oracle/argv/index.ts";
import { compareWithOracle, type Comparison, type ObservedRun } from "../../oracle/argv/compare-parser.ts";
import { STATUSES, cacheKey, compact, loadCache, type CachedObservation } from "../../datasets/parser/cache.ts";
import { CORPUS_OBSERVE_OPTIONS, loadCorpus, loadKnownRejections } from "../../datasets/parser/corpus.ts";
import { compileAll } from "../../datasets/parser/compile.ts";
import { plantsFor } from "../../datasets/parser/plants.ts";

const corpus = loadCorpus();
const knownRejections = loadKnownRejections();
const runs = new Map<string, ObservedRun[]>();
const results = new Map<string, Comparison>();
let live = 0;

beforeAll(async () => {
  const { version } = await bashFacts();
  const cache = process.env.SHELLFENCE_ORACLE === "live" ? new Map<string, CachedObservation>() : loadCache();
  const missing: { id: string; command: string; status: number }[] = [];
  for (const e of corpus) {
    const got: ObservedRun[] = [];
    for (const status of STATUSES) {
      const hit = cache.get(cacheKey(version, status, e.command, plantsFor(e.command)));
      if (hit) got.push(hit);
      else missing.push({ id: e.id, command: e.command, status });
    }
    runs.set(e.id, got);
  }
  for (const status of STATUSES) {
    const todo = missing.filter((m) => m.status === status);
    const obs = await observeMany(todo.map((m) => m.command), { ...CORPUS_OBSERVE_OPTIONS, status }, 2, (cmd) => ({ plant: plantsFor(cmd) }));
    obs.forEach((o, i) => runs.get(todo[i]!.id)!.push(compact(o, plantsFor(o.command))));
  }
  live = missing.length;
}, 900_000);

afterAll(() => {
  const count = (pred: (c: Comparison, id: string) => boolean) => [...results].filter(([id, c]) => pred(c, id)).length;
  const sum = (f: (c: Comparison) => number) => [...results.values()].reduce((a, c) => a + f(c), 0);
  const unsafe = new Map<string, number>();
  for (const c of results.values()) for (const d of c.divergences) if (d.unsafe) unsafe.set(d.kind, (unsafe.get(d.kind) ?? 0) + 1);
  const lines = [
    `parser corpus: ${results.size} commands (${live} oracle observations run live, the rest from the cache)`,
    `  accepted by both: ${count((c) => c.accept.kind === "agree-valid")}`,
    `  rejected by both: ${count((c) => c.accept.kind === "agree-invalid")}`,
    `  valid but rejected (fail-closed): ${count((c) => c.accept.kind === "rejected-valid")}, of which listed in known-rejections.jsonl: ${count((c, id) => c.accept.kind === "rejected-valid" && knownRejections.has(id))}`,
    `  invalid but accepted: ${count((c) => c.accept.kind === "accepted-invalid")}`,
    `  unsafe divergences: ${[...unsafe.values()].reduce((a, b) => a + b, 0)} (${[...unsafe].map(([k, n]) => `${k} ${n}`).join(", ") || "none"})`,
    `  executed commands matched to a static argv: ${sum((c) => c.matched.static)}, to a dynamic word: ${sum((c) => c.matched.dynamic)}, to run-time code (\${x@P}): ${sum((c) => c.matched.dynamicCode)}`,
    `  here-document stdin mismatches (not unsafe): ${[...results.values()].reduce((a, c) => a + c.divergences.filter((d) => d.kind === "stdin-mismatch").length, 0)}`,
  ];
  console.log(lines.join("\n"));
});

describe("parser vs argv oracle over datasets/parser", () => {
  it("the corpus has at least 600 commands with unique ids", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(600);
    expect(new Set(corpus.map((e) => e.id)).size).toBe(corpus.length);
  });

  it("the JSONL files are compiled from datasets/parser/src (npx tsx datasets/parser/compile.ts)", () => {
    expect(corpus).toEqual([...compileAll().values()].flat());
  });

  it("the cache still tells the truth: a sample re-observed live gives the same commands, files and validity", async () => {
    // Every 120th command whose cached run ended on its own (runaway loops and timeouts are
    // cut at a point that depends on machine load).
    const settled = (id: string) => runs.get(id)!.every((r) => !(r as CachedObservation).limitHit && !(r as CachedObservation).timedOut);
    const sample = corpus.filter((e, i) => i % 120 === 0 && settled(e.id));
    const fresh = await observeMany(sample.map((e) => e.command), { ...CORPUS_OBSERVE_OPTIONS, status: 0 }, 2, (cmd) => ({ plant: plantsFor(cmd) }));
    const summary = (o: ObservedRun) => ({
      valid: o.valid,
      argv: o.executed.map((e) => JSON.stringify(e.argv)).sort(),
      files: [...o.createdFiles].sort(),
    });
    sample.forEach((e, i) => {
      const cached = runs.get(e.id)!.find((r) => (r as CachedObservation).status === 0) ?? runs.get(e.id)![0]!;
      expect(summary(fresh[i]!), e.id).toEqual(summary(cached));
    });
  });

  it("every known rejection names a corpus command that bash accepts", () => {
    const ids = new Set(corpus.map((e) => e.id));
    for (const id of knownRejections.keys()) expect(ids.has(id), `known-rejections.jsonl: ${id} is not in the corpus`).toBe(true);
  });

  it.each(corpus.map((e) => [e.id, e] as const))("%s", (_id, entry) => {
    const r = runs.get(entry.id)!;
    const c = compareWithOracle(entry.command, r, { home: ORACLE_HOME });
    results.set(entry.id, c);
    const where = `${entry.id}: ${JSON.stringify(entry.command)}`;
    if (c.accept.kind === "accepted-invalid") expect.fail(`${where}: the parser accepted input bash -n rejects (${c.accept.bashError})`);
    if (c.accept.kind === "rejected-valid" && !knownRejections.has(entry.id)) {
      expect.fail(`${where}: the parser rejected valid input (${c.accept.parserError}); fix the parser or list it in datasets/parser/known-rejections.jsonl with a reason`);
    }
    if (c.accept.kind === "agree-invalid" && knownRejections.has(entry.id)) {
      expect.fail(`${where}: bash -n rejects this command too; remove it from datasets/parser/known-rejections.jsonl`);
    }
    if (c.accept.kind === "agree-valid" && knownRejections.has(entry.id)) {
      expect.fail(`${where}: the parser now accepts this command; remove it from datasets/parser/known-rejections.jsonl`);
    }
    const bad = c.divergences.filter((d) => d.unsafe);
    expect(bad.map((d) => `${d.kind}: ${d.detail}`), where).toEqual([]);
    const notes = c.divergences.filter((d) => !d.unsafe);
    expect(notes.map((d) => `${d.kind}: ${d.detail}`), where).toEqual([]);
  });
});
