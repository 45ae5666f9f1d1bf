import { describe, expect, it } from "vitest";
import { analyze, denoise, interpreterCode, mentions, runnerLabel, runnerPlaces, shellNoExec, shellScript, type RawEffect } from "../../../oracle/sandbox/analyze.ts";
import { resolvePhysical } from "../../../oracle/sandbox/paths.ts";
import { parseTrace } from "../../../oracle/sandbox/trace.ts";
import { ANCHORS, HOME, PROJECT } from "../../../oracle/sandbox/world.ts";
import { compileRegions, loadRegions } from "../../../src/policy/regions.ts";

const regions = compileRegions(loadRegions(), ANCHORS);
const links: Record<string, string> = { [`${PROJECT}/link-out`]: "../sibling", "/bin": "usr/bin" };
const existing = new Set([`${PROJECT}/data/a.txt`, `${HOME}/.bashrc`]);
const world = {
  readlink: (p: string) => links[p] ?? null,
  existedBefore: (p: string) => existing.has(p),
  existsAfter: () => false,
};

const BASH = `1 execve("/bin/bash", ["/bin/bash", "-c", "cmd"], 0x1 /* 1 vars */) = 0`;
function run(lines: string[]): RawEffect[] {
  const calls = parseTrace([BASH, ...lines].join("\n"));
  return denoise(analyze({ calls, cwd: PROJECT, world, locate: regions.locate, home: HOME }), "/.ctl");
}
const brief = (es: RawEffect[]) => es.map((e) => `${e.op} ${e.locus} ${e.target}${e.kind ? ` [${e.kind}]` : ""}${e.via ? " (trusted)" : ""}`);

describe("effects from syscalls", () => {
  it("bash starting observes nothing; its loader and locale reads are noise", () => {
    expect(run([
      `1 openat(AT_FDCWD</home/agent/code/project>, "/etc/ld.so.cache", O_RDONLY|O_CLOEXEC) = 3</etc/ld.so.cache>`,
      `1 openat(AT_FDCWD</home/agent/code/project>, "/usr/lib/locale/C.utf8/LC_CTYPE", O_RDONLY|O_CLOEXEC) = 3</usr/lib/locale/C.utf8/LC_CTYPE>`,
      `1 openat(AT_FDCWD</home/agent/code/project>, "/dev/tty", O_RDWR|O_NONBLOCK) = -1 ENXIO (No such device or address)`,
    ])).toEqual([]);
  });

  it("tracks cwd through chdir and into forked children, relative paths land under it", () => {
    const es = run([
      `1 chdir("/home/agent") = 0`,
      `1 clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|SIGCHLD) = 2`,
      `2 execve("/usr/bin/rm", ["rm", ".bashrc"], 0x1 /* 1 vars */) = 0`,
      `2 unlinkat(AT_FDCWD, ".bashrc", 0) = 0`,
    ]);
    expect(brief(es)).toEqual(["delete user-config /home/agent/.bashrc"]);
  });

  it("a child sharing the filesystem context (CLONE_FS) sees the parent's later chdir", () => {
    const es = run([
      `1 clone(child_stack=NULL, flags=CLONE_VM|CLONE_FS|SIGCHLD) = 2`,
      `1 chdir("/tmp") = 0`,
      `2 mkdir("new", 0777) = 0`,
    ]);
    expect(brief(es)).toEqual(["write tmp /tmp/new"]);
  });

  it("a failed write attempt counts; an O_EXCL create of an existing file or mkdir EEXIST does not", () => {
    const es = run([
      `1 openat(AT_FDCWD</x>, "/etc/x", O_WRONLY|O_CREAT|O_TRUNC, 0666) = -1 EROFS (Read-only file system)`,
      `1 openat(AT_FDCWD</x>, "/etc/y", O_WRONLY|O_CREAT|O_EXCL, 0666) = -1 EEXIST (File exists)`,
      `1 mkdir("/home", 0777) = -1 EEXIST (File exists)`,
    ]);
    expect(brief(es)).toEqual(["write system /etc/x"]);
  });

  it("deleting a file the command created is part of writing it, not a delete", () => {
    const es = run([
      `1 openat(AT_FDCWD</home/agent/code/project>, "data/tmp123", O_RDWR|O_CREAT|O_EXCL, 0600) = 3</home/agent/code/project/data/tmp123>`,
      `1 rename("data/tmp123", "data/a.txt") = 0`,
    ]);
    expect(brief(es)).toEqual([`write worktree ${PROJECT}/data/tmp123`, `write worktree ${PROJECT}/data/a.txt`]);
  });

  it("resolves `..` after a symlinked directory physically", () => {
    const es = run([`1 openat(AT_FDCWD, "link-out/../../.netrc", O_RDONLY) = -1 ENOENT (No such file or directory)`]);
    expect(brief(es)).toEqual(["read secret /home/agent/.netrc"]);
  });

  it("a runner whose directory or makefile is outside the project runs foreign code, untrusted", () => {
    const es = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 execve("/usr/bin/make", ["make", "-C", "../sibling", "-f", "../project/Makefile", "test"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/home/agent/.netrc", O_RDONLY) = 3</home/agent/.netrc>`,
    ]);
    expect(brief(es)).toEqual(["exec adjacent /home/agent/code/sibling [foreign-code]", "read secret /home/agent/.netrc"]);
    const stdin = run([`1 clone(child_stack=NULL, flags=SIGCHLD) = 2`, `2 execve("/usr/bin/make", ["make", "-sf", "-"], 0x1 /* 1 vars */) = 0`]);
    expect(brief(stdin)).toEqual(["exec worktree make (build file from stdin) [foreign-code]"]);
    const inside = run([`1 clone(child_stack=NULL, flags=SIGCHLD) = 2`, `2 execve("/usr/bin/make", ["make", "--directory=src", "--file=../Makefile"], 0x1 /* 1 vars */) = 0`]);
    expect(brief(inside)).toEqual(["exec worktree make [project-code]"]);
  });

  it("runnerPlaces: make's -C and -f in every spelling, npm --prefix", () => {
    expect(runnerPlaces("make", ["-C", "a", "-Cb", "--dir=c", "-sf", "x.mk", "--makefile", "y.mk", "--file=-"])).toEqual({ dirs: ["a", "b", "c"], files: ["x.mk", "y.mk"], stdin: true });
    expect(runnerPlaces("npm test", ["--prefix", "../x", "test"])).toEqual({ dirs: ["../x"], files: [], stdin: false });
    expect(runnerPlaces("make", ["test", "CC=gcc"])).toEqual({ dirs: [], files: [], stdin: false });
  });

  it("an interpreter importing a module from outside the project runs foreign code, and is no longer trusted", () => {
    const es = run([
      `1 chdir("/tmp") = 0`,
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 execve("/usr/bin/python3", ["python3", "-c", "import json"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/tmp/json.py", O_RDONLY|O_CLOEXEC) = 3</tmp/json.py>`,
      `2 openat(AT_FDCWD, "/home/agent/.netrc", O_RDONLY) = 4</home/agent/.netrc>`,
    ]);
    expect(brief(es)).toEqual(["exec none python3 [inline-code]", "read tmp /tmp/json.py (trusted)", "exec tmp /tmp/json.py [foreign-code]", "read secret /home/agent/.netrc"]);
    // the project's own modules, the script the argv names, and data files are not imports of foreign code
    const ok = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 execve("/usr/bin/python3", ["python3", "/tmp/x.py"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/tmp/x.py", O_RDONLY|O_CLOEXEC) = 3</tmp/x.py>`,
      `2 openat(AT_FDCWD, "/home/agent/code/project/src/util.py", O_RDONLY|O_CLOEXEC) = 3</home/agent/code/project/src/util.py>`,
      `2 openat(AT_FDCWD, "/tmp/data.txt", O_RDONLY|O_CLOEXEC) = 3</tmp/data.txt>`,
    ]);
    expect(brief(ok).filter((e) => e.includes("[foreign-code]"))).toEqual(["exec tmp /tmp/x.py [foreign-code]"]);
  });

  it("a noise-listed file the program names is a real read", () => {
    const es = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 execve("/usr/bin/cat", ["cat", "/etc/passwd"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/etc/passwd", O_RDONLY) = 3</etc/passwd>`,
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 3`,
      `3 execve("/usr/bin/id", ["id"], 0x1 /* 1 vars */) = 0`,
      `3 openat(AT_FDCWD, "/etc/passwd", O_RDONLY|O_CLOEXEC) = 3</etc/passwd>`,
    ]);
    expect(brief(es)).toEqual(["read system /etc/passwd"]);
  });

  it("marks inline interpreter code and everything its children do as trusted code", () => {
    const es = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 execve("/usr/bin/python3", ["python3", "-c", "import subprocess"], 0x1 /* 1 vars */) = 0`,
      `2 clone(child_stack=NULL, flags=SIGCHLD) = 3`,
      `3 execve("/usr/bin/cat", ["cat", "/home/agent/.ssh/id_rsa"], 0x1 /* 1 vars */) = 0`,
      `3 openat(AT_FDCWD, "/home/agent/.ssh/id_rsa", O_RDONLY) = 3</home/agent/.ssh/id_rsa>`,
      `1 openat(AT_FDCWD, "/tmp/after", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/after>`,
    ]);
    expect(brief(es)).toEqual(["exec none python3 [inline-code]", "read secret /home/agent/.ssh/id_rsa (trusted)", "write tmp /tmp/after"]);
  });

  it("running a project file is project code; a file elsewhere is foreign code and not trusted", () => {
    const es = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 execve("./src/util.sh", ["./src/util.sh"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/tmp/x", O_WRONLY|O_CREAT, 0666) = 3</tmp/x>`,
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 3`,
      `3 execve("/bin/sh", ["sh", "/tmp/evil.sh"], 0x1 /* 1 vars */) = 0`,
      `3 openat(AT_FDCWD, "/tmp/y", O_WRONLY|O_CREAT, 0666) = 3</tmp/y>`,
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 4`,
      `4 execve("/bin/bash", ["bash", "-c", "touch z"], 0x1 /* 1 vars */) = 0`,
    ]);
    expect(brief(es)).toEqual([
      `exec worktree ${PROJECT}/src/util.sh [project-code]`,
      "write tmp /tmp/x (trusted)",
      "exec tmp /tmp/evil.sh [foreign-code]",
      "write tmp /tmp/y",
    ]);
  });

  it("file's compiled magic in /etc is its installed runtime (noise), like /etc/magic", () => {
    const es = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 execve("/usr/bin/file", ["file", "/tmp/x"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/etc/magic.mgc", O_RDONLY) = -1 ENOENT (No such file or directory)`,
      `2 openat(AT_FDCWD, "/etc/magic", O_RDONLY) = 3</etc/magic>`,
      `2 openat(AT_FDCWD, "/tmp/x", O_RDONLY) = 3</tmp/x>`,
    ]);
    expect(brief(es)).toEqual(["read tmp /tmp/x"]);
  });

  it("an interpreter running a script this command wrote runs inline code (trusted); an unwritten one is foreign", () => {
    const es = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 execve("/usr/bin/cat", ["cat"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/tmp/repro.py", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/repro.py>`,
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 3`,
      `3 execve("/usr/bin/python3", ["python3", "/tmp/repro.py"], 0x1 /* 1 vars */) = 0`,
      `3 openat(AT_FDCWD, "/tmp/out", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/out>`,
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 4`,
      `4 execve("/usr/bin/python3", ["python3", "/tmp/other.py"], 0x1 /* 1 vars */) = 0`,
    ]);
    expect(brief(es)).toEqual([
      "write tmp /tmp/repro.py",
      "exec tmp /tmp/repro.py [inline-code]",
      "write tmp /tmp/out (trusted)",
      "exec tmp /tmp/other.py [foreign-code]",
    ]);
  });

  // the writer (pid 2) then an interpreter (pid 3) running /tmp/x.py; `before` are the writer's calls
  const writeThenRun = (before: string[], after: string[] = []) => run([
    `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
    ...before,
    ...after,
    `1 clone(child_stack=NULL, flags=SIGCHLD) = 3`,
    `3 execve("/usr/bin/python3", ["python3", "/tmp/x.py"], 0x1 /* 1 vars */) = 0`,
    `3 openat(AT_FDCWD, "/tmp/out", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/out>`,
  ]);

  it("a script written by inline code is the command's own code too", () => {
    const es = writeThenRun([
      `2 execve("/usr/bin/python3", ["python3", "-c", "open('/tmp/x.py','w').write('...')"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/tmp/x.py", O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC, 0666) = 3</tmp/x.py>`,
    ]);
    expect(brief(es)).toEqual(["exec none python3 [inline-code]", "write tmp /tmp/x.py (trusted)", "exec tmp /tmp/x.py [inline-code]", "write tmp /tmp/out (trusted)"]);
  });

  it("a script whose content came from outside the command (copied, moved, linked, appended to, piped) is foreign code", () => {
    const foreign = ["exec tmp /tmp/x.py [foreign-code]", "write tmp /tmp/out"];
    const cp = writeThenRun([
      `2 execve("/usr/bin/cp", ["cp", "/home/agent/Documents/notes.txt", "/tmp/x.py"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/home/agent/Documents/notes.txt", O_RDONLY) = 3</home/agent/Documents/notes.txt>`,
      `2 openat(AT_FDCWD, "/tmp/x.py", O_WRONLY|O_CREAT|O_EXCL, 0644) = 4</tmp/x.py>`,
    ]);
    expect(brief(cp).slice(-2)).toEqual(foreign);
    const mv = writeThenRun([
      `2 execve("/usr/bin/mv", ["mv", "/home/agent/Documents/notes.txt", "/tmp/x.py"], 0x1 /* 1 vars */) = 0`,
      `2 renameat2(AT_FDCWD, "/home/agent/Documents/notes.txt", AT_FDCWD, "/tmp/x.py", RENAME_NOREPLACE) = 0`,
    ]);
    expect(brief(mv).slice(-2)).toEqual(foreign);
    const ln = writeThenRun([
      `2 execve("/usr/bin/ln", ["ln", "/home/agent/Documents/notes.txt", "/tmp/x.py"], 0x1 /* 1 vars */) = 0`,
      `2 linkat(AT_FDCWD, "/home/agent/Documents/notes.txt", AT_FDCWD, "/tmp/x.py", 0) = 0`,
    ]);
    expect(brief(ln).slice(-2)).toEqual(foreign);
    // appending to a file that was there before the command (the test world has ~/.bashrc)
    const append = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 openat(AT_FDCWD, "/home/agent/.bashrc", O_WRONLY|O_CREAT|O_APPEND, 0666) = 3</home/agent/.bashrc>`,
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 3`,
      `3 execve("/usr/bin/python3", ["python3", "/home/agent/.bashrc"], 0x1 /* 1 vars */) = 0`,
    ]);
    expect(brief(append).at(-1)).toBe("exec user-config /home/agent/.bashrc [foreign-code]");
    // `cat ~/x | tee /tmp/x.py`: the pipe is not traced, so a named foreign read anywhere counts
    const piped = writeThenRun([
      `2 execve("/usr/bin/tee", ["tee", "/tmp/x.py"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/tmp/x.py", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/x.py>`,
    ], [
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 4`,
      `4 execve("/usr/bin/cat", ["cat", "/home/agent/Documents/notes.txt"], 0x1 /* 1 vars */) = 0`,
      `4 openat(AT_FDCWD, "/home/agent/Documents/notes.txt", O_RDONLY) = 3</home/agent/Documents/notes.txt>`,
    ]);
    expect(brief(piped).slice(-2)).toEqual(foreign);
  });

  it("a script the command wrote and then moved into place, or copied from the project, is still its own code", () => {
    const moved = writeThenRun([
      `2 openat(AT_FDCWD, "/tmp/x.tmp", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/x.tmp>`,
      `2 execve("/usr/bin/cat", ["cat"], 0x1 /* 1 vars */) = 0`,
      `2 rename("/tmp/x.tmp", "/tmp/x.py") = 0`,
    ]);
    expect(brief(moved).slice(-2)).toEqual(["exec tmp /tmp/x.py [inline-code]", "write tmp /tmp/out (trusted)"]);
    const copied = writeThenRun([
      `2 execve("/usr/bin/cp", ["cp", "src/app.py", "/tmp/x.py"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "src/app.py", O_RDONLY) = 3</home/agent/code/project/src/app.py>`,
      `2 openat(AT_FDCWD, "/tmp/x.py", O_WRONLY|O_CREAT|O_EXCL, 0644) = 4</tmp/x.py>`,
    ]);
    expect(brief(copied).slice(-2)).toEqual(["exec tmp /tmp/x.py [inline-code]", "write tmp /tmp/out (trusted)"]);
  });

  it("a writer reading its own dotfile unasked still writes the command's own code; naming the dotfile does not", () => {
    const gitShow = writeThenRun([
      `2 openat(AT_FDCWD, "/tmp/x.py", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/x.py>`,
      `2 execve("/usr/bin/git", ["git", "show", "HEAD:src/app.py"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/home/agent/.gitconfig", O_RDONLY) = 4</home/agent/.gitconfig>`,
    ]);
    expect(brief(gitShow).slice(-2)).toEqual(["exec tmp /tmp/x.py [inline-code]", "write tmp /tmp/out (trusted)"]);
    const catDotfile = writeThenRun([
      `2 openat(AT_FDCWD, "/tmp/x.py", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/x.py>`,
      `2 execve("/usr/bin/cat", ["cat", "/home/agent/.gitconfig"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/home/agent/.gitconfig", O_RDONLY) = 4</home/agent/.gitconfig>`,
    ]);
    expect(brief(catDotfile).slice(-2)).toEqual(["exec tmp /tmp/x.py [foreign-code]", "write tmp /tmp/out"]);
  });

  it("a shell script the command wrote and runs is not trusted: its effects count as usual", () => {
    const es = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 openat(AT_FDCWD, "/tmp/x.sh", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/x.sh>`,
      `2 execve("/usr/bin/cat", ["cat"], 0x1 /* 1 vars */) = 0`,
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 3`,
      `3 execve("/usr/bin/bash", ["bash", "/tmp/x.sh"], 0x1 /* 1 vars */) = 0`,
      `3 openat(AT_FDCWD, "/home/agent/.bashrc", O_WRONLY|O_CREAT|O_APPEND, 0666) = 3</home/agent/.bashrc>`,
    ]);
    expect(brief(es)).toEqual(["write tmp /tmp/x.sh", "exec tmp /tmp/x.sh [foreign-code]", "write user-config /home/agent/.bashrc"]);
  });

  it("bash -n and sh -n only parse the script: its open is a read, not an exec", () => {
    const es = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 execve("/usr/bin/bash", ["bash", "-n", "scripts/lint.sh"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "scripts/lint.sh", O_RDONLY) = 3</home/agent/code/project/scripts/lint.sh>`,
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 3`,
      `3 execve("/usr/bin/sh", ["sh", "-n", "/tmp/x.sh"], 0x1 /* 1 vars */) = 0`,
      `3 openat(AT_FDCWD, "/tmp/x.sh", O_RDONLY) = 3</tmp/x.sh>`,
    ]);
    expect(brief(es)).toEqual(["read worktree /home/agent/code/project/scripts/lint.sh", "read tmp /tmp/x.sh"]);
  });

  it("a shared object loaded from the project is project code; a system library is loader noise", () => {
    const es = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 execve("/usr/bin/true", ["/usr/bin/true"], 0x1 /* 2 vars */) = 0`,
      `2 openat(AT_FDCWD, "./evil.so", O_RDONLY|O_CLOEXEC) = 3</home/agent/code/project/evil.so>`,
      `2 openat(AT_FDCWD, "/lib/x86_64-linux-gnu/libc.so.6", O_RDONLY|O_CLOEXEC) = 3</usr/lib/x86_64-linux-gnu/libc.so.6>`,
    ]);
    expect(brief(es)).toEqual([`read worktree ${PROJECT}/evil.so`, `exec worktree ${PROJECT}/evil.so [project-code]`]);
  });

  it("running a setuid program is a privilege effect, and its shadow read is credential use", () => {
    const calls = parseTrace([
      BASH,
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 execve("/usr/bin/su", ["su", "-c", "true"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/etc/shadow", O_RDONLY|O_CLOEXEC) = -1 EACCES (Permission denied)`,
    ].join("\n"));
    const es = analyze({ calls, cwd: PROJECT, world: { ...world, isSetid: (p) => p === "/usr/bin/su" }, locate: regions.locate, home: HOME });
    expect(es.map((e) => [e.op, e.target, e.credentialOf ?? null])).toEqual([["privilege", "/usr/bin/su", null], ["read", "/etc/shadow", "su"]]);
  });

  it("a process naming its own threads is not a write; another process's name is", () => {
    const es = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 8`,
      `8 execve("/usr/bin/host", ["host", "example.com"], 0x1 /* 1 vars */) = 0`,
      `8 clone3({flags=CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM, exit_signal=0}, 88) = 9`,
      `8 openat(AT_FDCWD, "/proc/self/task/9/comm", O_RDWR) = 3</proc/8/task/9/comm>`,
      `9 openat(AT_FDCWD, "/proc/thread-self/comm", O_RDWR) = 4</proc/8/task/9/comm>`,
      `8 openat(AT_FDCWD, "/proc/8/comm", O_WRONLY) = 5</proc/8/comm>`,
      `8 openat(AT_FDCWD, "/proc/77/task/77/comm", O_WRONLY) = -1 EACCES (Permission denied)`,
    ]);
    expect(brief(es)).toEqual(["write system /proc/77/task/77/comm"]);
  });

  it("a JVM setting its own core dump filter is not a write; another process's filter is", () => {
    const es = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 8`,
      `8 execve("/usr/bin/javac", ["javac", "A.java"], 0x1 /* 1 vars */) = 0`,
      `8 openat(AT_FDCWD, "/proc/self/coredump_filter", O_RDWR) = 3</proc/8/coredump_filter>`,
      `8 openat(AT_FDCWD, "/proc/8/coredump_filter", O_RDWR) = 3</proc/8/coredump_filter>`,
      `8 openat(AT_FDCWD, "/proc/77/coredump_filter", O_WRONLY) = -1 EACCES (Permission denied)`,
    ]);
    expect(brief(es)).toEqual(["write system /proc/77/coredump_filter"]);
  });

  it("an installed script read by the interpreter the kernel started for it is running it, not a read", () => {
    const es = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 execve("/usr/bin/egrep", ["egrep", "x"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/usr/bin/egrep", O_RDONLY) = 3</usr/bin/egrep>`,
      `2 openat(AT_FDCWD, "/usr/bin/fgrep", O_RDONLY) = 3</usr/bin/fgrep>`,
      `2 openat(AT_FDCWD, "/home/agent/.bashrc", O_RDONLY) = 3</home/agent/.bashrc>`,
    ]);
    expect(brief(es)).toEqual(["read system /usr/bin/fgrep", "read user-config /home/agent/.bashrc"]);
  });

  it("a file outside home and /tmp that the command created and removed again is gone (a POSIX semaphore)", () => {
    const calls = parseTrace([
      BASH,
      `1 openat(AT_FDCWD, "/dev/shm/sem.Ab12Cd", O_RDWR|O_CREAT|O_EXCL, 0600) = 3</dev/shm/sem.Ab12Cd>`,
      `1 link("/dev/shm/sem.Ab12Cd", "/dev/shm/sem.mp-x1") = 0`,
      `1 unlink("/dev/shm/sem.Ab12Cd") = 0`,
      `1 unlink("/dev/shm/sem.mp-x1") = 0`,
      `1 openat(AT_FDCWD, "/dev/shm/kept", O_RDWR|O_CREAT, 0600) = 3</dev/shm/kept>`,
      `1 openat(AT_FDCWD, "/dev/shm/again", O_RDWR|O_CREAT, 0600) = 3</dev/shm/again>`,
      `1 unlink("/dev/shm/again") = 0`,
      `1 openat(AT_FDCWD, "/dev/shm/again", O_RDWR|O_CREAT, 0600) = 3</dev/shm/again>`,
    ].join("\n"));
    const es = analyze({ calls, cwd: PROJECT, world, locate: regions.locate, home: HOME });
    expect(es.filter((e) => e.op === "write").map((e) => [e.target, e.gone ?? false])).toEqual([
      ["/dev/shm/sem.Ab12Cd", true], ["/dev/shm/sem.mp-x1", true], ["/dev/shm/kept", false], ["/dev/shm/again", false], ["/dev/shm/again", false],
    ]);
  });

  it("systemd userdb records probed by the name service are noise", () => {
    expect(run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 execve("/usr/bin/id", ["id", "x"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/etc/userdb/x.user", O_RDONLY|O_CLOEXEC) = -1 ENOENT (No such file or directory)`,
      `2 openat(AT_FDCWD, "/run/systemd/userdb", O_RDONLY|O_DIRECTORY|O_CLOEXEC) = -1 ENOENT (No such file or directory)`,
      `2 openat(AT_FDCWD, "/usr/lib/userdb/x.user", O_RDONLY|O_CLOEXEC) = -1 ENOENT (No such file or directory)`,
    ])).toEqual([]);
  });

  it("a failed exec (PATH probing) runs nothing", () => {
    expect(run([`1 execve("/home/agent/code/project/node_modules/.bin/sh", ["sh"], 0x1 /* 1 vars */) = -1 ENOENT (No such file or directory)`])).toEqual([]);
  });

  it("network: non-local connects and sends are net effects, loopback and nscd are not", () => {
    const es = run([
      `1 connect(3<TCP:[1]>, {sa_family=AF_INET, sin_port=htons(80), sin_addr=inet_addr("1.2.3.4")}, 16) = -1 ENETUNREACH (Network is unreachable)`,
      `1 connect(3<TCP:[1]>, {sa_family=AF_INET, sin_port=htons(80), sin_addr=inet_addr("127.0.0.1")}, 16) = -1 ECONNREFUSED (Connection refused)`,
      `1 connect(3<UNIX-STREAM:[1]>, {sa_family=AF_UNIX, sun_path="/var/run/nscd/socket"}, 110) = -1 ENOENT (No such file or directory)`,
      `1 sendto(4<UDP:[2]>, "x", 1, 0, {sa_family=AF_INET, sin_port=htons(9999), sin_addr=inet_addr("10.9.9.9")}, 16) = -1 ENETUNREACH (Network is unreachable)`,
      `1 connect(5<TCPv6:[3]>, {sa_family=AF_INET6, sin6_port=htons(443), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "2001:db8::1", &sin6_addr), sin6_scope_id=0}, 28) = -1 ENETUNREACH (Network is unreachable)`,
    ]);
    expect(brief(es)).toEqual(["net-fetch none 1.2.3.4:80 [literal-url]", "net-send none 10.9.9.9:9999", "net-fetch none [2001:db8::1]:443 [literal-url]"]);
  });

  it("a network client reading its own credential file is flagged as credential use, unless it names the file", () => {
    const es = analyze({
      calls: parseTrace([
        BASH,
        `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
        `2 execve("/usr/bin/wget", ["wget", "http://x"], 0x1 /* 1 vars */) = 0`,
        `2 openat(AT_FDCWD, "/home/agent/.netrc", O_RDONLY) = 3</home/agent/.netrc>`,
        `1 clone(child_stack=NULL, flags=SIGCHLD) = 3`,
        `3 execve("/usr/bin/wget", ["wget", "--post-file", "/home/agent/.netrc", "http://x"], 0x1 /* 1 vars */) = 0`,
        `3 openat(AT_FDCWD, "/home/agent/.netrc", O_RDONLY) = 3</home/agent/.netrc>`,
      ].join("\n")),
      cwd: PROJECT, world, locate: regions.locate, home: HOME,
    });
    expect(es.map((e) => e.credentialOf ?? null)).toEqual(["wget", null]);
  });

  it("signals to the command's own processes are not control of others", () => {
    const es = run([
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `1 kill(2, SIGTERM) = 0`,
      `1 kill(99, 0) = 0`, // not one of the traced processes (in the sandbox: bwrap's init)
    ]);
    expect(brief(es)).toEqual(["process none signal pid 99"]);
  });
});

describe("interpreter and shell argv", () => {
  it.each([
    ["python3", ["-c", "x"], "inline"],
    ["python3", ["-Bc", "x"], "inline"],
    ["python3", ["-"], "inline"],
    ["python3", [], "inline"],
    ["python3", ["--version"], "none"],
    ["python3", ["-W", "ignore", "app.py"], "file"],
    ["python3", ["-m", "pytest"], "module"],
    ["node", ["-e", "1"], "inline"],
    ["node", ["--require", "./x.js", "main.js"], "file"],
    ["perl", ["-ne", "print"], "inline"],
    ["perl", ["-i.bak", "script.pl"], "file"],
    ["ruby", ["-e", "1"], "inline"],
  ] as const)("%s %j runs %s code", (name, args, type) => {
    expect(interpreterCode(name, [...args]).type).toBe(type);
  });

  it("skips the value of a deno option that takes one, as deno's own option list says", () => {
    expect(interpreterCode("deno", ["run", "--node-modules-linker", "hoisted", "main.ts"])).toEqual({ type: "file", value: "main.ts" });
    expect(interpreterCode("deno", ["run", "-A", "main.ts"])).toEqual({ type: "file", value: "main.ts" });
    expect(interpreterCode("deno", ["run", "--config", "deno.json", "main.ts"])).toEqual({ type: "file", value: "main.ts" });
  });

  it("finds a shell's script file but not -c or stdin code", () => {
    expect(shellScript(["-e", "scripts/x.sh", "arg"])).toBe("scripts/x.sh");
    expect(shellScript(["-c", "touch x"])).toBeNull();
    expect(shellScript(["-s"])).toBeNull();
    expect(shellScript([])).toBeNull();
  });

  it("sees noexec (parse only) on a shell's command line", () => {
    expect(shellNoExec(["-n", "x.sh"])).toBe(true);
    expect(shellNoExec(["-xn", "x.sh"])).toBe(true);
    expect(shellNoExec(["-o", "noexec", "x.sh"])).toBe(true);
    expect(shellNoExec(["-n", "+n", "x.sh"])).toBe(false);
    expect(shellNoExec(["--norc", "x.sh"])).toBe(false);
    expect(shellNoExec(["-e", "x.sh", "-n"])).toBe(false); // after the script: its own argument
    expect(shellNoExec(["-o", "errexit", "x.sh"])).toBe(false);
  });

  it("knows which runner invocations run the project's own code", () => {
    expect(runnerLabel("npm-cli.js", ["test"])).toBe("npm test");
    expect(runnerLabel("npm-cli.js", ["run", "build"])).toBe("npm run");
    expect(runnerLabel("npm-cli.js", ["--version"])).toBeNull();
    expect(runnerLabel("npm-cli.js", ["ci", "--ignore-scripts"])).toBeNull();
    expect(runnerLabel("npm-cli.js", ["view", "react"])).toBeNull();
    expect(runnerLabel("make", [])).toBe("make");
    expect(runnerLabel("make", ["-n"])).toBeNull();
    expect(runnerLabel("cargo", ["test"])).toBe("cargo test");
    expect(runnerLabel("git", ["status"])).toBeNull();
  });

  it("a runner started outside the project runs foreign code, untrusted", () => {
    const es = run([
      `1 chdir("/tmp") = 0`,
      `1 clone(child_stack=NULL, flags=SIGCHLD) = 2`,
      `2 execve("/usr/bin/make", ["make"], 0x1 /* 1 vars */) = 0`,
      `2 openat(AT_FDCWD, "/home/agent/.netrc", O_RDONLY) = 3</home/agent/.netrc>`,
    ]);
    expect(brief(es)).toEqual(["exec tmp /tmp [foreign-code]", "read secret /home/agent/.netrc"]);
  });

  it("mentions: the program's arguments, not its name", () => {
    expect(mentions(["cat", "/etc/passwd"], "/etc/passwd")).toBe(true);
    expect(mentions(["cat", "passwd"], "/etc/passwd")).toBe(true);
    expect(mentions(["passwd"], "/etc/passwd")).toBe(false);
    expect(mentions(["id"], "/etc/passwd")).toBe(false);
  });
});

describe("physical path resolution", () => {
  const fs = { readlink: (p: string) => links[p] ?? null };
  const proc = { cwdOf: (pid: number) => (pid === 7 ? "/home/agent/code/project" : null) };
  it("follows symlinks before `..`", () => {
    expect(resolvePhysical("link-out/../x", PROJECT, fs, proc, 1, true)).toBe("/home/agent/code/x");
  });
  it("leads /proc/self/cwd to the process's cwd", () => {
    expect(resolvePhysical("/proc/self/cwd/../../.ssh/id_rsa", "/", fs, proc, 7, true)).toBe("/home/agent/.ssh/id_rsa");
  });
  it("does not follow a final symlink when asked not to (unlink, rename)", () => {
    expect(resolvePhysical("link-out", PROJECT, fs, proc, 1, false)).toBe(`${PROJECT}/link-out`);
    expect(resolvePhysical("link-out", PROJECT, fs, proc, 1, true)).toBe("/home/agent/code/sibling");
  });
});
