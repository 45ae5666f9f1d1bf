// Tree scans met a project's .git from above and look only where something can matter there
// (place.ts GIT_DIR_LOOKED_AT): nothing for a read, the vcs-control parts for a delete. That
// is sound only because nothing below yolo can plant a link or a secret's name in the rest
// of it: the second half of this file holds that.
import { describe, expect, it } from "vitest";
import { classify, type FsLike } from "../../src/index.ts";
import { memFs, type MemTree } from "../analysis/support/memfs.ts";

const P = "/home/u/proj";

function world(extra: MemTree = {}): FsLike {
  const objects = ["03", "1a", "5f", "ad", "f7"].map((d) => `${P}/.git/objects/${d}`);
  return memFs({
    dirs: [...objects, `${P}/.git/refs/heads`, `${P}/.git/logs/refs/heads`, `${P}/.git/hooks`, `${P}/.git/info`, `${P}/src`, "/home/u/.ssh", "/tmp", ...(extra.dirs ?? [])],
    files: {
      [`${P}/.git/config`]: "[core]\n",
      [`${P}/.git/HEAD`]: "ref: refs/heads/main\n",
      [`${P}/.git/hooks/pre-commit`]: "#!/bin/sh\n",
      [`${P}/.git/objects/03/9f2c`]: "blob",
      [`${P}/src/main.py`]: "print(1)\n",
      "/home/u/.ssh/id_rsa": "key",
      ...(extra.files ?? {}),
    },
    links: extra.links ?? {},
  });
}

function listingsOf(fs: FsLike): { fs: FsLike; listed: string[] } {
  const listed: string[] = [];
  const wrapped: FsLike = { ...fs };
  wrapped.readdirEntries = (p) => (listed.push(p), fs.readdirEntries!(p));
  wrapped.readdirSync = (p) => (listed.push(p), fs.readdirSync!(p));
  return { fs: wrapped, listed };
}

const ctx = (fs: FsLike, level: "developer" | "local-admin" | "yolo" = "developer") => ({ cwd: P, home: "/home/u", tmp: ["/tmp"], env: {}, fs, level });

describe("tree scans and the project's .git", () => {
  it("a recursive read from above does not list .git, and is still judged by the rest of the tree", () => {
    const { fs, listed } = listingsOf(world());
    classify("true", ctx(fs));
    listed.length = 0;
    expect(classify("grep -rn TODO .", ctx(fs)).decision).toBe("allow");
    expect(listed).toContain(`${P}/src`);
    expect(listed.filter((d) => d.startsWith(`${P}/.git`))).toEqual([]);
    // A .env beside the code is read as before.
    const withEnv = world({ files: { [`${P}/src/.env`]: "TOKEN=1" } });
    const v = classify("grep -rn TODO .", ctx(withEnv));
    expect(v.decision).toBe("ask");
    expect(v.effects.some((e) => e.locus === "secret" && e.target === `${P}/src/.env`)).toBe(true);
  });

  it("a scan that starts at .git looks at all of it", () => {
    const fs = world({ files: { [`${P}/.git/objects/ad/k.pem`]: "key" } });
    expect(classify("grep -rn TODO .", ctx(fs)).decision).toBe("allow"); // from above: not looked at
    const v = classify("grep -rn TODO .git", ctx(fs));
    expect(v.decision).toBe("ask");
    expect(v.effects.some((e) => e.locus === "secret" && e.target === `${P}/.git/objects/ad/k.pem`)).toBe(true);
  });

  it("another repository's .git inside the project is no project root: it is listed", () => {
    const fs = world({ dirs: [`${P}/vendor/lib/.git/objects/ab`], links: { [`${P}/vendor/lib/.git/objects/ab/x`]: "/home/u/.ssh/id_rsa" } });
    const v = classify("grep -rn TODO .", ctx(fs));
    expect(v.decision).toBe("ask");
    expect(v.effects.some((e) => e.locus === "secret")).toBe(true);
  });

  it("a delete from above still sees the vcs-control parts of .git, and lists nothing else there", () => {
    const { fs, listed } = listingsOf(world());
    classify("true", ctx(fs));
    listed.length = 0;
    const v = classify("find . -name pre-commit -delete", ctx(fs));
    expect(v.effects.some((e) => e.op === "delete" && e.locus === "vcs-control" && e.target === `${P}/.git/hooks/pre-commit`)).toBe(true);
    expect(v.decision).toBe("ask");
    expect(classify("find . -name pre-commit -delete", ctx(fs, "yolo")).decision).toBe("allow");
    const inGit = listed.filter((d) => d.startsWith(`${P}/.git/`));
    expect(inGit.length).toBeGreaterThan(0);
    expect(inGit.every((d) => /\/\.git\/(hooks|info|modules|objects(\/info)?)(\/|$)/.test(d))).toBe(true);
    expect(inGit.some((d) => d.includes("/objects/03") || d.includes("/refs"))).toBe(false);
  });
});

describe("nothing below yolo can put what a scan looks for into .git", () => {
  const level = (cmd: string) => classify(cmd, { ...ctx(world()), level: "yolo" }).level;

  it.each([
    ["ln -s ~/.ssh/id_rsa .git/objects/ad/x", "a symlink to a key"],
    ["ln -s ../../scripts/hook .git/hooks/pre-commit", "a symlinked hook"],
    ["ln -s /etc/passwd .git", "a link made inside .git, named by its target"],
    ["mv build/link .git/objects/", "a link moved in"],
    ["cp -a build .git/objects/x", "a tree copied in, links kept"],
    ["tar -xf /tmp/a.tar", "an archive unpacked over the project (it may carry .git/...)"],
    ["unzip /tmp/a.zip", "the same with unzip"],
    ["tar -xf /tmp/a.tar -C .git", "an archive unpacked inside .git"],
    ["touch .git/objects/ad/k.pem", "a secret's name"],
    ["git clone https://example.com/r.git .git/sub", "a checkout by git inside .git (it may hold links)"],
    ["git worktree add .git/wt", "the same with a linked worktree"],
    ["git --work-tree=.git/objects checkout main -- .", "the same into the object store"],
  ])("%s needs yolo (%s)", (cmd) => {
    expect(level(cmd)).toBe("yolo");
  });

  it.each([
    ["touch .git/objects/ad/x", "editor", "a plain file by a command that makes no links"],
    ["tar -xf /tmp/a.tar -C vendor", "editor", "an archive unpacked away from .git"],
    ["cp -a build dist", "editor", "links copied elsewhere in the project"],
    ["git add -A", "editor", "git names its own files there"],
    ["git gc --prune=now", "local-admin", "gc prunes objects and writes info/refs: its own files"],
    ["git commit -m x", "developer", "its objects, and the hooks it runs"],
  ])("%s stays at %s (%s)", (cmd, want) => {
    expect(level(cmd)).toBe(want);
  });
});
