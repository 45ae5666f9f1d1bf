// The I/O edge: build the template world once, copy it per run, run one command under
// bubblewrap + strace with limits, hand back the raw trace and output.
import { execFileSync, spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable } from "node:stream";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildScript, etcOverrides, GIT_DATE, HOME, PROJECT, q } from "./world.ts";

/** Where the sandbox sees the oracle's own files (the trace). Not part of the planted world. */
export const CONTROL = "/.shellfence-oracle";

export const TRACED_SYSCALLS = [
  "open", "openat", "openat2", "creat", "unlink", "unlinkat", "rmdir", "rename", "renameat", "renameat2",
  "mkdir", "mkdirat", "mknod", "mknodat", "link", "linkat", "symlink", "symlinkat", "chmod", "fchmod",
  "fchmodat", "chown", "fchown", "lchown", "fchownat", "truncate", "ftruncate", "execve", "execveat",
  "chdir", "fchdir", "clone", "clone3", "fork", "vfork", "connect", "sendto", "sendmsg", "bind",
  "setuid", "setgid", "setreuid", "setregid", "setresuid", "setresgid", "setfsuid", "setfsgid",
  "setgroups", "ptrace", "mount", "umount2", "pivot_root", "chroot", "setns",
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
export const ORACLE_ROOT = path.join(isDir("/dev/shm") ? "/dev/shm" : os.tmpdir(), "shellfence-oracle");

function isDir(p: string): boolean {
  try {
    fs.accessSync(p, fs.constants.W_OK);
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

export interface Template {
  dir: string;
}

/** Builds the template world if this version is not cached yet. Safe against concurrent builders. */
export function ensureTemplate(): Template {
  requireTools();
  const script = buildScript();
  const version = createHash("sha256").update(script).update(TEMPLATE_FORMAT).digest("hex").slice(0, 12);
  const dir = path.join(ORACLE_ROOT, `template-${version}`);
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
  fs.writeFileSync(path.join(staging, "ready"), "");
  try {
    fs.renameSync(staging, dir);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true }); // another process won the race
  }
  return { dir };
}
const TEMPLATE_FORMAT = "v1";

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
  for (const [k, v] of Object.entries(sandboxEnv(spec.pty))) args.push("--setenv", k, v);
  args.push("--chdir", spec.cwd, "--remount-ro", "/", "--", ...spec.inner);
  return args;
}

export interface RunOptions {
  cwd: string;
  pty: boolean;
  stdin: string;
  limits: Limits;
}

export interface RawRun {
  trace: string;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
  truncated: boolean;
  /** Host dir of the run's world copy (home/, tmp/); the caller reads it, then calls cleanup(). */
  runDir: string;
  cleanup(): Promise<void>;
}

let counter = 0;

/** Copies the template, runs `command` under bwrap + strace, returns the raw material. */
export async function runOnce(template: Template, command: string, opt: RunOptions): Promise<RawRun> {
  const runDir = path.join(ORACLE_ROOT, "runs", `${process.pid}-${++counter}-${randomBytes(3).toString("hex")}`);
  fs.mkdirSync(path.join(runDir, "ctl"), { recursive: true });
  await copyWorld(template.dir, runDir);
  const cleanup = () => fs.promises.rm(runDir, { recursive: true, force: true });
  const l = opt.limits;
  const strace = [
    "/usr/bin/strace", "-f", "-q", "--seccomp-bpf", "-yy", "-s", "4096", "-e", "signal=none",
    "-e", `trace=${TRACED_SYSCALLS.join(",")}`, "-o", `${CONTROL}/trace`, "--", "/bin/bash", "-c", command,
  ];
  const limited = (cmd: string[]) => [
    "/usr/bin/prlimit", `--nproc=${l.maxProcesses}`, `--data=${l.memoryBytes}`, `--fsize=${l.maxFileBytes}`, "--core=0", "--", ...cmd,
  ];
  const inner = opt.pty
    ? limited(["/usr/bin/script", "-q", "-e", "-c", `exec ${strace.map(q).join(" ")}`, "/dev/null"])
    : limited(strace);
  const args = bwrapArgs({ run: runDir, etc: path.join(template.dir, "etc"), cwd: opt.cwd, pty: opt.pty, inner });

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
    const kill = () => child.kill("SIGKILL"); // bwrap dies, and with it the pid namespace
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, l.timeoutMs);
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
      void cleanup();
      reject(new Error(`could not start bwrap (${e.message}); install it with \`apt-get install -y bubblewrap strace\``));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      let trace = "";
      try {
        trace = fs.readFileSync(path.join(runDir, "ctl", "trace"), "utf8");
      } catch {
        // no trace: strace never started; the caller sees an empty trace and the stderr
      }
      let stdout = Buffer.concat(out).toString("utf8");
      if (opt.pty) stdout = stdout.replace(/\r\n/g, "\n");
      resolve({ trace, stdout, stderr: Buffer.concat(err).toString("utf8"), exitCode: code, timedOut, truncated, runDir, cleanup });
    });
  });
}

export const DEFAULT_CWD = PROJECT;

/** `cp -a` of the template's home/ and tmp/ (keeps modes, symlinks and mtimes), without blocking. */
function copyWorld(templateDir: string, runDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const cp = spawn("cp", ["-a", path.join(templateDir, "home"), path.join(templateDir, "tmp"), runDir], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    cp.stderr.on("data", (b: Buffer) => (err += b.toString()));
    cp.on("error", reject);
    cp.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`copying the planted world into ${runDir} failed: ${err}`))));
  });
}
