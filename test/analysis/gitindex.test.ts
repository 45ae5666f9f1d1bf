// The index parser against git itself: every version git writes, the files `git ls-files -s`
// lists as regular (mode 100644/100755), and null for what it does not understand.
import { execFileSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { trackedFiles, TrackedFilesCache, withSpecialSegment } from "../../src/analysis/gitindex.ts";

const root = mkdtempSync(path.join(os.tmpdir(), "sf-gitindex-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const git = (dir: string, ...args: string[]) => execFileSync("git", ["-C", dir, ...args], { encoding: "utf8" });

function repo(name: string): string {
  const dir = path.join(root, name);
  mkdirSync(dir);
  git(dir, "init", "-q");
  for (const f of ["a.txt", ".env", "src/deep/x.ts", "src/deep/y-with-a-much-longer-name.ts", "é/ü.txt", "src/deep/z.ts"]) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), "x\n");
  }
  symlinkSync("a.txt", path.join(dir, "link"));
  git(dir, "add", "-A");
  return dir;
}

const regular = (dir: string) =>
  git(dir, "-c", "core.quotepath=off", "ls-files", "-s")
    .split("\n")
    .filter((l) => /^100/.test(l))
    .map((l) => l.split("\t")[1]!)
    .sort();

describe("trackedFiles", () => {
  for (const version of [2, 3, 4]) {
    it(`reads index version ${version} as git lists it (symlinks left out)`, () => {
      const dir = repo(`v${version}`);
      if (version === 3) {
        writeFileSync(path.join(dir, "later.txt"), "x\n");
        git(dir, "add", "-N", "later.txt"); // intent-to-add: an extended entry, version 3
      }
      git(dir, "update-index", "--index-version", String(version));
      const got = trackedFiles(readFileSync(path.join(dir, ".git/index")));
      expect(got?.sort()).toEqual(regular(dir));
      expect(got).toContain(".env");
      expect(got).not.toContain("link");
    });
  }

  it("refuses a split index and anything that is not an index", () => {
    const dir = repo("split");
    git(dir, "update-index", "--split-index");
    expect(trackedFiles(readFileSync(path.join(dir, ".git/index")))).toBeNull();
    expect(trackedFiles(new TextEncoder().encode("not an index at all, but long enough"))).toBeNull();
    const buf = readFileSync(path.join(repo("cut"), ".git/index"));
    expect(trackedFiles(buf.subarray(0, 60))).toBeNull();
  });
});

describe("TrackedFilesCache", () => {
  const NAMES = { test: (n: string) => n === ".env" || n === "deep", key: "t" };
  const stampOf = (file: string) => {
    const s = lstatSync(file);
    return { dev: s.dev, ino: s.ino, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, size: s.size, nlink: s.nlink };
  };

  it("answers what a fresh parse answers, reading the file again unless its settled stamp is unchanged", () => {
    const dir = repo("cache");
    const index = path.join(dir, ".git/index");
    let clock = Date.now() + 60_000; // the index changed long before the first read
    const cache = new TrackedFilesCache(4, () => clock);
    let reads = 0;
    const read = () => (reads++, readFileSync(index));
    const fresh = () => withSpecialSegment(trackedFiles(readFileSync(index))!, NAMES);
    expect(cache.special(index, stampOf(index), read, NAMES)).toEqual(fresh());
    expect(cache.special(index, stampOf(index), read, NAMES)).toEqual(fresh());
    expect(reads).toBe(1); // settled and unchanged: not read again
    // git rewrites the index (a rename: new inode, new ctime): read again, the new answer
    writeFileSync(path.join(dir, "src/deep/new.ts"), "x\n");
    git(dir, "rm", "-q", "--cached", ".env");
    git(dir, "add", "src/deep/new.ts");
    clock = Date.now() + 60_000;
    expect(cache.special(index, stampOf(index), read, NAMES)).toEqual(fresh());
    expect(cache.special(index, stampOf(index), read, NAMES)).not.toContain(".env");
    expect(reads).toBe(2);
  });

  it("reads every time a stamp is missing or had not settled, and reuses a parse for the same bytes only", () => {
    const dir = repo("cache2");
    const index = path.join(dir, ".git/index");
    const cache = new TrackedFilesCache(4, () => 0); // every change looks recent: never settled
    let reads = 0;
    const read = () => (reads++, readFileSync(index));
    cache.special(index, stampOf(index), read, NAMES);
    cache.special(index, stampOf(index), read, NAMES);
    cache.special(index, null, read, NAMES);
    expect(reads).toBe(3);
    // other bytes at the same path: their own answer
    const other = repo("cache3");
    expect(cache.special(index, null, () => readFileSync(path.join(other, ".git/index")), NAMES)).toEqual(withSpecialSegment(trackedFiles(readFileSync(path.join(other, ".git/index")))!, NAMES));
  });
});

describe("withSpecialSegment", () => {
  it("keeps the files with a special name in any segment", () => {
    const files = ["a.txt", ".env", "src/deep/x.ts", "src/deep/y.ts", "src/z/.env", "src/z/w.ts"];
    expect(withSpecialSegment(files, { test: (n) => n === ".env" || n === "deep" })).toEqual([".env", "src/deep/x.ts", "src/deep/y.ts", "src/z/.env"]);
  });
});
