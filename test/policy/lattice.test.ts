import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { admits, admittingLevels, join, loadLevels, needOf, parseLevels } from "../../src/policy/levels.ts";
import { LEVELS, LOCI, OPS, KINDS, type Need } from "../../src/policy/model.ts";
import { DataFileError } from "../../src/policy/datafile.ts";
import { readFileSync } from "node:fs";

const table = loadLevels();
const need = fc.constantFrom<Need>(...LEVELS, "never");

describe("level lattice", () => {
  it("puts local-admin and network-admin side by side", () => {
    expect(admits(table, "local-admin", "network-admin")).toBe(false);
    expect(admits(table, "network-admin", "local-admin")).toBe(false);
    expect(join(table, "local-admin", "network-admin")).toBe("yolo");
    expect(admittingLevels(table, "developer")).toEqual(["developer", "local-admin", "network-admin", "yolo"]);
  });

  it("never admits never", () => {
    for (const l of LEVELS) expect(admits(table, l, "never")).toBe(false);
  });

  it("join is an upper bound, commutative, and the least one", () => {
    fc.assert(
      fc.property(need, need, (a, b) => {
        const j = join(table, a, b);
        expect(join(table, b, a)).toBe(j);
        for (const l of LEVELS) {
          // a level admits the join exactly when it admits both parts
          expect(admits(table, l, j)).toBe(admits(table, l, a) && admits(table, l, b));
        }
      }),
    );
  });

  it("admission is upward closed for every effect the table can describe", () => {
    fc.assert(
      fc.property(fc.constantFrom(...OPS), fc.constantFrom(...LOCI), fc.option(fc.constantFrom(...KINDS), { nil: undefined }), (op, locus, kind) => {
        const n = needOf(table, { op, locus, kind });
        for (const l of LEVELS) {
          if (!admits(table, l, n)) continue;
          for (const up of LEVELS) if (admits(table, up, l)) expect(admits(table, up, n)).toBe(true);
        }
      }),
    );
  });

  it("matches the design table on its anchor rows", () => {
    expect(needOf(table, { op: "read", locus: "tmp" })).toBe("paranoid");
    expect(needOf(table, { op: "read", locus: "worktree" })).toBe("reader");
    expect(needOf(table, { op: "write", locus: "worktree" })).toBe("editor");
    expect(needOf(table, { op: "delete", locus: "worktree" })).toBe("developer");
    expect(needOf(table, { op: "exec", locus: "none", kind: "inline-code" })).toBe("developer");
    expect(needOf(table, { op: "read", locus: "home" })).toBe("local-admin");
    expect(needOf(table, { op: "net-send", locus: "none" })).toBe("network-admin");
    expect(needOf(table, { op: "read", locus: "secret" })).toBe("yolo");
    expect(needOf(table, { op: "exec", locus: "none", kind: "downloaded-code" })).toBe("yolo");
    expect(needOf(table, { op: "write", locus: "self" })).toBe("never");
    expect(needOf(table, { op: "write", locus: "unknown" })).toBe("never");
    expect(needOf(table, { op: "delete", locus: "home", kind: "unbounded" })).toBe("never");
  });
});

describe("levels.toml errors", () => {
  const text = readFileSync(table.file, "utf8");
  it("names the file and line of a bad level", () => {
    const bad = text.replace('op = "privilege"\nlevel = "local-admin"', 'op = "privilege"\nlevel = "admin"');
    let err: unknown;
    try {
      parseLevels("levels.toml", bad);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataFileError);
    const e = err as DataFileError;
    const line = bad.split("\n")[(e.line ?? 0) - 1] ?? "";
    expect(line).toMatch(/\[\[rule\]\]|level = "admin"|op = "privilege"/);
    expect(e.message).toContain("levels.toml:");
  });
  it("reports TOML syntax errors with their line", () => {
    expect(() => parseLevels("levels.toml", 'fallback = "yolo"\n[[level]\n')).toThrow(/levels\.toml:2/);
  });
});
