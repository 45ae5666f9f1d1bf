// Snapshots of big trees kept between processes (treesnap.ts): a walk that uses a snapshot made
// before any change must answer exactly what a direct walk answers after it (a secret made or
// removed, a link out added, a directory renamed or replaced), and a file that is not this
// user's private, well-formed snapshot is never read.
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { realFs } from "../../src/analysis/fs.ts";
import { walkTree, type NameTest, type TreeFacts } from "../../src/analysis/treescan.ts";
import { parseSnapshot, SnapshotStore, snapWalk, TreeSnapshots, SNAPSHOT_MIN_ENTRIES, type Raw, type Snapshot } from "../../src/analysis/treesnap.ts";
import { SETTLE_MS } from "../../src/analysis/listings.ts";
import { classify } from "../../src/index.ts";
import { tempDirs } from "./support/tempdirs.ts";

const tmp = tempDirs("snap");

const NAMES: NameTest = { test: (n) => n === ".env" || n.endsWith(".pem"), key: "test" };
const sorted = (f: TreeFacts | null | undefined) => (f ? { named: [...f.named].sort(), links: [...f.links].sort(), truncated: !!f.truncated } : null);
/** Lets every directory made so far settle (the rule that keeps a record: listings.ts SETTLE_MS). */
const settle = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, SETTLE_MS + 15);

function snapshotOf(root: string): Snapshot {
  const w = snapWalk(root, NAMES, new Set(), null);
  if (!w.tree) throw new Error("nothing settled to record");
  return { key: NAMES.key, root, tree: w.tree };
}
/** Directories a record holds records of (itself included). */
const recorded = (r: Raw | 0): number => (r ? 1 + r[9].reduce((n, [, sub]) => n + recorded(sub), 0) : 0);

describe("snapWalk", () => {
  it("answers as walkTree does, and checks an unchanged directory instead of listing it", () => {
    const root = tmp("walk");
    mkdirSync(path.join(root, "a/b/c"), { recursive: true });
    writeFileSync(path.join(root, "a/b/.env"), "");
    writeFileSync(path.join(root, "a/x.pem"), "");
    symlinkSync("/etc", path.join(root, "a/b/c/out"));
    const first = snapWalk(root, NAMES, new Set(), null);
    expect(sorted(first.facts)).toEqual(sorted(walkTree(root, NAMES, new Set())));
    // Just made: changed less than SETTLE_MS before it was listed, so no record can be kept.
    expect(first.tree).toBe(0);
    settle();
    const snap = snapshotOf(root);
    expect(recorded(snap.tree)).toBe(4);
    const again = snapWalk(root, NAMES, new Set(), snap);
    expect(again.listed).toBe(0);
    expect(sorted(again.facts)).toEqual(sorted(walkTree(root, NAMES, new Set())));
    // skip and prune apply to a recorded tree as to a listed one
    const skip = new Set([path.join(root, "a/b")]);
    expect(sorted(snapWalk(root, NAMES, skip, snap).facts)).toEqual(sorted(walkTree(root, NAMES, skip)));
    expect(snapWalk(path.join(root, "missing"), NAMES, new Set(), snap).facts).toBeNull();
  });

  it("a budget counts each checked directory; past it the facts say truncated", () => {
    const root = tmp("budget");
    for (let i = 0; i < 30; i++) mkdirSync(path.join(root, `d${i}`));
    settle();
    const snap = snapshotOf(root);
    expect(snapWalk(root, NAMES, new Set(), snap, 10).facts?.truncated).toBe(true);
    expect(snapWalk(root, NAMES, new Set(), snap, 40).facts?.truncated).toBeUndefined();
  });

  it("a snapshot made before random changes answers what a direct walk answers after them (property)", () => {
    const names = ["a", "b", ".env", "k.pem"];
    const op = fc.record({
      kind: fc.constantFrom("mkdir", "file", "link", "rm", "mv"),
      at: fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 3 }),
      to: fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 3 }),
      // Targets inside the tree, or nowhere: a change made through a link must not leave the sandbox.
      text: fc.constantFrom("/nonexistent-sf-snap-target", "a", "b/.env", "."),
    });
    const apply = (root: string, o: { kind: string; at: string[]; to: string[]; text: string }) => {
      const p = path.join(root, ...o.at);
      try {
        if (o.kind === "mkdir") mkdirSync(p, { recursive: true });
        else if (o.kind === "file") writeFileSync(p, "");
        else if (o.kind === "link") symlinkSync(o.text, p);
        else if (o.kind === "rm") rmSync(p, { recursive: true });
        else renameSync(p, path.join(root, ...o.to));
      } catch {
        // not possible here: the tree stays as it is
      }
    };
    let listedAfterChange = 0;
    fc.assert(
      fc.property(fc.array(op, { maxLength: 8 }), fc.array(op, { minLength: 1, maxLength: 6 }), (setup, changes) => {
        const root = tmp("prop");
        try {
          mkdirSync(path.join(root, "a/b"), { recursive: true });
          for (const o of setup) apply(root, o);
          settle();
          const snap = snapshotOf(root);
          for (const o of changes) apply(root, o);
          const w = snapWalk(root, NAMES, new Set(), snap);
          listedAfterChange += w.listed;
          expect(sorted(w.facts)).toEqual(sorted(walkTree(root, NAMES, new Set())));
          // from a directory below the snapshot's root too
          const sub = path.join(root, "a");
          expect(sorted(snapWalk(sub, NAMES, new Set(), snap).facts)).toEqual(sorted(walkTree(sub, NAMES, new Set())));
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }),
      { numRuns: 30, seed: 7 },
    );
    expect(listedAfterChange).toBeGreaterThan(10); // the changes were seen, not read from the snapshot
  });
});

describe("SnapshotStore", () => {
  it("reads back what it wrote, for that root and key only", () => {
    const store = new SnapshotStore(path.join(tmp("store"), "trees"));
    const root = tmp("tree");
    mkdirSync(path.join(root, "a"));
    settle();
    const snap = snapshotOf(root);
    expect(store.write(snap)).toBe(true);
    expect(recorded(store.find(root, NAMES.key)!.tree)).toBe(2);
    expect(store.find(path.join(root, "a"), NAMES.key)?.root).toBe(root); // the nearest above
    expect(store.find(root, "another key")).toBeNull();
    // A walk from below the root uses the root's records, and a changed tree there is grafted in.
    mkdirSync(path.join(root, "a/b"));
    const snaps = new TreeSnapshots(store, Infinity);
    expect(snaps.scan(path.join(root, "a"), NAMES, new Set())).toEqual({ named: [], links: [] });
  });

  it("does not read a file another user could have written, a link, or a malformed file", () => {
    const dir = path.join(tmp("store"), "trees");
    const store = new SnapshotStore(dir);
    const root = tmp("tree");
    settle();
    store.write(snapshotOf(root));
    const file = store.fileFor(root, NAMES.key);
    chmodSync(file, 0o644);
    expect(store.find(root, NAMES.key)).toBeNull();
    chmodSync(file, 0o600);
    expect(store.find(root, NAMES.key)).not.toBeNull();
    chmodSync(dir, 0o777);
    expect(store.find(root, NAMES.key)).toBeNull();
    chmodSync(dir, 0o700);
    const text = readFileSync(file, "utf8");
    rmSync(file);
    writeFileSync(path.join(dir, "elsewhere.json"), text, { mode: 0o600 });
    symlinkSync(path.join(dir, "elsewhere.json"), file);
    expect(store.find(root, NAMES.key)).toBeNull();
    // Another root's, a name with a slash: not a snapshot (a record deeper down is checked where it is used).
    expect(parseSnapshot(text, root, NAMES.key)).not.toBeNull();
    expect(parseSnapshot(text.replace(root, "/etc"), root, NAMES.key)).toBeNull();
    expect(parseSnapshot(JSON.stringify({ v: 2, root, key: NAMES.key, tree: [1, 2, 3, 4, 5, 6, 7, ["a/b"], [], []] }), root, NAMES.key)).toBeNull();
    expect(parseSnapshot("{", root, NAMES.key)).toBeNull();
  });
});

describe("TreeSnapshots: a tree past the walk's budget", () => {
  it("asks once, is recorded after the answer, then is judged from the snapshot; the verdict follows a secret", () => {
    const root = tmp("big");
    for (let i = 0; i < 40; i++) for (const sub of ["lib", "dist"]) mkdirSync(path.join(root, `node_modules/p${i}/${sub}`), { recursive: true });
    for (let i = 0; i < 40; i++) for (let f = 0; f < 130; f++) writeFileSync(path.join(root, `node_modules/p${i}/lib/f${f}.js`), "");
    const store = new SnapshotStore(path.join(tmp("state"), "trees"));
    // Budget: more than the tree's directories, fewer than its entries.
    const budget = 1_000;
    const grep = () => {
      const snaps = new TreeSnapshots(store, budget); // a new process each call
      const v = classify("grep -rn foo .", { cwd: root, roots: [root], home: "/nonexistent-home", tmp: ["/tmp"], env: {}, fs: { ...realFs, treeScan: snaps.scan }, level: "reader" });
      snaps.recordWanted();
      return v.decision;
    };
    expect(40 * 130).toBeGreaterThan(SNAPSHOT_MIN_ENTRIES);
    settle();
    expect(grep()).toBe("ask"); // more than the budget to list, and no snapshot yet
    expect(readdirSync(store.dir)).toHaveLength(1);
    expect(grep()).toBe("allow");
    writeFileSync(path.join(root, "node_modules/p17/lib/.env"), "KEY=1");
    expect(grep()).toBe("ask");
    rmSync(path.join(root, "node_modules/p17/lib/.env"));
    expect(grep()).toBe("allow");
    // A link made deep inside is among the facts (a reader that follows links judges its target).
    new TreeSnapshots(store, Infinity).scan(root, NAMES, new Set()); // records the tree for this name test
    const link = path.join(root, "node_modules/p3/dist/cfg");
    symlinkSync("/etc/shadow", link);
    expect(new TreeSnapshots(store, budget).scan(root, NAMES, new Set())?.links).toEqual([link]);
  });
});
