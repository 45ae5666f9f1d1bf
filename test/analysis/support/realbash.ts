// A disposable tree to run commands under real bash, so an attack test first proves that its
// command really has the dangerous effect (it cannot pass on a harmless spelling). The tree:
//   <root>/home              fake HOME: .ssh/id_rsa, .aws/credentials, .bashrc, .claude/settings.json
//   <root>/home/proj         a git repository (the project root), with src/ and symlinks out
//   <root>/home/proj-wt      a linked worktree of proj
//   <root>/home/sibling      a sibling project
//   <root>/tmp               TMPDIR
// Nothing outside <root> is touched: every command in the tests targets paths inside it.
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface Sandbox {
  root: string;
  home: string;
  proj: string;
  wt: string;
  sibling: string;
  tmp: string;
  canary: string;
  run(cmd: string, opts?: { cwd?: string; env?: Record<string, string> }): { stdout: string; stderr: string; status: number | null };
  /** Like run, without blocking the event loop (for tests that listen on a socket). */
  runAsync(cmd: string, opts?: { cwd?: string; env?: Record<string, string> }): Promise<{ stdout: string; stderr: string; status: number | null }>;
  exists(p: string): boolean;
  read(p: string): string | null;
  cleanup(): void;
}

let template: { root: string; canary: string } | null = null;
let parent: string | null = null;

/** Copies live under one directory per process, removed at exit (one rm instead of one per test). */
function copyRoot(): string {
  if (!parent || !fs.existsSync(parent)) {
    const p = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "sf-sbx-runs-")));
    parent = p;
    process.once("exit", () => fs.rmSync(p, { recursive: true, force: true }));
  }
  return fs.mkdtempSync(path.join(parent, "s-"));
}

/** Without a linked worktree the tree is copied from a template built once (git init is slow). */
export function makeSandbox(opts: { worktree?: boolean } = {}): Sandbox {
  if (opts.worktree === false) {
    if (!template || !fs.existsSync(template.root)) {
      const t = build(true, false);
      template = { root: t.root, canary: t.canary };
      process.once("exit", () => fs.rmSync(t.root, { recursive: true, force: true }));
    }
    const root = copyRoot();
    fs.cpSync(template.root, root, { recursive: true, verbatimSymlinks: true });
    const h = handle(root, template.canary);
    return { ...h, cleanup: () => {} };
  }
  return build(false, true);
}

function build(isTemplate: boolean, worktree: boolean): Sandbox {
  void isTemplate;
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "sf-sbx-")));
  const home = path.join(root, "home");
  const proj = path.join(home, "proj");
  const wt = path.join(home, "proj-wt");
  const sibling = path.join(home, "sibling");
  const tmp = path.join(root, "tmp");
  const canary = `CANARY-${Math.random().toString(36).slice(2)}`;
  for (const d of [home, proj, sibling, tmp, path.join(proj, "src"), path.join(home, ".ssh"), path.join(home, ".aws"), path.join(home, ".claude")]) fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(home, ".ssh/id_rsa"), `${canary}-ssh\n`);
  fs.writeFileSync(path.join(home, ".aws/credentials"), `${canary}-aws\n`);
  fs.writeFileSync(path.join(home, ".bashrc"), "# rc\n");
  fs.writeFileSync(path.join(home, ".claude/settings.json"), "{}\n");
  fs.writeFileSync(path.join(proj, "README.md"), "hello\n");
  fs.writeFileSync(path.join(proj, ".env"), `${canary}-env\n`);
  fs.writeFileSync(path.join(sibling, "keep.txt"), "keep\n");
  const git = (args: string[], cwd: string) => {
    const r = spawnSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "init.defaultBranch=main", ...args], { cwd, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  };
  git(["init", "-q"], proj);
  git(["add", "README.md"], proj);
  git(["commit", "-q", "-m", "init"], proj);
  // Fewer files to copy per test.
  fs.rmSync(path.join(proj, ".git/hooks"), { recursive: true, force: true });
  fs.mkdirSync(path.join(proj, ".git/hooks"));
  if (worktree) git(["worktree", "add", "-q", wt], proj);
  // Relative links so a copied tree points into itself.
  fs.symlinkSync("../sibling", path.join(proj, "out"));
  fs.symlinkSync("../.bashrc", path.join(proj, "rc"));
  fs.symlinkSync("../.ssh", path.join(proj, "keys"));
  return handle(root, canary);
}

function handle(root: string, canary: string): Sandbox {
  const home = path.join(root, "home");
  const proj = path.join(home, "proj");
  const wt = path.join(home, "proj-wt");
  const sibling = path.join(home, "sibling");
  const tmp = path.join(root, "tmp");
  const env = (extra: Record<string, string> = {}) => ({
    HOME: home,
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    TMPDIR: tmp,
    LANG: "C",
    GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@example.com",
    GIT_COMMITTER_NAME: "t",
    GIT_COMMITTER_EMAIL: "t@example.com",
    ...extra,
  });
  return {
    root,
    home,
    proj,
    wt,
    sibling,
    tmp,
    canary,
    run(cmd, opts = {}) {
      // stdin must not be the test runner's socket: bash treats a socket on stdin as a remote
      // shell (it sources ~/.bashrc and skips BASH_ENV).
      const r = spawnSync("bash", ["--norc", "--noprofile", "-c", cmd], { cwd: opts.cwd ?? proj, env: env(opts.env), encoding: "utf8", timeout: 10_000, stdio: ["ignore", "pipe", "pipe"] });
      return { stdout: r.stdout ?? "", stderr: r.stderr ?? "", status: r.status };
    },
    runAsync(cmd, opts = {}) {
      return new Promise((resolve) => {
        const child = spawn("bash", ["--norc", "--noprofile", "-c", cmd], { cwd: opts.cwd ?? proj, env: env(opts.env), stdio: ["ignore", "pipe", "pipe"] });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d) => (stdout += String(d)));
        child.stderr.on("data", (d) => (stderr += String(d)));
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.on("close", (status) => {
          clearTimeout(timer);
          resolve({ stdout, stderr, status });
        });
      });
    },
    exists: (p) => fs.existsSync(p),
    read: (p) => {
      try {
        return fs.readFileSync(p, "utf8");
      } catch {
        return null;
      }
    },
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
