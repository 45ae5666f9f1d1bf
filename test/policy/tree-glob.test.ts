// A tool that reads only one kind of file below a directory (`flake8 .` reads *.py, `gofmt -l .`
// *.go) is judged by those files: a `.env` beside them is not read. A symlink named like them
// is, and so is a symlink to a directory, which a walker may follow.
import { describe, expect, it } from "vitest";
import { classify, type FsLike } from "../../src/index.ts";
import { memFs, type MemTree } from "../analysis/support/memfs.ts";

const base: MemTree = {
  dirs: ["/home/u/proj/.git", "/home/u/proj/lib", "/home/u/.ssh", "/home/u/.aws"],
  files: {
    "/home/u/proj/a.py": "x",
    "/home/u/proj/lib/b.py": "x",
    "/home/u/proj/.env": "TOKEN=1",
    "/home/u/.ssh/id_rsa": "k",
    "/home/u/.aws/credentials": "k",
  },
  links: { "/home/u/proj/creds": "/home/u/.aws/credentials" },
};
const ctx = (fs: FsLike) => ({ cwd: "/home/u/proj", home: "/home/u", tmp: ["/tmp"], env: {}, fs, level: "developer" as const });
const secretRead = (cmd: string, tree: MemTree) => classify(cmd, ctx(memFs(tree))).effects.some((e) => e.op === "read" && e.locus === "secret");

describe("reads of one kind of file below a directory", () => {
  it("do not count a .env or a link to a key file that the tool does not read", () => {
    const v = classify("flake8 .", ctx(memFs(base)));
    expect(v.decision).toBe("allow");
    expect(v.level).toBe("reader");
    // bash itself (no globstar: `**` is `*`) opens every entry `*` matches to look for *.py below
    // it, `creds` (a link to ~/.aws/credentials) included: the oracle counts that attempt
    expect(secretRead("cat **/*.py", base)).toBe(true);
    expect(secretRead("cat lib/*.py", base)).toBe(false);
  });

  it("count a link named like the files the tool reads", () => {
    const tree = { ...base, links: { ...base.links, "/home/u/proj/lib/key.py": "/home/u/.ssh/id_rsa" } };
    expect(secretRead("flake8 .", tree)).toBe(true);
    expect(classify("flake8 .", ctx(memFs(tree))).decision).toBe("ask");
  });

  it("count a link to a directory, whatever its name", () => {
    const tree = { ...base, links: { ...base.links, "/home/u/proj/vendor": "/home/u/.ssh" } };
    expect(secretRead("flake8 .", tree)).toBe(true);
  });

  it("leave tools that read everything below as they were", () => {
    expect(secretRead("grep -rn TOKEN .", base)).toBe(true);
  });
});
