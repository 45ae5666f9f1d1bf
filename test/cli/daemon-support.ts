// Shared by the hook daemon's tests: a built copy of the package with a private TMPDIR, the
// fast hook run as a real process, and the daemon's directory watched from outside.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, constants, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildFastHook, bundle, copyPackage, hookBuildId } from "../../scripts/build.ts";
import { hookPayload, tempDir } from "./helpers.ts";

export const uid = process.getuid!();

export interface Pkg {
  /** The temp dir holding everything below. */
  dir: string;
  /** The built copy's root, and its fast hook. */
  root: string;
  client: string;
  home: string;
  tmp: string;
  repo: string;
  /** <tmp>/shellfence-<uid> and its build directory. */
  userDir: string;
  daemonDir: string;
  /** A NODE_OPTIONS preload that makes this process unable to load hook-main.js (see `noBundle`). */
  noBundle: string;
  cleanup(): void;
}

/** A built copy of the package (CLI library and fast hook) in a temp dir, with a home, a repo and a TMPDIR. */
export async function builtPackage(prefix = "sf-daemon-"): Promise<Pkg> {
  const t = tempDir(prefix);
  const root = path.join(t.dir, "pkg");
  copyPackage(root);
  await bundle(path.join(root, "src/index.ts"), path.join(root, "dist", "index.js"));
  await buildFastHook(path.join(root, "dist"), root);
  const client = path.join(root, "dist", "shellfence-hook.cjs");
  const home = path.join(t.dir, "home");
  const tmp = path.join(t.dir, "tmp");
  const repo = path.join(t.dir, "repo");
  for (const d of [home, tmp, repo]) mkdirSync(d);
  spawnSync("git", ["init", "-q", repo]);
  writeFileSync(path.join(repo, "a.txt"), "a\n");
  writeFileSync(path.join(repo, "README.md"), "# read me\n");
  const userDir = path.join(tmp, `shellfence-${uid}`);
  // A hook process that cannot load the bundle can only answer through a daemon (started
  // before, without this): an answer then proves who gave it. Only this process is affected.
  const noBundle = path.join(t.dir, "no-bundle.cjs");
  writeFileSync(
    noBundle,
    `const fs = require("node:fs"); const read = fs.readFileSync;
     fs.readFileSync = function (p, ...a) { if (String(p).endsWith("hook-main.js")) { const e = new Error("hidden by the test"); e.code = "ENOENT"; throw e; } return read.call(this, p, ...a); };\n`,
  );
  return { dir: t.dir, root, client, home, tmp, repo, userDir, daemonDir: path.join(userDir, hookBuildId(client)), noBundle, cleanup: t.cleanup };
}

export interface HookOpts {
  args?: string[];
  env?: Record<string, string>;
  script?: string;
  /** Run through this command first (`unshare -m ...`): [program, ...args] before node. */
  wrap?: string[];
  cwd?: string;
  /** Only the daemon can answer (the bundle is hidden from this process). */
  daemonOnly?: boolean;
}

export interface HookRun {
  code: number | null;
  out: string;
  err: string;
}

function hookArgs(p: Pkg, command: string, opts: HookOpts) {
  const node = [process.execPath, opts.script ?? p.client, "hook", ...(opts.args ?? [])];
  const argv = [...(opts.wrap ?? []), ...node];
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: p.home, TMPDIR: p.tmp, CLAUDE_PROJECT_DIR: p.repo, ...opts.env };
  if (opts.daemonOnly) env.NODE_OPTIONS = `--require ${p.noBundle}`;
  const cwd = opts.cwd ?? p.repo;
  return { argv, env, cwd, input: hookPayload({ cwd, tool_input: { command } }) };
}

export function hook(p: Pkg, command: string, opts: HookOpts = {}): HookRun {
  const a = hookArgs(p, command, opts);
  const r = spawnSync(a.argv[0]!, a.argv.slice(1), { input: a.input, encoding: "utf8", cwd: a.cwd, env: a.env, timeout: 20_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The same as `hook`, without blocking this process (many at once). */
export function hookAsync(p: Pkg, command: string, opts: HookOpts = {}): Promise<HookRun> {
  const a = hookArgs(p, command, opts);
  return new Promise((resolve) => {
    const c = spawn(a.argv[0]!, a.argv.slice(1), { cwd: a.cwd, env: a.env, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    c.stdout.setEncoding("utf8").on("data", (s: string) => (out += s));
    c.stderr.setEncoding("utf8").on("data", (s: string) => (err += s));
    const timer = setTimeout(() => c.kill("SIGKILL"), 20_000);
    c.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
    c.stdin.end(a.input);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export function pidIn(dir: string): number | null {
  try {
    return Number(readFileSync(path.join(dir, "daemon.pid"), "utf8"));
  } catch {
    return null;
  }
}

/** A process reads the FIFO (a client's own test: opening it for writing fails without one). */
export function served(dir: string): boolean {
  try {
    closeSync(openSync(path.join(dir, "wake"), constants.O_WRONLY | constants.O_NONBLOCK));
    return true;
  } catch {
    return false;
  }
}

/** Until a daemon other than `not` serves `dir` (after its warm-up, which a loaded machine slows down). */
export async function daemonUp(dir: string, not: number | null = null): Promise<number> {
  for (let i = 0; i < 1200; i++) {
    const pid = pidIn(dir);
    if (pid !== null && pid !== not && alive(pid) && served(dir)) return pid;
    await sleep(50);
  }
  throw new Error(`no daemon in ${dir}`);
}

export async function stopDaemon(dir: string): Promise<void> {
  const pid = pidIn(dir);
  if (pid === null || !alive(pid)) return;
  process.kill(pid, "SIGTERM");
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(20);
}

/** The names in `dir`, sorted ([] when it is gone). */
export function entries(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}
