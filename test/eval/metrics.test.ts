import { describe, expect, it } from "vitest";
import { loadLevels } from "../../src/policy/levels.ts";
import type { Need } from "../../src/policy/model.ts";
import { evaluate, failureFlags } from "../../eval/evaluate.ts";
import { breakdown, computeMetrics, labelAt, metricFor } from "../../eval/metrics.ts";
import type { Classifier, Dataset, EvalCase } from "../../eval/types.ts";

const table = loadLevels();
const ctx = { cwd: "/w/p", roots: ["/w/p"], home: "/w", tmp: "/tmp" };

function c(id: string, command: string, level: Need, tool: string, extra: Partial<EvalCase["label"]> = {}): EvalCase {
  return { id, command, label: { level, source: "hand", reason: "synthetic", ...extra }, tags: { tool, family: "f-" + tool } };
}

const cases: EvalCase[] = [
  c("read", "cat a", "reader", "cat"),
  c("del", "rm x", "developer", "rm"),
  c("evil", "evil", "yolo", "evil"),
  c("py", "python3 - <<'EOF'", "local-admin", "python3", {
    source: "oracle",
    effects: [
      { op: "exec", locus: "none", target: "python3", kind: "inline-code" },
      { op: "write", locus: "system", target: "/etc/x", via: "trusted-code" },
    ],
  }),
  c("boom", "boom", "paranoid", "boom"),
];
const ds: Dataset = { name: "tiny", hash: "h", files: [], cases };

/** A stub with a fixed need per command that honours ctx.level like the real classify must. */
function stub(needs: Record<string, Need>): Classifier {
  return (command, context) => {
    if (command === "boom") throw new Error("kaboom");
    const need = needs[command] ?? "never";
    const level = context.level ?? "developer";
    const allow = need !== "never" && table.upward[need].has(level);
    return { decision: allow ? "allow" : "ask", level: need, reasons: need === "never" ? [{ code: "unknown-command", message: `unknown command ${command}` }] : [] };
  };
}

const opts = { context: ctx, passes: 1, verifyEvery: 1 };

describe("eval metrics on a synthetic set", () => {
  const out = evaluate([ds], stub({ "cat a": "reader", "rm x": "never", evil: "editor", "python3 - <<'EOF'": "developer" }), table, opts);
  const m = computeMetrics(table, out.results);

  it("counts approval over the cases each level should approve", () => {
    const reader = metricFor(m, "tiny", "reader")!;
    // eligible at reader: cat (reader) and boom (paranoid); approved: cat only (boom crashed)
    expect(reader.eligible).toBe(2);
    expect(reader.approvedEligible).toBe(1);
    expect(reader.approvalRate).toBe(50);
    const dev = metricFor(m, "tiny", "developer")!;
    // eligible at developer: cat, rm, boom, and py (its trusted-code write is set aside there)
    expect(dev.eligible).toBe(4);
    expect(dev.approvedEligible).toBe(2);
    expect(dev.overDenials).toBe(2);
  });

  it("finds misses at exactly the levels that approved a case labelled above them", () => {
    const evil = m.misses.find((x) => x.id === "evil")!;
    expect(evil.levels).toEqual(["editor", "developer", "local-admin", "network-admin"]);
    expect(m.misses.map((x) => x.id).sort()).toEqual(["evil"]);
  });

  it("sets trusted-code effects aside only from developer up", () => {
    const py = cases.find((x) => x.id === "py")!;
    expect(labelAt(table, py.label, "editor")).toBe("local-admin");
    expect(labelAt(table, py.label, "developer")).toBe("developer");
    const out2 = evaluate([ds], stub({ "python3 - <<'EOF'": "editor" }), table, opts);
    const miss = computeMetrics(table, out2.results).misses.find((x) => x.id === "py")!;
    expect(miss.levels).toEqual(["editor"]);
  });

  it("treats a crash as not approved and counts it, with unknown-command flags from reasons", () => {
    const counts = m.counts.find((x) => x.dataset === "tiny")!;
    expect(counts.crashed).toBe(1);
    expect(counts.unknownCommand).toBe(1); // rm x -> never with an unknown-command reason
    expect(counts.labelOracle).toBe(1);
    expect(counts.labelHand).toBe(4);
    expect(out.results.find((r) => r.id === "boom")!.need).toBe("never");
  });

  it("breaks over-denials down by tool", () => {
    const rows = breakdown(table, out.results, "developer", "tool");
    expect(rows[0]!.overDenials).toBe(1);
    expect(rows.filter((r) => r.overDenials > 0).map((r) => r.key).sort()).toEqual(["boom", "rm"]);
  });

  it("detects a classifier whose decision at a configured level disagrees with its need", () => {
    expect(out.mismatches).toEqual([]);
    const lying: Classifier = (command, context) => {
      const r = stub({ "cat a": "reader" })(command, context);
      return { ...r, decision: "allow" };
    };
    const bad = evaluate([ds], lying, table, opts);
    expect(bad.mismatches.some((x) => x.id === "read" && x.level === "paranoid" && x.got === "allow")).toBe(true);
  });

  it("recognises parse failures in structured and text reasons", () => {
    expect(failureFlags({ decision: "ask", level: "never", reasons: [{ code: "parse-error", message: "x" }] }).parseFailure).toBe(true);
    expect(failureFlags({ decision: "ask", level: "never", reasons: ["never auto-approved: the command does not parse: unterminated quote"] }).parseFailure).toBe(true);
    const withExplain = { decision: "ask" as const, level: "never" as const, reasons: [], explain: { parseError: { message: "x", pos: 0, code: "c" } } };
    expect(failureFlags(withExplain).parseFailure).toBe(true);
    expect(failureFlags({ decision: "allow", level: "reader", reasons: ["reads worktree file a"] })).toEqual({ unknownCommand: false, parseFailure: false });
  });
});

describe("sets with roles", () => {
  it("reports each role of a set separately, beside the whole set", () => {
    const twins: Dataset = {
      name: "adv",
      hash: "h",
      files: [],
      cases: [
        { id: "d1", command: "evil", label: { level: "yolo", source: "oracle", effects: [] }, tags: { role: "dangerous" } },
        { id: "b1", command: "cat a", label: { level: "reader", source: "oracle", effects: [] }, tags: { role: "benign-twin" } },
      ],
    };
    const out = evaluate([twins], stub({ "cat a": "never", evil: "never" }), table, opts);
    const m = computeMetrics(table, out.results);
    expect(metricFor(m, "adv[benign-twin]", "developer")!.overDenials).toBe(1);
    expect(metricFor(m, "adv[dangerous]", "developer")!.eligible).toBe(0);
    expect(metricFor(m, "adv", "developer")!.cases).toBe(2);
  });

  it("uses the oracle's level without trusted-code effects from developer up", () => {
    const label = { level: "yolo" as const, source: "oracle" as const, levelUntrusted: "developer", effects: [] };
    expect(labelAt(table, label, "editor")).toBe("yolo");
    expect(labelAt(table, label, "developer")).toBe("developer");
  });
});
