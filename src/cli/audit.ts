// The audit log: one JSON line per hook decision, in the user's state home
// ($XDG_STATE_HOME/shellfence/decisions.jsonl, else ~/.local/state/shellfence/), written by the
// process that decided (the hook in-process, or its daemon). The directory is in the `self`
// locus (regions/default.toml), so no command shellfence approves writes or deletes it.
//
// Cost on the hook path: one open with O_APPEND, one fstat (for the size cap), one write, one
// close; no fsync (a record lost in a crash is a record, not a decision). Past MAX_BYTES the file
// is rotated (decisions.jsonl -> .1 -> .2 -> .3; the oldest is dropped). Two hooks rotating at
// the same moment may drop one file early: the cap matters more than the last records.
import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import path from "node:path";

export const LOG_FILE = "decisions.jsonl";
export const MAX_BYTES = 5 * 1024 * 1024;
/** Rotated files kept beside the live one. */
export const KEEP = 3;

/** One hook decision. Fields are added, never renamed (the log is read by `log`, `stats`, `suggest`). */
export interface AuditRecord {
  /** ISO 8601, UTC. */
  time: string;
  /** The agent (`--agent`; claude-code without it). */
  agent: string;
  session: string | null;
  cwd: string;
  /** The project root (the first one the decision used), or null when none was found. */
  root: string | null;
  /** The configured level (after a repository's file lowered it). */
  level: string | null;
  /** The level the command was judged at, when a permission mode lowered it. */
  judgedAt?: string;
  /**
   * What the hook did: approved, left to the human (silently or by asking), or blocked; "ran":
   * not a decision, the agent reported that the command ran (Claude Code's PostToolUse).
   */
  decision: "allow" | "ask" | "deny" | "ran";
  /** The agent's id of the tool call (pairs a decision with its "ran" record), when it sends one. */
  toolUseId?: string;
  /** The lowest level that admits the command, "never", or null when it was not judged. */
  need: string | null;
  /** The first reason, in plain words (redacted). */
  reason: string;
  /** Milliseconds from the hook's start to its answer, in the process that decided. */
  ms: number;
  /** The command, secrets redacted (redact.ts). */
  command: string;
}

/** $XDG_STATE_HOME/shellfence when absolute (the XDG spec ignores a relative one), else ~/.local/state/shellfence. */
export function logDir(env: Record<string, string | undefined>, home: string): string {
  const xdg = env.XDG_STATE_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home, ".local", "state"), "shellfence");
}

export interface AppendOptions {
  maxBytes?: number;
  keep?: number;
}

/** Appends one record (as one write of one line). Throws on I/O errors: the caller decides what to say. */
export function appendRecord(dir: string, record: AuditRecord, o: AppendOptions = {}): void {
  const line = Buffer.from(JSON.stringify(record) + "\n");
  const file = path.join(dir, LOG_FILE);
  let fd = openLog(file, dir);
  try {
    const size = fstatSync(fd).size;
    if (size > 0 && size + line.length > (o.maxBytes ?? MAX_BYTES)) {
      closeSync(fd);
      fd = -1;
      rotate(file, o.keep ?? KEEP);
      fd = openLog(file, dir);
    }
    writeSync(fd, line);
  } finally {
    if (fd >= 0) closeSync(fd);
  }
}

const FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW;

function openLog(file: string, dir: string): number {
  try {
    return openSync(file, FLAGS, 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    // First record: the directory is private (commands and reasons are the user's business).
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return openSync(file, FLAGS, 0o600);
  }
}

function rotate(file: string, keep: number): void {
  for (let i = keep - 1; i >= 1; i--) tryRename(`${file}.${i}`, `${file}.${i + 1}`);
  if (keep >= 1) tryRename(file, `${file}.1`);
}

function tryRename(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
}

/** The log's files, oldest first (the rotated ones, then the live one). */
export function logFiles(dir: string, keep = KEEP): string[] {
  const file = path.join(dir, LOG_FILE);
  return [...Array.from({ length: keep }, (_, i) => `${file}.${keep - i}`), file];
}

/** Every record in the log, oldest first; lines that are not records are skipped (counted). */
export function readRecords(dir: string, keep = KEEP): { records: AuditRecord[]; skipped: number } {
  const records: AuditRecord[] = [];
  let skipped = 0;
  for (const f of logFiles(dir, keep)) {
    let text: string;
    try {
      text = readFileSync(f, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      if (line === "") continue;
      try {
        const r = JSON.parse(line) as AuditRecord;
        if (r && typeof r === "object" && typeof r.time === "string" && typeof r.decision === "string" && typeof r.command === "string") records.push(r);
        else skipped++;
      } catch {
        skipped++;
      }
    }
  }
  return { records, skipped };
}
