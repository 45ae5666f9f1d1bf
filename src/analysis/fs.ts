// The filesystem the analysis may consult: a minimal synchronous interface so unit tests can
// pass memfs and production passes node:fs. `null` means "no filesystem": paths are resolved
// lexically with no symlink knowledge, and the resolver compensates (see paths.ts).
import * as nodeFs from "node:fs";

export interface StatLike {
  isSymbolicLink(): boolean;
  isDirectory(): boolean;
}

export interface FsLike {
  lstatSync(p: string): StatLike;
  readlinkSync(p: string): string;
  existsSync(p: string): boolean;
  readFileSync(p: string, encoding: "utf8"): string;
  /** Optional: used to find linked git worktrees. */
  readdirSync?(p: string): string[];
  /** Optional fast path: the kernel's own resolution of an existing path (realpath(3)). */
  realpathSync?(p: string): string;
  /** Optional: directory entries with their types (to look for secrets below a recursive read). */
  readdirEntries?(p: string): DirEntry[];
}

export interface DirEntry {
  name: string;
  isDir: boolean;
  isLink: boolean;
}

/** node:fs behind the FsLike interface. */
export const realFs: FsLike = {
  lstatSync: (p) => nodeFs.lstatSync(p),
  readlinkSync: (p) => nodeFs.readlinkSync(p, "utf8"),
  existsSync: (p) => nodeFs.existsSync(p),
  readFileSync: (p, e) => nodeFs.readFileSync(p, e),
  readdirSync: (p) => nodeFs.readdirSync(p),
  realpathSync: (p) => nodeFs.realpathSync.native(p),
  readdirEntries: (p) => nodeFs.readdirSync(p, { withFileTypes: true }).map((d) => ({ name: d.name, isDir: d.isDirectory(), isLink: d.isSymbolicLink() })),
};

/** lstat that answers null instead of throwing (missing path, permission denied). */
export function tryLstat(fs: FsLike, p: string): StatLike | null {
  try {
    return fs.lstatSync(p);
  } catch {
    return null;
  }
}

export function tryRead(fs: FsLike, p: string): string | null {
  try {
    return fs.readFileSync(p, "utf8");
  } catch {
    return null;
  }
}

/**
 * One verdict's view of the filesystem: lstat and readlink answers are remembered for the
 * length of one classify() call (the same prefixes are asked about again and again), never
 * across calls.
 */
export function memoFs(fs: FsLike): FsLike {
  const stats = new Map<string, StatLike | Error>();
  const reals = new Map<string, string | Error>();
  const links = new Map<string, string | Error>();
  return {
    lstatSync(p) {
      let r = stats.get(p);
      if (r === undefined) {
        try {
          r = fs.lstatSync(p);
        } catch (e) {
          r = e as Error;
        }
        stats.set(p, r);
      }
      if (r instanceof Error) throw r;
      return r;
    },
    readlinkSync(p) {
      let r = links.get(p);
      if (r === undefined) {
        try {
          r = fs.readlinkSync(p);
        } catch (e) {
          r = e as Error;
        }
        links.set(p, r);
      }
      if (r instanceof Error) throw r;
      return r;
    },
    existsSync: (p) => fs.existsSync(p),
    readFileSync: (p, e) => fs.readFileSync(p, e),
    ...(fs.readdirSync ? { readdirSync: (p: string) => fs.readdirSync!(p) } : {}),
    ...(fs.readdirEntries ? { readdirEntries: (p: string) => fs.readdirEntries!(p) } : {}),
    ...(fs.realpathSync
      ? {
          realpathSync(p: string) {
            let r = reals.get(p);
            if (r === undefined) {
              try {
                r = fs.realpathSync!(p);
              } catch (e) {
                r = e as Error;
              }
              reals.set(p, r);
            }
            if (r instanceof Error) throw r;
            return r;
          },
        }
      : {}),
  };
}
