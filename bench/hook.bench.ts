// The hook as a process vs `node -e 0`: the budget is a median wall-time ratio <= 1.15.
// Builds the CLI, the library and the fast hook from the current source into a temp dir, then
// runs the variants interleaved (rotating order each round) so machine load hits them alike.
// Variants: node -e 0 (baseline); an empty CommonJS file (what any script costs); `cli.js
// --help` (bundle load only); the hook on an approved Bash command in a fresh git repo (the
// real path: stdin, config, classify, envelope) through the plain CLI, through the fast hook
// deciding in its own process (`--no-daemon`), and through the fast hook as `setup` installs
// it, a thin client of its warm daemon (started before the rounds, stopped after); the fast
// hook on a non-Bash tool without the daemon (start-up and stdin only); and, for every agent,
// its hook as `setup --agent` installs it (`hook --agent NAME`, a client of the daemon) on that
// agent's envelope for the same command. And the package as users get it: the copy packed
// (`npm pack`), the tarball installed with `npm install -g --prefix` into a temp dir, `setup`
// run against a temp HOME, and the hook command setup wrote run as the agent runs it (`sh -c`),
// beside `node -e 0` run the same way; once more with a config of custom rules (a declared
// command, allow and deny rules). The headline ratio is that installed hook's against
// `sh -c 'exec node -e 0'`; `ok` needs every installed form (the tarball's, with and without
// custom rules, Claude Code's and each agent's of the copy) within the budget.
import { spawnSync } from "node:child_process";
import { closeSync, constants, cpSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildFastHook, bundle, copyPackage, hookBuildId } from "../scripts/build.ts";
import { AGENT_NAMES } from "../src/agents/index.ts";
import { agentOf, SHAPES } from "../test/agents/envelopes.ts";

export const BUDGET_RATIO = 1.15;

export interface HookBenchResult {
  name: string;
  rounds: number;
  medianMs: Record<string, number>;
  /** Median installed hook (from the packed tarball, as the agent runs it) / median `node -e 0` run the same way. */
  ratio: number;
  /** The same ratio per hook variant. */
  ratios: Record<string, number>;
  /** The worst ratio among the installed forms (Claude Code's and every agent's). */
  worstInstalled: number;
  budget: number;
  ok: boolean;
  /** What the hook printed on the last run (to show it really approved). */
  hookDecision: string;
  /** 1-minute load average when the run ended (the machine is shared: ratios drift with it). */
  load: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export async function run(opts: { rounds?: number } = {}): Promise<HookBenchResult> {
  const rounds = opts.rounds ?? Number(process.env.HOOK_BENCH_ROUNDS ?? 40);
  const dir = mkdtempSync(path.join(tmpdir(), "sf-hookbench-"));
  let daemonDir = "";
  let installedDaemon = "";
  try {
    // A private copy of the sources and data: the prebuilt data is checked against the data
    // files, and in a shared checkout someone may be editing registry/ while this runs.
    const pkg = path.join(dir, "pkg");
    copyPackage(pkg);
    const cli = path.join(pkg, "dist", "cli.js");
    await bundle(path.join(pkg, "src/cli/main.ts"), cli, true);
    await bundle(path.join(pkg, "src/index.ts"), path.join(pkg, "dist", "index.js"));
    await buildFastHook(path.dirname(cli), pkg);
    const fast = path.join(pkg, "dist", "shellfence-hook.cjs");
    const tarball = installTarball(pkg, dir);
    installedDaemon = tarball.daemonDir;
    const empty = path.join(dir, "empty.cjs");
    writeFileSync(empty, "");
    const home = path.join(dir, "home");
    const repo = path.join(dir, "repo");
    mkdirSync(home);
    mkdirSync(repo);
    spawnSync("git", ["init", "-q", repo]);
    // A private TMPDIR: the daemon's directory is <TMPDIR>/shellfence-<uid>.
    const tmp = path.join(dir, "tmp");
    mkdirSync(tmp);
    // <TMPDIR>/shellfence-<uid>/<build>: the build id is the one the bundle carries.
    daemonDir = path.join(tmp, `shellfence-${process.getuid?.() ?? 0}`, hookBuildId(fast));
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CLAUDE_PROJECT_DIR: repo, TMPDIR: tmp };
    const payload = JSON.stringify({
      session_id: "bench",
      cwd: repo,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "git status && ls -la src | head -20" },
    });
    const variants: Record<string, { args: string[]; input: string; sh?: string; env?: Record<string, string> }> = {
      "node -e 0": { args: ["-e", "0"], input: "" },
      "sh -c 'exec node -e 0'": { args: [], sh: `exec ${process.execPath} -e 0`, input: "" },
      "installed tarball (sh -c, daemon)": { args: [], sh: tarball.command, input: payload, env: tarball.env },
      "installed tarball, custom rules": { args: [], sh: tarball.command, input: payload, env: tarball.rulesEnv },
      "empty .cjs": { args: [empty], input: "" },
      "cli --help": { args: [cli, "--help"], input: "" },
      "hook (plain CLI)": { args: [cli, "hook"], input: payload },
      "hook (fast, no daemon)": { args: [fast, "hook", "--no-daemon"], input: payload },
      "hook (fast, daemon)": { args: [fast, "hook"], input: payload },
      // Start-up and stdin only: the hook declines before any config or classify.
      "fast, non-Bash tool": { args: [fast, "hook", "--no-daemon"], input: JSON.stringify({ tool_name: "Read", tool_input: {}, cwd: repo }) },
    };
    const command = "git status && ls -la src | head -20";
    for (const agent of AGENT_NAMES.filter((a) => a !== "claude-code")) {
      // Codex approves through PermissionRequest; its other agents' one shape each.
      const shape = agent === "codex" ? "codex-permission" : agent;
      if (agentOf(shape) !== agent) throw new Error(`no envelope for ${agent}`);
      variants[`agent ${agent} (daemon)`] = { args: [fast, "hook", "--agent", agent], input: JSON.stringify(SHAPES[shape].make(command, repo)) };
    }
    const names = Object.keys(variants);
    const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    const decisions: Record<string, string> = {};
    const once = (name: string) => {
      const v = variants[name]!;
      const t0 = process.hrtime.bigint();
      const r = v.sh !== undefined ? spawnSync("sh", ["-c", v.sh], { input: v.input, env: v.env ?? env, cwd: repo, encoding: "utf8" }) : spawnSync(process.execPath, v.args, { input: v.input, env, cwd: repo, encoding: "utf8" });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (name.startsWith("hook") || name.startsWith("agent") || name.startsWith("installed")) decisions[name] = r.stdout.trim() ? r.stdout.trim().slice(0, 90) : `none (${r.stderr.trim()})`;
      return ms;
    };
    for (const n of names) once(n); // warm the page cache; the daemon variant starts the daemon
    await daemonServing(daemonDir);
    await daemonServing(tarball.daemonDir);
    for (let i = 0; i < rounds; i++) {
      const order = names.map((_, k) => names[(i + k) % names.length]!);
      for (const n of order) times[n]!.push(once(n));
    }
    const medianMs = Object.fromEntries(names.map((n) => [n, Math.round(median(times[n]!) * 100) / 100]));
    const hooks = names.filter((n) => n !== "node -e 0");
    // What a variant is set against: node run the way the variant is run (directly, or through sh).
    const base = (n: string) => (variants[n]!.sh !== undefined && n !== "sh -c 'exec node -e 0'" ? "sh -c 'exec node -e 0'" : "node -e 0");
    const ratios = Object.fromEntries(hooks.map((n) => [n, Math.round((medianMs[n]! / medianMs[base(n)]!) * 1000) / 1000]));
    const headline = "installed tarball (sh -c, daemon)";
    const ratio = ratios[headline]!;
    const worstInstalled = Math.max(ratio, ratios["installed tarball, custom rules"]!, ratios["hook (fast, daemon)"]!, ...names.filter((n) => n.startsWith("agent")).map((n) => ratios[n]!));
    const hookDecision = Object.entries(decisions).map(([k, v]) => `${k}: ${v}`).join("; ");
    const load = Math.round(loadavg()[0]! * 100) / 100;
    return { name: "hook-process", rounds, medianMs, ratio, ratios, worstInstalled, budget: BUDGET_RATIO, ok: worstInstalled <= BUDGET_RATIO, hookDecision, load };
  } finally {
    if (daemonDir) stopDaemon(daemonDir);
    if (installedDaemon) stopDaemon(installedDaemon);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The built copy at `pkg` as users get it: packed (the copy's dist/ is built: no prepare),
 * installed globally into a temp prefix, and `setup` run against a temp HOME (and one more HOME
 * whose config has custom rules). Returns the hook command setup wrote and the environments.
 */
function installTarball(pkg: string, dir: string) {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  for (const f of ["package.json", "LICENSE", "README.md"]) cpSync(path.join(root, f), path.join(pkg, f));
  const npm = (args: string[], cwd: string) => {
    const r = spawnSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, encoding: "utf8", timeout: 300_000 });
    if (r.status !== 0) throw new Error(`npm ${args.join(" ")} failed: ${r.stderr || r.error?.message}`);
  };
  npm(["pack", "--ignore-scripts", "--pack-destination", dir], pkg);
  const tgz = readdirSync(dir).find((f) => f.endsWith(".tgz"))!;
  const prefix = path.join(dir, "prefix");
  npm(["install", "-g", "--prefix", prefix, "--prefer-offline", path.join(dir, tgz)], dir);
  const tmp = path.join(dir, "itmp");
  const home = path.join(dir, "ihome");
  const rulesHome = path.join(dir, "ihome-rules");
  for (const d of [tmp, path.join(home, ".claude"), path.join(rulesHome, ".config", "shellfence")]) mkdirSync(d, { recursive: true });
  writeFileSync(
    path.join(rulesHome, ".config", "shellfence", "config.toml"),
    '[[command]]\nname = "myproj"\nsummary = "a project CLI"\nruns_in_base = true\nlax_flags = true\nlax_why = "its own flags"\noperands = "all:ignore"\neffects = [{ op = "exec", path = ".", why = "project code" }]\n\n' +
      '[[allow]]\nargv = ["tool", "session", "*"]\nlevel = "developer"\n\n[[deny]]\nargv = ["git", "push", "**", "--force", "**"]\nmessage = "No force-push."\n',
  );
  const base = { PATH: process.env.PATH ?? "/usr/bin:/bin", TMPDIR: tmp, CLAUDE_PROJECT_DIR: path.join(dir, "repo") };
  const env = { ...base, HOME: home };
  const r = spawnSync(path.join(prefix, "bin", "shellfence"), ["setup"], { env, encoding: "utf8" });
  if (r.status !== 0 || r.stderr) throw new Error(`setup of the installed package failed: ${r.stderr}`);
  const command = JSON.parse(readFileSync(path.join(home, ".claude", "settings.json"), "utf8")).hooks.PreToolUse[0].hooks[0].command as string;
  const script = path.join(prefix, "lib", "node_modules", "shellfence", "dist", "shellfence-hook.cjs");
  return { command, env, rulesEnv: { ...base, HOME: rulesHome }, daemonDir: path.join(tmp, `shellfence-${process.getuid?.() ?? 0}`, hookBuildId(script)) };
}

/** Until the daemon reads its FIFO (opening it for writing fails while nobody does). */
async function daemonServing(dir: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      closeSync(openSync(path.join(dir, "wake"), constants.O_WRONLY | constants.O_NONBLOCK));
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`the hook daemon did not start in ${dir}`);
}

function stopDaemon(dir: string): void {
  try {
    process.kill(Number(readFileSync(path.join(dir, "daemon.pid"), "utf8")), "SIGTERM");
  } catch {
    // not running
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
}
