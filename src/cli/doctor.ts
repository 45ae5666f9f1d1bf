// `shellfence doctor [--json]`: whether approvals work here, and if not, why. For each agent,
// whether a shellfence hook is installed and whether the installed command really runs and
// answers a probe envelope (the agent's own shape, command `true`, in a throwaway git repo, with
// the user's own environment and config); the config files in force, valid or not (file:line);
// the prebuilt data's freshness; the hook daemon; node and the code cache. Exit 1 when anything
// would stop approvals (a config error, a hook that does not answer, no hook at all); stale data
// or a refused code cache only slow the hook down and are warnings.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import vm from "node:vm";
import { ADAPTERS, AGENT_NAMES, type AgentName } from "../agents/index.ts";
import { findHooks } from "../agents/config-file.ts";
import { PROBES } from "../agents/probe.ts";
import { resolveRun } from "./context.ts";
import { customRules } from "./rules.ts";
import { loadClassifier } from "./shipped-classifier.ts";
import { didYouMean } from "./didyoumean.ts";
import { PREBUILT_FILE, readPrebuilt } from "./prebuilt.ts";
import { shippedUpward } from "./shipped-levels.ts";
import type { Io } from "./io.ts";

export type Status = "ok" | "warn" | "fail" | "info";

export interface Check {
  name: string;
  status: Status;
  detail: string;
}

export interface AgentReport {
  agent: AgentName;
  /** The config file shellfence's hook goes in for this agent. */
  file: string;
  /** The agent's config directory exists here. */
  found: boolean;
  /** The shellfence hook commands in that file (empty: none installed). */
  commands: string[];
  /** Each command's answer to the probe (null: nothing installed to probe). */
  probe: { ok: boolean; detail: string } | null;
}

export interface DoctorReport {
  ok: boolean;
  root: string;
  checks: Check[];
  agents: AgentReport[];
}

const PROBE_TIMEOUT_MS = 20_000;

export async function runDoctor(args: readonly string[], io: Io): Promise<number> {
  const bad = args.find((a) => a !== "--json");
  if (bad !== undefined) {
    io.err(`shellfence doctor: unknown argument ${bad}${didYouMean(bad, ["--json", "--help"])}; usage: shellfence doctor [--json]\n`);
    return 2;
  }
  const report = await diagnose(io);
  if (args.includes("--json")) io.out(JSON.stringify(report, null, 2) + "\n");
  else io.out(render(report, io.home));
  return report.ok ? 0 : 1;
}

export async function diagnose(io: Io): Promise<DoctorReport> {
  const root = path.dirname(path.dirname(io.binPath));
  const checks: Check[] = [];
  const major = Number(/^v(\d+)/.exec(process.version)?.[1] ?? 0);
  checks.push({ name: "node", status: major >= 20 ? "ok" : "fail", detail: `${process.execPath} ${process.version}${major >= 20 ? "" : ": shellfence needs node 20 or later"}` });
  checks.push(codeCache(root));
  const pre = readPrebuilt(path.join(root, "dist", PREBUILT_FILE), root);
  checks.push(
    pre.ok
      ? { name: "data", status: "ok", detail: `dist/${PREBUILT_FILE} matches registry/ and regions/` }
      : { name: "data", status: "warn", detail: `${pre.why}: the hook reads the data files instead (same verdicts, slower) and starts no daemon; rebuild or reinstall shellfence` },
  );
  checks.push(...(await configChecks(io)));
  checks.push(daemonState(root, io.env));
  const agents = agentReports(io);
  const installed = agents.filter((a) => a.commands.length > 0);
  if (installed.length === 0) checks.push({ name: "hooks", status: "fail", detail: "no agent has a shellfence hook: nothing is auto-approved (`shellfence setup --agent <name>` installs one)" });
  const ok = !checks.some((c) => c.status === "fail") && installed.every((a) => a.probe?.ok);
  return { ok, root, checks, agents };
}

/** Whether this node accepts the fast hook's code cache (another node version compiles at start: slower). */
function codeCache(root: string): Check {
  const main = path.join(root, "dist", "hook-main.js");
  let code: string;
  let cache: Buffer;
  try {
    code = readFileSync(main, "utf8");
    cache = readFileSync(main + ".cache");
  } catch {
    return { name: "code cache", status: "warn", detail: `${main}(.cache) is missing: the fast hook compiles at every start, or setup writes the plain CLI` };
  }
  const rejected = new vm.Script(code, { filename: main, cachedData: cache }).cachedDataRejected;
  return rejected
    ? { name: "code cache", status: "warn", detail: `${main}.cache was made by another node: the hook compiles at every start (rebuild or reinstall with this node)` }
    : { name: "code cache", status: "ok", detail: "accepted by this node" };
}

/** The config files in force for the current directory, each valid or not (file:line). */
async function configChecks(io: Io): Promise<Check[]> {
  try {
    const r = await resolveRun({ cwd: io.cwd, roots: [], env: io.env, home: io.home, upward: shippedUpward });
    const files = r.configFiles.length ? r.configFiles.join(", ") : "none (the defaults)";
    const out: Check[] = [{ name: "config", status: "ok", detail: `level ${r.settings.level} (from ${r.settings.levelFrom}); on_deny ${r.settings.onDeny}; files: ${files}` }];
    const rules = r.settings.rules;
    if (rules.commands || rules.allow.length || rules.deny.length) {
      // Declared commands are validated by the registry's schema only when used: do it now.
      await customRules(rules, await loadClassifier());
      const n = (x: number, what: string) => `${x} ${what}${x === 1 ? "" : "s"}`;
      out.push({ name: "rules", status: "ok", detail: `${n(rules.commands?.entries.length ?? 0, "declared command")}, ${n(rules.allow.length, "allow rule")}, ${n(rules.deny.length, "deny rule")}` });
    }
    if (r.settings.onDeny === "deny") {
      const cannot = AGENT_NAMES.filter((a) => !ADAPTERS[a].caps.deny);
      out.push({ name: "on_deny", status: "info", detail: cannot.length ? `"deny": ${cannot.map((a) => ADAPTERS[a].title).join(", ")} cannot deny, and ask instead` : '"deny": every supported agent can deny with a reason (Codex only at PreToolUse)' });
    }
    return out;
  } catch (e) {
    return [{ name: "config", status: "fail", detail: `${(e as Error).message} (while it is broken, nothing is auto-approved)` }];
  }
}

/** The hook daemon of this install's build: running or not (never a problem: the first hook call starts it). */
function daemonState(root: string, env: Record<string, string | undefined>): Check {
  if (process.platform !== "linux") return { name: "daemon", status: "info", detail: "none on this system (the hook decides in its own process)" };
  let build: string | undefined;
  try {
    build = /const BUILD = "([0-9a-f]+)";/.exec(readFileSync(path.join(root, "dist", "shellfence-hook.cjs"), "utf8"))?.[1];
  } catch {
    // no fast hook
  }
  if (!build) return { name: "daemon", status: "info", detail: "no fast hook in this install, so no daemon" };
  const t = env.TMPDIR;
  const dir = path.join(t && path.isAbsolute(t) ? t : "/tmp", `shellfence-${process.getuid!()}`, build);
  let pid: number | null = null;
  try {
    pid = Number(readFileSync(path.join(dir, "daemon.pid"), "utf8"));
    process.kill(pid, 0);
  } catch {
    pid = null;
  }
  return pid ? { name: "daemon", status: "ok", detail: `running (pid ${pid}, ${dir})` } : { name: "daemon", status: "info", detail: `not running (the next hook call starts it; ${dir})` };
}

/** The installed hook command(s) of one agent's file. */
function installedCommands(agent: AgentName, file: string): { commands: string[]; problem: string | null } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return { commands: [], problem: null };
  }
  const spec = ADAPTERS[agent].config;
  if (spec.kind === "json") return findHooks(text, spec.slots(file));
  // The plugin carries its command as a JSON string constant.
  const m = /^const COMMAND = (".*");$/m.exec(text);
  try {
    return { commands: m ? [JSON.parse(m[1]!) as string] : [], problem: null };
  } catch {
    return { commands: [], problem: "its COMMAND line is not a JSON string" };
  }
}

function agentReports(io: Io): AgentReport[] {
  const probeDir = mkdtempSync(path.join(tmpdir(), "sf-doctor-"));
  try {
    mkdirSync(path.join(probeDir, ".git"));
    return AGENT_NAMES.map((agent) => {
      const spec = ADAPTERS[agent].config;
      const file = spec.file(io.env, io.home, existsSync);
      const found = existsSync(spec.dir(io.env, io.home));
      const { commands, problem } = installedCommands(agent, file);
      if (problem) return { agent, file, found, commands, probe: { ok: false, detail: `${file}: ${problem}` } };
      if (commands.length === 0) return { agent, file, found, commands, probe: null };
      const results = commands.map((c) => probe(agent, c, probeDir, io.env));
      const failed = results.find((r) => !r.ok);
      return { agent, file, found, commands, probe: failed ?? results[0]! };
    });
  } finally {
    rmSync(probeDir, { recursive: true, force: true });
  }
}

/** Runs an installed hook command as the agent would (through sh), on `true`; ok when it allows. */
function probe(agent: AgentName, command: string, dir: string, env: Record<string, string | undefined>): { ok: boolean; detail: string } {
  const input = JSON.stringify(PROBES[agent]("true", dir));
  // SHELLFENCE_DAEMON=0: the probe decides in its own process and leaves nothing running.
  const r = spawnSync("sh", ["-c", command], {
    input,
    encoding: "utf8",
    cwd: dir,
    timeout: PROBE_TIMEOUT_MS,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env, SHELLFENCE_DAEMON: "0" },
  });
  const err = (r.stderr ?? "").trim().split("\n")[0] ?? "";
  // EPIPE: the command ended before reading its input (a guarded hook whose install is gone
  // exits at once); judged by what it printed, like any other run.
  if (r.error && (r.error as NodeJS.ErrnoException).code !== "EPIPE") return { ok: false, detail: `cannot run it (${r.error.message})` };
  if (r.status !== 0 && !(r.status === 2 && r.stdout)) return { ok: false, detail: `it exits ${r.status ?? r.signal}${err ? `: ${err}` : ""}` };
  if (r.stdout.trim() === "") return { ok: false, detail: `it answers nothing${err ? ` (${err})` : " (is its install gone? run `shellfence setup` again)"}` };
  if (!/"allow"/.test(r.stdout)) return { ok: false, detail: `it does not approve \`true\`: ${r.stdout.trim().slice(0, 200)}${err ? ` (${err})` : ""}` };
  return { ok: true, detail: "answers a probe with an allow" };
}

const MARK: Record<Status, string> = { ok: "ok  ", warn: "warn", fail: "FAIL", info: "--  " };

function render(r: DoctorReport, home: string): string {
  const tilde = (p: string) => (p === home || p.startsWith(home + "/") ? "~" + p.slice(home.length) : p);
  const lines = [`shellfence doctor: ${r.root}`];
  for (const c of r.checks) lines.push(`${MARK[c.status]}  ${c.name}: ${c.detail}`);
  for (const a of r.agents) {
    if (a.commands.length === 0 && !a.probe) {
      if (a.found) lines.push(`--    ${a.agent}: found, no shellfence hook in ${tilde(a.file)} (\`shellfence setup --agent ${a.agent}\`)`);
      continue;
    }
    lines.push(`${a.probe?.ok ? MARK.ok : MARK.fail}  ${a.agent}: hook in ${tilde(a.file)}: ${a.probe?.detail ?? ""}`);
  }
  lines.push(r.ok ? "Approvals work here." : "Something above stops approvals: the agent asks you for every command it affects.");
  return lines.join("\n") + "\n";
}
