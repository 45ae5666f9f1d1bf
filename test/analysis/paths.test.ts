import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { globPrefix, lexical, resolvePath, segmentRegExp } from "../../src/analysis/paths.ts";
import { memFs } from "./support/memfs.ts";

const fs = memFs({
  dirs: ["/home/u/proj/src", "/home/u/other", "/etc"],
  files: { "/home/u/.bashrc": "x", "/etc/passwd": "root" },
  links: {
    "/home/u/proj/out": "/home/u/other",
    "/home/u/proj/rel": "../other",
    "/home/u/proj/rc": "/home/u/.bashrc",
    "/home/u/proj/loop": "/home/u/proj/loop",
    "/home/u/proj/etclink": "/etc",
  },
});

const ok = (r: ReturnType<typeof resolvePath>) => {
  if (!r.ok) throw new Error(r.why);
  return r.path;
};

describe("resolvePath with a filesystem", () => {
  it("follows a symlinked directory before `..` (physical parent, not string cancellation)", () => {
    expect(ok(resolvePath(fs, "/home/u/proj", "out/../x", true))).toBe("/home/u/x");
    expect(ok(resolvePath(fs, "/home/u/proj", "rel/../.bashrc", true))).toBe("/home/u/.bashrc");
  });
  it("follows a symlinked final segment for writes, not for deletes", () => {
    expect(ok(resolvePath(fs, "/home/u/proj", "rc", true))).toBe("/home/u/.bashrc");
    expect(ok(resolvePath(fs, "/home/u/proj", "rc", false))).toBe("/home/u/proj/rc");
  });
  it("keeps resolving under a missing segment lexically", () => {
    expect(ok(resolvePath(fs, "/home/u/proj", "new/dir/../f", true))).toBe("/home/u/proj/new/f");
  });
  it("refuses a symlink loop", () => {
    expect(resolvePath(fs, "/home/u/proj", "loop/x", true).ok).toBe(false);
  });
  it("reports existence and directories", () => {
    const r = resolvePath(fs, "/home/u/proj", "etclink", true);
    expect(r.ok && r.path === "/etc" && r.isDir).toBe(true);
    const m = resolvePath(fs, "/home/u/proj", "missing", true);
    expect(m.ok && m.exists).toBe(false);
  });
  it("never follows /proc or /dev links (they mean the classifier's own process)", () => {
    expect(ok(resolvePath(fs, "/", "/dev/stdout", true))).toBe("/dev/stdout");
    expect(ok(resolvePath(fs, "/", "/proc/self/fd/1", true))).toBe("/proc/self/fd/1");
  });
});

describe("resolvePath without a filesystem", () => {
  it("resolves leading `..` against the base lexically", () => {
    expect(ok(resolvePath(null, "/home/u/proj/src", "../x", true))).toBe("/home/u/proj/x");
  });
  it("refuses `..` after a named segment (it may follow a symlink)", () => {
    const r = resolvePath(null, "/home/u/proj", "out/../x", true);
    expect(r.ok).toBe(false);
  });
});

describe("globPrefix", () => {
  it("places the literal directory before the first glob segment", () => {
    expect(globPrefix("src/*.ts")).toEqual({ prefix: "src", dotdot: false, rest: ["*.ts"] });
    expect(globPrefix("*.o")).toEqual({ prefix: ".", dotdot: false, rest: ["*.o"] });
    expect(globPrefix("/etc/pass*")).toEqual({ prefix: "/etc", dotdot: false, rest: ["pass*"] });
  });
  it("marks `.*` as able to match `..`", () => {
    expect(globPrefix(".*").dotdot).toBe(true);
  });
});

describe("segmentRegExp", () => {
  it("does not let * or ? match a leading dot", () => {
    expect(segmentRegExp("*").test(".env")).toBe(false);
    expect(segmentRegExp("*").test("a.pem")).toBe(true);
    expect(segmentRegExp(".e*").test(".env")).toBe(true);
    expect(segmentRegExp("*.py").test("x.pem")).toBe(false);
  });
});

describe("lexical", () => {
  // The fast path returns a path unchanged when it looks normal: it must agree with normalize.
  it("equals path.posix.normalize without a trailing slash, for any path", () => {
    const reference = (p: string) => {
      const n = path.posix.normalize(p);
      return n.length > 1 && n.endsWith("/") ? n.slice(0, -1) : n;
    };
    const seg = fc.constantFrom("", ".", "..", "...", "a", ".a", "a.", "b c", "..a", "a..", ".../", "x/");
    fc.assert(
      fc.property(fc.array(seg, { maxLength: 8 }), fc.boolean(), (segs, abs) => {
        const p = (abs ? "/" : "") + segs.join("/");
        expect(lexical(p)).toBe(reference(p));
      }),
      { numRuns: 5000 },
    );
    expect(lexical("/a/b")).toBe("/a/b");
    expect(lexical("/a/./b/")).toBe("/a/b");
    expect(lexical("/a/../b")).toBe("/b");
  });
});
