// The system calls a verdict makes are its main cost with a filesystem (an lstat is about 2 us
// here, a directory listing about 10 us): these tests hold the economies that keep them few,
// each with the verdict it must not change.
import { describe, expect, it } from "vitest";
import { classify, type FsLike } from "../../src/index.ts";
import { memFs } from "../analysis/support/memfs.ts";

/** Every call, as `lstat PATH` (lstatSync and lstatOrNull alike), `readdir PATH`... */
function counting(fs: FsLike): { fs: FsLike; calls: string[] } {
  const calls: string[] = [];
  const wrapped = {} as Record<string, unknown>;
  const short = (k: string) => (k.startsWith("lstat") ? "lstat" : k.startsWith("readdir") ? "readdir" : k);
  for (const [k, f] of Object.entries(fs)) if (typeof f === "function") wrapped[k] = (p: string, ...rest: unknown[]) => (calls.push(`${short(k)} ${p}`), (f as (...a: unknown[]) => unknown)(p, ...rest));
  return { fs: wrapped as unknown as FsLike, calls };
}

const tree = () =>
  memFs({
    dirs: ["/home/u/proj/.git", "/home/u/proj/src/lib", "/home/u/proj/build/a/b", "/home/u/proj/build/other/deep", "/home/u/.ssh"],
    files: { "/home/u/proj/README.md": "x", "/home/u/proj/src/lib/x.py": "x", "/home/u/proj/build/a/b/c.pyc": "x", "/home/u/.ssh/id_rsa": "k" },
    links: { "/home/u/proj/build/a/key": "/home/u/.ssh/id_rsa" },
  });
const ctx = (fs: FsLike) => ({ cwd: "/home/u/proj", home: "/home/u", tmp: ["/tmp"], env: {}, fs });

describe("system calls per verdict", () => {
  it("the walk does not ask again about directories its context was built from", () => {
    const { fs, calls } = counting(tree());
    classify("true", ctx(fs)); // builds the context for this (stable) view
    calls.length = 0;
    const v = classify("cat /home/u/proj/README.md", ctx(fs));
    expect(v.decision).toBe("allow");
    expect(calls.filter((c) => / \/home(\/u(\/proj)?)?$/.test(c))).toEqual([]);
    expect(calls).toContain("lstat /home/u/proj/README.md");
  });

  it("nothing below a missing directory is looked up", () => {
    const { fs, calls } = counting(tree());
    classify("true", ctx(fs));
    calls.length = 0;
    const v = classify("touch new/deeper/still/file.txt", ctx(fs));
    expect(v.decision).toBe("allow");
    expect(calls.filter((c) => c.includes("/new"))).toEqual(["lstat /home/u/proj/new"]);
  });

  it("find -name lists each directory once, and lstats none it only passes through", () => {
    const { fs, calls } = counting(tree());
    classify("true", ctx(fs));
    calls.length = 0;
    const v = classify("find build -name '*.pyc' -delete", ctx(fs));
    // The symlink to the key lies below but is not named *.pyc: find deletes only c.pyc.
    expect(v.effects.some((e) => e.op === "delete" && e.target === "/home/u/proj/build/a/b/c.pyc")).toBe(true);
    expect(v.effects.some((e) => e.locus === "secret")).toBe(false);
    // build/other holds no match: it is listed, never lstat'ed (the listing says it is a directory).
    expect(calls).toContain("readdir /home/u/proj/build/other/deep");
    expect(calls.filter((c) => c.startsWith("lstat") && c.includes("/build/other"))).toEqual([]);
    const listings = calls.filter((c) => c.startsWith("readdir"));
    expect(new Set(listings).size).toBe(listings.length);
  });

  it("a find whose output nobody consumes lists nothing; piped into xargs it lists the tree", () => {
    const { fs, calls } = counting(tree());
    classify("true", ctx(fs));
    calls.length = 0;
    expect(classify("find build -name '*.pyc'", ctx(fs)).decision).toBe("allow");
    expect(calls.filter((c) => c.startsWith("readdir"))).toEqual([]);
    calls.length = 0;
    const v = classify("find build -name '*.pyc' | xargs rm", ctx(fs));
    expect(calls.some((c) => c.startsWith("readdir"))).toBe(true);
    expect(v.effects.some((e) => e.op === "delete" && e.target === "/home/u/proj/build/a/b/c.pyc")).toBe(true);
  });
});

describe("listing for nobody", () => {
  it("find | xargs -d lists nothing: its words could not be find's names anyway", () => {
    const { fs, calls } = counting(tree());
    classify("true", ctx(fs));
    calls.length = 0;
    const v = classify("find build -name '*.pyc' | xargs -d : rm", ctx(fs));
    expect(v.decision).toBe("ask");
    expect(calls.filter((c) => c.startsWith("readdir"))).toEqual([]);
  });
});
