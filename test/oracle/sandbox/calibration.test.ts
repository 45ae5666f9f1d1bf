// The oracle against its calibration set: every expected effect observed, nothing unexpected,
// levels and disclosures exact, and a second run identical (determinism).
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { compare, loadCalibration, optionsOf, show } from "../../../oracle/sandbox/calibration.ts";
import { observeMany, type Observation } from "../../../oracle/sandbox/index.ts";

// The expectations were written against Debian's builds of these tools; a missing one is a setup
// error to fix, not a reason to skip.
const TOOLS = ["git", "python3", "node", "npm", "perl", "curl", "wget", "zip", "jq", "make", "tar", "su", "script", "prlimit", "strace", "bwrap"];
const missing = TOOLS.filter((t) => spawnSync("sh", ["-c", `command -v ${t}`]).status !== 0);

const cases = loadCalibration();
const items = cases.map((c) => ({ command: c.cmd, options: optionsOf(c) }));
let first: Observation[] = [];
let second: Observation[] = [];

describe("sandbox oracle calibration", () => {
  beforeAll(async () => {
    if (missing.length) throw new Error(`the calibration needs ${missing.join(", ")}: apt-get install -y ${missing.join(" ")}`);
    first = await observeMany(items);
    second = await observeMany(items);
  }, 600_000);

  it("has at least 150 cases, covering the groups the issue asks for", () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
    const groups = new Set(cases.map((c) => c.group));
    for (const g of ["none", "hard-negative", "read-worktree", "read-adjacent", "read-user-config", "read-home", "read-secret", "read-system",
      "read-tmp", "write-worktree", "write-user-config", "write-system", "delete", "exec-project", "exec-inline", "git-config-exec",
      "persistence", "network"]) expect(groups, g).toContain(g);
    expect(cases.some((c) => c.pty)).toBe(true);
  });

  it("observes exactly the expected effects, levels and disclosures for every case (100%)", () => {
    const failures = cases.flatMap((c, i) => {
      const problems = compare(c, first[i]!);
      return problems.length ? [`${c.id}: ${c.cmd}\n    ${problems.join("\n    ")}`] : [];
    });
    expect(failures).toEqual([]);
  });

  it("is deterministic: each command run again gives identical effects, levels and disclosures", () => {
    const facts = (o: Observation) => [...o.effects.map(show), `level ${o.observedLevel}`, `untrusted ${o.observedLevelUntrusted}`, ...o.disclosed.map((d) => `disclosed ${d}`)];
    const differing = cases.flatMap((c, i) => {
      const a = facts(first[i]!);
      const b = facts(second[i]!);
      const only1 = a.filter((x) => !b.includes(x));
      const only2 = b.filter((x) => !a.includes(x));
      return only1.length || only2.length ? [`${c.id}: first run only [${only1.join("; ")}], second run only [${only2.join("; ")}]`] : [];
    });
    expect(differing).toEqual([]);
  });
});
