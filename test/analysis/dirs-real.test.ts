// The closed directory rule against real bash: a real git repository with a linked worktree and
// symlinks. Each command ends by creating a marker; bash shows where it really lands, and that
// place must be one the walk predicted (or the walk must have refused to place it).
import * as fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContext } from "../../src/analysis/context.ts";
import { realFs } from "../../src/analysis/fs.ts";
import { classifyFake } from "./support/classify.ts";
import { makeSandbox, type Sandbox } from "./support/realbash.ts";

let s: Sandbox;
beforeAll(() => {
  s = makeSandbox({ worktree: true });
});
afterAll(() => s.cleanup());

function findMarkers(dir: string, name: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.name === ".git") continue;
    if (e.isDirectory()) findMarkers(p, name, out);
    else if (e.name === name) out.push(p);
  }
  return out;
}

let n = 0;
/** Runs `cmd` (which creates MARK) under bash; returns the predicted write targets and where it landed. */
function check(template: string) {
  const mark = `m${++n}`;
  const cmd = template.replaceAll("MARK", mark).replaceAll("ROOT", s.root);
  const v = classifyFake(cmd, { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs });
  const predicted = v.effects.filter((e) => e.op === "write" && e.target.endsWith("/" + mark)).map((e) => e.target);
  const unknown = v.effects.some((e) => e.op === "write" && e.locus === "unknown");
  s.run(cmd);
  const found = findMarkers(s.root, mark);
  const actual = found.map((a) => fs.realpathSync(a));
  for (const a of found) fs.rmSync(a);
  return { v, predicted, unknown, actual };
}

describe("directory context of a real checkout", () => {
  it("finds the git toplevel and the linked worktree as roots", () => {
    const c = buildContext({ cwd: path.join(s.proj, "src"), home: s.home, env: {}, fs: realFs });
    expect(c.roots.sort()).toEqual([s.proj, s.wt].sort());
    const fromWt = buildContext({ cwd: s.wt, home: s.home, env: {}, fs: realFs });
    expect(fromWt.roots.sort()).toEqual([s.proj, s.wt].sort());
  });
  it("CLAUDE_PROJECT_DIR wins over the git toplevel, and brings its worktrees", () => {
    const c = buildContext({ cwd: s.home, home: s.home, env: { CLAUDE_PROJECT_DIR: s.proj }, fs: realFs });
    expect(c.roots.sort()).toEqual([s.proj, s.wt].sort());
  });
  it("a write in the linked worktree is a worktree write", () => {
    const r = check("cd ../proj-wt && touch MARK");
    expect(r.actual.length).toBe(1);
    expect(path.dirname(r.actual[0]!)).toBe(s.wt);
    expect(r.predicted).toEqual(r.actual);
    expect(r.v.decision).toBe("allow");
  });
});

describe("where relative writes land: the walk's prediction contains bash's", () => {
  const cases: [string, "allow" | "ask" | "never"][] = [
    ["cd src && touch MARK", "allow"],
    ["cd .. && touch MARK", "ask"],
    ["pushd src && touch MARK", "allow"],
    ["pushd ROOT/home && popd && touch MARK", "allow"],
    ["cd out && cd -P .. && touch MARK", "ask"],
    ["cd out && cd .. && touch MARK", "allow"],
    ["cd -P out/.. && touch MARK", "ask"],
    ["cd out/.. && touch MARK", "allow"],
    ["CDPATH=ROOT/home cd sibling && touch MARK", "ask"],
    ["cd sibling && touch MARK", "allow"],
    ["true && cd src; touch MARK", "allow"],
    ["true && cd ..; touch MARK", "ask"],
    ["echo 'cd ..' > mv.sh; source mv.sh; touch MARK", "ask"],
    ["c\\d .. && touch MARK", "ask"],
    ['c"d" src && touch MARK', "allow"],
    ["cd missing && touch MARK", "allow"],
    ["cd missing; touch MARK", "allow"],
    ["cd src && cd missing; touch MARK", "allow"],
    ["cd ROOT/home && cd missing; touch MARK", "ask"],
    ["git -C src log -1 --output=MARK", "allow"],
    ["git -C .. log -1 --output=MARK", "ask"],
    ["(cd ..); touch MARK", "allow"],
    ["cd .. | true; touch MARK", "allow"],
    ["f() { cd ..; }; f && touch MARK", "ask"],
    ["eval 'cd ..' && touch MARK", "ask"],
  ];
  for (const [cmd, want] of cases) {
    it(cmd, () => {
      const r = check(cmd);
      for (const a of r.actual) expect(r.predicted).toContain(a);
      if (want === "never") expect(r.v.level).toBe("never");
      else expect(r.v.decision).toBe(want);
    });
  }
  it("c${X}d could be cd: bash moved, the walk refused to place the write", () => {
    const r = check("c${X}d .. ; touch MARK");
    expect(r.actual.length).toBe(1);
    expect(r.unknown).toBe(true);
    expect(r.v.level).toBe("never");
  });
});

describe("names a simple find prints become argv when provable", () => {
  it("$(find ...) and find | xargs give exactly the names bash would pass", () => {
    fs.mkdirSync(path.join(s.proj, "src/deep"), { recursive: true });
    fs.writeFileSync(path.join(s.proj, "src/deep/x.md"), "x");
    fs.writeFileSync(path.join(s.proj, "src/.hidden.md"), "x");
    const real = s.run("find . -name '*.md'").stdout.trim().split("\n").sort();
    const sub = classifyFake("wc -l $(find . -name '*.md')", { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs });
    expect(sub.commands.find((c) => c.argv[0] === "wc")!.argv.slice(2).sort()).toEqual(real);
    const xa = classifyFake("find . -name '*.md' | xargs wc -l", { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs });
    expect(xa.commands.find((c) => c.argv[0] === "wc")!.argv.slice(2).sort()).toEqual(real);
  });
  it("a name with a blank would be split: no argv is claimed", () => {
    fs.writeFileSync(path.join(s.proj, "src/a -rf.md"), "x");
    const v = classifyFake("find . -name '*.md' | xargs wc -l", { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs });
    expect(v.commands.find((c) => c.argv[0] === "wc")!.argv).toContain(null);
    fs.rmSync(path.join(s.proj, "src/a -rf.md"));
  });
});
