// The paths git's index tracks as regular files: what `git grep` reads (without --untracked or
// --no-index it reads the working tree's copy of each tracked regular file, and never a symlink:
// observed). Parsed from the index file read for this verdict, so it is as fresh as the file.
// Versions 2, 3 and 4 of the format; a split index (`link`), a sparse index (directory entries)
// or anything else not understood answers null, and the caller judges the whole tree instead.

import { sameStamp, settledBefore, type Stamp } from "./listings.ts";

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;

/** Tracked regular files (paths relative to the work tree), or null when the index is not understood. */
export function trackedFiles(buf: Uint8Array, hashBytes = 20): string[] | null {
  const n = buf.length;
  if (n < 12 + hashBytes) return null;
  const u32 = (o: number) => ((buf[o]! << 24) | (buf[o + 1]! << 16) | (buf[o + 2]! << 8) | buf[o + 3]!) >>> 0;
  const u16 = (o: number) => (buf[o]! << 8) | buf[o + 1]!;
  if (buf[0] !== 0x44 || buf[1] !== 0x49 || buf[2] !== 0x52 || buf[3] !== 0x43) return null; // "DIRC"
  const version = u32(4);
  if (version < 2 || version > 4) return null;
  const count = u32(8);
  const dec = new TextDecoder("utf-8", { fatal: true });
  const out: string[] = [];
  let o = 12;
  let prev: Uint8Array = new Uint8Array(0);
  try {
    for (let k = 0; k < count; k++) {
      const start = o;
      if (o + 40 + hashBytes + 2 > n) return null;
      const mode = u32(o + 24);
      o += 40 + hashBytes;
      const flags = u16(o);
      o += 2;
      if (flags & 0x4000) {
        if (version < 3) return null;
        o += 2;
      }
      let name: Uint8Array;
      if (version === 4) {
        // varint: bytes to drop from the previous path, then the rest, NUL-terminated
        let b = buf[o++]!;
        let drop = b & 0x7f;
        while (b & 0x80) {
          b = buf[o++]!;
          drop = ((drop + 1) << 7) | (b & 0x7f);
        }
        const end = buf.indexOf(0, o);
        if (end < 0 || drop > prev.length) return null;
        const rest = buf.subarray(o, end);
        name = new Uint8Array(prev.length - drop + rest.length);
        name.set(prev.subarray(0, prev.length - drop));
        name.set(rest, prev.length - drop);
        o = end + 1;
      } else {
        const end = buf.indexOf(0, o);
        if (end < 0) return null;
        name = buf.subarray(o, end);
        // 1 to 8 NULs pad the entry to a multiple of 8 bytes
        o = start + ((end - start + 8) & ~7);
      }
      prev = name;
      const path = dec.decode(name);
      if ((mode & S_IFMT) === 0o040000) return null; // a sparse index's directory entry
      if ((mode & S_IFMT) === S_IFREG) out.push(path);
    }
    // Extensions: a split index keeps entries elsewhere.
    while (o + 8 <= n - hashBytes) {
      const sig = String.fromCharCode(buf[o]!, buf[o + 1]!, buf[o + 2]!, buf[o + 3]!);
      if (sig === "link" || sig === "sdir") return null;
      o += 8 + u32(o + 4);
    }
  } catch {
    return null; // a path that is not UTF-8
  }
  return out;
}

/** What a scan needs of one index: the tracked files below which some name is special. */
interface Parsed {
  bytes: Uint8Array;
  files: string[] | null;
  /** Per name test (by key): the tracked files with a special segment. */
  special: Map<string, string[]>;
  /** The file's stamp when it was read, if it had settled then (listings.ts: the same rule). */
  stamp: Stamp | null;
}

/**
 * Indexes parsed lately. One is reused without reading the file again while its stamp (device,
 * inode, mtime, ctime, size) is what it was and the file had last changed SETTLE_MS before it
 * was read (the listing cache's rule: git replaces the index by a rename, and ctime cannot be set
 * back); otherwise the file is read, and its parse reused only for the very same bytes (compared
 * in full: git does not check the index's own checksum, so that proves nothing).
 */
export class TrackedFilesCache {
  private readonly kept = new Map<string, Parsed>();
  constructor(
    private readonly max = 4,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Tracked regular files of the index at `file` with a segment `test` singles out (null: not
   * understood). `stat` is the file's lstat now (its stamp fields, when the view has them).
   */
  special(file: string, stat: Partial<Stamp> | null, read: () => Uint8Array, test: { test(name: string): boolean; key: string }): string[] | null {
    const before = this.now();
    const stamp = stat && isStamp(stat) ? stat : null;
    let p = this.kept.get(file);
    if (!(p && stamp && p.stamp && sameStamp(p.stamp, stamp))) {
      const bytes = read();
      if (!p || !sameBytes(p.bytes, bytes)) p = { bytes, files: trackedFiles(bytes), special: new Map(), stamp: null };
      p.stamp = stamp && settledBefore(stamp, before) ? { dev: stamp.dev, ino: stamp.ino, mtimeMs: stamp.mtimeMs, ctimeMs: stamp.ctimeMs, size: stamp.size, nlink: stamp.nlink } : null;
      this.kept.delete(file);
      this.kept.set(file, p);
      if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    }
    if (!p.files) return null;
    let hit = p.special.get(test.key);
    if (!hit) p.special.set(test.key, (hit = withSpecialSegment(p.files, test)));
    return hit;
  }
}

function isStamp(s: Partial<Stamp>): s is Stamp {
  return [s.dev, s.ino, s.mtimeMs, s.ctimeMs, s.size, s.nlink].every((x) => typeof x === "number");
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
}

/** The files with a segment `test` singles out; files of one directory come together (the index is sorted), its segments tested once. */
export function withSpecialSegment(files: readonly string[], test: { test(name: string): boolean }): string[] {
  const out: string[] = [];
  let lastDir = "";
  let dirSpecial = false;
  for (const f of files) {
    const slash = f.lastIndexOf("/");
    const dir = slash < 0 ? "" : f.slice(0, slash);
    if (dir !== lastDir) {
      lastDir = dir;
      dirSpecial = dir !== "" && dir.split("/").some((seg) => test.test(seg));
    }
    if (dirSpecial || test.test(f.slice(slash + 1))) out.push(f);
  }
  return out;
}
