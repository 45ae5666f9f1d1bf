// Directory listings reused across verdicts while the directory provably has not changed.
//
// A recursive read or delete must see every entry below it (a `.env`, a link to ~/.ssh), and a
// listing costs four system calls and an object per entry; an lstat of the directory costs one.
// Adding, removing or renaming an entry, or replacing a symlink, changes the directory's mtime
// and ctime, so a listing stays true while (device, inode, mtime, ctime, size, link count) are
// what they were when it was taken. Two guards make that hold:
//   - settle: a listing is kept only if the directory last changed at least SETTLE_MS before
//     its lstat. Timestamps come from a coarse kernel clock, so a change made in the same tick
//     as the listing could leave the same mtime; a change made after a settled listing cannot.
//     (ctime cannot be set back from user space, so `touch -d` on the directory is seen too.)
//   - trusted filesystems: only local ones whose directory timestamps the kernel keeps (ext4,
//     xfs, btrfs, tmpfs, overlayfs, f2fs, zfs). Network and FUSE filesystems may cache or fake
//     attributes, so their directories are listed every time.
// What is kept is the names and types of entries only: never file contents, never verdicts.
import * as nodeFs from "node:fs";
import type { DirEntry } from "./fs.ts";

export const SETTLE_MS = 50;
export const MAX_DIRECTORIES = 4096;

/** statfs f_type of filesystems whose directory mtime/ctime the kernel itself maintains. */
const TRUSTED_FS_TYPES = new Set<number>([
  0xef53, // ext2/3/4
  0x58465342, // xfs
  0x9123683e, // btrfs
  0x01021994, // tmpfs
  0x794c7630, // overlayfs
  0xf2f52010, // f2fs
  0x2fc12fc1, // zfs
]);

/** What shows a directory unchanged (node's Stats has all of it). */
export interface Stamp {
  dev: number;
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
  size: number;
  nlink: number;
}

/** What the cache needs of a directory's lstat. */
export interface DirStamp extends Stamp {
  isDirectory(): boolean;
}

export function sameStamp(a: Stamp, b: Stamp): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.size === b.size && a.nlink === b.nlink;
}

export interface ListingSystem {
  lstat(p: string): DirStamp | undefined;
  list(p: string): DirEntry[];
  /** The filesystem type of the device holding `p` (statfs f_type), or null if unknown. */
  fsType(p: string): number | null;
  now(): number;
}

export const nodeListingSystem: ListingSystem = {
  lstat: (p) => nodeFs.lstatSync(p, { throwIfNoEntry: false }),
  list: (p) => nodeFs.readdirSync(p, { withFileTypes: true }).map((d) => ({ name: d.name, isDir: d.isDirectory(), isLink: d.isSymbolicLink() })),
  fsType: (p) => {
    try {
      return nodeFs.statfsSync(p).type;
    } catch {
      return null;
    }
  },
  now: () => Date.now(),
};

interface Kept extends Stamp {
  entries: readonly DirEntry[];
}

export class ListingCache {
  private readonly kept = new Map<string, Kept>();
  private readonly trusted: TrustedDevices;
  hits = 0;
  misses = 0;

  constructor(
    private readonly sys: ListingSystem = nodeListingSystem,
    private readonly max = MAX_DIRECTORIES,
  ) {
    this.trusted = new TrustedDevices(sys);
  }

  /** The entries of directory `p` (absolute), as `sys.list` would answer now. */
  list(p: string): readonly DirEntry[] {
    // Taken before the lstat: a later change is stamped no earlier than this, less one clock tick.
    const before = this.sys.now();
    let st: DirStamp | undefined;
    try {
      st = this.sys.lstat(p);
    } catch {
      st = undefined; // ENOTDIR, EACCES: let the listing itself answer (and throw)
    }
    if (!st || !st.isDirectory()) return this.sys.list(p);
    const hit = this.kept.get(p);
    if (hit && sameStamp(hit, st)) {
      this.hits++;
      // Most recently used last: the oldest is the first the bound drops.
      this.kept.delete(p);
      this.kept.set(p, hit);
      return hit.entries;
    }
    this.misses++;
    if (hit) this.kept.delete(p);
    const entries = this.sys.list(p);
    if (settledBefore(st, before) && this.trusted.keeps(st.dev, p)) {
      for (const e of entries) Object.freeze(e);
      this.kept.set(p, { dev: st.dev, ino: st.ino, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, size: st.size, nlink: st.nlink, entries: Object.freeze(entries) });
      if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    }
    return entries;
  }

  get size(): number {
    return this.kept.size;
  }
}

/** Did the directory last change at least SETTLE_MS before `before` (its listing may be kept)? */
export function settledBefore(st: Stamp, before: number): boolean {
  return before - Math.max(st.mtimeMs, st.ctimeMs) >= SETTLE_MS;
}

/** Per device: may its listings be kept (a filesystem whose directory stamps the kernel keeps)? statfs once per device. */
export class TrustedDevices {
  private readonly seen = new Map<number, boolean>();
  constructor(private readonly sys: Pick<ListingSystem, "fsType">) {}

  keeps(dev: number, p: string): boolean {
    let ok = this.seen.get(dev);
    if (ok === undefined) {
      const t = this.sys.fsType(p);
      ok = t !== null && TRUSTED_FS_TYPES.has(t);
      this.seen.set(dev, ok);
    }
    return ok;
  }
}

export const TOO_BIG_TTL_MS = 10_000;

/**
 * Trees a scan gave up on (more entries below than its limit), remembered for TOO_BIG_TTL_MS so
 * that the next scan of the same big tree (node_modules...) gives up at once. Safe when stale:
 * a scan that gives up makes the verdict as strict as anything the tree could hold (an unknown
 * read needs yolo, an unknown write or delete is never approved), so a tree that shrank since
 * only costs an approval, for a few seconds.
 */
export class TooBigMemo {
  private readonly seen = new Map<string, { limit: number; at: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = TOO_BIG_TTL_MS,
    private readonly max = 1024,
  ) {}

  /** Did a scan from `dir` find more than `limit` entries, lately? */
  exceeds(dir: string, limit: number): boolean {
    const hit = this.seen.get(dir);
    if (!hit) return false;
    if (this.now() - hit.at >= this.ttlMs) {
      this.seen.delete(dir);
      return false;
    }
    return hit.limit >= limit;
  }

  note(dir: string, limit: number): void {
    const hit = this.seen.get(dir);
    this.seen.delete(dir);
    this.seen.set(dir, { limit: Math.max(limit, hit && this.now() - hit.at < this.ttlMs ? hit.limit : 0), at: this.now() });
    if (this.seen.size > this.max) this.seen.delete(this.seen.keys().next().value!);
  }
}
