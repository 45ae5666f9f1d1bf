// The classifier's work budget (docs/DESIGN.md, "Performance budgets"): past a documented
// amount of work a command line is refused (never approved) at once, with the reason, instead of
// being judged slowly; just inside it, verdicts are as before.
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { memFs } from "./support/memfs.ts";

const files: Record<string, string> = { "/home/u/proj/README.md": "x" };
// Six trees of 900 files: each under one scan's limit of 1,000 entries, five of them under the
// limit of all scans together, six over it.
for (let t = 0; t < 6; t++) for (let i = 0; i < 900; i++) files[`/home/u/proj/t${t}/f${i}.txt`] = "x";
const fs = memFs({ dirs: ["/home/u/proj/.git", "/home/u/proj/src", "/home/u/proj/lib", "/home/u/proj" + "/d".repeat(20)], files });
const ctx = { cwd: "/home/u/proj", roots: ["/home/u/proj"], home: "/home/u", env: {}, level: "developer" as const, fs };
const verdict = (command: string) => {
  const v = classify(command, ctx);
  return { decision: v.decision, why: v.reasons.map((r) => r.message).join(" | ") };
};

describe("the classifier's work budget", () => {
  it("refuses a text of more than 4,000 commands while parsing, and judges one of 3,999", () => {
    expect(verdict(Array(3999).fill(":").join(";"))).toEqual({ decision: "allow", why: "" });
    const r = verdict(Array(4001).fill(":").join(";"));
    expect(r.decision).not.toBe("allow");
    expect(r.why).toMatch(/more than 4000 commands/);
    // 100 KB of `;ls`: refused long before its end.
    expect(verdict("ls" + ";ls".repeat(33_000)).why).toMatch(/more than 4000 commands/);
  });

  it("refuses a text of more than 10,000 words and operators", () => {
    expect(verdict("echo" + " a".repeat(9_999)).decision).toBe("allow");
    expect(verdict("echo" + " a".repeat(10_000)).why).toMatch(/more than 10000 tokens/);
  });

  it("refuses past 500 paths placed, counting each possible working directory", () => {
    expect(verdict("cat" + " README.md".repeat(500)).decision).toBe("allow");
    expect(verdict("cat" + " README.md".repeat(501)).why).toMatch(/more than 500 paths to place/);
    // 300 paths from two possible directories are 600 places.
    expect(verdict("cd src || cd lib; cat" + " README.md".repeat(300)).why).toMatch(/more than 500 paths to place/);
  });

  it("stops following commands once a budget is spent", () => {
    const r = classify("cat" + " README.md".repeat(501) + "; rm -rf ~; rm -rf /", ctx);
    expect(r.effects.filter((e) => e.op === "delete")).toEqual([]);
    expect(r.decision).not.toBe("allow");
  });

  it("keeps at most 16 possible working directories, then the directory is unknown", () => {
    // Each `cd d` may fail (a directory can refuse entry): one more place the shell may be in.
    const cds = (n: number) => Array(n).fill("cd d").join("; ");
    expect(verdict(`${cds(15)}; cat README.md`).decision).toBe("allow");
    expect(verdict(`${cds(16)}; cat README.md`).why).toMatch(/more than 16 possible working directories/);
  });

  it("reads at most 5,000 entries in all of one command line's tree scans", () => {
    expect(verdict("grep -r x t0 t1 t2 t3 t4").decision).toBe("allow");
    expect(verdict("grep -r x t0 t1 t2 t3 t4 t5").why).toMatch(/more than 5000 entries scanned for this command line/);
  });
});
