// The closed directory rule with an in-memory filesystem: every mover is accounted for, and
// what cannot be accounted for makes relative paths `unknown`.
import { describe, expect, it } from "vitest";
import { needOf } from "../../src/policy/levels.ts";
import { classifyFake, levels } from "./support/classify.ts";
import { memFs } from "./support/memfs.ts";

const fs = memFs({
  dirs: ["/home/u/proj/.git", "/home/u/proj/src", "/home/u/other", "/etc/ssl"],
  files: {
    "/home/u/.bashrc": "x",
    "/home/u/proj/env-moves.sh": "cd /etc\n",
    "/home/u/proj/env-quiet.sh": "echo hi\nexport FOO=1\n",
  },
  links: { "/home/u/proj/link": "/home/u/other" },
});
const ctx = { cwd: "/home/u/proj", home: "/home/u", fs };
const v = (cmd: string) => classifyFake(cmd, ctx);
const allowed = (cmd: string) => v(cmd).decision === "allow";
const writesAt = (cmd: string) =>
  v(cmd)
    .effects.filter((e) => e.op === "write" || e.op === "delete")
    .map((e) => `${e.locus}:${e.target}`);

describe("cd and friends move relative paths", () => {
  it("follows a literal cd into the project", () => {
    expect(writesAt("cd src && touch a")).toEqual(["worktree:/home/u/proj/src/a"]);
    expect(allowed("cd src && rm -rf x")).toBe(true);
  });
  it("follows cd out of the project", () => {
    expect(writesAt("cd .. && touch a")).toEqual(["home:/home/u/a"]);
    expect(allowed("cd .. && touch a")).toBe(false);
  });
  it("reads the command word after quote removal: c\\d, c\"d\", 'c'd, \\cd", () => {
    for (const cd of ["c\\d", 'c"d"', "'c'd", "\\cd"]) expect(writesAt(`${cd} .. && touch a`)).toEqual(["home:/home/u/a"]);
  });
  it("c${X}d could be cd: the base becomes unknown and the write is never approved", () => {
    const r = v("c${X}d ..; touch a");
    expect(r.level).toBe("never");
    expect(r.effects.some((e) => e.op === "write" && e.locus === "unknown")).toBe(true);
  });
  it("cd -L through a symlink then `..` is lexical (bash keeps $PWD); cd -P is physical", () => {
    expect(writesAt("cd link/.. && touch a")).toEqual(["worktree:/home/u/proj/a"]);
    expect(writesAt("cd -P link/.. && touch a")).toEqual(["home:/home/u/a"]);
    expect(writesAt("cd link && cd .. && touch a")).toEqual(["worktree:/home/u/proj/a"]);
    expect(writesAt("cd -P link && cd .. && touch a")).toEqual(["home:/home/u/a"]);
    expect(writesAt("set -P; cd link/.. && touch a")).toEqual(["home:/home/u/a"]);
  });
  it("a path through a symlinked directory lands where the link points", () => {
    expect(writesAt("touch link/a")).toEqual(["home:/home/u/other/a"]);
    expect(writesAt("touch link/../a")).toEqual(["home:/home/u/a"]);
  });
  it("subshells, pipelines and & do not move the parent", () => {
    expect(allowed("(cd /etc); touch a")).toBe(true);
    expect(allowed("cd /etc | true; touch a")).toBe(true);
    expect(allowed("cd /etc & touch a")).toBe(true);
    expect(allowed("echo $(cd /etc); touch a")).toBe(true);
  });
  it("a conditional cd yields every possible base; writes must be inside for all of them", () => {
    expect(writesAt("true && cd src; touch a").sort()).toEqual(["worktree:/home/u/proj/a", "worktree:/home/u/proj/src/a"]);
    expect(allowed("true && cd /etc; touch a")).toBe(false);
    expect(allowed("if true; then cd /etc; fi; touch a")).toBe(false);
    expect(allowed("case x in y) cd /etc;; esac; touch a")).toBe(false);
  });
  it("a cd to a missing directory moves nothing, and what follows && is still judged", () => {
    expect(writesAt("cd missing; touch a")).toEqual(["worktree:/home/u/proj/a"]);
    // The cd fails here, but `cd` may be a function in the agent's shell (rvm, zoxide) or the
    // directory may appear before the command runs: the write counts.
    expect(writesAt("cd /nonexistent && touch /etc/x")).toEqual(["system:/etc/x"]);
    expect(allowed("cd -bogus && rm -rf /")).toBe(false);
    expect(writesAt("cd missing && touch a")).toEqual(["worktree:/home/u/proj/a"]);
    expect(allowed("cd missing || cd /etc; touch a")).toBe(false);
  });
  it("a directory the command creates may exist: the cd is not treated as failing", () => {
    expect(writesAt("mkdir build && cd build && touch a")).toContain("worktree:/home/u/proj/build/a");
    expect(allowed("mkdir -p /tmp/b && cd /tmp/b && rm -rf x")).toBe(true);
    // make may create it: the cd into /etc/x is not assumed to fail.
    expect(allowed("make; cd /etc/newdir && touch a")).toBe(false);
  });
  it("a failed cd after a good one leaves the good one's base", () => {
    expect(writesAt("cd src && cd missing; touch a").sort()).toEqual(["worktree:/home/u/proj/a", "worktree:/home/u/proj/src/a"]);
    expect(allowed("cd /etc && cd missing; rm a")).toBe(false);
  });
  it("pushd and popd keep a stack", () => {
    expect(writesAt("pushd /etc && popd && touch a")).toEqual(["worktree:/home/u/proj/a"]);
    expect(allowed("pushd /etc; touch a")).toBe(false);
    expect(writesAt("popd; touch a")).toEqual(["worktree:/home/u/proj/a"]);
    expect(writesAt("pushd src && pushd && touch a")).toEqual(["worktree:/home/u/proj/a"]);
  });
  it("cd - returns to OLDPWD, which is unknown when inherited", () => {
    expect(writesAt("cd src && cd - && touch a")).toEqual(["worktree:/home/u/proj/a"]);
    // After `;` a cd that may have failed (no x bit) leaves both places possible.
    expect(writesAt("cd /etc; touch a").sort()).toEqual(["system:/etc/a", "worktree:/home/u/proj/a"]);
    expect(v("cd -; touch a").level).toBe("never");
  });
  it("a bare cd goes to HOME, and HOME= prefix changes it", () => {
    expect(writesAt("cd && touch a")).toEqual(["home:/home/u/a"]);
    expect(writesAt("HOME=/home/u/proj/src cd && touch a")).toEqual(["worktree:/home/u/proj/src/a"]);
    expect(v("HOME=$X; cd; touch a").level).toBe("never");
  });
  it("CDPATH changes where cd goes", () => {
    expect(writesAt("cd other && touch a")).toEqual(["worktree:/home/u/proj/a"]); // no such dir here: nothing moves
    expect(writesAt("CDPATH=/home/u cd other && touch a")).toEqual(["home:/home/u/other/a"]);
    expect(writesAt("CDPATH=/etc; cd ssl && touch a")).toEqual(["system:/etc/ssl/a"]);
    expect(writesAt("CDPATH=/etc; cd ./src && touch a")).toEqual(["worktree:/home/u/proj/src/a"]);
    expect(v("CDPATH=$X; cd ssl; touch a").level).toBe("never");
    expect(writesAt2("cd ssl && touch a", { CDPATH: "/etc" })).toEqual(["system:/etc/ssl/a"]);
  });
  it("source runs the script in this shell: its cd counts", () => {
    expect(allowed("source ./env-moves.sh; touch a")).toBe(false);
    expect(writesAt("source ./env-moves.sh && touch a")).toEqual(["system:/etc/a"]);
    expect(writesAt(". ./env-quiet.sh; touch a")).toEqual(["worktree:/home/u/proj/a"]);
    expect(v("source ./missing.sh; touch a").level).toBe("never");
  });
  it("eval and functions run in this shell", () => {
    expect(writesAt("eval cd /etc && touch a")).toEqual(["system:/etc/a"]);
    expect(writesAt("f() { cd /etc; }; f && touch a")).toEqual(["system:/etc/a"]);
    // Defined only inside a branch: the call may be the function or the program of that name.
    expect(v("if true; then f() { cd /etc; }; fi; f && touch a").effects.some((e) => e.kind === "unmodelled" && e.target === "f")).toBe(true);
    expect(v('eval "$X"; touch a').level).toBe("never");
  });
  it("builtin cd and command cd are cd", () => {
    expect(writesAt("builtin cd /etc && touch a")).toEqual(["system:/etc/a"]);
    expect(writesAt("command cd /etc && touch a")).toEqual(["system:/etc/a"]);
  });
  it("a loop that keeps moving makes the base unknown", () => {
    expect(v("for i in 1 2 3 4 5; do cd ..; done; touch a").level).toBe("never");
    expect(allowed("for i in 1 2; do cd src; done; touch a")).toBe(true);
  });
  it("per-command overrides: git -C", () => {
    expect(v("git -C /etc status").effects.some((e) => e.locus === "system" && e.target === "/etc")).toBe(true);
    expect(allowed("git -C src add x")).toBe(true);
    expect(allowed("git -C .. add x")).toBe(false);
    expect(v("git -C $D add x").level).toBe("never");
  });
  it("absolute paths are judged on their own, whatever the base", () => {
    expect(writesAt("cd $X; touch /tmp/a")).toEqual(["tmp:/tmp/a"]);
  });
  it("reads with an unknown base need what levels.toml says for unknown reads (not below local-admin); writes are never approved", () => {
    const r = v("cd $X; cat a");
    expect(r.effects.find((e) => e.op === "read")?.locus).toBe("unknown");
    expect(r.level).toBe(needOf(levels, { op: "read", locus: "unknown" }));
    expect(["local-admin", "yolo", "never"]).toContain(r.level);
    expect(v("cd $X; touch a").level).toBe("never");
  });
});

function writesAt2(cmd: string, env: Record<string, string>) {
  return classifyFake(cmd, { ...ctx, env })
    .effects.filter((e) => e.op === "write")
    .map((e) => `${e.locus}:${e.target}`);
}

describe("symlinks this command makes", () => {
  it("a path through a link made earlier in the same command is not placed", () => {
    expect(v("ln -s /etc e && echo x > e/passwd").level).toBe("never");
    expect(v("ln -s /etc e; cat e/passwd").effects.some((e) => e.op === "read" && e.locus === "unknown")).toBe(true);
    expect(v("cp -s /home/u/.bashrc x && echo x >> x").level).toBe("never");
  });
  it("a link made by a concurrent job counts whatever the order", () => {
    expect(v("(sleep 1; echo x > e/passwd) & ln -s /etc e").level).toBe("never");
  });
  it("plain writes and copies do not make links", () => {
    expect(allowed("mkdir out && touch out/a && cp README.md out/ && cat out/README.md")).toBe(true);
    expect(allowed("ln -s src s2")).toBe(true);
  });
});

describe("without a filesystem", () => {
  const nofs = { cwd: "/home/u/proj", roots: ["/home/u/proj"], home: "/home/u", fs: null };
  it("resolves plain relative paths lexically", () => {
    expect(classifyFake("touch src/a", nofs).decision).toBe("allow");
  });
  it("refuses `..` after a named segment", () => {
    expect(classifyFake("touch link/../a", nofs).level).toBe("never");
    expect(classifyFake("cd link/.. && touch a", nofs).level).toBe("never");
  });
  it("a cd that may fail leaves both bases possible", () => {
    expect(classifyFake("cd /etc; touch a", nofs).decision).toBe("ask");
  });
});

describe("state that cd reads", () => {
  it("OLDPWD assignments move the next `cd -`", () => {
    expect(writesAt("OLDPWD=/etc; cd - && touch a")).toEqual(["system:/etc/a"]);
    expect(v("OLDPWD=$X; cd - && touch a").level).toBe("never");
    expect(v("OLDPWD=/etc cd - && touch a").level).toBe("never");
  });
  it("dirs -c empties the stack, so a later popd fails and stays put", () => {
    expect(writesAt("pushd /etc && dirs -c && popd; touch a")).toContain("system:/etc/a");
  });
});
