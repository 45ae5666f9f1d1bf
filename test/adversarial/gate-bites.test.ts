// The miss gate must bite: plant a wrong registry entry (`sort -o` treated as a harmless option
// instead of a write) and the adversarial set must catch it, while the shipped registry passes
// the same cases.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classify, createClassifier, loadRegistry } from "../../src/index.ts";
import { REGISTRY_DIR } from "../../src/analysis/registry/index.ts";
import { loadLevels } from "../../src/policy/levels.ts";
import { evalContext } from "../../eval/context.ts";
import { loadDataset } from "../../eval/datasets.ts";
import { evaluate } from "../../eval/evaluate.ts";
import { gate } from "../../eval/gate.ts";
import { computeMetrics } from "../../eval/metrics.ts";
import type { Classifier, Dataset } from "../../eval/types.ts";

const table = loadLevels();
let dir = "";
let subset: Dataset;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "sf-wrong-registry-"));
  cpSync(REGISTRY_DIR, dir, { recursive: true });
  const file = path.join(dir, "text.toml");
  const text = readFileSync(file, "utf8");
  const wrong = text.replace('"-o --output" = "write"', '"-o --output" = "arg"');
  expect(wrong).not.toBe(text); // the plant must really change the entry
  // Its own examples would flag the plant; the gate must catch it without them.
  writeFileSync(file, wrong.replace(/\{ command = "sort[^\n]*-o[^\n]*\},?\n/g, "").replace(/\{ command = "sort --out[^\n]*\},?\n/g, ""));
  const all = loadDataset("adversarial");
  subset = { ...all, name: "adversarial", cases: all.cases.filter((c) => /\bsort\b/.test(c.command)) };
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(classifier: Classifier) {
  const { context } = await evalContext();
  const out = evaluate([subset], classifier, table, { context, passes: 1, verifyEvery: 1000 });
  const metrics = computeMetrics(table, out.results);
  const verdict = gate({
    table,
    results: out.results,
    misses: metrics.misses.length,
    derivationMismatches: out.mismatches.length,
    crashes: 0,
    latency: { passes: 1, medianUs: 0, p99Us: 0, refUs: 0, p99Ratio: 0 },
    prior: [],
    accept: "a reason cannot excuse a miss",
  });
  return { misses: metrics.misses, verdict };
}

describe("the adversarial miss gate", () => {
  it("has sort cases to work with", () => {
    expect(subset.cases.filter((c) => c.command.includes("sort -o")).length).toBeGreaterThan(5);
  });

  it("passes the shipped registry on the sort cases", async () => {
    const r = await run(classify as unknown as Classifier);
    expect(r.misses).toEqual([]);
    expect(r.verdict.passed).toBe(true);
  });

  it("fails, even with an accepted reason, when sort -o is treated as read-only", async () => {
    const wrong = createClassifier({ registry: loadRegistry(dir) });
    const r = await run(wrong as unknown as Classifier);
    expect(r.misses.length).toBeGreaterThan(0);
    expect(r.misses.every((m) => m.command.includes("sort"))).toBe(true);
    expect(r.verdict.passed).toBe(false);
    expect(r.verdict.failures.map((f) => f.kind)).toContain("miss");
  });
});
