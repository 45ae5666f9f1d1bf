// From raw handler records to ExecutedCommand: fd targets made stable across runs (temp paths
// relative to the work dir, pipe inodes renumbered), env reduced to what the command changed.
// Pure.

import path from "node:path";
import { strictUtf8, type RawRecord } from "./decode.ts";
import type { ExecutedCommand } from "./types.ts";

export interface RunLayout {
  /** Temp root; everything the run may touch lives below it. */
  root: string;
  /** The command's cwd (empty at start). */
  work: string;
  /** TMPDIR: where bash puts heredoc temp files. */
  tmp: string;
  stdin: string;
  stdout: string;
  stderr: string;
}

/** Numbers kernel objects (pipes, sockets) in order of first sight, shared across one run. */
export class ObjectNumbering {
  private readonly ids = new Map<string, number>();
  id(kind: string, inode: string): string {
    const key = `${kind}:${inode}`;
    let n = this.ids.get(key);
    if (n === undefined) {
      n = this.ids.size + 1;
      this.ids.set(key, n);
    }
    return `${kind}:${n}`;
  }
}

export function normalizeTarget(target: string, layout: RunLayout, numbering: ObjectNumbering): string {
  const obj = /^(pipe|socket|anon_inode):\[?([^\]]*)\]?$/.exec(target);
  if (obj) return numbering.id(obj[1]!, obj[2]!);
  if (target === layout.stdin) return "<stdin>";
  if (target === layout.stdout) return "<stdout>";
  if (target === layout.stderr) return "<stderr>";
  const deleted = target.endsWith(" (deleted)");
  const bare = deleted ? target.slice(0, -" (deleted)".length) : target;
  if (bare === layout.tmp || bare.startsWith(layout.tmp + "/")) return "heredoc";
  if (bare === layout.work || bare.startsWith(layout.work + "/") || bare.startsWith(layout.root + "/")) {
    const rel = path.relative(layout.work, bare) || ".";
    return deleted ? `${rel} (deleted)` : rel;
  }
  return target;
}

/** Env keys the harness itself sets on the handler's perl; never the command's doing. */
export const HARNESS_ENV_KEYS = new Set([
  "PERL5OPT",
  "PERL5LIB",
  "PERL5DB",
  "PERLLIB",
  "PERLIO",
  "PERL_UNICODE",
  "LD_PRELOAD",
  "LD_LIBRARY_PATH",
  "LD_AUDIT",
  // bash maintains these itself.
  "_",
  "SHLVL",
  "PWD",
  "OLDPWD",
]);

export function toExecuted(
  rec: RawRecord,
  layout: RunLayout,
  numbering: ObjectNumbering,
  baseEnv: Record<string, string>,
): ExecutedCommand {
  const decoded = rec.argv.map(strictUtf8);
  const fds: Record<number, string> = {};
  const fdModes: Record<number, string> = {};
  for (const f of rec.fds) {
    fds[f.fd] = normalizeTarget(f.target, layout, numbering);
    fdModes[f.fd] = f.mode;
  }
  const envDelta: Record<string, string> = {};
  for (const [k, v] of rec.env) {
    if (HARNESS_ENV_KEYS.has(k)) continue;
    if (baseEnv[k] !== v) envDelta[k] = v;
  }
  return {
    argv: rec.argv.map((b, i) => decoded[i] ?? b.toString("utf8")),
    argvUtf8: decoded.every((d) => d !== null),
    argvHex: rec.argv.map((b) => b.toString("hex")),
    fds,
    fdModes,
    stdin: rec.stdin === null ? null : rec.stdin.toString("utf8"),
    stdinTruncated: rec.stdinTruncated,
    stdinTimedOut: rec.stdinTimedOut,
    envDelta,
    seq: rec.seq,
  };
}
