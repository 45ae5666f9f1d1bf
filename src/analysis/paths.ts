// Where a path really lands. With a filesystem, the path is walked segment by segment the way
// the kernel does it: each symlink is replaced by its target before the next segment, so
// `link/..` is the parent of the link's target, never a string cancellation. Without one
// (fs = null) the resolver is lexical and refuses what it cannot prove: a `..` after a named
// segment (that segment could be a symlink) makes the path unresolvable.
import path from "node:path";
import { tryLstat, type FsLike } from "./fs.ts";

export type Resolved =
  | { ok: true; path: string; /** null: no filesystem to ask */ exists: boolean | null; isDir: boolean | null }
  | { ok: false; why: string };

const MAX_LINKS = 40;

const REALPATH_MIN_SEGMENTS = 5;

function segments(p: string): number {
  let n = 0;
  for (let i = 0; i < p.length; i++) if (p.charCodeAt(i) === 47 && i + 1 < p.length && p.charCodeAt(i + 1) !== 47) n++;
  return n;
}

/** `//`, a `.` or `..` segment, or a trailing slash after something. */
const NOT_NORMAL = /\/\/|\/\.{1,2}(\/|$)|.\/$/;

/** Lexical normalisation of an absolute path (no trailing slash, no `.`/`..`). */
export function lexical(p: string): string {
  // Most paths are already normal; path.posix.normalize walks every character of them.
  if (p.startsWith("/") && !NOT_NORMAL.test(p)) return p;
  const n = path.posix.normalize(p);
  return n.length > 1 && n.endsWith("/") ? n.slice(0, -1) : n;
}

/** Paths under these are kernel objects whose symlinks mean something per process: never followed. */
function isVirtual(p: string): boolean {
  return p === "/proc" || p.startsWith("/proc/") || p === "/dev" || p.startsWith("/dev/");
}

/**
 * Resolves `rel` against the absolute physical directory `base` (rel may be absolute).
 * `followFinal`: follow a symlink in the last segment (open/exec/write do; unlink/rename do not).
 */
export function resolvePath(fs: FsLike | null, base: string, rel: string, followFinal: boolean): Resolved {
  if (!rel.startsWith("/") && isVirtual(base)) return { ok: true, path: lexical(base + "/" + rel), exists: null, isDir: null };
  const abs = rel.startsWith("/") ? rel : base === "/" ? "/" + rel : base + "/" + rel;
  if (!fs) {
    // Leading `..` of a relative path climbs the (physical) base; any other `..` follows a
    // segment that might be a symlink.
    const segs = rel.includes("..") ? rel.split("/").filter((s) => s !== "" && s !== ".") : [];
    let named = false;
    for (const s of segs) {
      if (s === "..") {
        if (named) return { ok: false, why: `\`..\` after a named segment in \`${rel}\` cannot be resolved without a filesystem (it may follow a symlink)` };
      } else named = true;
    }
    return { ok: true, path: lexical(abs), exists: null, isDir: null };
  }
  // Fast path: an existing path resolved by the kernel's rules in one call (symlinks and `..`
  // segment by segment, exactly as open(2) would).
  // (A relative path without `..` is cheaper walked from the already-physical base: one lstat
  // per segment of its own, where realpath(3) would lstat every segment from the root.)
  // realpath(3) costs about two lstats here, and walking a short path from `/` costs one lstat
  // per segment, the first ones usually remembered (the cwd's, HOME's): only deep paths gain.
  if (fs.realpathSync && !isVirtual(abs) && (rel.startsWith("/") || rel.includes("..")) && segments(abs) >= REALPATH_MIN_SEGMENTS) {
    const fast = realpathFast(fs, abs, followFinal);
    if (fast) return fast;
  }
  // The base is already physical (every base comes out of this resolver): only the relative
  // part needs walking, which saves an lstat per segment of the base.
  let queue = rel.startsWith("/") ? abs.split("/") : rel.split("/");
  let i = 0;
  let cur = rel.startsWith("/") ? "/" : base;
  let links = 0;
  let lastStat: ReturnType<typeof tryLstat> = null;
  /** `cur` itself failed to lstat (missing, not a directory's child, not searchable). */
  let absent = false;
  while (i < queue.length) {
    const seg = queue[i]!;
    let last = true;
    for (let k = i + 1; k < queue.length && last; k++) last = queue[k] === "" || queue[k] === ".";
    if (seg === "" || seg === ".") {
      i++;
      continue;
    }
    if (seg === "..") {
      cur = path.posix.dirname(cur);
      lastStat = tryLstat(fs, cur);
      absent = lastStat === null && cur !== "/";
      i++;
      continue;
    }
    const next = cur === "/" ? "/" + seg : cur + "/" + seg;
    if (isVirtual(next)) {
      // Kernel trees: keep the rest lexical (the regions table places them).
      const rest = queue.slice(i + 1).join("/");
      return { ok: true, path: lexical(rest ? next + "/" + rest : next), exists: null, isDir: null };
    }
    // Below a path that failed to lstat, every lstat fails the same way: no need to ask.
    const st = absent ? null : tryLstat(fs, next);
    if (st && st.isSymbolicLink() && (!last || followFinal)) {
      if (++links > MAX_LINKS) return { ok: false, why: `too many symlinks while resolving \`${abs}\`` };
      let target: string;
      try {
        target = fs.readlinkSync(next);
      } catch {
        return { ok: false, why: `cannot read the symlink \`${next}\`` };
      }
      queue = [...target.split("/"), ...queue.slice(i + 1)];
      if (target.startsWith("/")) cur = "/";
      i = 0;
      continue;
    }
    lastStat = st;
    absent = st === null;
    cur = next;
    i++;
  }
  if (cur === "/") lastStat = tryLstat(fs, "/");
  return { ok: true, path: cur, exists: lastStat !== null, isDir: lastStat ? lastStat.isDirectory() : false };
}

/**
 * The directory resolved in one call and the last segment lstat'ed as written: no exception
 * for the common missing last segment (a file about to be created). A symlink in the last
 * segment is followed with one more call when `followFinal`; a dangling one gives null (the
 * segment walk says where it points).
 */
function throughParent(fs: FsLike, abs: string, followFinal: boolean): Resolved | null {
  const trimmed = abs.replace(/\/+$/, "");
  const slash = trimmed.lastIndexOf("/");
  const last = trimmed.slice(slash + 1);
  if (last === "" || last === "." || last === "..") return null;
  const dir = fs.realpathSync!(slash <= 0 ? "/" : trimmed.slice(0, slash));
  if (isVirtual(dir)) return null;
  const p = dir === "/" ? "/" + last : dir + "/" + last;
  const st = tryLstat(fs, p);
  if (st && st.isSymbolicLink()) {
    if (!followFinal) return { ok: true, path: p, exists: true, isDir: false };
    const real = fs.realpathSync!(p);
    return isVirtual(real) ? null : { ok: true, path: real, exists: true, isDir: null };
  }
  return { ok: true, path: p, exists: st !== null, isDir: st ? st.isDirectory() : false };
}

function realpathFast(fs: FsLike, abs: string, followFinal: boolean): Resolved | null {
  try {
    const viaParent = throughParent(fs, abs, followFinal);
    if (viaParent) return viaParent;
    // A last segment of `.` or `..`: the kernel's answer for the whole path.
    const p = fs.realpathSync!(abs);
    return isVirtual(p) ? null : { ok: true, path: p, exists: true, isDir: null };
  } catch {
    return null; // missing somewhere, or a dangling link: the segment walk handles it
  }
}

/** The literal directory prefix of a glob pattern (the part before the first segment with a glob character). */
export function globPrefix(pattern: string): { prefix: string; dotdot: boolean; rest: string[] } {
  // Patterns escape quoted special characters with a backslash (`"a*"` is `a\*`).
  const segs = pattern.split("/");
  const out: string[] = [];
  let dotdot = false;
  let i = 0;
  for (; i < segs.length; i++) {
    const s = segs[i]!;
    if (/(^|[^\\])[*?[(]/.test(s)) {
      // `.*` / `.?` can match `..` in bashes before 5.2's globskipdots: cover the parent too.
      if (/^\.[*?[]/.test(s)) dotdot = true;
      break;
    }
    out.push(s.replace(/\\(.)/g, "$1"));
  }
  const prefix = out.join("/");
  return { prefix: prefix === "" ? (pattern.startsWith("/") ? "/" : ".") : prefix, dotdot, rest: segs.slice(i).filter((x) => x !== "") };
}

/**
 * One glob segment as a regular expression over a file name: `*` and `?` never match a leading
 * dot (bash without dotglob) unless `dot`; anything this does not understand matches every name.
 */
export function segmentRegExp(seg: string, dot = false): RegExp {
  if (/[(]/.test(seg)) return /^.*$/; // extglob: be broad
  const lead = dot ? "" : "(?!\\.)";
  let re = "";
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i]!;
    if (c === "\\" && i + 1 < seg.length) re += seg[++i]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (c === "*") re += i === 0 ? lead + "[^/]*" : "[^/]*";
    else if (c === "?") re += i === 0 ? lead + "[^/]" : "[^/]";
    else if (c === "[") {
      const close = seg.indexOf("]", i + 2);
      if (close < 0) return /^.*$/;
      re += "[^/]"; // any one character: broad, never narrower than bash
      i = close;
    } else re += c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp("^" + re + "$");
}
