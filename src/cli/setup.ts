// `shellfence setup [--agent NAME|all] [--list-agents] [--settings FILE] [--command CMD] [--plain]
// [--no-daemon] [--post-tool-use] [--dry-run]`: installs the hook into an agent's config (Claude Code's
// ~/.claude/settings.json without --agent; src/agents/<agent>.ts says where and how for each).
// Idempotent; backs a file up before changing it; refuses to touch a file it cannot parse.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ADAPTERS, AGENT_NAMES, DEFAULT_AGENT, isAgentName, type Adapter, type AgentName } from "../agents/index.ts";
import { claudeConfigDir } from "../agents/claude-code.ts";
import { installHooks, installPlugin, shellQuote, type InstallResult } from "../agents/config-file.ts";
import { PLUGIN_MARK } from "../agents/opencode.ts";
import { didYouMean } from "./didyoumean.ts";
import type { Io } from "./io.ts";

/**
 * The hook command for this install. The hook runs before every agent command, so it is the
 * fastest form available: `<node> <dist/shellfence-hook.cjs> hook` (the fast bundle the build
 * makes: prebuilt data, V8 code cache) when it passes its self-test, else the plain CLI,
 * `<node> <bin/shellfence.js> hook`. Both paths are absolute: the node that ran setup (a PATH
 * lookup could find another node, or none, in the agent's environment) and the script. A guard
 * in front makes a hook whose install has gone away (npm uninstall, a removed node version) say
 * nothing and exit 0, so the agent asks as usual instead of failing every command. npx would add
 * its own package resolution each time; only an install inside npx's cache (which may be cleaned
 * at any time) gets `npx --yes shellfence hook`. The fast hook asks a warm daemon it starts
 * itself (src/cli/hook-daemon.ts) unless `daemon` is false, which installs it with `--no-daemon`.
 */
export function defaultHookCommand(binPath: string, fastHook: string | null, daemon = true, agent: AgentName = DEFAULT_AGENT, node: string = process.execPath): string {
  // Claude Code's command is the one setup always wrote (`hook` alone), so reinstalling changes nothing.
  const which = agent === DEFAULT_AGENT ? "" : ` --agent ${agent}`;
  if (binPath.split(path.sep).includes("_npx")) return `npx --yes shellfence hook${which}`;
  const script = shellQuote(fastHook ?? binPath);
  const n = shellQuote(node);
  return `[ -f ${script} ] && [ -x ${n} ] || exit 0; exec ${n} ${script} hook${which}${fastHook && !daemon ? " --no-daemon" : ""}`;
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
  return path.join(claudeConfigDir(env, home), "settings.json");
}

export function backupName(file: string, now: Date, exists: (p: string) => boolean): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  let name = `${file}.bak-${stamp}`;
  for (let i = 2; exists(name); i++) name = `${file}.bak-${stamp}-${i}`;
  return name;
}

const SETUP_OPTIONS = ["--agent", "--list-agents", "--settings", "--command", "--plain", "--no-daemon", "--post-tool-use", "--dry-run", "--help"];

/**
 * Writes `next` as `file` (whose text was `before`, null when missing), backing the old file up
 * first; `next` null removes the file (after its backup). Written beside the file and renamed, so
 * a crash cannot leave a half-written settings file. Returns the backup's name. Throws on failure.
 */
export function replaceFile(file: string, before: string | null, next: string | null, now: Date): string | null {
  mkdirSync(path.dirname(file), { recursive: true });
  let backup: string | null = null;
  if (before !== null) {
    backup = backupName(file, now, existsSync);
    copyFileSync(file, backup);
  }
  if (next === null) {
    rmSync(file);
    return backup;
  }
  const tmp = `${file}.shellfence-tmp-${process.pid}`;
  writeFileSync(tmp, next, { mode: before === null ? 0o600 : statSync(file).mode & 0o777 });
  renameSync(tmp, file);
  return backup;
}

interface SetupArgs {
  agents: AgentName[] | "all";
  list: boolean;
  file: string | null;
  command: string | null;
  dryRun: boolean;
  fast: boolean;
  daemon: boolean;
  /** Also install the hook after a command ran (Claude Code's PostToolUse), for `stats` and `suggest`. */
  postToolUse: boolean;
}

function parseArgs(args: readonly string[], io: Io): SetupArgs | string {
  const o: SetupArgs = { agents: [DEFAULT_AGENT], list: false, file: null, command: null, dryRun: false, fast: true, daemon: true, postToolUse: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const [name, inline] = a.startsWith("--") && a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
    const value = () => inline ?? args[++i];
    if (name === "--settings") {
      const v = value();
      if (!v) return "--settings needs a file";
      o.file = path.resolve(io.cwd, v);
    } else if (name === "--command") {
      const v = value();
      if (!v) return "--command needs the hook command line";
      o.command = v;
    } else if (name === "--agent") {
      const v = value();
      if (!v) return `--agent needs a name: one of ${AGENT_NAMES.join(", ")}, or all`;
      if (v === "all") o.agents = "all";
      else if (isAgentName(v)) o.agents = [v];
      else return `unknown agent ${JSON.stringify(v)}${didYouMean(v, [...AGENT_NAMES, "all"])}; the agents are ${AGENT_NAMES.join(", ")} (or all)`;
    } else if (name === "--list-agents" && inline === undefined) {
      o.list = true;
    } else if (name === "--dry-run" && inline === undefined) {
      o.dryRun = true;
    } else if ((name === "--plain" || name === "--no-snapshot") && inline === undefined) {
      // --no-snapshot: the flag's name before the fast hook replaced the V8 startup snapshot.
      o.fast = false;
    } else if (name === "--post-tool-use" && inline === undefined) {
      o.postToolUse = true;
    } else if (name === "--no-daemon" && inline === undefined) {
      o.daemon = false;
    } else {
      return `unknown argument ${a}${didYouMean(name, SETUP_OPTIONS)}`;
    }
  }
  if (o.agents === "all" && o.file !== null) return "--settings names one file: use it with one --agent";
  if (o.agents === "all" && o.command !== null) return "--command is one agent's hook command: use it with one --agent";
  return o;
}

export async function runSetup(args: readonly string[], io: Io): Promise<number> {
  const o = parseArgs(args, io);
  if (typeof o === "string") return usage(io, o);
  if (o.list) return listAgents(io);
  const agents = o.agents === "all" ? AGENT_NAMES.filter((a) => existsSync(ADAPTERS[a].config.dir(io.env, io.home))) : o.agents;
  if (agents.length === 0) {
    const looked = AGENT_NAMES.map((a) => `${tilde(ADAPTERS[a].config.dir(io.env, io.home), io.home)} (${ADAPTERS[a].title})`).join(", ");
    io.out(
      `No coding agent's configuration directory was found here; looked for ${looked}. Nothing to install; nothing was changed.\n` +
        "`shellfence setup --agent <name>` installs the hook for one agent anyway; `shellfence setup --list-agents` lists them.\n",
    );
    return 0;
  }
  let fastHook: string | null = null;
  if (o.command === null && o.fast && !io.binPath.split(path.sep).includes("_npx")) {
    const ready = readyFastHook(io.binPath);
    if (ready.note) io.err(`shellfence setup: ${ready.note}\n`);
    fastHook = ready.hook;
  }
  let code = 0;
  for (const agent of agents) {
    const command = o.command ?? defaultHookCommand(io.binPath, fastHook, o.daemon, agent);
    const r = installFor(ADAPTERS[agent], o.file, command, o.dryRun, agents.length > 1, io, o.postToolUse);
    code = Math.max(code, r);
  }
  return code;
}

/** Installs `command` for one agent: 0, or 2 when its file cannot be read, parsed or written. */
function installFor(adapter: Adapter, given: string | null, command: string, dryRun: boolean, several: boolean, io: Io, postToolUse = false): number {
  const spec = adapter.config;
  let file = given ?? spec.file(io.env, io.home, existsSync);
  // A settings file kept as a symlink (dotfile managers) is edited where it points, so the
  // link survives the rename below.
  try {
    file = realpathSync(file);
  } catch {
    // not there yet
  }
  const who = adapter.name === DEFAULT_AGENT ? "" : ` for ${adapter.title}`;
  let text: string | null = null;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") {
      io.err(`shellfence setup: cannot read ${file} (${(e as Error).message}). Nothing was changed.\n`);
      return 2;
    }
  }
  const post = postToolUse && spec.kind === "json" && spec.postToolUse ? spec.postToolUse(file) : [];
  if (postToolUse && post.length === 0) io.err(`shellfence setup: ${adapter.title} reports no command after it ran; --post-tool-use changes nothing there.\n`);
  const r: InstallResult = spec.kind === "json" ? installHooks(text, [...spec.slots(file), ...post], command, spec.required) : installPlugin(text, spec.render(command), PLUGIN_MARK);
  if (!r.ok) {
    io.err(`shellfence setup: ${file}: ${r.problem}. Fix or move the file, then run setup again. Nothing was changed.\n`);
    return 2;
  }
  if (!r.changed) {
    io.out(`shellfence hook${who} already installed in ${file} (command: ${command}); nothing changed.\n`);
    return 0;
  }
  if (dryRun) {
    // One agent: the file as it would be (what scripts read); several: each under a heading.
    io.out(several ? `== ${adapter.title}: ${file} (${r.action === "added" ? "hook added" : "hook updated"}) ==\n${r.text}` : r.text);
    return 0;
  }
  let backup: string | null;
  try {
    backup = replaceFile(file, text, r.text, io.now());
  } catch (e) {
    io.err(`shellfence setup: cannot write ${file} (${(e as Error).message}).\n`);
    return 2;
  }
  io.out(`shellfence hook${who} ${r.action} in ${file}${backup ? ` (backup: ${backup})` : ""}.\nCommand: ${command}\n`);
  if (adapter.name !== DEFAULT_AGENT) io.out(`On ${adapter.title}, shellfence ${adapter.summary}.\n`);
  if (spec.note) io.out(`${spec.note}\n`);
  if (/shellfence-hook\.cjs['"]? hook(?: --agent \S+)?$/.test(command) && process.platform === "linux") {
    io.out("The hook starts a background daemon on its first call and asks it from then on (about 1 ms instead of 15); it exits after 10 idle minutes. `shellfence setup --no-daemon` installs the hook without it.\n");
  }
  return 0;
}

/** `--list-agents`: each agent, where its hook goes, whether it is here, and what shellfence does there. */
function listAgents(io: Io): number {
  const rows = AGENT_NAMES.map((a) => {
    const ad = ADAPTERS[a];
    const here = existsSync(ad.config.dir(io.env, io.home));
    return `${a.padEnd(12)} ${(here ? "found" : "not found").padEnd(10)} ${tilde(ad.config.file(io.env, io.home, existsSync), io.home)}\n${" ".repeat(24)}${ad.summary}\n`;
  });
  io.out(`${"agent".padEnd(12)} ${"here".padEnd(10)} hook written to\n${rows.join("")}\`shellfence setup --agent <name>\` installs one; \`--agent all\` every agent found here.\n`);
  return 0;
}

function tilde(p: string, home: string): string {
  return p === home || p.startsWith(home + "/") ? "~" + p.slice(home.length) : p;
}

function usage(io: Io, problem: string): number {
  io.err(`shellfence setup: ${problem}; usage: shellfence setup [--agent NAME|all] [--list-agents] [--settings FILE] [--command CMD] [--plain] [--no-daemon] [--post-tool-use] [--dry-run]\n`);
  return 2;
}
