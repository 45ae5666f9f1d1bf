// A whole-tree scan's facts kept on disk between processes, so that a process that has never
// seen a big tree (the one-shot hook, a daemon just started, `shellfence check`) judges a
// recursive read of a 100,000-entry checkout without listing it: it checks each directory with
// one lstat instead of a listing, and lists again only the directories that changed.
//
// Never stale, by the listing cache's rule (listings.ts): a directory's record is kept only if
// the directory last changed at least SETTLE_MS before it was listed, on a filesystem whose
// directory stamps the kernel keeps, and it is used only while (device, inode, mtime, ctime,
// size, link count) are what they were. Adding, removing, renaming or replacing an entry changes
// them; ctime cannot be set back from user space. The walk goes from the start down and checks
// every directory it enters, so a directory swapped for another (or for a symlink) is seen at
// its parent. What is kept is the facts a scan returns (the names the regions table singles out,
// the symlinks, the subdirectories) and nothing else: never contents, never verdicts.
//
// The files live in the state home (`~/.local/state/shellfence/trees`, the `self` locus: no
// approved command writes there). One that is not a regular file of this user, private to it,
// or not well formed is not read.
import * as nodeFs from "node:fs";
import path from "node:path";
import { nodeListingSystem, settledBefore, TrustedDevices, type DirStamp, type ListingSystem, type Stamp } from "./listings.ts";
import type { NameTest, Prune, TreeFacts } from "./treescan.ts";

/** Trees smaller than this are walked directly every time (a listing of them costs less than a file). */
export const SNAPSHOT_MIN_ENTRIES = 5_000;
/** A snapshot file is not written past this size (about 60 bytes a directory). */
export const SNAPSHOT_MAX_BYTES = 32 * 1024 * 1024;
const VERSION = 2;

/**
 * One directory as the file holds it, nested (no paths: a name and its place say which):
 * [dev, ino, mtimeMs, ctimeMs, size, nlink, entry count, named, links, subdirectories], where
 * each subdirectory is [name, its record, or 0 when none is kept].
 */
export type Raw = [number, number, number, number, number, number, number, string[], string[], [string, Raw | 0][]];

export interface Snapshot {
  /** The NameTest key the records were made with (another test needs other names). */
  key: string;
  root: string;
  tree: Raw;
}

/** What the walk needs of the system (node's, or a test's). */
export interface SnapSystem extends Pick<ListingSystem, "fsType" | "now"> {
  lstat(p: string): DirStamp | undefined;
  list(p: string): readonly { name: string; isDirectory(): boolean; isSymbolicLink(): boolean }[];
}

export const nodeSnapSystem: SnapSystem = {
  lstat: (p) => nodeFs.lstatSync(p, { throwIfNoEntry: false }),
  list: (p) => nodeFs.readdirSync(p, { withFileTypes: true }),
  fsType: nodeListingSystem.fsType,
  now: nodeListingSystem.now,
};

export interface SnapWalk {
  facts: TreeFacts | null;
  /** The start's record as this walk can vouch for it (0: none kept), for writing back. */
  tree: Raw | 0;
  /** How many directories needed listing (the snapshot is worth writing again)? */
  listed: number;
  /** Entries below the start, as far as the walk went. */
  entries: number;
}

const isName = (x: unknown): x is string => typeof x === "string" && x.length > 0 && !x.includes("/");
const num = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

/** A record read from a file, checked where it is used (a malformed one is as good as none). */
function usable(x: unknown): Raw | null {
  if (!Array.isArray(x) || x.length !== 10) return null;
  for (let i = 0; i < 7; i++) if (!num(x[i])) return null;
  const [, , , , , , , named, links, dirs] = x as unknown[];
  if (!Array.isArray(named) || !named.every(isName) || !Array.isArray(links) || !links.every(isName) || !Array.isArray(dirs)) return null;
  for (const d of dirs) if (!Array.isArray(d) || d.length !== 2 || !isName(d[0])) return null;
  return x as Raw;
}

/** The listing cache's rule (listings.ts sameStamp), on a record. */
function unchanged(r: Raw, st: Stamp): boolean {
  return r[0] === st.dev && r[1] === st.ino && r[2] === st.mtimeMs && r[3] === st.ctimeMs && r[4] === st.size && r[5] === st.nlink;
}

/** The record of `dir` in `snap` (the start of a walk may lie below the snapshot's root). */
export function recordAt(snap: Snapshot, dir: string): Raw | null {
  if (dir === snap.root) return usable(snap.tree);
  const pre = snap.root === "/" ? "/" : snap.root + "/";
  if (!dir.startsWith(pre)) return null;
  let r = usable(snap.tree);
  for (const name of dir.slice(pre.length).split("/")) {
    const hit = r?.[9].find((d) => d[0] === name);
    r = hit ? usable(hit[1]) : null;
    if (!r) return null;
  }
  return r;
}

/**
 * The scan of walkTree (treescan.ts), using `snap`'s records for directories shown unchanged
 * (and updating them in place: `snap` is this process's parse of the file). `budget` counts the
 * entries listed plus one per directory checked unchanged.
 */
export function snapWalk(dir: string, names: NameTest, skip: ReadonlySet<string>, snap: Snapshot | null, budget = Infinity, prune?: Prune, sys: SnapSystem = nodeSnapSystem, trusted = new TrustedDevices(sys)): SnapWalk {
  const facts: TreeFacts = { named: [], links: [] };
  const out: SnapWalk = { facts, tree: 0, listed: 0, entries: 0 };
  const start = snap && snap.key === names.key ? recordAt(snap, dir) : null;
  // Each frame says where its new record goes: a slot in its parent's list of subdirectories.
  const stack: { p: string; old: Raw | null; slot: [string, Raw | 0] }[] = [{ p: dir, old: start, slot: ["", 0] }];
  const top = stack[0]!.slot;
  let first = true;
  let cost = 0;
  while (stack.length) {
    const { p: d, old, slot } = stack.pop()!;
    // Taken before the lstat: a later change is stamped no earlier than this, less one clock tick.
    const before = sys.now();
    let st: DirStamp | undefined;
    try {
      st = sys.lstat(d);
    } catch {
      st = undefined;
    }
    if (!st || !st.isDirectory()) {
      if (first) return { ...out, facts: null };
      continue; // gone since its parent was listed: the command cannot read it either
    }
    let rec: Raw;
    // The old records of its subdirectories: in the same order when unchanged, by name when listed again.
    let olds: ((i: number, name: string) => Raw | 0) | null = null;
    let keep = true;
    if (old && unchanged(old, st)) {
      // The record itself is reused (the snapshot was parsed for this process): each of its
      // subdirectories' slots is overwritten when that subdirectory has been checked.
      cost += 1;
      rec = old;
      olds = (i) => old[9][i]![1];
    } else {
      let entries: ReturnType<SnapSystem["list"]>;
      try {
        entries = sys.list(d);
      } catch {
        if (first) return { ...out, facts: null };
        continue; // unreadable: the command cannot list it either
      }
      cost += entries.length;
      out.listed++;
      rec = [st.dev, st.ino, st.mtimeMs, st.ctimeMs, st.size, st.nlink, entries.length, [], [], []];
      for (const e of entries) {
        if (e.isSymbolicLink()) rec[8].push(e.name);
        else {
          if (names.test(e.name)) rec[7].push(e.name);
          if (e.isDirectory()) rec[9].push([e.name, 0]);
        }
      }
      keep = settledBefore(st, before) && trusted.keeps(st.dev, d);
      // a subdirectory's old record is still checked when it is entered
      if (old) {
        const byName = new Map(old[9]);
        olds = (_i, name) => byName.get(name) ?? 0;
      }
    }
    first = false;
    out.entries += rec[6];
    if (cost > budget) return { ...out, facts: { ...facts, truncated: true } };
    slot[1] = keep ? rec : 0;
    const pre = d === "/" ? "/" : d + "/";
    for (const n of rec[7]) facts.named.push(pre + n);
    for (const n of rec[8]) facts.links.push(pre + n);
    for (let i = 0; i < rec[9].length; i++) {
      const sub = rec[9][i]!;
      const p = pre + sub[0];
      const was = olds ? olds(i, sub[0]) : 0;
      if (skip.has(p) || prune?.test(p)) sub[1] = was; // not entered: checked when it is
      else stack.push({ p, old: was ? usable(was) : null, slot: sub });
    }
  }
  out.tree = top[1];
  return out;
}

/** FNV-1a over UTF-16 code units, 8 hex digits. */
function fnv(text: string, seed: number): string {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

/** Where the snapshots of one user live, and how they are found, read and written. */
export class SnapshotStore {
  constructor(readonly dir: string) {}

  /** The store of this process's user: $XDG_STATE_HOME/shellfence/trees, else ~/.local/state/shellfence/trees. */
  static forUser(env: NodeJS.ProcessEnv = process.env): SnapshotStore | null {
    const state = env.XDG_STATE_HOME && path.isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : env.HOME && path.isAbsolute(env.HOME) ? path.join(env.HOME, ".local", "state") : null;
    return state ? new SnapshotStore(path.join(state, "shellfence", "trees")) : null;
  }

  fileFor(root: string, key: string): string {
    // Not node:crypto (the hook does not load it): a clash only costs a miss, the file names its root and key.
    return path.join(this.dir, `${fnv(root, 0x811c9dc5)}${fnv(key, 0x811c9dc5)}${fnv(root + key, 0x2f3e4d5c)}.json`);
  }

  /** The snapshot of `dir` or of the nearest directory above it that has one (for this key). */
  find(dir: string, key: string): Snapshot | null {
    if (!this.privateDir()) return null;
    for (let d = dir; ; d = path.dirname(d)) {
      const s = this.read(this.fileFor(d, key), d, key);
      if (s) return s;
      if (d === "/" || d === path.dirname(d)) return null;
    }
  }

  /** Writes a snapshot (atomically: another process reads the old file or the new one). */
  write(snap: Snapshot): boolean {
    try {
      const text = JSON.stringify({ v: VERSION, root: snap.root, key: snap.key, tree: snap.tree });
      if (text.length > SNAPSHOT_MAX_BYTES) return false;
      nodeFs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      if (!this.privateDir()) return false;
      const file = this.fileFor(snap.root, snap.key);
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2, 10)}`;
      nodeFs.writeFileSync(tmp, text, { flag: "wx", mode: 0o600 });
      nodeFs.renameSync(tmp, file);
      return true;
    } catch {
      return false;
    }
  }

  /** The store's directory is this user's and nobody else may write into it. */
  private privateDir(): boolean {
    const st = nodeFs.lstatSync(this.dir, { throwIfNoEntry: false });
    return !!st && st.isDirectory() && st.uid === process.getuid?.() && (st.mode & 0o022) === 0;
  }

  private read(file: string, root: string, key: string): Snapshot | null {
    let fd: number;
    try {
      fd = nodeFs.openSync(file, nodeFs.constants.O_RDONLY | nodeFs.constants.O_NOFOLLOW | nodeFs.constants.O_NONBLOCK);
    } catch {
      return null;
    }
    try {
      const st = nodeFs.fstatSync(fd);
      if (!st.isFile() || st.uid !== process.getuid?.() || (st.mode & 0o077) !== 0) return null;
      return parseSnapshot(nodeFs.readFileSync(fd, "utf8"), root, key);
    } catch {
      return null;
    } finally {
      nodeFs.closeSync(fd);
    }
  }
}

/** A snapshot file's tree, or null when it is not one of `root` for `key` in this format (records are checked where they are used). */
export function parseSnapshot(text: string, root: string, key: string): Snapshot | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null) return null;
  const b = body as { v?: unknown; root?: unknown; key?: unknown; tree?: unknown };
  if (b.v !== VERSION || b.root !== root || b.key !== key) return null;
  const tree = usable(b.tree);
  return tree ? { key, root, tree } : null;
}

/** Puts `tree` at `dir` inside `snap` (false when the path is not recorded down to there). */
function graft(snap: Snapshot, dir: string, tree: Raw): boolean {
  const names = dir.slice((snap.root === "/" ? "/" : snap.root + "/").length).split("/");
  let r: Raw | null = usable(snap.tree);
  for (let i = 0; r && i < names.length; i++) {
    const hit = r[9].find((d) => d[0] === names[i]);
    if (!hit) return false;
    if (i === names.length - 1) {
      hit[1] = tree;
      return true;
    }
    r = usable(hit[1]);
  }
  return false;
}

/**
 * Entries the walk that records a tree first seen reads at most (after the verdict, once per
 * tree: about a second here). Bigger trees stay unknown to the one-shot path.
 */
export const RECORD_BUDGET = 250_000;

/**
 * Whole-tree scans backed by a store: the nearest snapshot's records where they still hold, a
 * listing elsewhere. A complete walk of a big tree writes its snapshot back (merged with the
 * records of directories it did not enter, which are checked again when used). A tree past the
 * verdict's budget is recorded after the answer (recordWanted), so the next process judges it.
 */
export class TreeSnapshots {
  private readonly trusted: TrustedDevices;
  private readonly wanted = new Map<string, { names: NameTest; skip: ReadonlySet<string> }>();

  constructor(
    readonly store: SnapshotStore,
    private readonly budget: number,
    private readonly sys: SnapSystem = nodeSnapSystem,
  ) {
    this.trusted = new TrustedDevices(sys);
  }

  /** The scan the classifier calls (a TreeScan). */
  readonly scan = (dir: string, names: NameTest, skip: ReadonlySet<string>, prune?: Prune): TreeFacts | null => {
    const w = this.walk(dir, names, skip, this.budget, prune);
    // Not the whole system or HOME (`grep -r x ~`): a project's tree is what is read again and again.
    if (w?.truncated && dir !== "/" && dir !== process.env.HOME && !/^\/(proc|sys|dev)(\/|$)/.test(dir)) this.wanted.set(dir, { names, skip });
    return w;
  };

  /** Records the trees scans gave up on since the last call (run it after the answer is sent). */
  recordWanted(): void {
    for (const [dir, w] of this.wanted) this.walk(dir, w.names, w.skip, RECORD_BUDGET);
    this.wanted.clear();
  }

  private walk(dir: string, names: NameTest, skip: ReadonlySet<string>, budget: number, prune?: Prune): TreeFacts | null {
    const snap = this.store.find(dir, names.key);
    const w = snapWalk(dir, names, skip, snap, budget, prune, this.sys, this.trusted);
    if (w.facts && !w.facts.truncated && w.listed > 0 && w.entries >= SNAPSHOT_MIN_ENTRIES && w.tree) {
      // Below the snapshot's root: the start's record goes in its place (the rest is kept, and checked when used).
      if (snap && snap.root !== dir) {
        if (graft(snap, dir, w.tree)) this.store.write(snap);
      } else this.store.write({ key: names.key, root: dir, tree: w.tree });
    }
    return w.facts;
  }

}
