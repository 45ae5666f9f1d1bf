// Physical path resolution for the oracle: `..` after symlinks, the way the kernel walks a path.
// The filesystem is injected (the sandbox's view mapped onto the host), so this stays testable.
import path from "node:path";

export interface FsView {
  /** Target of a symlink at this sandbox path, or null if it is not one (or does not exist). */
  readlink(p: string): string | null;
}

export interface ProcView {
  /** The cwd of a pid inside the sandbox, for /proc/<pid>/cwd; null if unknown. */
  cwdOf(pid: number): string | null;
}

/**
 * Resolves `p` (absolute or relative to `base`) segment by segment, following symlinks in every
 * segment but the last, and the last too when `followFinal`. /proc/self/cwd and /proc/<pid>/cwd
 * lead to that process's cwd, /proc/self/root to "/".
 */
export function resolvePhysical(p: string, base: string, fs: FsView, proc: ProcView, self: number, followFinal: boolean): string {
  const abs = p.startsWith("/") ? p : base.replace(/\/$/, "") + "/" + p;
  let todo = abs.split("/").filter((s) => s !== "");
  let cur = "/";
  let hops = 0;
  while (todo.length) {
    const seg = todo.shift()!;
    if (seg === ".") continue;
    if (seg === "..") {
      cur = path.posix.dirname(cur);
      continue;
    }
    const next = cur === "/" ? `/${seg}` : `${cur}/${seg}`;
    const last = todo.length === 0;
    const magic = procLink(next, proc, self);
    if (magic !== null && (!last || followFinal)) {
      cur = magic;
      continue;
    }
    const link = !last || followFinal ? fs.readlink(next) : null;
    if (link !== null && hops++ < 40) {
      todo = [...link.split("/").filter((s) => s !== ""), ...todo];
      if (link.startsWith("/")) cur = "/";
      continue;
    }
    cur = next;
  }
  return cur;
}

function procLink(p: string, proc: ProcView, self: number): string | null {
  const m = /^\/proc\/(self|thread-self|\d+)\/(cwd|root)$/.exec(p);
  if (!m) return null;
  if (m[2] === "root") return "/";
  const pid = m[1] === "self" || m[1] === "thread-self" ? self : Number(m[1]);
  return proc.cwdOf(pid);
}
