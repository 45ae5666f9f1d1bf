// `shellfence setup [--settings FILE] [--command CMD] [--no-snapshot] [--dry-run]`: installs the Claude Code
// hook into ~/.claude/settings.json. Idempotent; backs the file up before changing it; refuses
// to touch a file it cannot parse.
import { copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { installHook, shellQuote } from "../hooks/claude-settings.ts";
import { checkBlob, makeBlob } from "./blob.ts";
import type { Io } from "./io.ts";
import { SNAPSHOT_NODE_FLAGS } from "./snapshot-flags.ts";

/**
 * The hook command for this install. The hook runs before every agent command, so it is the
 * fastest form available: `node --no-rehash-snapshot --snapshot-blob <dist/hook.blob> hook` (the warmed V8 snapshot
 * the build makes), falling back to `node <bin/shellfence.js> hook` when node refuses the blob
 * (another node version; the hook itself always exits 0, so `||` only fires when the blob
 * could not start). Without a blob: just the second form. npx would add its own package
 * resolution each time; only an install inside npx's cache (which may be cleaned at any time)
 * gets `npx --yes shellfence hook`.
 */
export function defaultHookCommand(binPath: string, blobPath: string | null): string {
  if (binPath.split(path.sep).includes("_npx")) return "npx --yes shellfence hook";
  const plain = `node ${shellQuote(binPath)} hook`;
  return blobPath ? `node ${SNAPSHOT_NODE_FLAGS.join(" ")} --snapshot-blob ${shellQuote(blobPath)} hook || ${plain}` : plain;
}

/**
 * The hook snapshot of the install that `binPath` belongs to, ready for this node: the build's
 * blob when it passes its self-test, else (unless `dryRun`) a fresh one made from the shipped
 * dist/hook-snapshot.cjs (after a node upgrade, say). null, with the reason, when there is none.
 */
export function readyBlob(binPath: string, dryRun: boolean): { blob: string | null; note: string | null } {
  const dist = path.join(path.dirname(path.dirname(binPath)), "dist");
  if (!existsSync(path.join(dist, "hook-snapshot.cjs"))) return { blob: null, note: null };
  const current = checkBlob(path.join(dist, "hook.blob"));
  if (current.ok) return { blob: current.blob, note: null };
  if (dryRun) return { blob: null, note: `the hook snapshot is not usable (${current.why}); setup without --dry-run would rebuild it` };
  const made = makeBlob(dist);
  if (made.ok) return { blob: made.blob, note: `made a fresh hook snapshot for node ${process.version} (${made.blob})` };
  return { blob: null, note: `no hook snapshot (${made.why}); the hook runs the plain CLI` };
}

export function defaultSettingsPath(env: Record<string, string | undefined>, home: string): string {
  // Claude Code keeps its user settings in $CLAUDE_CONFIG_DIR when set, else ~/.claude.
  const dir = env.CLAUDE_CONFIG_DIR && path.isAbsolute(env.CLAUDE_CONFIG_DIR) ? env.CLAUDE_CONFIG_DIR : path.join(home, ".claude");
  return path.join(dir, "settings.json");
}

export function backupName(file: string, now: Date, exists: (p: string) => boolean): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  let name = `${file}.bak-${stamp}`;
  for (let i = 2; exists(name); i++) name = `${file}.bak-${stamp}-${i}`;
  return name;
}

export async function runSetup(args: readonly string[], io: Io): Promise<number> {
  let file = defaultSettingsPath(io.env, io.home);
  let command: string | null = null;
  let dryRun = false;
  let snapshot = true;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const [name, inline] = a.startsWith("--") && a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
    const value = () => inline ?? args[++i];
    if (name === "--settings") {
      const v = value();
      if (!v) return usage(io, "--settings needs a file");
      file = path.resolve(io.cwd, v);
    } else if (name === "--command") {
      const v = value();
      if (!v) return usage(io, "--command needs the hook command line");
      command = v;
    } else if (name === "--dry-run" && inline === undefined) {
      dryRun = true;
    } else if (name === "--no-snapshot" && inline === undefined) {
      snapshot = false;
    } else {
      return usage(io, `unknown argument ${a}`);
    }
  }
  // A settings file kept as a symlink (dotfile managers) is edited where it points, so the
  // link survives the rename below.
  try {
    file = realpathSync(file);
  } catch {
    // not there yet
  }
  if (command === null) {
    const ready = snapshot && !io.binPath.split(path.sep).includes("_npx") ? readyBlob(io.binPath, dryRun) : { blob: null, note: null };
    if (ready.note) io.err(`shellfence setup: ${ready.note}\n`);
    command = defaultHookCommand(io.binPath, ready.blob);
  }
  let text: string | null = null;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") {
      io.err(`shellfence setup: cannot read ${file} (${(e as Error).message}). Nothing was changed.\n`);
      return 2;
    }
  }
  const r = installHook(text, command);
  if (!r.ok) {
    io.err(`shellfence setup: ${file}: ${r.problem}. Fix or move the file, then run setup again. Nothing was changed.\n`);
    return 2;
  }
  if (!r.changed) {
    io.out(`shellfence hook already installed in ${file} (command: ${command}); nothing changed.\n`);
    return 0;
  }
  if (dryRun) {
    io.out(r.text);
    return 0;
  }
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    let backup: string | null = null;
    if (text !== null) {
      backup = backupName(file, io.now(), existsSync);
      copyFileSync(file, backup);
    }
    // Write beside the file and rename, so a crash cannot leave a half-written settings file.
    const tmp = `${file}.shellfence-tmp-${process.pid}`;
    writeFileSync(tmp, r.text, { mode: text === null ? 0o600 : statSync(file).mode & 0o777 });
    renameSync(tmp, file);
    io.out(`shellfence hook ${r.action} in ${file}${backup ? ` (backup: ${backup})` : ""}.\nCommand: ${command}\n`);
    return 0;
  } catch (e) {
    io.err(`shellfence setup: cannot write ${file} (${(e as Error).message}).\n`);
    return 2;
  }
}

function usage(io: Io, problem: string): number {
  io.err(`shellfence setup: ${problem}; usage: shellfence setup [--settings FILE] [--command CMD] [--no-snapshot] [--dry-run]\n`);
  return 2;
}
