// The filesystem the analysis may consult: a minimal synchronous interface so unit tests can
// pass memfs and production passes node:fs. `null` means "no filesystem": paths are resolved
// lexically with no symlink knowledge, and the resolver compensates (see paths.ts).
import * as nodeFs from "node:fs";
import { ListingCache, TooBigMemo } from "./listings.ts";
import { WALK_BUDGET, walkTree, type TreeFacts, type TreeScan } from "./treescan.ts";

export interface StatLike {
  isSymbolicLink(): boolean;
  isDirectory(): boolean;
  /** Regular file (node and memfs stats have it); reads are refused without it. */
  isFile?(): boolean;
  size?: number;
}

export interface FsLike {
  lstatSync(p: string): StatLike;
  readlinkSync(p: string): string;
  existsSync(p: string): boolean;
  readFileSync(p: string, encoding: "utf8"): string;
  /** Optional: a file's bytes (git's index, gitindex.ts); without it such files are not read. */
  readBytes?(p: string): Uint8Array;
  /** Optional: used to find linked git worktrees. */
  readdirSync?(p: string): string[];
  /** Optional fast path: the kernel's own resolution of an existing path (realpath(3)). */
  realpathSync?(p: string): string;
  /** Optional: directory entries with their types (to look for secrets below a recursive read). */
  readdirEntries?(p: string): readonly DirEntry[];
  /**
   * Optional fast path: lstat that answers null for a missing path instead of throwing (an
   * exception costs more than the system call; most paths an agent names for writing are new).
   */
  lstatOrNull?(p: string): StatLike | null;
  /**
   * Optional: trees a scan lately gave up on, for scans in later verdicts (listings.ts
   * TooBigMemo; safe when stale: giving up is the strictest answer).
   */
  tooBig?: TooBigMemo;
  /**
   * Optional: the entries below a directory that a recursive read's verdict depends on
   * (treescan.ts), at any size. Never stale: a direct walk, or the hook daemon's watched index.
   */
  treeScan?: TreeScan;
}

export interface DirEntry {
  name: string;
  isDir: boolean;
  isLink: boolean;
}

/**
 * Listings of unchanged directories, shared by every view of the real filesystem in this
 * process (see listings.ts for when a listing may be reused).
 */
export const realListings = new ListingCache();

/** Trees too big to scan, shared by every view of the real filesystem in this process. */
export const realTooBig = new TooBigMemo();

/** node:fs behind the FsLike interface. */
export const realFs: FsLike = {
  tooBig: realTooBig,
  treeScan: (dir, names, skip, prune) => walkTree(dir, names, skip, undefined, WALK_BUDGET, prune),
  lstatSync: (p) => nodeFs.lstatSync(p),
  readlinkSync: (p) => nodeFs.readlinkSync(p, "utf8"),
  existsSync: (p) => nodeFs.existsSync(p),
  readFileSync: (p, e) => nodeFs.readFileSync(p, e),
  readBytes: (p) => nodeFs.readFileSync(p),
  readdirSync: (p) => nodeFs.readdirSync(p),
  realpathSync: (p) => nodeFs.realpathSync.native(p),
  readdirEntries: (p) => realListings.list(p),
  lstatOrNull: (p) => {
    try {
      return nodeFs.lstatSync(p, { throwIfNoEntry: false }) ?? null;
    } catch {
      return null; // ENOTDIR, EACCES...: as good as missing to the resolver
    }
  },
};

/** lstat that answers null instead of throwing (missing path, permission denied). */
export function tryLstat(fs: FsLike, p: string): StatLike | null {
  if (fs.lstatOrNull) return fs.lstatOrNull(p);
  try {
    return fs.lstatSync(p);
  } catch {
    return null;
  }
}

/**
 * A directory's entries with their types: in one call where the fs offers it, else names and
 * an lstat each (an entry gone before its lstat counts as a plain file). Throws as readdir does.
 */
export function listDir(fs: FsLike, dir: string): readonly DirEntry[] {
  if (fs.readdirEntries) return fs.readdirEntries(dir);
  return fs.readdirSync!(dir).map((name) => {
    const e = tryLstat(fs, dir === "/" ? "/" + name : dir + "/" + name);
    return { name, isDir: !!e && e.isDirectory(), isLink: !!e && e.isSymbolicLink() };
  });
}

/**
 * Reads a small regular file, or null. Never opens anything else: a FIFO would block the
 * classifier, and /dev/fd/N or /proc/self/... would be the classifier's own, not the command's.
 * A symlink is followed (the path is resolved first) only to another regular file.
 */
export function tryRead(fs: FsLike, p: string, maxBytes = 256 * 1024): string | null {
  if (/^\/(dev|proc|sys)(\/|$)/.test(p)) return null;
  if (fs.lstatOrNull && fs.lstatOrNull(p) === null) return null; // missing: no exception to pay for
  let target = p;
  try {
    if (fs.realpathSync) target = fs.realpathSync(p);
  } catch {
    return null;
  }
  if (/^\/(dev|proc|sys)(\/|$)/.test(target)) return null;
  const st = tryLstat(fs, target);
  if (!st || st.isSymbolicLink() || st.isDirectory() || typeof st.isFile !== "function" || !st.isFile()) return null;
  if (typeof st.size === "number" && st.size > maxBytes) return null;
  try {
    const t = fs.readFileSync(target, "utf8");
    return t.length > maxBytes ? null : t;
  } catch {
    return null;
  }
}

export interface MemoFs extends FsLike {
  /** Every lstat answer so far (null: missing), to seed the memo of a later step of the same view. */
  known(): Map<string, StatLike | null>;
}

/**
 * One verdict's view of the filesystem: lstat and readlink answers are remembered for the
 * length of one classify() call (the same prefixes are asked about again and again), never
 * across calls. `seed`: lstat answers already got from this same view (building its directory
 * context), so the walk does not ask again about the directories of the cwd, HOME and roots.
 */
export function memoFs(fs: FsLike, seed?: ReadonlyMap<string, StatLike | null>): MemoFs {
  return new Memo(fs, seed);
}

type Answer<T> = T | { thrown: unknown };

/** Built on every verdict: maps are made on first use (most verdicts make one or two lookups). */
class Memo implements MemoFs {
  /** lstatOrNull answers (null: missing); the seed is consulted, not copied. */
  private maybe: Map<string, StatLike | null> | null = null;
  private stats: Map<string, Answer<StatLike>> | null = null;
  private links: Map<string, Answer<string>> | null = null;
  private lists: Map<string, Answer<readonly DirEntry[]>> | null = null;
  private reals: Map<string, Answer<string>> | null = null;
  private trees: Map<string, TreeFacts | null> | null = null;
  readonly readdirSync: ((p: string) => string[]) | undefined;
  // Several scans of one command often list the same tree (a read scan and a delete scan).
  readonly readdirEntries: ((p: string) => readonly DirEntry[]) | undefined;
  readonly realpathSync: ((p: string) => string) | undefined;
  readonly tooBig: TooBigMemo | undefined;
  readonly treeScan: TreeScan | undefined;

  constructor(
    private readonly fs: FsLike,
    private readonly seed: ReadonlyMap<string, StatLike | null> | undefined,
  ) {
    this.readdirSync = fs.readdirSync ? (p) => fs.readdirSync!(p) : undefined;
    this.readdirEntries = fs.readdirEntries ? (p) => settle((this.lists ??= new Map()), p, () => fs.readdirEntries!(p)) : undefined;
    this.realpathSync = fs.realpathSync ? (p) => settle((this.reals ??= new Map()), p, () => fs.realpathSync!(p)) : undefined;
    this.tooBig = fs.tooBig;
    // A tree's facts for this verdict (the same read may be judged more than once).
    this.treeScan = fs.treeScan
      ? (dir, names, skip, prune) => {
          const key = names.key + "\u0000" + dir + "\u0000" + [...skip].sort().join("\u0000") + "\u0000" + (prune?.key ?? "");
          const m = (this.trees ??= new Map());
          if (!m.has(key)) m.set(key, fs.treeScan!(dir, names, skip, prune));
          return m.get(key)!;
        }
      : undefined;
  }

  known(): Map<string, StatLike | null> {
    const out = new Map(this.seed);
    if (this.maybe) for (const [p, r] of this.maybe) out.set(p, r);
    if (this.stats) for (const [p, r] of this.stats) if (!isThrown(r)) out.set(p, r);
    return out;
  }

  // A seeded or earlier stat answers; a miss asks again, for the real error to throw.
  lstatSync(p: string): StatLike {
    const known = this.maybe?.get(p) ?? this.seed?.get(p);
    if (known) return known;
    return settle((this.stats ??= new Map()), p, () => this.fs.lstatSync(p));
  }

  lstatOrNull(p: string): StatLike | null {
    let r = this.maybe?.get(p);
    if (r === undefined && this.seed) r = this.seed.get(p);
    if (r === undefined) {
      const hit = this.stats?.get(p);
      r = hit === undefined ? tryLstat(this.fs, p) : isThrown(hit) ? null : hit;
      (this.maybe ??= new Map()).set(p, r);
    }
    return r;
  }

  readlinkSync(p: string): string {
    return settle((this.links ??= new Map()), p, () => this.fs.readlinkSync(p));
  }

  existsSync(p: string): boolean {
    return this.fs.existsSync(p);
  }

  readFileSync(p: string, e: "utf8"): string {
    return this.fs.readFileSync(p, e);
  }

  get readBytes(): ((p: string) => Uint8Array) | undefined {
    const f = this.fs.readBytes;
    return f ? (p) => f.call(this.fs, p) : undefined;
  }
}

function isThrown<T>(a: Answer<T>): a is { thrown: unknown } {
  return typeof a === "object" && a !== null && "thrown" in a;
}

/** `f()` for `p`, its answer (or what it threw) remembered in `m`. */
function settle<T>(m: Map<string, Answer<T>>, p: string, f: () => T): T {
  let r = m.get(p);
  if (r === undefined) {
    try {
      r = f();
    } catch (e) {
      r = { thrown: e };
    }
    m.set(p, r);
  }
  if (isThrown(r)) throw r.thrown;
  return r;
}
