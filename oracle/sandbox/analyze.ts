// From syscalls to effects: track each process's cwd and trust across fork/clone/exec, turn every
// attempted file, exec, network and privilege call into an effect, drop the documented noise.
// Pure apart from the injected filesystem view.
import { readFileSync } from "node:fs";
import type { Effect, Kind, Locus, Op } from "../../src/policy/model.ts";
import { isHeredocTemp, isNoiseRead, NOISE_SOCKETS, ownProcessSetting } from "./noise.ts";
import { resolvePhysical, type FsView } from "./paths.ts";
import { globToRegExp } from "../../src/policy/regions.ts";
import { array, fdPath, fields, str, type Syscall } from "./trace.ts";

export interface WorldView extends FsView {
  /** Does this program carry the setuid or setgid bit (sudo, su)? */
  isSetid?(p: string): boolean;
  /** Did this sandbox path exist before the command ran? */
  existedBefore(p: string): boolean;
  /** Does it exist now? */
  existsAfter(p: string): boolean;
}

export interface AnalyzeInput {
  calls: Syscall[];
  /** The cwd the command started in. */
  cwd: string;
  world: WorldView;
  locate(p: string): Locus;
  /** HOME inside the sandbox, for CREDENTIAL_USE patterns. */
  home: string;
  /** Secret environment tokens to follow (world.ts ENV_CANARIES: `core` is matched case-insensitively); with `report`. */
  tokens?: readonly { name: string; core: string }[];
  /** Filled in: where the tokens went, in trace order, and whether any trusted code ran. */
  report?: TokenReport;
}

/** A token handed to a program in its argv, or written by a process (when writes are traced). */
export interface TokenUse {
  name: string;
  how: "argv" | "write";
  /** The process was running trusted code (or was started by trusted code). */
  trusted: boolean;
}

export interface TokenReport {
  uses: TokenUse[];
  trustedRan: boolean;
}

interface Fs {
  cwd: string;
}
interface Proc {
  pid: number;
  fs: Fs;
  trusted: boolean;
  /** argv of the program the process runs: a noise-listed file it names is not noise. */
  argv: string[];
  /** Basename of the program's resolved path. */
  prog: string;
  /** The program's resolved path, as execve named it (a script, not its interpreter). */
  exe?: string;
  /**
   * Has this process (or the parent it was forked from) taken in content the command does not
   * carry: a file from outside the system dirs and the project, or the network? What it writes
   * then is not the command's own code.
   */
  foreign: boolean;
}

/** Loci whose content a written-then-run script may come from and still be the command's own code. */
const OWN_CONTENT: ReadonlySet<Locus> = new Set<Locus>(["system", "worktree", "vcs-control", "stream", "none"]);

/** General-purpose interpreters: running project or inline code in them is "trusted code". */
const INTERPRETER = /^(python[0-9.]*|pypy[0-9.]*|node|nodejs|deno|bun|ruby[0-9.]*|perl[0-9.]*|php[0-9.]*|lua[0-9.]*|luajit|Rscript|tclsh[0-9.]*)$/;
const SHELL = /^(bash|sh|dash|zsh|ksh|mksh|fish)$/;
/** Files an interpreter imports as code (Python modules and bytecode, JavaScript modules, native addons). */
const MODULE_FILE = /\.(py|pyc|js|mjs|cjs|node)$/;

/** An effect plus whether the syscall succeeded (a failed write attempt still counts). */
export type RawEffect = Effect & {
  ok: boolean;
  errno?: string;
  noise?: boolean;
  /** A network client reading the credential file it authenticates with (see CREDENTIAL_USE). */
  credentialOf?: string;
  /** The command created this file and removed it again (both seen in the trace): not an effect. */
  gone?: boolean;
};

/**
 * Network clients and the credential files they read on their own to authenticate. Such a read
 * is implied by the client's network effect (`git push` at network-admin uses ~/.ssh), so it is
 * reported as credential use, not as a secret read, unless the command names the file itself or
 * the file's canary leaks (then it is an ordinary secret read).
 */
export const CREDENTIAL_USE: Record<string, string[]> = {
  ssh: ["~/.ssh/**"],
  scp: ["~/.ssh/**"],
  sftp: ["~/.ssh/**"],
  "git-remote-http": ["~/.netrc", "~/.git-credentials"],
  "git-remote-https": ["~/.netrc", "~/.git-credentials"],
  "git-credential-store": ["~/.git-credentials", "~/.config/git/credentials"],
  curl: ["~/.netrc"],
  wget: ["~/.netrc"],
  "npm-cli.js": ["~/.npmrc"],
  "npx-cli.js": ["~/.npmrc"],
  aws: ["~/.aws/**"],
  gh: ["~/.config/gh/hosts.yml"],
  docker: ["~/.docker/config.json"],
  kubectl: ["~/.kube/**"],
  gcloud: ["~/.config/gcloud/**"],
  // setuid programs checking who may become whom (PAM reads the shadow file)
  su: ["/etc/shadow", "/etc/gshadow"],
  sudo: ["/etc/shadow", "/etc/sudoers", "/etc/sudoers.d/**"],
  doas: ["/etc/shadow"],
  pkexec: ["/etc/shadow"],
  passwd: ["/etc/shadow"],
  chsh: ["/etc/shadow"],
  chfn: ["/etc/shadow"],
  newgrp: ["/etc/shadow", "/etc/gshadow"],
  gpasswd: ["/etc/shadow", "/etc/gshadow"],
  unix_chkpwd: ["/etc/shadow"],
};

export function analyze(input: AnalyzeInput): RawEffect[] {
  const { calls, world, locate } = input;
  const procs = new Map<number, Proc>();
  const effects: RawEffect[] = [];
  /**
   * Files this command wrote so far, with every process that wrote into each: an interpreter
   * running one runs code the command carries (inline code) when none of those writers took in
   * foreign content (`cp ~/Downloads/x.py /tmp/x.py`, `curl -o`) and no process read a foreign
   * file it names (`cat ~/x.py | tee /tmp/x.py`: the pipe between them is not traced).
   */
  const written = new Map<string, Proc[]>();
  let namedForeignRead = false;
  let ok = false;
  let errno: string | null = null;
  let root: number | null = null;
  let rootExecSeen = false;
  /** Files the command created (not there before), and those of them it removed again. */
  const made = new Set<string>();
  const removed = new Set<string>();

  const proc = (pid: number): Proc => {
    let p = procs.get(pid);
    if (!p) {
      p = { pid, fs: { cwd: input.cwd }, trusted: false, argv: [], prog: "bash", foreign: false };
      procs.set(pid, p);
      root ??= pid;
    }
    return p;
  };
  const procView = { cwdOf: (pid: number) => procs.get(pid)?.fs.cwd ?? null };

  const emit = (p: Proc, op: Op, target: string, extra: { kind?: Kind; locus?: Locus; listing?: boolean } = {}) => {
    const e: RawEffect = { op, locus: extra.locus ?? locate(target), target, ok };
    if (errno) e.errno = errno;
    if (extra.kind) e.kind = extra.kind;
    if (p.trusted) e.via = "trusted-code";
    if (op === "read" && isNoiseRead(target) && !mentions(p.argv, target)) e.noise = true;
    // a directory listing is names, not code: it does not make what the process writes foreign
    if (ok && !extra.listing && foreignContent(p, e)) {
      p.foreign = true;
      if (op === "read" && mentions(p.argv, target)) namedForeignRead = true;
    }
    if (op === "read" && e.locus === "secret" && credentialFile(p.prog, target, input.home) && !mentions(p.argv, target)) e.credentialOf = p.prog;
    effects.push(e);
  };

  for (const c of calls) {
    const p = proc(c.pid);
    const a = c.args;
    ok = c.errno === null && c.retVal !== null && c.retVal >= 0;
    errno = c.errno;
    // base dir of a path argument: the dirfd decoration, else the process's cwd
    const dirOf = (fdArg: string | undefined): string => {
      const d = fdPath(fdArg);
      if (fdArg?.startsWith("AT_FDCWD") && d) p.fs.cwd = d; // strace saw the real cwd: trust it
      return d ?? p.fs.cwd;
    };
    const resolve = (rel: string, base: string, follow: boolean) =>
      resolvePhysical(rel, base, world, procView, c.pid, follow);
    const pathAt = (fdArg: string | undefined, pathArg: string | undefined, follow: boolean): string | null => {
      const s = str(pathArg);
      if (s === null) return null;
      if (s === "") return fdPath(fdArg); // AT_EMPTY_PATH: the fd itself
      return resolve(s, s.startsWith("/") ? "/" : dirOf(fdArg), follow);
    };
    const pathArg = (arg: string | undefined, follow: boolean) => pathAt(undefined, arg, follow);

    switch (c.name) {
      case "clone":
      case "clone3":
      case "fork":
      case "vfork": {
        if (!ok || !c.retVal) break;
        const flags = c.name === "clone3" ? fields(a[0])["flags"] ?? "" : a.find((x) => x.startsWith("flags="))?.slice(6) ?? "";
        const shareFs = /\bCLONE_FS\b/.test(flags);
        procs.set(c.retVal, { pid: c.retVal, fs: shareFs ? p.fs : { cwd: p.fs.cwd }, trusted: p.trusted, argv: p.argv, prog: p.prog, exe: p.exe, foreign: p.foreign });
        break;
      }
      case "chdir":
        if (ok) {
          const s = str(a[0]);
          if (s !== null) p.fs.cwd = resolve(s, p.fs.cwd, true);
        }
        break;
      case "fchdir":
        if (ok) p.fs.cwd = fdPath(a[0]) ?? p.fs.cwd;
        break;
      case "execve":
      case "execveat": {
        if (!ok) break; // a failed exec runs nothing (PATH search probes fail with ENOENT)
        const argv = array(c.name === "execve" ? a[1] : a[2]);
        p.argv = argv;
        // a token in a program's argv (a shell's is not a disclosure: it runs code with it)
        if (input.report && input.tokens) {
          const name = str(c.name === "execve" ? a[0] : a[1]) ?? "";
          if (!SHELL.test(name.slice(name.lastIndexOf("/") + 1))) {
            for (const t of input.tokens) if (argv.some((x) => x.toLowerCase().includes(t.core))) input.report.uses.push({ name: t.name, how: "argv", trusted: p.trusted });
          }
        }
        if (c.pid === root && !rootExecSeen) {
          rootExecSeen = true; // strace starting bash -c: the harness, not the command
          break;
        }
        const prog = c.name === "execve" ? pathArg(a[0], true) : pathAt(a[0], a[1], true);
        if (prog) p.prog = prog.slice(prog.lastIndexOf("/") + 1);
        if (prog) p.exe = prog;
        if (prog) execEffect(p, prog, argv);
        break;
      }
      case "open":
      case "creat":
      case "openat":
      case "openat2": {
        const at = c.name === "openat" || c.name === "openat2";
        const flags = c.name === "creat" ? "O_WRONLY|O_CREAT|O_TRUNC" : c.name === "openat2" ? fields(a[2])["flags"] ?? "" : (at ? a[2] : a[1]) ?? "";
        if (/\bO_PATH\b/.test(flags)) break;
        const writes = /\bO_(WRONLY|RDWR|CREAT|TRUNC)\b/.test(flags);
        const reads = !/\bO_WRONLY\b/.test(flags);
        if (writes && c.errno === "EEXIST") break; // O_EXCL on an existing file: nothing changed
        const target = ok && c.retPath ? c.retPath : at ? pathAt(a[0], a[1], !/\bO_NOFOLLOW\b/.test(flags)) : pathArg(a[0], true);
        if (!target) break;
        // a setting of the command's own processes: a thread's name (dig, host), a JVM's core dump filter
        if (writes && ownProcessSetting(target, (pid) => procs.has(pid))) break;
        if (writes) {
          emit(p, "write", target);
          if (ok) wroteContent(p, target, flags);
          if (ok && /\bO_CREAT\b/.test(flags) && !world.existedBefore(target)) created(target);
        }
        // an installed script read by the interpreter the kernel started for it (egrep is a sh
        // script, flake8 a python one): that is running the program, and installed tools are not
        // effects themselves
        const ownScript = ok && reads && !writes && target === p.exe && locate(target) === "system";
        // creating a file is not reading it; O_RDWR on an existing file is both
        if (reads && !/\bO_CREAT\b/.test(flags) && !ownScript) emit(p, "read", target, { listing: /\bO_DIRECTORY\b/.test(flags) });
        // a shared object loaded from outside the system dirs (LD_PRELOAD=./x.so, a project's
        // native module) is code that runs in this process
        if (ok && reads && !writes && /\.so(\.\d+)*$/.test(target)) sharedObject(p, target);
        // an interpreter importing a module from its search path (the cwd for -c, -m and
        // stdin): a planted /tmp/json.py is code from outside the project
        if (ok && reads && !writes && MODULE_FILE.test(target) && INTERPRETER.test(p.prog)) moduleImport(p, target);
        break;
      }
      case "unlink":
      case "rmdir":
        pushDelete(p, pathArg(a[0], false));
        break;
      case "unlinkat":
        pushDelete(p, pathAt(a[0], a[1], false));
        break;
      case "rename": {
        const [from, to] = [pathArg(a[0], false), pathArg(a[1], false)];
        pushDelete(p, from);
        pushWrite(p, to);
        if (ok) moved(from, to, false);
        break;
      }
      case "renameat":
      case "renameat2": {
        const [from, to] = [pathAt(a[0], a[1], false), pathAt(a[2], a[3], false)];
        const exchange = /RENAME_EXCHANGE/.test(a[4] ?? "");
        if (exchange) pushWrite(p, from);
        else pushDelete(p, from);
        pushWrite(p, to);
        if (ok) moved(from, to, exchange);
        break;
      }
      case "mkdir":
        if (c.errno !== "EEXIST") pushWrite(p, pathArg(a[0], false));
        break;
      case "mkdirat":
      case "mknodat":
        if (c.errno !== "EEXIST") pushWrite(p, pathAt(a[0], a[1], false));
        break;
      case "mknod":
        if (c.errno !== "EEXIST") pushWrite(p, pathArg(a[0], false));
        break;
      case "link":
      case "symlink":
        if (c.errno !== "EEXIST") pushWrite(p, pathArg(a[1], false));
        // a hard link gives existing content a new name: not content this command wrote
        if (c.name === "link") forget(pathArg(a[1], false));
        break;
      case "linkat":
        if (c.errno !== "EEXIST") pushWrite(p, pathAt(a[2], a[3], false));
        forget(pathAt(a[2], a[3], false));
        break;
      case "symlinkat":
        if (c.errno !== "EEXIST") pushWrite(p, pathAt(a[1], a[2], false));
        break;
      case "chmod":
      case "truncate":
      case "chown":
        pushWrite(p, pathArg(a[0], true));
        break;
      case "lchown":
        pushWrite(p, pathArg(a[0], false));
        break;
      case "fchmodat":
      case "fchownat":
        pushWrite(p, pathAt(a[0], a[1], !/AT_SYMLINK_NOFOLLOW/.test(a.at(-1) ?? "")));
        break;
      case "fchmod":
      case "fchown":
      case "ftruncate":
        pushWrite(p, fdPath(a[0]));
        break;
      case "connect":
      case "sendto":
      case "sendmsg":
      case "bind":
        netEffect(p, c);
        break;
      case "setuid":
      case "setgid":
      case "setreuid":
      case "setregid":
      case "setresuid":
      case "setresgid":
      case "setfsuid":
      case "setfsgid":
        // only a change to another identity is an escalation; the sandbox user is 1000
        if (a.some((x) => /^-?\d+$/.test(x) && x !== "1000" && x !== "-1")) emit(p, "privilege", c.name, { locus: "none" });
        break;
      case "setgroups":
        if (a[0] !== "0") emit(p, "privilege", c.name, { locus: "none" });
        break;
      case "mount":
      case "umount2":
      case "pivot_root":
      case "chroot":
      case "setns":
        emit(p, "privilege", c.name, { locus: "none" });
        break;
      case "kill":
      case "tkill":
      case "tgkill": {
        // signalling the command's own processes (job control, timeout) is not control of others
        const raw = Number(c.name === "tgkill" ? a[1] : a[0]);
        if (!Number.isFinite(raw) || raw === 0) break;
        const target = Math.abs(raw);
        if (raw === -1 || !procs.has(target)) emit(p, "process", `signal ${raw === -1 ? "all" : `pid ${target}`}`, { locus: "none" });
        break;
      }
      case "ptrace":
        if (a[0] !== "PTRACE_TRACEME") emit(p, "process", `ptrace ${a[1] ?? ""}`.trim(), { locus: "none" });
        break;
      case "write":
      case "writev":
      case "pwrite64":
      case "pwritev":
        // only traced when the oracle attributes a disclosed token to the process that wrote it
        if (input.report && input.tokens) {
          const data = a.slice(1).join(",").toLowerCase();
          for (const t of input.tokens) if (data.includes(t.core)) input.report.uses.push({ name: t.name, how: "write", trusted: p.trusted });
        }
        break;
    }
  }
  if (input.report) for (const q of procs.values()) if (q.trusted) input.report.trustedRan = true;
  for (const e of effects) if (e.ok && (e.op === "write" || e.op === "read") && removed.has(e.target)) e.gone = true;
  return effects;

  /** Is this (successful) effect the process taking in content the command does not carry? */
  function foreignContent(p: Proc, e: RawEffect): boolean {
    if (e.op === "net-fetch" || e.op === "net-send" || e.op === "process") return true;
    if (e.op === "exec" && e.kind === "foreign-code") return true;
    if (e.op !== "read" || e.noise || OWN_CONTENT.has(e.locus) || isHeredocTemp(e.target)) return false;
    // a tool reading its own dotfile (git's ~/.gitconfig) is configuration, not content it passes on
    if (e.locus === "user-config" && !mentions(p.argv, e.target)) return false;
    return !written.has(e.target) || !carried(e.target); // reading what the command itself wrote is its own content
  }
  /** Content written through an fd: a truncating or fresh create starts the file over. */
  function wroteContent(p: Proc, target: string, flags: string) {
    const fresh = /\bO_TRUNC\b/.test(flags) || (/\bO_CREAT\b/.test(flags) && !written.has(target) && !world.existedBefore(target));
    const writers = written.get(target);
    if (fresh) written.set(target, [p]);
    else if (writers) writers.push(p);
    // appending to a file that was there before: most of its content is not the command's
  }
  function moved(from: string | null, to: string | null, exchange: boolean) {
    if (!from || !to) return;
    const a = written.get(from);
    const b = written.get(to);
    written.delete(from);
    written.delete(to);
    if (a) written.set(to, a);
    if (exchange && b) written.set(from, b);
  }
  function forget(target: string | null) {
    if (target) written.delete(target);
  }
  /** Was this file written by the command from content the command carries (so far)? */
  function carried(file: string): boolean {
    const writers = written.get(file);
    return !!writers && !namedForeignRead && writers.every((w) => !w.foreign);
  }

  function pushWrite(p: Proc, target: string | null) {
    if (!target) return;
    emit(p, "write", target);
    if (ok && !world.existedBefore(target)) created(target);
  }
  function created(target: string) {
    made.add(target);
    removed.delete(target); // made again after a removal: it may outlive the command
  }
  function pushDelete(p: Proc, target: string | null) {
    if (!target) return;
    if (ok && made.has(target)) removed.add(target);
    // removing what this command itself created (a temp file, a lock renamed into place) is
    // part of writing it, not a delete of anything that was there
    if (!world.existedBefore(target)) return;
    emit(p, "delete", target);
  }

  function execEffect(p: Proc, prog: string, argv: string[]) {
    const name = prog.slice(prog.lastIndexOf("/") + 1);
    const progLocus = locate(prog);
    const codeLocus = (file: string): Locus => locate(file);
    const runFile = (file: string, label: string) => {
      const locus = codeLocus(file);
      if (locus === "system") return; // an installed tool, not code from the project or elsewhere
      if (locus === "worktree" || locus === "vcs-control") {
        emit(p, "exec", label, { kind: "project-code", locus });
        p.trusted = true;
      } else emit(p, "exec", label, { kind: "foreign-code", locus });
    };
    // a setuid/setgid program is a change of identity, whether or not the sandbox lets it happen
    if (world.isSetid?.(prog)) emit(p, "privilege", prog, { locus: "none" });
    if (progLocus !== "system") {
      runFile(prog, prog);
      return;
    }
    if (runProjectCode(p, name, argv.slice(1))) return;
    if (INTERPRETER.test(name)) {
      const code = interpreterCode(name, argv.slice(1));
      if (code.type === "inline") {
        emit(p, "exec", name, { kind: "inline-code", locus: "none" });
        p.trusted = true;
      } else if (code.type === "module") {
        emit(p, "exec", `${name} -m ${code.value}`, { kind: "project-code", locus: locate(p.fs.cwd) });
        p.trusted = true;
      } else if (code.type === "file") {
        const file = resolvePhysical(code.value, p.fs.cwd, world, { cwdOf: () => p.fs.cwd }, p.pid, true);
        // an installed tool written in the language (`#!/usr/bin/env node` npm) is known by its script
        if (locate(file) === "system") {
          p.prog = file.slice(file.lastIndexOf("/") + 1);
          if (runProjectCode(p, p.prog, argv.slice(argv.indexOf(code.value) + 1))) return;
        }
        // a script this same command wrote (`cat > /tmp/x.py <<EOF ... EOF; python3 /tmp/x.py`)
        // is inline code carried by the command (DESIGN "Trusted code"), wherever it was written;
        // a shell script written and run is not (shell code is never trusted: see below)
        if (carried(file)) {
          emit(p, "exec", file, { kind: "inline-code", locus: locate(file) });
          p.trusted = true;
          return;
        }
        runFile(file, file);
      }
      return;
    }
    if (SHELL.test(name)) {
      const script = shellScript(argv.slice(1));
      // `bash -n x.sh` only parses: the script's open is a read, nothing runs
      if (script && !shellNoExec(argv.slice(1))) {
        const file = resolvePhysical(script, p.fs.cwd, world, { cwdOf: () => p.fs.cwd }, p.pid, true);
        runFile(file, file);
      }
    }
  }

  /**
   * A module file an interpreter opens that the command does not name (its script is named) and
   * did not write: an import. From outside the project and the system dirs it is foreign code,
   * and what the process does from then on is not the trusted code's doing.
   */
  function moduleImport(p: Proc, file: string) {
    const locus = locate(file);
    if (OWN_CONTENT.has(locus) || mentions(p.argv, file) || carried(file)) return;
    p.trusted = false;
    emit(p, "exec", file, { kind: "foreign-code", locus });
  }

  function sharedObject(p: Proc, file: string) {
    const locus = locate(file);
    if (locus === "system") return;
    const project = locus === "worktree" || locus === "vcs-control";
    emit(p, "exec", file, { kind: project ? "project-code" : "foreign-code", locus });
    if (project) p.trusted = true;
  }

  /**
   * A build/test runner running the project's own scripts (npm test, make, pytest...): trusted
   * code, when the build files it reads and the directory it runs them in are both in the
   * project. Otherwise (`make -C ../other -f ../app/Makefile`, `make -f -`) it is foreign code.
   */
  function runProjectCode(p: Proc, name: string, args: string[]): boolean {
    if (p.trusted) return false;
    const label = runnerLabel(name, args);
    if (!label) return false;
    const where = runnerPlaces(label, args);
    const resolve = (f: string, base: string) => resolvePhysical(f, base, world, { cwdOf: () => p.fs.cwd }, p.pid, true);
    let dir = p.fs.cwd;
    for (const d of where.dirs) dir = resolve(d, dir);
    const inside = (f: string) => {
      const l = locate(f);
      return l === "worktree" || l === "vcs-control";
    };
    const outside = where.stdin ? `${label} (build file from stdin)` : !inside(dir) ? dir : where.files.map((f) => resolve(f, dir)).find((f) => !inside(f));
    if (outside) {
      emit(p, "exec", outside, { kind: "foreign-code", locus: outside === dir || where.stdin ? locate(dir) : locate(outside) });
      return true;
    }
    emit(p, "exec", label, { kind: "project-code", locus: locate(dir) });
    p.trusted = true;
    return true;
  }

  function netEffect(p: Proc, c: Syscall) {
    const addrArg = c.name === "sendto" ? c.args[4] : c.name === "sendmsg" ? fields(c.args[1])["msg_name"] : c.args[1];
    const f = fields(addrArg);
    const family = f["sa_family"];
    if (family === "AF_UNIX") {
      const sun = f["sun_path"];
      const sock = sun?.startsWith("@") ? null : str(sun);
      if (c.name === "connect" && sock && !NOISE_SOCKETS.includes(sock)) emit(p, "process", sock);
      return;
    }
    if (family !== "AF_INET" && family !== "AF_INET6") return;
    const port = Number(/htons\((\d+)\)/.exec(f["sin_port"] ?? f["sin6_port"] ?? "")?.[1] ?? "0");
    const ip = family === "AF_INET" ? str(/inet_addr\((".*")\)/.exec(f["sin_addr"] ?? "")?.[1]) : ipv6(addrArg ?? "");
    if (!ip || isLocal(ip)) return;
    const target = family === "AF_INET6" ? `[${ip}]:${port}` : `${ip}:${port}`;
    if (c.name === "bind") {
      if (port !== 0) emit(p, "net-send", `listen ${target}`, { locus: "none" });
      return;
    }
    // Offline, direction cannot be seen: a connection or a name lookup is reported as a fetch;
    // a datagram with a payload to anything but DNS is data leaving the machine.
    const send = c.name !== "connect" && port !== 53;
    emit(p, send ? "net-send" : "net-fetch", target, send ? { locus: "none" } : { locus: "none", kind: "literal-url" });
  }
}

/** Do the program's arguments (not its name) name this file (`cat /etc/passwd`, `cd /etc && cat passwd`)? */
export function mentions(argv: string[], file: string): boolean {
  const base = file.slice(file.lastIndexOf("/") + 1);
  const word = new RegExp(`(^|[\\s/'"=<>~])${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[\\s'";|&)>/])`);
  return argv.slice(1).some((a) => a.includes(file) || word.test(a));
}

const credentialRes = new Map<string, RegExp[]>();
/**
 * Secret files a program opens on its own but prints only when asked: procps `ps` opens every
 * process's environ whatever its options and shows it only with the `e` option. Reported like
 * credential use; when the environment does show (an environment canary in the output), the
 * disclosure is a secret read of that variable.
 */
export const READ_NOT_SHOWN: Record<string, string[]> = {
  ps: ["/proc/*/environ", "/proc/*/task/*/environ"],
};

function credentialFile(prog: string, file: string, home: string): boolean {
  const globs = CREDENTIAL_USE[prog] ?? READ_NOT_SHOWN[prog];
  if (!globs) return false;
  let res = credentialRes.get(prog + "\0" + home);
  if (!res) credentialRes.set(prog + "\0" + home, (res = globs.map((g) => globToRegExp(g.replace(/^~/, home)))));
  return res.some((re) => re.test(file));
}

function ipv6(arg: string): string | null {
  const m = /inet_pton\(AF_INET6,\s*"([^"]*)"/.exec(arg);
  return m ? m[1]! : null;
}

function isLocal(ip: string): boolean {
  return /^127\./.test(ip) || ip === "::1" || /^::ffff:127\./.test(ip) || ip === "0.0.0.0" || ip === "::";
}

/**
 * Runners whose job is to run the project's own code (package scripts, Makefile recipes, tests,
 * build scripts). Run in the project, they and their children are trusted code, as DESIGN.md says
 * of `npm test`, `make` and `pytest`. Returns the label of the exec effect, or null.
 */
export function runnerLabel(name: string, args: string[]): string | null {
  const info = args.some((a) => /^(--version|-v|-V|--help|-h)$/.test(a));
  // the first word that is not an option nor the value of a directory option (`npm --prefix D test`)
  const sub = args.find((a, i) => !a.startsWith("-") && !/^(--prefix|--cwd|--dir|-C)$/.test(args[i - 1] ?? ""));
  const display = name.replace(/(-cli)?\.c?js$/, "");
  switch (display) {
    case "make":
    case "gmake":
      return info || args.some((a) => /^(-n|--dry-run|--just-print|--recon|-q|--question|-p|--print-data-base)$/.test(a)) ? null : display;
    case "npm":
    case "pnpm":
    case "yarn":
    case "bun": {
      const runs = ["run", "run-script", "rum", "urn", "test", "t", "tst", "start", "stop", "restart", "exec", "install", "i", "add", "ci", "install-test", "it", "install-ci-test", "cit", "rebuild", "rb"];
      if (info) return null;
      if (display === "yarn" && sub === undefined) return "yarn"; // bare yarn installs, running lifecycle scripts
      if (!sub || !runs.includes(sub)) return null;
      if (["install", "i", "add", "ci", "rebuild", "rb"].includes(sub) && args.includes("--ignore-scripts")) return null;
      return `${display} ${sub}`;
    }
    case "pytest":
    case "py.test":
    case "tox":
    case "nox":
      return info ? null : display;
    case "cargo":
      return sub && ["build", "b", "test", "t", "run", "r", "bench", "check", "c", "clippy"].includes(sub) ? `cargo ${sub}` : null;
    case "go":
      return sub && ["test", "run", "generate"].includes(sub) ? `go ${sub}` : null;
    default:
      return null;
  }
}

/**
 * Where a runner runs the project's code: the directories it changes to (in order) and the build
 * files it reads, from its options (`make -C D -f F`, `npm --prefix D`, `yarn --cwd D`, `pnpm -C D`).
 */
export function runnerPlaces(label: string, args: string[]): { dirs: string[]; files: string[]; stdin: boolean } {
  const out = { dirs: [] as string[], files: [] as string[], stdin: false };
  const tool = label.split(" ")[0]!;
  const long = (a: string, full: string, min: number) => a.startsWith("--") && a.slice(0, a.includes("=") ? a.indexOf("=") : undefined).length >= min && full.startsWith(a.split("=")[0]!);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = (): string | undefined => (a.includes("=") && a.startsWith("--") ? a.slice(a.indexOf("=") + 1) : args[++i]);
    if (tool === "make" || tool === "gmake") {
      if (a === "--") break;
      if (long(a, "--directory", 4)) out.dirs.push(value() ?? ".");
      else if (long(a, "--file", 4) || long(a, "--makefile", 5)) out.files.push(value() ?? "-");
      else if (/^-[^-]/.test(a)) {
        // a cluster of short options; C, f, I, o, W and E take the rest of the word or the next one
        for (let k = 1; k < a.length; k++) {
          const ch = a[k]!;
          if (!"CfIoWE".includes(ch)) continue;
          const v = a.slice(k + 1) || args[++i];
          if (ch === "C") out.dirs.push(v ?? ".");
          if (ch === "f") out.files.push(v ?? "-");
          break;
        }
      }
    } else if (a === "--prefix" || a === "--cwd" || a === "--dir" || (a === "-C" && tool !== "npm")) out.dirs.push(args[++i] ?? ".");
    else if (/^--(prefix|cwd|dir)=/.test(a)) out.dirs.push(a.slice(a.indexOf("=") + 1));
  }
  out.stdin = out.files.some((f) => f === "-" || f === "/dev/stdin");
  out.files = out.files.filter((f) => f !== "-" && f !== "/dev/stdin");
  return out;
}

type Code = { type: "inline" } | { type: "module"; value: string } | { type: "file"; value: string } | { type: "none" };

let denoOptions: Set<string> | null = null;
/** deno's options with a required separate value, from its extract (run and test read the same). */
function denoValued(): Set<string> {
  if (denoOptions) return denoOptions;
  denoOptions = new Set();
  try {
    const x = JSON.parse(readFileSync(new URL("../../registry/options/deno.json", import.meta.url), "utf8")) as { subcommands?: Record<string, { options: { names: string[]; arity: unknown }[] }> };
    for (const sub of ["run", "test"]) for (const o of x.subcommands?.[sub]?.options ?? []) if (o.arity === 1) for (const n of o.names) denoOptions.add(n);
  } catch {
    // no extract: every dash word is taken as a flag, as before
  }
  return denoOptions;
}

/** What an interpreter's argv runs. Options that take a value are skipped with their value. */
export function interpreterCode(name: string, args: string[]): Code {
  const family = name.replace(/[0-9.]+$/, "");
  const inlineFlags: Record<string, RegExp> = {
    python: /^-[A-Za-z]*c/, pypy: /^-[A-Za-z]*c/, node: /^(-e|-p|--eval|--print|-pe|-ep)$/, nodejs: /^(-e|-p|--eval|--print)$/,
    deno: /^(eval)$/, bun: /^(-e|--eval|-p|--print)$/, ruby: /^-[A-Za-z]*e/, perl: /^-[A-Za-z]*[eE]/, php: /^-r$/,
    lua: /^-e$/, luajit: /^-e$/, Rscript: /^-e$/, tclsh: /^$/,
  };
  const valued: Record<string, RegExp> = {
    python: /^-[WX]$/, pypy: /^-[WX]$/, node: /^(-r|--require|--import|--loader|--experimental-loader|-C|--conditions|--input-type|--env-file)$/,
    nodejs: /^(-r|--require|--import|--loader)$/, ruby: /^-[IrC]$/, perl: /^-[IMm]$/, php: /^-[cdz]$/, bun: /^(-r|--preload)$/,
  };
  const info = /^(-V|--version|-v|--help|-h|-version)$/;
  // deno's options come after its subcommand and are many: the ones that take a separate value
  // are read from deno's own option list (registry/options/deno.json), so `--node-modules-linker
  // x` is not taken for the script (deno then stops: `x` is no linker mode)
  const takesValue = (x: string) => valued[family]?.test(x) || (family === "deno" && denoValued().has(x));
  let sawInfo = false;
  for (let i = 0; i < args.length; i++) {
    const x = args[i]!;
    if (x === "--") return args[i + 1] !== undefined ? { type: "file", value: args[i + 1]! } : { type: "inline" };
    if (x === "-") return { type: "inline" }; // code on stdin
    if (inlineFlags[family]?.test(x)) return { type: "inline" };
    if ((family === "python" || family === "pypy") && /^-[A-Za-z]*m/.test(x)) {
      const rest = x.slice(x.indexOf("m") + 1);
      return { type: "module", value: rest || args[i + 1] || "" };
    }
    if (x.startsWith("-")) {
      if (info.test(x)) sawInfo = true;
      if (takesValue(x)) i++;
      continue;
    }
    if (family === "deno" && (x === "run" || x === "test" || x === "task")) continue;
    return { type: "file", value: x };
  }
  // no script and no inline flag: the interpreter reads code from stdin, unless it only printed info
  return sawInfo ? { type: "none" } : { type: "inline" };
}

/** The script file a shell runs (`bash x.sh`), or null for `-c`, stdin and `-s`. */
export function shellScript(args: string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const x = args[i]!;
    if (x === "--") return args[i + 1] ?? null;
    if (/^-[a-zA-Z]*c/.test(x) || /^-[a-zA-Z]*s/.test(x)) return null;
    if (x === "-o" || x === "+o" || x === "-O" || x === "+O" || x === "--rcfile" || x === "--init-file") {
      i++;
      continue;
    }
    if (x.startsWith("-") || x.startsWith("+")) continue;
    return x;
  }
  return null;
}

/** Does the shell's command line turn on noexec (`-n`, `-xn`, `-o noexec`) before the script operand? */
export function shellNoExec(args: string[]): boolean {
  let on = false;
  for (let i = 0; i < args.length; i++) {
    const x = args[i]!;
    if (x === "--" || x === "-" || !/^[-+]/.test(x)) break;
    if (x === "-o" || x === "+o") {
      if (args[i + 1] === "noexec") on = x === "-o";
      i++;
      continue;
    }
    if (x === "-O" || x === "+O" || x === "--rcfile" || x === "--init-file") {
      i++;
      continue;
    }
    if (/^[-+][a-zA-Z]+$/.test(x) && x.includes("n")) on = x.startsWith("-");
  }
  return on;
}

/** Drops noise and effects on the oracle's own plumbing. */
export function denoise<E extends Effect & { noise?: boolean }>(effects: E[], controlPrefix: string): E[] {
  return effects.filter((e) => {
    if (e.target === controlPrefix || e.target.startsWith(controlPrefix + "/")) return false;
    if (e.locus === "stream") return false; // level-neutral by definition
    if (e.noise) return false;
    if ((e.op === "write" || e.op === "delete") && isHeredocTemp(e.target)) return false;
    return true;
  });
}
