// Running one command under the argv oracle: temp layout, the bash script, the process group
// and its timeout, then reading back the handler's log. See README.md for the design.

import { spawn, execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmod, copyFile, lstat, mkdir, mkdtemp, open, readFile, readdir, realpath, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { decodeLog } from "./decode.ts";
import { BASH, BWRAP, PERL, bashFacts } from "./environment.ts";
import { ObjectNumbering, toExecuted, type RunLayout } from "./normalize.ts";
import type { ArgvObservation, ObserveOptions } from "./types.ts";

const HANDLER = fileURLToPath(new URL("./handler.pl", import.meta.url));

/** HOME during a run: fixed (stable argv for `~`) and nonexistent (a `>~/x` redirect fails). */
export const ORACLE_HOME = "/nonexistent/shellfence-home";

const DEFAULTS = {
  timeoutMs: 3000,
  status: 0,
  maxCommands: 100,
  stdinMax: 4096,
  stdinWaitSec: 0.3,
};

/** Single-quote for bash. */
function sq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The -c script: one preamble line, then the command verbatim. The preamble defines the
 * handler (readonly, so the command cannot replace it) and disables every builtin including
 * `enable` itself, in one call, so nothing can turn them back on. The handler needs no builtin:
 * it runs perl by absolute path with perl's own env knobs blanked by prefix assignments.
 * The command is parsed only after the preamble ran (bash -c parses line by line).
 */
export function buildScript(command: string, builtins: string[], cfg: { log: string; counter: string; maxCommands: number; status: number; stdinMax: number; stdinWaitSec: number }): string {
  const blank = "PERL5OPT= PERL5LIB= PERL5DB= PERLLIB= PERLIO= PERL_UNICODE=0 LD_PRELOAD= LD_LIBRARY_PATH= LD_AUDIT=";
  const handler =
    `command_not_found_handle() { ${blank} ${PERL} ${sq(HANDLER)} ${sq(cfg.log)} ${sq(cfg.counter)} ` +
    `${cfg.maxCommands} ${cfg.status} ${cfg.stdinMax} ${cfg.stdinWaitSec} -- "$@"; }`;
  const disable = builtins.filter((b) => b !== "enable").map(sq).join(" ");
  // fds above 2 inherited from whoever started the oracle are not the command's: close them.
  const closeInherited = 'for __sf_fd in /proc/$$/fd/*; do __sf_fd=${__sf_fd##*/}; if ((__sf_fd > 2)); then eval "exec $__sf_fd>&-" 2>/dev/null; fi; done; unset __sf_fd';
  return `${closeInherited}; ${handler}; readonly -f command_not_found_handle; enable -n ${disable} enable\n${command}`;
}

/**
 * bash -n: does the whole command parse? The exit status alone does not say: with -c, a
 * malformed `[[ ]]` (`[[ a == ]]`) prints its syntax error yet exits 0. So any stderr line that
 * is not a warning (an unterminated here-document only warns) also means invalid.
 */
export function checkSyntax(command: string, timeoutMs = 3000): Promise<{ valid: boolean; message?: string; warnings?: string }> {
  return new Promise((resolve) => {
    execFile(
      BASH,
      ["--norc", "--noprofile", "-n", "-c", command],
      { env: { PATH: "/nonexistent", LC_ALL: "C.UTF-8", HOME: ORACLE_HOME }, timeout: timeoutMs, maxBuffer: 1 << 20, killSignal: "SIGKILL" },
      (err, _stdout, stderrRaw) => {
        const stderr = String(stderrRaw).trim();
        const lines = stderr.split("\n").filter((l) => l.trim() !== "");
        const errors = lines.filter((l) => !/^[^:]*bash: (?:-c: )?line \d+: warning: /.test(l));
        if (!err && errors.length === 0) return resolve(stderr ? { valid: true, warnings: stderr } : { valid: true });
        resolve({ valid: false, message: stderr || `bash -n failed: ${err?.message ?? "unknown error"}` });
      },
    );
  });
}

/**
 * Is any process of the group still running? Zombies do not count: orphans are reparented to
 * pid 1, which in a container may reap them late, and kill(-pgid, 0) would still succeed.
 */
async function groupAlive(pgid: number): Promise<boolean> {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  const pids = await readdir("/proc").catch(() => [] as string[]);
  for (const p of pids) {
    if (!/^\d+$/.test(p)) continue;
    const stat = await readFile(`/proc/${p}/stat`, "latin1").catch(() => "");
    // pid (comm) state ppid pgrp ...; comm may hold spaces and parentheses: parse after the last ')'.
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(rest[2]) === pgid && rest[0] !== "Z") return true;
  }
  return false;
}

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, "SIGKILL");
  } catch {
    // already gone
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * An executable stand-in for a program named by a path (`./gradlew`, `/usr/bin/python3`): bash
 * never calls command_not_found_handle for those, so the oracle plants this stub where the
 * caller says such a program will be looked for. It hands over to handler.pl with argv[0] as
 * bash passed it; perl's own script fd is close-on-exec, so the handler sees the command's fds.
 */
function stubScript(cfg: { log: string; counter: string; maxCommands: number; status: number; stdinMax: number; stdinWaitSec: number }): string {
  const q = (x: string | number) => `'${String(x).replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
  return [
    "#!/usr/bin/perl",
    "delete @ENV{qw(PERL5OPT PERL5LIB PERL5DB PERLLIB PERLIO LD_PRELOAD LD_LIBRARY_PATH LD_AUDIT)}; $ENV{PERL_UNICODE} = 0;",
    `exec {'${PERL}'} '${PERL}', ${[HANDLER, cfg.log, cfg.counter, cfg.maxCommands, cfg.status, cfg.stdinMax, cfg.stdinWaitSec].map(q).join(", ")}, '--', $0, @ARGV;`,
    "",
  ].join("\n");
}

interface Planted {
  /** Absolute paths of stubs inside the temp root, and directories made for them. */
  files: Set<string>;
  dirs: Set<string>;
  /** `--ro-bind stub target` pairs for absolute targets (bubblewrap only). */
  binds: [string, string][];
  /** The plant requests honoured, as given. */
  done: string[];
}

/** Real paths of the programs the harness runs: never stubbed. */
const HARNESS_FILES = new Set<string>();
async function harnessFiles(): Promise<void> {
  if (HARNESS_FILES.size) return;
  for (const f of [BASH, PERL, BWRAP, HANDLER]) HARNESS_FILES.add(await realpath(f).catch(() => f));
}

async function plantStubs(requests: string[], layout: RunLayout, stubPath: string, sandbox: "bwrap" | "none"): Promise<Planted> {
  await harnessFiles();
  const planted: Planted = { files: new Set(), dirs: new Set(), binds: [], done: [] };
  for (const req of [...new Set(requests)]) {
    if (!req.includes("/")) continue;
    if (path.isAbsolute(req)) {
      // Only over an existing regular file, only inside the sandbox's own mount namespace, and
      // never over what the harness itself runs (bash, perl, the handler).
      if (sandbox !== "bwrap") continue;
      const st = await stat(req).catch(() => null);
      if (!st?.isFile()) continue;
      const real = await realpath(req).catch(() => req);
      if (HARNESS_FILES.has(real)) continue;
      planted.binds.push([stubPath, req]);
      planted.done.push(req);
      continue;
    }
    const abs = path.resolve(layout.work, req);
    if (!abs.startsWith(layout.work + "/") || req.endsWith("/")) continue;
    let dir = path.dirname(abs);
    const made: string[] = [];
    while (dir !== layout.work && !(await stat(dir).catch(() => null))) {
      made.unshift(dir);
      dir = path.dirname(dir);
    }
    for (const d of made) {
      await mkdir(d);
      planted.dirs.add(d);
    }
    if (await stat(abs).catch(() => null)) continue;
    await copyFile(stubPath, abs);
    await chmod(abs, 0o755);
    planted.files.add(abs);
    planted.done.push(req);
  }
  return planted;
}

async function listTree(dir: string, rel: string, skip: Set<string>, out: string[], hideDirs: Set<string> = new Set()): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return;
  }
  for (const name of entries.sort()) {
    const abs = path.join(dir, name);
    if (skip.has(abs)) continue;
    const r = rel ? `${rel}/${name}` : name;
    const st = await lstat(abs).catch(() => null);
    if (st?.isDirectory()) {
      if (!hideDirs.has(abs)) out.push(`${r}/`);
      await listTree(abs, r, skip, out, hideDirs);
    } else {
      out.push(r);
    }
  }
}

export async function observeArgv(command: string, opts: ObserveOptions = {}): Promise<ArgvObservation> {
  const started = performance.now();
  const cfg = { ...DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) } as typeof DEFAULTS & ObserveOptions;
  const facts = await bashFacts();
  const wanted = cfg.sandbox ?? "auto";
  if (wanted === "bwrap" && !facts.bwrap) throw new Error("argv oracle: sandbox 'bwrap' requested but bubblewrap does not work here (install the Debian package bubblewrap, or pass sandbox: 'none')");
  const sandbox: "bwrap" | "none" = wanted === "none" ? "none" : facts.bwrap ? "bwrap" : "none";

  const root = await mkdtemp(path.join(os.tmpdir(), "sf-argv-"));
  const token = randomBytes(9).toString("hex");
  const hidden = path.join(root, `.h-${token}`);
  const layout: RunLayout = {
    root,
    work: path.join(root, "work"),
    tmp: path.join(root, "tmp"),
    stdin: path.join(root, "stdin"),
    stdout: path.join(root, "stdout"),
    stderr: path.join(root, "stderr"),
  };
  try {
    await Promise.all([mkdir(layout.work), mkdir(layout.tmp), mkdir(hidden), mkdir(path.join(root, "bin")), writeFile(layout.stdin, "")]);
    const log = path.join(hidden, "log");
    const counter = path.join(hidden, "count");
    const script = buildScript(command, facts.builtins, { ...cfg, log, counter });
    const stubPath = path.join(hidden, "stub");
    await writeFile(stubPath, stubScript({ ...cfg, log, counter }), { mode: 0o755 });
    const planted = await plantStubs(cfg.plant ?? [], layout, stubPath, sandbox);
    const baseEnv: Record<string, string> = {
      PATH: path.join(root, "bin"),
      HOME: ORACLE_HOME,
      LC_ALL: "C.UTF-8",
      TMPDIR: layout.tmp,
    };
    const bashArgs = ["--norc", "--noprofile", "-c", script];
    const [file, args] =
      sandbox === "bwrap"
        ? [BWRAP, ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", ...planted.binds.flatMap(([src, dst]) => ["--ro-bind", src, dst]), "--bind", root, root, "--unshare-net", "--die-with-parent", "--chdir", layout.work, "--", BASH, ...bashArgs]]
        : [BASH, bashArgs];

    const syntax = checkSyntax(command, cfg.timeoutMs);
    const fin = await open(layout.stdin, "r");
    const fout = await open(layout.stdout, "w");
    const ferr = await open(layout.stderr, "w");
    let exitCode: number | null = null;
    let timedOut = false;
    try {
      const child = spawn(file, args, { cwd: layout.work, env: baseEnv, stdio: [fin.fd, fout.fd, ferr.fd], detached: true });
      const pgid = child.pid;
      if (pgid === undefined) throw new Error(`argv oracle: could not start ${file}`);
      const deadline = Date.now() + cfg.timeoutMs;
      const exited = new Promise<number | null>((resolve) => {
        child.on("exit", (code) => resolve(code));
        child.on("error", () => resolve(null));
      });
      const timer = sleep(cfg.timeoutMs).then(() => "timeout" as const);
      const first = await Promise.race([exited, timer]);
      if (first === "timeout") {
        timedOut = true;
        killGroup(pgid);
        await exited;
      } else {
        exitCode = first;
        // Background commands may outlive bash: let them finish logging, within the deadline.
        while ((await groupAlive(pgid)) && Date.now() < deadline) await sleep(5);
        if (await groupAlive(pgid)) {
          timedOut = true;
          killGroup(pgid);
        }
      }
    } finally {
      await Promise.all([fin.close(), fout.close(), ferr.close()]);
    }

    const [logBuf, countStat, stdout, stderrRaw, syn] = await Promise.all([
      readFile(log).catch(() => Buffer.alloc(0)),
      lstat(counter).catch(() => null),
      readFile(layout.stdout, "utf8"),
      readFile(layout.stderr, "utf8"),
      syntax,
    ]);
    const limitHit = (countStat?.size ?? 0) >= cfg.maxCommands;
    if (limitHit) exitCode = null;
    const numbering = new ObjectNumbering();
    const executed = decodeLog(logBuf)
      .sort((a, b) => a.seq - b.seq)
      .map((r) => toExecuted(r, layout, numbering, baseEnv));

    const createdFiles: string[] = [];
    const skip = new Set([layout.work, layout.tmp, layout.stdin, layout.stdout, layout.stderr, hidden, path.join(root, "bin")]);
    // A planted stub the command overwrote (`cat > run.sh`) is the command's file again.
    const stubText = await readFile(stubPath);
    const untouched = new Set<string>();
    for (const f of planted.files) {
      const now = await readFile(f).catch(() => null);
      if (now && now.equals(stubText)) untouched.add(f);
    }
    await listTree(layout.work, "", untouched, createdFiles, planted.dirs);
    const outside: string[] = [];
    await listTree(root, "", skip, outside);
    createdFiles.push(...outside.map((p) => `../${p}`));

    const stderr = stderrRaw
      .split(root)
      .join("$ROOT")
      // The preamble is line 1 of the -c string: report the command's own line numbers.
      .replace(/^((?:\/bin\/)?bash: (?:-c: )?line )(\d+)/gm, (_m, pre: string, n: string) => `${pre}${Number(n) - 1}`);
    return {
      command,
      valid: syn.valid,
      ...(syn.valid ? {} : { syntaxError: syn.message }),
      ...(syn.warnings ? { syntaxWarnings: syn.warnings } : {}),
      executed,
      createdFiles,
      exitCode,
      timedOut: timedOut && !limitHit,
      limitHit,
      stdout,
      stderr,
      status: cfg.status,
      planted: planted.done,
      bashVersion: facts.version,
      sandbox,
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    await rm(root, { recursive: true, force: true, maxRetries: 2 });
  }
}

/**
 * Many commands, at most `concurrency` (default 2: the machine has 2 cores) at a time, results
 * in input order. `perCommand` adds options for one command (e.g. its `plant` list).
 */
export async function observeMany(
  commands: string[],
  opts: ObserveOptions = {},
  concurrency = 2,
  perCommand?: (command: string, index: number) => ObserveOptions,
): Promise<ArgvObservation[]> {
  const results: ArgvObservation[] = new Array(commands.length);
  let next = 0;
  const worker = async () => {
    while (next < commands.length) {
      const i = next++;
      results[i] = await observeArgv(commands[i]!, perCommand ? { ...opts, ...perCommand(commands[i]!, i) } : opts);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, commands.length)) }, worker));
  return results;
}
