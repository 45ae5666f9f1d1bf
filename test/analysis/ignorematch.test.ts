// The gitignore matcher may only ever say "ignored" for a path the tools skip: checked against
// real git (check-ignore) and real ripgrep (--files lists what it would read) in a temp tree.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { baseNameGlob, compilePattern, ignoredBy, parseIgnore } from "../../src/analysis/ignorematch.ts";

const root = mkdtempSync(path.join(os.tmpdir(), "sf-ignore-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the matcher on its own", () => {
  it("matches names at any depth, anchored paths from the file's directory, directories only with a trailing slash", () => {
    const r = parseIgnore("# comment\nnode_modules/\n.env\n/dist\nsrc/*.gen.ts\n**/cache\nlogs/**\n");
    expect(ignoredBy(r, "node_modules", true)).toBe(true);
    expect(ignoredBy(r, "a/node_modules", true)).toBe(true);
    expect(ignoredBy(r, "node_modules", false)).toBe(false);
    expect(ignoredBy(r, "x/.env", false)).toBe(true);
    expect(ignoredBy(r, "dist", true)).toBe(true);
    expect(ignoredBy(r, "a/dist", true)).toBe(false);
    expect(ignoredBy(r, "src/a.gen.ts", false)).toBe(true);
    expect(ignoredBy(r, "x/src/a.gen.ts", false)).toBe(false);
    expect(ignoredBy(r, "a/b/cache", true)).toBe(true);
    expect(ignoredBy(r, "logs/a/b", false)).toBe(true);
    expect(ignoredBy(r, "logs", true)).toBe(false);
  });

  it("can leave out the anchored patterns (ripgrep applies them by the path as spelled)", () => {
    const r = parseIgnore("/dist\nsrc/*.ts\nnode_modules/\n.env\n**/cache\n", { anchored: false });
    expect(r.patterns.map((p) => p.source)).toEqual(["node_modules/", ".env"]);
    expect(r.dropped).toBe(3);
  });

  it("reports a whitelist and drops what it does not understand", () => {
    expect(parseIgnore("a\n!b\n").negated).toBe(true);
    const r = parseIgnore("[abc]\n\\#x\nfoo \n a\nok\n");
    expect(r.negated).toBe(false);
    expect(r.dropped).toBe(4);
    expect(r.patterns.map((p) => p.source)).toEqual(["ok"]);
    expect(compilePattern("a**b")).toBeNull();
  });

  it("grep's base-name globs match a leading dot", () => {
    expect(baseNameGlob("*.py")!.test(".secret.py")).toBe(true);
    expect(baseNameGlob("*.env")!.test(".env")).toBe(true);
    expect(baseNameGlob("a/b")).toBeNull();
    expect(baseNameGlob("[ab]")).toBeNull();
  });
});

// Names and patterns drawn from a small alphabet so that matches are frequent.
const NAME = fc.constantFrom("a", "b", ".env", "x.py", ".h", "node_modules", "ab.ts", "cache");
const SEG = fc.constantFrom("a", "b", "*", "*.py", ".*", "?", "x*", "node_modules", ".env", "cache", "a?");
const PATTERN = fc
  .tuple(fc.boolean(), fc.array(fc.oneof(SEG, fc.constant("**")), { minLength: 1, maxLength: 3 }), fc.boolean())
  .map(([lead, segs, dir]) => (lead ? "/" : "") + segs.join("/") + (dir ? "/" : ""));
const TREE = fc.uniqueArray(fc.array(NAME, { minLength: 1, maxLength: 3 }).map((s) => s.join("/")), { minLength: 1, maxLength: 8 });

let n = 0;
function plant(paths: string[], ignore: string): string {
  const dir = path.join(root, `t${n++}`);
  mkdirSync(dir);
  execFileSync("git", ["init", "-q", dir]);
  const files: string[] = [];
  for (const p of paths) {
    const full = path.join(dir, p);
    try {
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, "foo\n");
      files.push(p);
    } catch {
      // a name already taken by a directory (or the reverse): left out
    }
  }
  writeFileSync(path.join(dir, ".gitignore"), ignore);
  return dir;
}

/** Every path of a tree's files and their directories. */
function entries(files: string[]): { rel: string; isDir: boolean }[] {
  const out = new Map<string, boolean>();
  for (const f of files) {
    const parts = f.split("/");
    for (let i = 1; i < parts.length; i++) out.set(parts.slice(0, i).join("/"), true);
    out.set(f, false);
  }
  return [...out].map(([rel, isDir]) => ({ rel, isDir }));
}

/** What the matcher says the tool skips: the entry or a directory above it is ignored. */
function skipped(rules: ReturnType<typeof parseIgnore>, rel: string): boolean {
  const parts = rel.split("/");
  for (let i = 1; i < parts.length; i++) if (ignoredBy(rules, parts.slice(0, i).join("/"), true)) return true;
  return false;
}

describe("never says ignored where the tools do not", () => {
  it("git check-ignore and ripgrep agree on every path the matcher calls skipped", () => {
    fc.assert(
      fc.property(TREE, fc.array(PATTERN, { minLength: 1, maxLength: 4 }), (paths, patterns) => {
        const dir = plant(paths, patterns.join("\n") + "\n");
        const rules = parseIgnore(patterns.join("\n") + "\n");
        const all = entries(paths);
        const claimed = all.filter((e) => ignoredBy(rules, e.rel, e.isDir) || skipped(rules, e.rel)).map((e) => e.rel + (e.isDir ? "/" : ""));
        const git = new Set(spawnSync("git", ["-C", dir, "check-ignore", "--no-index", "--stdin"], { input: claimed.join("\n") + "\n", encoding: "utf8" }).stdout.split("\n").filter(Boolean));
        for (const c of claimed) expect(git.has(c), `${patterns.join(" | ")}: git does not ignore ${c}`).toBe(true);
        const listed = spawnSync("rg", ["--files", "--hidden"], { cwd: dir, encoding: "utf8" }).stdout.split("\n").filter(Boolean);
        for (const f of listed) expect(claimed.includes(f) || skipped(rules, f), `${patterns.join(" | ")}: rg reads ${f}`).toBe(false);
      }),
      { numRuns: 50, seed: 15 },
    );
  }, 180_000);
});
