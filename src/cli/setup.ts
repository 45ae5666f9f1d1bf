// `shellfence setup [--settings FILE] [--command CMD] [--plain] [--no-daemon] [--dry-run]`: installs the Claude
// Code hook into ~/.claude/settings.json. Idempotent; backs the file up before changing it;
// refuses to touch a file it cannot parse.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { installHook, shellQuote } from "../hooks/claude-settings.ts";
import type { Io } from "./io.ts";

/**
 * The hook command for this install. The hook runs before every agent command, so it is the
 * fastest form available: `node <dist/shellfence-hook.cjs> hook` (the fast bundle the build
 * makes: prebuilt data, V8 code cache) when it passes its self-test, else the plain CLI,
 * `node <bin/shellfence.js> hook`. npx would add its own package resolution each time; only an
 * install inside npx's cache (which may be cleaned at any time) gets `npx --yes shellfence hook`.
 * The fast hook asks a warm daemon it starts itself (src/cli/hook-daemon.ts) unless `daemon` is
 * false, which installs it with `--no-daemon`.
 */
export function defaultHookCommand(binPath: string, fastHook: string | null, daemon = true): string {
  if (binPath.split(path.sep).includes("_npx")) return "npx --yes shellfence hook";
  return fastHook ? `node ${shellQuote(fastHook)} hook${daemon ? "" : " --no-daemon"}` : `node ${shellQuote(binPath)} hook`;
}

/**
 * The fast hook of the install that `binPath` belongs to, when it is there and approves `true`
 * in a throwaway git repo (it runs it once with this node). null, with the reason, otherwise.
 */
export function readyFastHook(binPath: string): { hook: string | null; note: string | null } {
  const hook = path.join(path.dirname(path.dirname(binPath)), "dist", "shellfence-hook.cjs");
  if (!existsSync(hook)) return { hook: null, note: `no fast hook (${hook} is missing; \`npm run build\` makes it); the hook runs the plain CLI` };
  const dir = mkdtempSync(path.join(tmpdir(), "sf-setup-"));
  try {
    mkdirSync(path.join(dir, ".git"));
    const input = JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "true" }, cwd: dir });
    // --no-daemon: the test is of this bundle in this process, and must leave nothing running.
    const r = spawnSync(process.execPath, [hook, "hook", "--no-daemon"], { input, encoding: "utf8", env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir }, cwd: dir, timeout: 20_000 });
    const allowed = r.status === 0 && /"permissionDecision":"allow"/.test(r.stdout);
    if (allowed) return { hook, note: null };
    const why = (r.stderr || r.error?.message || `exit ${r.status}`).trim().split("\n")[0];
    return { hook: null, note: `the fast hook failed its self-test (${why}); the hook runs the plain CLI` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
  let fast = true;
  let daemon = true;
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
    } else if ((name === "--plain" || name === "--no-snapshot") && inline === undefined) {
      // --no-snapshot: the flag's name before the fast hook replaced the V8 startup snapshot.
      fast = false;
    } else if (name === "--no-daemon" && inline === undefined) {
      daemon = false;
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
    const ready = fast && !io.binPath.split(path.sep).includes("_npx") ? readyFastHook(io.binPath) : { hook: null, note: null };
    if (ready.note) io.err(`shellfence setup: ${ready.note}\n`);
    command = defaultHookCommand(io.binPath, ready.hook, daemon);
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
    if (/shellfence-hook\.cjs['"]? hook$/.test(command) && process.platform === "linux") {
      io.out("The hook starts a background daemon on its first call and asks it from then on (about 1 ms instead of 15); it exits after 10 idle minutes. `shellfence setup --no-daemon` installs the hook without it.\n");
    }
    return 0;
  } catch (e) {
    io.err(`shellfence setup: cannot write ${file} (${(e as Error).message}).\n`);
    return 2;
  }
}

function usage(io: Io, problem: string): number {
  io.err(`shellfence setup: ${problem}; usage: shellfence setup [--settings FILE] [--command CMD] [--plain] [--no-daemon] [--dry-run]\n`);
  return 2;
}
