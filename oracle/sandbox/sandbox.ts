// The I/O edge: build the template world once, copy it per run, run one command under
// bubblewrap + strace with limits, hand back the raw trace and output.
import { execFileSync, spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable } from "node:stream";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildScript, ENV_CANARIES, etcOverrides, GIT_DATE, HOME, PROJECT, q } from "./world.ts";
import { processAlive } from "../../src/cli/process-io.ts";

/** Where the sandbox sees the oracle's own files (the trace). Not part of the planted world. */
export const CONTROL = "/.shellfence-oracle";

export const TRACED_SYSCALLS = [
  "open", "openat", "openat2", "creat", "unlink", "unlinkat", "rmdir", "rename", "renameat", "renameat2",
  "mkdir", "mkdirat", "mknod", "mknodat", "link", "linkat", "symlink", "symlinkat", "chmod", "fchmod",
  "fchmodat", "chown", "fchown", "lchown", "fchownat", "truncate", "ftruncate", "execve", "execveat",
  "chdir", "fchdir", "clone", "clone3", "fork", "vfork", "connect", "sendto", "sendmsg", "bind",
  "setuid", "setgid", "setreuid", "setregid", "setresuid", "setresgid", "setfsuid", "setfsgid",
  "setgroups", "ptrace", "mount", "umount2", "pivot_root", "chroot", "setns", "kill", "tkill", "tgkill",
];

export interface Limits {
  timeoutMs: number;
  maxProcesses: number;
  /** RLIMIT_DATA: heap and private writable mappings. */
  memoryBytes: number;
  /** Per stream (stdout, stderr); past it the run is killed and marked truncated. */
  maxOutputBytes: number;
  /** RLIMIT_FSIZE: largest file the command may write. */
  maxFileBytes: number;
}

export const DEFAULT_LIMITS: Limits = {
  timeoutMs: 5000,
  maxProcesses: 256,
  memoryBytes: 2 * 1024 ** 3,
  maxOutputBytes: 1024 ** 2,
  maxFileBytes: 64 * 1024 ** 2,
};

/** Template and per-run copies live on tmpfs when there is one: copying and removing the world
 * on a disk filesystem costs more than running most commands. */
export const ORACLE_ROOT = path.join(execTmpfs("/dev/shm") ? "/dev/shm" : os.tmpdir(), "shellfence-oracle");

/** A writable tmpfs mounted without noexec (Docker mounts /dev/shm noexec: project scripts could not run). */
function execTmpfs(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    const line = fs.readFileSync("/proc/mounts", "utf8").split("\n").reverse().find((l) => l.split(" ")[1] === dir);
    if (!line) return false;
    const [, , type, opts] = line.split(" ");
    return type === "tmpfs" && !opts!.split(",").includes("noexec");
  } catch {
    return false;
  }
}

export interface Template {
  dir: string;
}

/**
 * Another world for the oracle (eval/sessions/world.ts): the planted world, then `extend(dir)` run
 * on the host over the built template (dir holds home/ and tmp/). `id` names and versions it; the
 * default world (no AltWorld) is built exactly as before.
 */
export interface AltWorld {
  id: string;
  extend(dir: string): void;
}

/** Builds the template world if this version is not cached yet. Safe against concurrent builders. */
export function ensureTemplate(alt?: AltWorld): Template {
  requireTools();
  const script = buildScript();
  const hash = createHash("sha256").update(script).update(TEMPLATE_FORMAT);
  if (alt) hash.update(`\0alt:${alt.id}`);
  const version = hash.digest("hex").slice(0, 12);
  const dir = path.join(ORACLE_ROOT, `template-${alt ? `${alt.id.replace(/[^\w.-]/g, "_")}-` : ""}${version}`);
  if (fs.existsSync(path.join(dir, "ready"))) return { dir };
  const staging = `${dir}.building-${process.pid}-${randomBytes(4).toString("hex")}`;
  fs.mkdirSync(path.join(staging, "home"), { recursive: true });
  fs.mkdirSync(path.join(staging, "tmp"));
  fs.mkdirSync(path.join(staging, "etc"));
  fs.chmodSync(path.join(staging, "tmp"), 0o1777);
  const etc = etcOverrides(fs.readFileSync("/etc/passwd", "utf8"), fs.readFileSync("/etc/group", "utf8"));
  for (const [name, body] of Object.entries(etc)) fs.writeFileSync(path.join(staging, "etc", name), body);
  const args = bwrapArgs({ run: staging, etc: path.join(staging, "etc"), cwd: "/", pty: false, inner: ["/bin/bash", "-c", script] });
  try {
    execFileSync("bwrap", args, { stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    const e = err as { stderr?: Buffer };
    throw new Error(`oracle/sandbox/world.ts: building the planted world failed: ${e.stderr?.toString() ?? String(err)}`);
  }
  if (alt) {
    try {
      alt.extend(staging);
    } catch (err) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw new Error(`building the oracle world "${alt.id}" failed: ${(err as Error).message}`);
    }
  }
  fs.writeFileSync(path.join(staging, "ready"), "");
  try {
    fs.renameSync(staging, dir);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true }); // another process won the race
  }
  // an alternative world leaves the default's templates alone (other oracle runs may be using them)
  if (!alt) removeStaleTemplates(dir);
  return { dir };
}
const TEMPLATE_FORMAT = "v1";

/** Templates of older world versions, unused for an hour, are removed when a new one is built. */
function removeStaleTemplates(current: string): void {
  for (const name of fs.readdirSync(ORACLE_ROOT)) {
    const p = path.join(ORACLE_ROOT, name);
    if (!name.startsWith("template-") || p === current) continue;
    try {
      if (Date.now() - fs.statSync(p).mtimeMs > 3600_000) fs.rmSync(p, { recursive: true, force: true });
    } catch {
      // another process removed it first
    }
  }
}

let toolsChecked = false;
function requireTools(): void {
  if (toolsChecked) return;
  for (const tool of ["bwrap", "strace", "prlimit", "script"]) {
    try {
      execFileSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" });
    } catch {
      throw new Error(`the sandbox oracle needs \`${tool}\`: install it with \`apt-get install -y bubblewrap strace util-linux\``);
    }
  }
  toolsChecked = true;
}

interface BwrapSpec {
  /** Host dir holding home/, tmp/ (and ctl/ for observed runs). */
  run: string;
  /** Template dir bound read-only under CONTROL, for the in-sandbox copy. */
  template?: string;
  etc: string;
  cwd: string;
  pty: boolean;
  inner: string[];
}

/** Host system dirs bound read-only; merged-/usr symlinks are recreated as symlinks. */
function systemBinds(): string[] {
  const out: string[] = ["--ro-bind", "/usr", "/usr"];
  for (const d of ["/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32"]) {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(d);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) out.push("--symlink", fs.readlinkSync(d), d);
    else out.push("--ro-bind", d, d);
  }
  out.push("--ro-bind", "/etc", "/etc", "--ro-bind-try", "/opt", "/opt", "--ro-bind-try", "/var", "/var", "--ro-bind-try", "/sys", "/sys");
  return out;
}

const SECRET_NAMES = new Set(ENV_CANARIES.map((c) => c.name));

export function sandboxEnv(pty: boolean): Record<string, string> {
  return {
    HOME,
    USER: "agent",
    LOGNAME: "agent",
    SHELL: "/bin/bash",
    PATH: "/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin",
    LANG: "C.UTF-8",
    TERM: pty ? "xterm-256color" : "dumb",
    // fixed so that commits made inside the sandbox hash the same on every run
    GIT_AUTHOR_DATE: GIT_DATE,
    GIT_COMMITTER_DATE: GIT_DATE,
    ...(pty ? { COLUMNS: "120", LINES: "40" } : {}),
    // secrets an agent's session carries (tokens, a database URL): disclosure is observable
    ...Object.fromEntries(ENV_CANARIES.map((c) => [c.name, c.value])),
  };
}

export function bwrapArgs(spec: BwrapSpec): string[] {
  const args = [
    "--unshare-user", "--uid", "1000", "--gid", "1000",
    "--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--hostname", "sandbox",
    "--die-with-parent", "--new-session", "--clearenv",
    ...systemBinds(),
  ];
  for (const name of fs.readdirSync(spec.etc)) args.push("--ro-bind", path.join(spec.etc, name), `/etc/${name}`);
  args.push("--proc", "/proc", "--dev", "/dev");
  args.push("--bind", path.join(spec.run, "home"), "/home", "--bind", path.join(spec.run, "tmp"), "/tmp");
  if (fs.existsSync(path.join(spec.run, "ctl"))) args.push("--bind", path.join(spec.run, "ctl"), CONTROL);
  if (spec.template) {
    args.push("--ro-bind", spec.template, `${CONTROL}/template`);
    // the run dir once more, so one `cp` fills /home and /tmp (their host dirs are inside it)
    args.push("--bind", spec.run, `${CONTROL}/world`);
  }
  // The secrets are not set here: bwrap is the sandbox's pid 1, and `ps` would show them in its
  // argv. The in-sandbox setup reads them from a file instead (see runOnce).
  for (const [k, v] of Object.entries(sandboxEnv(spec.pty))) if (!SECRET_NAMES.has(k)) args.push("--setenv", k, v);
  args.push("--chdir", spec.cwd, "--remount-ro", "/", "--", ...spec.inner);
  return args;
}

export interface RunOptions {
  cwd: string;
  pty: boolean;
  stdin: string;
  limits: Limits;
  /** Also trace writes, with their data (to tell which process wrote a secret token). */
  traceWrites?: boolean;
}

/** Write calls, traced only when a disclosed token must be attributed to a process. */
export const WRITE_SYSCALLS = ["write", "writev", "pwrite64", "pwritev"];

export interface RawRun {
  trace: string;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
  truncated: boolean;
  /** Killed for having more than maxProcesses processes alive at once. */
  processLimitHit: boolean;
  /** Host dir of the run's world copy (home/, tmp/); the caller reads it, then calls cleanup(). */
  runDir: string;
  /** Host time (ms, ctime clock) when the world copy was complete: later ctimes are the command's. */
  copiedAtMs: number;
  /** CPU (user + system, ms) of the in-sandbox copy, strace and the command; null if killed. */
  cpuMs: number | null;
  cleanup(): void;
}

let counter = 0;

/** Copies the template, runs `command` under bwrap + strace, returns the raw material. */
export async function runOnce(template: Template, command: string, opt: RunOptions): Promise<RawRun> {
  const runDir = path.join(ORACLE_ROOT, "runs", `${process.pid}-${++counter}-${randomBytes(3).toString("hex")}`);
  fs.mkdirSync(path.join(runDir, "ctl"), { recursive: true });
  fs.mkdirSync(path.join(runDir, "home"));
  fs.mkdirSync(path.join(runDir, "tmp"));
  const cleanup = () => discard(runDir);
  const l = opt.limits;
  const strace = [
    "/usr/bin/strace", "-f", "-q", "--seccomp-bpf", "-yy", "-s", opt.traceWrites ? "65536" : "4096", "-e", "signal=none",
    "-e", `trace=${[...TRACED_SYSCALLS, ...(opt.traceWrites ? WRITE_SYSCALLS : [])].join(",")}`, "-o", `${CONTROL}/trace`, "--", "/bin/bash", "-c", command,
  ];
  const limited = (cmd: string[]) => [
    "/usr/bin/prlimit", `--nproc=${l.maxProcesses}`, `--data=${l.memoryBytes}`, `--fsize=${l.maxFileBytes}`, "--core=0", "--", ...cmd,
  ];
  const traced = opt.pty
    ? limited(["/usr/bin/script", "-q", "-e", "-c", `exec ${strace.map(q).join(" ")}`, "/dev/null"])
    : limited(strace);
  // The world is copied in by the sandbox itself before strace starts (no extra process spawned
  // from node, which is the expensive part); the marker's mtime says when the copy was complete.
  const tpl = `${CONTROL}/template`;
  // `times` reports the CPU of everything sh waited for (the copy, strace and the command).
  // The secret variables come from a file the setup reads and removes (not from any process's argv).
  fs.writeFileSync(path.join(runDir, "ctl", "env"), ENV_CANARIES.map((c) => `export ${c.name}=${q(c.value)}\n`).join(""));
  const setup = `. ${CONTROL}/env && rm -f ${CONTROL}/env && cp -a ${tpl}/home ${tpl}/tmp ${CONTROL}/world/ && : > ${CONTROL}/copied && cd "$0" || exit 125`;
  const inner = ["/bin/sh", "-c", `${setup}; "$@"; rc=$?; times > ${CONTROL}/times; exit $rc`, opt.cwd, ...traced];
  const args = bwrapArgs({ run: runDir, etc: path.join(template.dir, "etc"), cwd: "/", pty: opt.pty, inner, template: template.dir });

  return await new Promise<RawRun>((resolve, reject) => {
    // stdin is a regular file: on a socket (node's default pipes) bash would think it runs
    // under rshd and source ~/.bashrc
    const stdinPath = path.join(runDir, "stdin");
    fs.writeFileSync(stdinPath, opt.stdin);
    const stdinFd = fs.openSync(stdinPath, "r");
    const child = spawn("bwrap", args, { stdio: [stdinFd, "pipe", "pipe"] }) as ChildProcessByStdio<null, Readable, Readable>;
    fs.closeSync(stdinFd);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outLen = 0;
    let errLen = 0;
    let timedOut = false;
    let truncated = false;
    let processLimitHit = false;
    const kill = () => child.kill("SIGKILL"); // bwrap dies, and with it the pid namespace
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, l.timeoutMs);
    // RLIMIT_NPROC does not bind when the sandbox user maps to host root (as in CI), so a run that
    // lasts is also checked by counting its process tree; short runs never pay for this.
    const counter = setInterval(() => {
      if (child.pid !== undefined && countTree(child.pid, l.maxProcesses + 8) > l.maxProcesses + 8) {
        processLimitHit = true;
        kill();
      }
    }, 250);
    child.stdout.on("data", (b: Buffer) => {
      outLen += b.length;
      if (outLen <= l.maxOutputBytes) out.push(b);
      else if (!truncated) {
        truncated = true;
        kill();
      }
    });
    child.stderr.on("data", (b: Buffer) => {
      errLen += b.length;
      if (errLen <= l.maxOutputBytes) err.push(b);
      else if (!truncated) {
        truncated = true;
        kill();
      }
    });
    child.on("error", (e) => {
      clearTimeout(timer);
      clearInterval(counter);
      cleanup();
      reject(new Error(`could not start bwrap (${e.message}); install it with \`apt-get install -y bubblewrap strace\``));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      clearInterval(counter);
      let trace = "";
      try {
        trace = readCapped(path.join(runDir, "ctl", "trace"), MAX_TRACE_BYTES);
        if (trace.length >= MAX_TRACE_BYTES) truncated = true;
      } catch {
        // no trace: strace never started; the caller sees an empty trace and the stderr
      }
      let stdout = Buffer.concat(out).toString("utf8");
      if (opt.pty) stdout = stdout.replace(/\r\n/g, "\n");
      let copiedAtMs = 0;
      try {
        copiedAtMs = fs.statSync(path.join(runDir, "ctl", "copied")).mtimeMs;
      } catch {
        if (!timedOut) {
          cleanup();
          reject(new Error(`the sandbox could not set up the planted world: ${Buffer.concat(err).toString("utf8").slice(0, 2000)}`));
          return;
        }
      }
      resolve({ trace, stdout, stderr: Buffer.concat(err).toString("utf8"), exitCode: code, timedOut, truncated, processLimitHit, runDir, copiedAtMs, cpuMs: readTimes(path.join(runDir, "ctl", "times")), cleanup });
    });
  });
}

export const DEFAULT_CWD = PROJECT;

/** Past this the trace is cut and the run marked truncated (a 5 s run rarely writes 1 MB). */
const MAX_TRACE_BYTES = 64 * 1024 ** 2;

function readCapped(file: string, max: number): string {
  const fd = fs.openSync(file, "r");
  try {
    const buf = Buffer.alloc(Math.min(fs.fstatSync(fd).size, max));
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n).toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}

/** Run and trash dirs left by oracle processes that died without cleaning up (named `<pid>-...`). */
export function removeOrphans(): void {
  for (const sub of ["runs", "trash"]) {
    let names: string[];
    try {
      names = fs.readdirSync(path.join(ORACLE_ROOT, sub));
    } catch {
      continue;
    }
    for (const name of names) {
      const pid = Number(name.split("-")[0]);
      if (!Number.isInteger(pid) || pid === process.pid || processAlive(pid)) continue;
      fs.rmSync(path.join(ORACLE_ROOT, sub, name), { recursive: true, force: true });
    }
  }
}


/** Processes in the tree under `pid` (through /proc/<pid>/task/<tid>/children), counting stops past `cap`. */
function countTree(pid: number, cap: number): number {
  let n = 0;
  const stack = [pid];
  while (stack.length && n <= cap) {
    const p = stack.pop()!;
    n++;
    let tids: string[];
    try {
      tids = fs.readdirSync(`/proc/${p}/task`);
    } catch {
      continue;
    }
    for (const t of tids) {
      try {
        for (const c of fs.readFileSync(`/proc/${p}/task/${t}/children`, "utf8").split(" ")) if (c.trim()) stack.push(Number(c));
      } catch {
        // exited meanwhile
      }
    }
  }
  return n;
}

/** Children's user and system time from sh's `times` (second line: "0m0.120000s 0m0.040000s"). */
export function parseTimes(text: string): number | null {
  const line = text.split("\n")[1];
  const m = line ? /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s/.exec(line) : null;
  if (!m) return null;
  return Math.round((Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000);
}

function readTimes(file: string): number | null {
  try {
    return parseTimes(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

// Finished run dirs are renamed into a trash dir and removed in batches by one `rm -rf`:
// removing a world per run from node costs more CPU than most commands take to run.
const TRASH_BATCH = 32;
let trash: { dir: string; count: number } | null = null;
const pendingTrash: string[] = [];

function discard(runDir: string): void {
  if (!trash) {
    trash = { dir: path.join(ORACLE_ROOT, "trash", `${process.pid}-${randomBytes(4).toString("hex")}`), count: 0 };
    fs.mkdirSync(trash.dir, { recursive: true });
    if (pendingTrash.length === 0) process.once("exit", emptyTrashSync);
    pendingTrash.push(trash.dir);
  }
  try {
    fs.renameSync(runDir, path.join(trash.dir, path.basename(runDir)));
  } catch {
    fs.rmSync(runDir, { recursive: true, force: true });
    return;
  }
  if (++trash.count >= TRASH_BATCH) {
    const full = trash.dir;
    trash = null;
    const rm = spawn("rm", ["-rf", full], { stdio: "ignore" });
    rm.on("close", () => {
      const i = pendingTrash.indexOf(full);
      if (i >= 0) pendingTrash.splice(i, 1);
    });
    rm.on("error", () => {});
  }
}

function emptyTrashSync(): void {
  for (const d of pendingTrash) fs.rmSync(d, { recursive: true, force: true });
}
