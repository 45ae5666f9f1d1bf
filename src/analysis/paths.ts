// Where a path really lands. With a filesystem, the path is walked segment by segment the way
// the kernel does it: each symlink is replaced by its target before the next segment, so
// `link/..` is the parent of the link's target, never a string cancellation. Without one
// (fs = null) the resolver is lexical and refuses what it cannot prove: a `..` after a named
// segment (that segment could be a symlink) makes the path unresolvable.
import path from "node:path";
import { tryLstat, type FsLike } from "./fs.ts";

export type Resolved =
  | { ok: true; path: string; /** null: no filesystem to ask */ exists: boolean | null; isDir: boolean | null }
  | {
      ok: false;
      why: string;
      /**
       * The path went through `/proc/self/cwd` (or a thread's) and no working directory was
       * given: the rest, relative to the command's own working directory, for the caller to
       * place from each of its bases.
       */
      cwdRest?: string;
    };

const MAX_LINKS = 40;

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
 * The per-process links of /proc, read from the segments after `/proc` (`segs[i]` is the pid):
 * `cwd` and `root` of the command's own process (`self`, `thread-self`, one of its `task/TID`)
 * are its working directory and `/`; the same links of another process, and what a descriptor
 * (`fd/N`, `map_files/X`) leads to below it, are unknown. `next` is the index after the link.
 * null: nothing per process to follow (the regions table places the path as written).
 */
export function procLink(segs: readonly string[], i: number): { t: "cwd" | "root"; next: number } | { t: "unknown"; why: string } | null {
  const at = (k: number) => {
    while (k < segs.length && (segs[k] === "" || segs[k] === ".")) k++;
    return k;
  };
  let k = at(i);
  const pid = segs[k];
  if (pid === undefined) return null;
  const own = pid === "self" || pid === "thread-self";
  if (!own && !/^\d+$/.test(pid)) return null;
  k = at(k + 1);
  let name = segs[k];
  if (name === "task" && pid !== "thread-self") {
    k = at(k + 1);
    if (segs[k] === undefined || segs[k] === "..") return null;
    k = at(k + 1);
    name = segs[k];
  }
  if (name === "cwd" || name === "root") {
    if (!own) return { t: "unknown", why: `\`/proc/${pid}/...${name}\` is another process's ${name === "cwd" ? "working directory" : "root"}` };
    return { t: name, next: k + 1 };
  }
  if (name === "fd" || name === "map_files" || name === "fdinfo") {
    const n = at(k + 1);
    if (segs[n] === undefined || segs[n] === "..") return null;
    if (!own && name !== "fdinfo") return { t: "unknown", why: `\`/proc/${pid}/${name}/${segs[n]}\` is what another process has open` };
    if (at(n + 1) < segs.length && segs[at(n + 1)] !== "..") return { t: "unknown", why: `a path below \`/proc/${pid}/${name}/${segs[n]}\` goes wherever that descriptor is open` };
  }
  return null;
}

/**
 * Resolves `rel` against the absolute physical directory `base` (rel may be absolute).
 * `followFinal`: follow a symlink in the last segment (open/exec/write do; unlink/rename do not).
 * `procCwd`: the working directory `/proc/self/cwd` stands for (the process opening the path);
 * without it such a path is not resolved here (see `cwdRest`).
 * The kernel's realpath(3) is never used: a symlink into /proc would be resolved against the
 * classifier's own process, not the command's.
 */
export function resolvePath(fs: FsLike | null, base: string, rel: string, followFinal: boolean, procCwd?: string): Resolved {
  const through = (via: NonNullable<ReturnType<typeof viaProc>>): Resolved => {
    if (via.t === "rest") return resolvePath(fs, "/", via.rel, followFinal, procCwd);
    if (!via.r.ok && via.r.cwdRest !== undefined && procCwd !== undefined) return resolvePath(fs, procCwd, via.r.cwdRest || ".", followFinal, procCwd);
    return via.r;
  };
  if (!rel.startsWith("/") && isVirtual(base)) {
    const via = viaProc(base + "/" + rel);
    if (via) return through(via);
    return { ok: true, path: lexical(base + "/" + rel), exists: null, isDir: null };
  }
  const abs = rel.startsWith("/") ? rel : base === "/" ? "/" + rel : base + "/" + rel;
  if (!fs) {
    if (abs.startsWith("/proc/")) {
      const via = viaProc(abs);
      if (via) return through(via);
    }
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
    if (next === "/proc") {
      // The command's own /proc links lead on: `root` to `/`, `cwd` to its working directory.
      const link = procLink(queue, i + 1);
      if (link?.t === "unknown") return { ok: false, why: link.why };
      if (link) {
        if (++links > MAX_LINKS) return { ok: false, why: `too many symlinks while resolving \`${abs}\`` };
        if (link.t === "cwd" && procCwd === undefined) return { ok: false, why: `\`${abs}\` goes through the command's working directory`, cwdRest: queue.slice(link.next).join("/") };
        queue = queue.slice(link.next);
        i = 0;
        cur = link.t === "root" ? "/" : procCwd!;
        lastStat = tryLstat(fs, cur);
        absent = lastStat === null && cur !== "/";
        continue;
      }
    }
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

/** An absolute path through the command's own /proc links, re-rooted; null when there is none. */
function viaProc(abs: string): { t: "rest"; rel: string } | { t: "done"; r: Resolved } | null {
  const segs = abs.split("/");
  let k = 1;
  while (segs[k] === "" || segs[k] === ".") k++;
  if (segs[k] !== "proc") return null;
  const link = procLink(segs, k + 1);
  if (!link) return null;
  if (link.t === "unknown") return { t: "done", r: { ok: false, why: link.why } };
  const rest = segs.slice(link.next).join("/");
  if (link.t === "root") return { t: "rest", rel: "/" + rest };
  return { t: "done", r: { ok: false, why: `\`${abs}\` goes through the command's working directory`, cwdRest: rest } };
}

/** Has an unescaped glob character (a pattern as the word model writes it: `"a*"` is `a\*`). */
export function hasGlob(p: string): boolean {
  return /(^|[^\\])[*?[(]/.test(p);
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
 * dot (bash without dotglob) unless `dot`; `nocase` (nocaseglob) ignores case. Anything this does
 * not understand matches every name.
 */
export function segmentRegExp(seg: string, opts: boolean | { dot?: boolean; nocase?: boolean } = false): RegExp {
  const dot = typeof opts === "boolean" ? opts : opts.dot === true;
  const flags = typeof opts === "object" && opts.nocase ? "i" : "";
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
  return new RegExp("^" + re + "$", flags);
}
