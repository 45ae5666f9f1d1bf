// git pathspecs are relative to the working directory, but git matches their globs and magic
// itself: from a subdirectory, `git grep x :/` (or `:(top)`, `../`, `'../*'`, `:(glob)../*`)
// reads the tracked files of the whole work tree, and `git add :/` stages (reads) them. Each
// case runs under real bash from `src/` of a project whose .env is tracked (or not ignored, for
// add), shows git read it (the canary is printed or staged), and the verdict must not approve;
// the twin, limited to the working directory, stays approved. Before (handlers git-grep and
// git-add, effect field fromGitTop) git grep's operands were ignored and `:/` was read as a
// file named `:` in the working directory.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { realFs } from "../../src/analysis/fs.ts";
import { pathspecReach } from "../../src/analysis/registry/handlers/git.ts";
import { makeSandbox, type Sandbox } from "./support/realbash.ts";

const verdict = (s: Sandbox, cmd: string, level: "reader" | "editor") =>
  classify(cmd, { cwd: path.join(s.proj, "src"), roots: [s.proj], home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home }, level }).decision;

/** The project with .env tracked (as some projects do) and a tracked file below src. */
function tracked(): Sandbox {
  const s = makeSandbox({ worktree: false });
  s.run("echo 'export const a = 1;' > src/a.ts && git add -f .env src/a.ts && git commit -q -m track");
  return s;
}

describe("attack family: git grep pathspecs reach above the working directory", () => {
  for (const spec of [":/", "':(top)'", "../", "..", "'../*'", "':(glob)../*'", "':/*.env'", "../.env", "':(top,icase).ENV'"]) {
    it(`refuses git grep CANARY -- ${spec} from src/ at reader, which prints the tracked .env`, () => {
      const s = tracked();
      try {
        const cmd = `git grep -h ${s.canary} -- ${spec}`;
        const before = verdict(s, cmd, "reader");
        const r = s.run(cmd, { cwd: path.join(s.proj, "src") });
        expect(r.stdout).toContain(s.canary);
        expect(before).not.toBe("allow");
      } finally {
        s.cleanup();
      }
    });
  }
  for (const spec of ["", "-- .", "-- '*.ts'", "-- ':!a.ts'", "HEAD -- ."]) {
    it(`approves git grep CANARY ${spec} from src/ at reader, which stays below src`, () => {
      const s = tracked();
      try {
        const cmd = `git grep -h ${s.canary} ${spec}`.trim();
        const r = s.run(cmd, { cwd: path.join(s.proj, "src") });
        expect(r.stdout).not.toContain(s.canary);
        expect(verdict(s, cmd, "reader")).toBe("allow");
      } finally {
        s.cleanup();
      }
    });
  }
});

describe("attack family: git add pathspecs reach above the working directory", () => {
  for (const spec of [":/", "':(top)'", "'../*.env'", "':(glob)../*'"]) {
    it(`refuses git add ${spec} from src/ at editor, which stages .env`, () => {
      const s = makeSandbox({ worktree: false });
      try {
        const cmd = `git add ${spec}`;
        const before = verdict(s, cmd, "editor");
        s.run(cmd, { cwd: path.join(s.proj, "src") });
        expect(s.run("git ls-files --cached .env").stdout.trim()).toBe(".env");
        expect(before).not.toBe("allow");
      } finally {
        s.cleanup();
      }
    });
  }
  it("approves git add of a file in src/ from src/ at editor (the index is the top's .git)", () => {
    const s = makeSandbox({ worktree: false });
    try {
      s.run("echo x > src/b.ts");
      expect(verdict(s, "git add b.ts", "editor")).toBe("allow");
      s.run("git add b.ts", { cwd: path.join(s.proj, "src") });
      expect(s.run("git ls-files --cached").stdout).toContain("src/b.ts");
    } finally {
      s.cleanup();
    }
  });
});

describe("attack family: git clean and git stash reach the whole work tree", () => {
  const atDeveloper = (s: Sandbox, cmd: string) =>
    classify(cmd, { cwd: path.join(s.proj, "src"), roots: [s.proj], home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home }, level: "developer" }).decision;
  for (const cmd of ["git clean -fd :/", "git clean -fd -- ..", "git clean -fdx ':(top)'", "git stash -u", "git stash push -a", "git stash -u -- :/"]) {
    it(`refuses ${cmd} from src/ at developer, which takes the project's .env`, () => {
      const s = makeSandbox({ worktree: false });
      try {
        const before = atDeveloper(s, cmd);
        s.run(cmd, { cwd: path.join(s.proj, "src") });
        expect(s.exists(path.join(s.proj, ".env"))).toBe(false);
        expect(before).not.toBe("allow");
      } finally {
        s.cleanup();
      }
    });
  }
  for (const cmd of ["git clean -fd", "git clean -fd -- .", "git stash"]) {
    it(`approves ${cmd} from src/ at developer, which leaves .env alone`, () => {
      const s = makeSandbox({ worktree: false });
      try {
        s.run("echo x > src/scratch.txt");
        expect(atDeveloper(s, cmd)).toBe("allow");
        s.run(cmd, { cwd: path.join(s.proj, "src") });
        expect(s.exists(path.join(s.proj, ".env"))).toBe(true);
      } finally {
        s.cleanup();
      }
    });
  }
});

describe("pathspecReach", () => {
  it("says what a pathspec reaches beyond itself", () => {
    expect(pathspecReach("src/a.ts")).toBeNull();
    expect(pathspecReach(":/")).toEqual({ path: ".", fromGitTop: true });
    expect(pathspecReach(":(top,glob)**/.env")).toEqual({ path: ".", fromGitTop: true });
    expect(pathspecReach(":!src")).toEqual({ path: "." });
    expect(pathspecReach("*.env")).toEqual({ path: "." });
    expect(pathspecReach("../*.env")).toEqual({ path: ".." });
    expect(pathspecReach("a/b*/c")).toEqual({ path: "a" });
    expect(pathspecReach("/abs/*.x")).toEqual({ path: "/abs" });
  });
});
