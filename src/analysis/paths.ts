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

/** Lexical normalisation of an absolute path (no trailing slash, no `.`/`..`). */
export function lexical(p: string): string {
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
  const abs = rel.startsWith("/") ? rel : base === "/" ? "/" + rel : base + "/" + rel;
  if (!fs) {
    // Leading `..` of a relative path climbs the (physical) base; any other `..` follows a
    // segment that might be a symlink.
    const segs = rel.split("/").filter((s) => s !== "" && s !== ".");
    let named = false;
    for (const s of segs) {
      if (s === "..") {
        if (named) return { ok: false, why: `\`..\` after a named segment in \`${rel}\` cannot be resolved without a filesystem (it may follow a symlink)` };
      } else named = true;
    }
    return { ok: true, path: lexical(abs), exists: null, isDir: null };
  }
  let queue = abs.split("/");
  let i = 0;
  let cur = "/";
  let links = 0;
  let lastStat: ReturnType<typeof tryLstat> = null;
  while (i < queue.length) {
    const seg = queue[i]!;
    const last = queue.slice(i + 1).every((s) => s === "" || s === ".");
    if (seg === "" || seg === ".") {
      i++;
      continue;
    }
    if (seg === "..") {
      cur = path.posix.dirname(cur);
      lastStat = tryLstat(fs, cur);
      i++;
      continue;
    }
    const next = cur === "/" ? "/" + seg : cur + "/" + seg;
    if (isVirtual(next)) {
      // Kernel trees: keep the rest lexical (the regions table places them).
      const rest = queue.slice(i + 1).join("/");
      return { ok: true, path: lexical(rest ? next + "/" + rest : next), exists: null, isDir: null };
    }
    const st = tryLstat(fs, next);
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
    cur = next;
    i++;
  }
  if (cur === "/") lastStat = tryLstat(fs, "/");
  return { ok: true, path: cur, exists: lastStat !== null, isDir: lastStat ? lastStat.isDirectory() : false };
}

/** The literal directory prefix of a glob pattern (the part before the first segment with a glob character). */
export function globPrefix(pattern: string): { prefix: string; dotdot: boolean } {
  // Patterns escape quoted special characters with a backslash (`"a*"` is `a\*`).
  const segs = pattern.split("/");
  const out: string[] = [];
  let dotdot = false;
  for (const s of segs) {
    if (/(^|[^\\])[*?[(]/.test(s)) {
      // `.*` / `.?` can match `..` in bashes before 5.2's globskipdots: cover the parent too.
      if (/^\.[*?[]/.test(s)) dotdot = true;
      break;
    }
    out.push(s.replace(/\\(.)/g, "$1"));
  }
  const prefix = out.join("/");
  return { prefix: prefix === "" ? (pattern.startsWith("/") ? "/" : ".") : prefix, dotdot };
}
