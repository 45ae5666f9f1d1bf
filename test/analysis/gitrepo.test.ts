// Which repository git reads (src/analysis/gitrepo.ts): the project's own git dirs pass, any
// other one (found on disk, named, or planted by the same command) is foreign code.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { classify } from "../../src/index.ts";
import type { FsLike } from "../../src/analysis/fs.ts";
import { memFs } from "./support/memfs.ts";

const P = "/home/u/code/p";
const WT = "/home/u/code/p-wt";

function world(extra: { files?: Record<string, string>; dirs?: string[] } = {}): FsLike {
  return memFs({
    files: {
      [`${P}/README.md`]: "r\n",
      [`${P}/.git/HEAD`]: "ref: refs/heads/main\n",
      [`${P}/.git/config`]: "[core]\n",
      [`${P}/.git/worktrees/p-wt/HEAD`]: "ref: refs/heads/f\n",
      [`${P}/.git/worktrees/p-wt/commondir`]: "../..\n",
      [`${P}/.git/worktrees/p-wt/gitdir`]: `${WT}/.git\n`,
      [`${WT}/.git`]: `gitdir: ${P}/.git/worktrees/p-wt\n`,
      [`${WT}/WT.md`]: "w\n",
      // a submodule, its git dir inside the project's
      [`${P}/lib/.git`]: "gitdir: ../.git/modules/lib\n",
      [`${P}/.git/modules/lib/HEAD`]: "ref: refs/heads/main\n",
      [`${P}/.git/modules/lib/config`]: "[core]\n",
      // a nested repository of its own, and one in /tmp
      [`${P}/vendor/x/.git/HEAD`]: "ref: refs/heads/main\n",
      [`${P}/vendor/x/.git/config`]: "[core]\n\tfsmonitor = /tmp/x\n",
      "/tmp/r/.git/HEAD": "ref: refs/heads/main\n",
      "/tmp/r/.git/config": "[core]\n",
      "/tmp/bare.git/HEAD": "ref: refs/heads/main\n",
      "/tmp/bare.git/config": "[core]\n\tbare = true\n",
      ...extra.files,
    },
    dirs: [`${P}/src`, `${P}/.git/objects`, "/tmp/bare.git/objects", "/tmp/empty", "/home/u/code/other", ...(extra.dirs ?? [])],
  });
}

const fsw = world();
const level = (cmd: string, cwd = P, fs: FsLike | null = fsw) => classify(cmd, { cwd, roots: [P], home: "/home/u", tmp: ["/tmp"], env: { HOME: "/home/u" }, fs, level: "developer" }).level;

describe("the project's own repositories", () => {
  it.each([
    ["git status", P],
    ["git log --oneline -5", `${P}/src`],
    ["git -C ../p-wt log --oneline", P],
    ["cd ../p-wt && git diff", P],
    ["git status", WT],
    ["git --git-dir=.git log -1", WT],
    ["git --git-dir=.git log", P],
    ["cd .git && git log", P],
    ["git -C lib status", P],
    ["cd lib && git diff", P],
    ["git -C /tmp/empty log", P],
    ["git -C ../other log", P],
    ["git --version", "/tmp/r"],
  ])("%s (from %s) reads no foreign config", (cmd, cwd) => {
    expect(["paranoid", "reader"]).toContain(level(cmd, cwd));
  });

  it("a root inside a bigger repository reads that repository (a monorepo's package)", () => {
    const mono = memFs({ files: { "/m/.git/HEAD": "ref: refs/heads/main\n", "/m/.git/config": "[core]\n", "/m/pkg/a/x.ts": "x\n" }, dirs: ["/m/.git/objects"] });
    const at = (cmd: string) => classify(cmd, { cwd: "/m/pkg/a", roots: ["/m/pkg/a"], home: "/home/u", tmp: ["/tmp"], env: {}, fs: mono, level: "developer" }).level;
    expect(["paranoid", "reader"]).toContain(at("git status"));
    expect(["yolo", "never"]).toContain(at("printf 'gitdir: /tmp/r/.git\\n' > .git && git status"));
  });

  it("git clone reads no repository where it runs", () => {
    expect(level("git clone -q https://example.com/x.git /tmp/y", "/tmp/r")).toBe("editor");
  });

  it("git's own writes to its repository do not make the next git foreign", () => {
    expect(level("git add -A && git commit -qm x && git status")).toBe("developer");
    expect(level("git fetch && git rebase origin/main && git log")).toBe("developer");
    expect(level("git config user.email a@b && git commit -qm x")).toBe("local-admin");
  });
});

describe("foreign repositories", () => {
  it.each([
    ["git -C /tmp/r status", P],
    ["git --git-dir=/tmp/r/.git log", P],
    ["cd /tmp/r && git diff", P],
    ["git log", "/tmp/r"],
    ["git -C /tmp/bare.git log", P],
    ["cd vendor/x && git status", P],
    ["git -C vendor/x/src log", P],
    ["git -C $D status", P],
    ["git --git-dir=$D status", P],
  ])("%s (from %s) runs foreign code", (cmd, cwd) => {
    expect(["yolo", "never"]).toContain(level(cmd, cwd));
  });

  it.each([
    "printf 'gitdir: /tmp/r/.git\\n' > src/.git && cd src && git status",
    "echo /tmp/r/.git > .git/commondir && git status",
    "echo /tmp/r/.git > .git/worktrees/p-wt/commondir && git -C ../p-wt status",
    "cd ../p-wt && printf 'gitdir: /tmp/r/.git\\n' > .git && git status",
    "printf '[core]\\n\\tfsmonitor = /tmp/x\\n' >> .git/config && git status",
    "cp /tmp/r/.git/config .git/config && git diff",
    "git config core.pager 'cat ~/.ssh/id_rsa' && git log",
    "git config --global diff.external /tmp/x && git diff",
    "echo '[core] pager = x' >> ~/.gitconfig && git log",
    "cp -r /tmp/r vendor/y && cd vendor/y && git status",
    "mv /tmp/r sub && git -C sub log",
    "tar -xf /tmp/a.tar && git status",
    "(sleep 1; cd src && git status) & printf 'gitdir: /tmp/r/.git\\n' > src/.git",
  ])("%s: this command redirected git", (cmd) => {
    expect(["yolo", "never"]).toContain(level(cmd));
  });

  it("without a filesystem only the roots' own .git is assumed", () => {
    expect(["paranoid", "reader"]).toContain(level("git status", P, null));
    expect(["yolo", "never"]).toContain(level("printf 'gitdir: /tmp/r/.git\\n' > src/.git && git -C src status", P, null));
  });

  it("a repository planted anywhere along the way up is found (property)", () => {
    const segs = fc.array(fc.constantFrom("a", "b", "c"), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(segs, fc.nat(), (parts, k) => {
        const at = parts.slice(0, (k % parts.length) + 1).join("/");
        const cmd = `mkdir -p ${parts.join("/")} && printf 'gitdir: /tmp/r/.git\\n' > ${at}/.git && cd ${parts.join("/")} && git status`;
        return ["yolo", "never"].includes(level(cmd));
      }),
      { numRuns: 40 },
    );
  });
});

describe("what redirects git is vcs-control", () => {
  it.each([
    "printf 'gitdir: /tmp/r/.git\\n' > src/.git",
    "echo /tmp/r/.git > .git/commondir",
    "echo /tmp > .git/worktrees/p-wt/gitdir",
    "echo x > ../p-wt/.git",
    "git worktree add ../w2",
  ])("%s needs local-admin or more", (cmd) => {
    expect(["local-admin", "yolo", "never"]).toContain(level(cmd));
  });
});
