// The effect / locus / level vocabulary shared by the classifier and the sandbox oracle.

export const OPS = [
  "read",
  "write",
  "delete",
  "exec",
  "net-fetch",
  "net-send",
  "privilege",
  "process",
  "install",
  "config",
] as const;
export type Op = (typeof OPS)[number];

export const LOCI = [
  "none",
  "stream",
  "tmp",
  "worktree",
  "vcs-control",
  "adjacent",
  "user-config",
  "tool-log",
  "toolchain",
  "toolchain-code",
  "home",
  "secret",
  "self",
  "system",
  "device",
  "kernel",
  "unknown",
] as const;
export type Locus = (typeof LOCI)[number];

export const LEVELS = [
  "paranoid",
  "reader",
  "editor",
  "developer",
  "local-admin",
  "network-admin",
  "yolo",
] as const;
export type Level = (typeof LEVELS)[number];
/** What an effect or a command needs: a level, or "never" (only the human may approve). */
export type Need = Level | "never";

export const DEFAULT_LEVEL: Level = "developer";

/**
 * Qualifiers that change which level an effect needs. Closed set so a typo cannot silently
 * fall through to a broad rule.
 *  exec:      project-code (scripts, tests, builds in the worktree), inline-code (`python -c`),
 *             foreign-code (a script outside the worktree), downloaded-code (`curl | sh`),
 *             remote (ssh host cmd), unmodelled (we cannot say what runs)
 *  net-fetch: literal-url, computed-url
 *  net-send:  loopback (a request to a literal localhost, 127.0.0.0/8 or [::1] http(s) URL)
 *  install:   pinned-scripts-off, project (runs package scripts), global
 *  delete:    unbounded (rm -rf of HOME, /, or a whole top-level tree)
 *  write:     git-dir-link (a command that can make symlinks writes in a project's git dir,
 *             or unpacks a tree over one, or git checks a tree out there; tree scans do not
 *             look there). Also on deletes (mv's destination).
 */
export const KINDS = [
  "project-code",
  "inline-code",
  "foreign-code",
  "downloaded-code",
  "remote",
  "unmodelled",
  "literal-url",
  "computed-url",
  "loopback",
  "pinned-scripts-off",
  "project",
  "global",
  "unbounded",
  "git-dir-link",
] as const;
export type Kind = (typeof KINDS)[number];

/** Which part of the command produced an effect (for `explain`). */
export interface Source {
  pos: number;
  end: number;
  text: string;
}

export interface Effect {
  op: Op;
  locus: Locus;
  /** Resolved path, URL, host or program; "" when not applicable. */
  target: string;
  kind?: Kind;
  source?: Source;
  /** Observed inside a trusted-code process (sandbox oracle only). */
  via?: "trusted-code";
}
