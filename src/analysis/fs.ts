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
}

/** node:fs behind the FsLike interface. */
export const realFs: FsLike = {
  lstatSync: (p) => nodeFs.lstatSync(p),
  readlinkSync: (p) => nodeFs.readlinkSync(p, "utf8"),
  existsSync: (p) => nodeFs.existsSync(p),
  readFileSync: (p, e) => nodeFs.readFileSync(p, e),
  readdirSync: (p) => nodeFs.readdirSync(p),
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
