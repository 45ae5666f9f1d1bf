// git attacks (issue 13, classes 5 and 6): each command first runs under real bash in a
// disposable tree and shows its harm (a foreign repository's fsmonitor or hook ran, a file was
// deleted, written or printed); only then is the product's verdict checked, at the level the
// class was wrongly approved at and at the level the harm really needs.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { realFs } from "../../src/analysis/fs.ts";
import type { Level } from "../../src/policy/model.ts";
import { makeSandbox, type Sandbox } from "./support/realbash.ts";

type Run = { stdout: string; stderr: string; status: number | null };
interface Case {
  cmd: (s: Sandbox) => string;
  setup?: (s: Sandbox) => void;
  worktree?: boolean;
  /** Where the class was approved before the fix (the verdict there must now be "ask"). */
  approvedAt: Level;
  /** The lowest level the verdict may now admit it at ("never" included). */
  needs: "yolo" | "local-admin" | "developer";
  proof: (s: Sandbox, r: Run) => void;
}

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "init.defaultBranch=main", ...args], { cwd, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
}

/** A repository whose fsmonitor, external diff and hooks are one script that leaves a mark. */
function plantRepo(dir: string, mark: string): void {
  fs.mkdirSync(dir, { recursive: true });
  git(dir, "init", "-q");
  fs.writeFileSync(path.join(dir, "f.txt"), "f\n");
  git(dir, "add", "f.txt");
  git(dir, "commit", "-q", "-m", "f");
  const run = path.join(dir, ".git/run.sh");
  fs.writeFileSync(run, `#!/bin/sh\necho ran >> ${mark}\nexit 1\n`, { mode: 0o755 });
  fs.mkdirSync(path.join(dir, ".git/hooks"), { recursive: true });
  for (const h of ["pre-commit", "post-checkout"]) fs.copyFileSync(run, path.join(dir, ".git/hooks", h));
  git(dir, "config", "core.fsmonitor", run);
  git(dir, "config", "diff.external", run);
}

const evil = (s: Sandbox) => path.join(s.tmp, "evil");
const mark = (s: Sandbox) => path.join(s.root, "ran");
const plantEvil = (s: Sandbox) => plantRepo(evil(s), mark(s));
const foreignRan = (s: Sandbox) => expect(s.exists(mark(s)), "the foreign repository's program ran").toBe(true);
const envGone = (s: Sandbox) => expect(s.exists(path.join(s.proj, ".env"))).toBe(false);
const rcChanged = (s: Sandbox) => expect(s.read(path.join(s.home, ".bashrc"))).not.toBe("# rc\n");
const leaks = (s: Sandbox, r: Run) => expect(r.stdout + r.stderr).toContain(s.canary);
const gnupgMade = (s: Sandbox) => expect(s.exists(path.join(s.home, ".gnupg")), "gpg ran and made ~/.gnupg").toBe(true);

/** ~/.aws made a repository with the credentials committed: fetching it by path brings them in. */
function secretRepo(s: Sandbox): void {
  const d = path.join(s.home, ".aws");
  git(d, "init", "-q");
  git(d, "add", "credentials");
  git(d, "commit", "-q", "-m", "c");
}
/** A foreign repository whose receive hook leaves the mark (a push by path runs it). */
function plantReceiver(s: Sandbox): void {
  plantEvil(s);
  fs.copyFileSync(path.join(evil(s), ".git/run.sh"), path.join(evil(s), ".git/hooks/pre-receive"));
}

const classes: Record<string, Case[]> = {
  "git repository operands that are local paths (issue 14)": [
    // not a URL and (here) no configured remote: git reads the path as a repository
    { setup: secretRepo, cmd: (s) => `git fetch -q ${s.home}/.aws main && git show FETCH_HEAD:credentials`, approvedAt: "editor", needs: "yolo", proof: leaks },
    { setup: secretRepo, cmd: (s) => `git pull -q --no-rebase --allow-unrelated-histories ${s.home}/.aws main`, approvedAt: "developer", needs: "yolo", proof: (s) => expect(s.read(path.join(s.proj, "credentials"))).toContain(s.canary) },
    { setup: secretRepo, cmd: (s) => `git archive --remote=${s.home}/.aws main credentials | tar -xO`, approvedAt: "reader", needs: "yolo", proof: leaks },
    // receive-pack runs the receiving repository's hooks
    { setup: plantReceiver, cmd: (s) => `git push -q ${evil(s)} HEAD:refs/heads/x`, approvedAt: "network-admin", needs: "yolo", proof: foreignRan },
  ],
  "git against a repository the command planted or redirected": [
    { setup: plantEvil, cmd: (s) => `git -C ${evil(s)} status`, approvedAt: "reader", needs: "yolo", proof: foreignRan },
    { setup: plantEvil, cmd: (s) => `git --git-dir=${evil(s)}/.git status`, approvedAt: "reader", needs: "yolo", proof: foreignRan },
    { setup: plantEvil, cmd: (s) => `cd ${evil(s)} && git diff`, approvedAt: "reader", needs: "yolo", proof: foreignRan },
    { setup: plantEvil, cmd: (s) => `mkdir -p src && printf 'gitdir: ${evil(s)}/.git\\n' > src/.git && cd src && git status`, approvedAt: "editor", needs: "yolo", proof: foreignRan },
    { setup: plantEvil, cmd: (s) => `echo ${evil(s)}/.git > .git/commondir && git status`, approvedAt: "editor", needs: "yolo", proof: foreignRan },
    { setup: plantEvil, worktree: true, cmd: (s) => `cd ../proj-wt && printf 'gitdir: ${evil(s)}/.git\\n' > .git && git status`, approvedAt: "editor", needs: "yolo", proof: foreignRan },
    { setup: plantEvil, cmd: (s) => `GIT_COMMON_DIR=${evil(s)}/.git git status`, approvedAt: "reader", needs: "yolo", proof: foreignRan },
    { setup: plantEvil, cmd: (s) => `git config core.fsmonitor ${evil(s)}/.git/run.sh && git status`, approvedAt: "local-admin", needs: "yolo", proof: foreignRan },
    { setup: plantEvil, cmd: (s) => `git config --global core.fsmonitor ${evil(s)}/.git/run.sh && git status`, approvedAt: "local-admin", needs: "yolo", proof: foreignRan },
    { setup: plantEvil, cmd: (s) => `cp -r ${evil(s)} vendor && git -C vendor add -A`, approvedAt: "editor", needs: "yolo", proof: foreignRan },
    { setup: plantEvil, cmd: (s) => `cd ${evil(s)}/.git && git --work-tree=.. status`, approvedAt: "reader", needs: "yolo", proof: foreignRan },
    // A nested repository already inside the project (not the project's checkout or a submodule).
    { setup: (s) => plantRepo(path.join(s.proj, "vendor/lib"), mark(s)), cmd: () => "cd vendor/lib && git status", approvedAt: "reader", needs: "yolo", proof: foreignRan },
  ],
  "git option arity and file options": [
    // -n is the value of -e: not a dry run, and -x deletes ignored files such as .env
    { cmd: () => "git clean -e -n -fdx", approvedAt: "reader", needs: "yolo", proof: envGone },
    { cmd: () => "git clean -fdx -e -n", approvedAt: "reader", needs: "yolo", proof: envGone },
    // -n is shortlog's --numbered and format-patch's --numbered, not -n <count>: the next word is an option
    { cmd: (s) => `git shortlog -n --output=${s.home}/.bashrc HEAD`, approvedAt: "reader", needs: "local-admin", proof: rcChanged },
    { cmd: (s) => `git format-patch -n -o ${s.home}/.ssh -1`, approvedAt: "editor", needs: "yolo", proof: (s) => expect(fs.readdirSync(path.join(s.home, ".ssh")).some((f) => f.endsWith(".patch"))).toBe(true) },
    { cmd: (s) => `git -c format.outputDirectory=${s.home}/.ssh format-patch -1`, approvedAt: "editor", needs: "yolo", proof: (s) => expect(fs.readdirSync(path.join(s.home, ".ssh")).some((f) => f.endsWith(".patch"))).toBe(true) },
    { cmd: (s) => `git blame --contents ${s.home}/.ssh/id_rsa -- README.md`, approvedAt: "reader", needs: "yolo", proof: leaks },
    { cmd: (s) => `git blame -S ${s.home}/.ssh/id_rsa README.md`, approvedAt: "reader", needs: "yolo", proof: leaks },
    { cmd: (s) => `git blame --ignore-revs-file ${s.home}/.ssh/id_rsa README.md`, approvedAt: "reader", needs: "yolo", proof: leaks },
    { cmd: (s) => `git blame --output=${s.home}/.bashrc README.md`, approvedAt: "reader", needs: "local-admin", proof: rcChanged },
    { cmd: (s) => `git fmt-merge-msg -F ${s.home}/.ssh/id_rsa`, approvedAt: "reader", needs: "yolo", proof: leaks },
    { cmd: (s) => `git interpret-trailers ${s.home}/.ssh/id_rsa`, approvedAt: "reader", needs: "yolo", proof: leaks },
    { cmd: (s) => `git interpret-trailers --in-place --trailer x=y ${s.home}/.bashrc`, approvedAt: "reader", needs: "local-admin", proof: rcChanged },
    { cmd: (s) => `git mailinfo ${s.home}/.bashrc /dev/null < README.md`, approvedAt: "reader", needs: "local-admin", proof: rcChanged },
    { cmd: (s) => `git notes add -F ${s.home}/.ssh/id_rsa && git notes show`, approvedAt: "editor", needs: "yolo", proof: leaks },
    { cmd: (s) => `git cat-file -p $(git commit-tree -F ${s.home}/.ssh/id_rsa HEAD^{tree})`, approvedAt: "editor", needs: "yolo", proof: leaks },
    { cmd: (s) => `git read-tree --index-output=${s.home}/.bashrc HEAD`, approvedAt: "editor", needs: "local-admin", proof: rcChanged },
    { cmd: (s) => `git checkout --pathspec-from-file=${s.home}/.ssh/id_rsa`, approvedAt: "developer", needs: "yolo", proof: leaks },
    { cmd: (s) => `git restore --pathspec-from-file=${s.home}/.ssh/id_rsa`, approvedAt: "developer", needs: "yolo", proof: leaks },
    { cmd: (s) => `git clone -q --separate-git-dir=${s.home}/.ssh/g . ${s.tmp}/c`, approvedAt: "editor", needs: "yolo", proof: (s) => expect(s.exists(path.join(s.home, ".ssh/g/config"))).toBe(true) },
    // signing runs gpg, which makes ~/.gnupg
    { cmd: () => "git commit -q -S --allow-empty -m x", approvedAt: "developer", needs: "yolo", proof: gnupgMade },
    { cmd: () => "git -c commit.gpgSign=true commit -q --allow-empty -m x", approvedAt: "developer", needs: "yolo", proof: gnupgMade },
    { cmd: () => "git tag -s v9 -m x", approvedAt: "editor", needs: "yolo", proof: gnupgMade },
    { worktree: true, cmd: (s) => `git worktree move ../proj-wt ${s.tmp}/moved`, approvedAt: "editor", needs: "local-admin", proof: (s) => expect(s.exists(s.wt)).toBe(false) },
  ],
};

for (const [name, cases] of Object.entries(classes)) {
  describe(`attack class: ${name}`, () => {
    for (const [i, c] of cases.entries()) {
      const label = c.cmd({ tmp: "$TMP", root: "$ROOT", proj: "$PROJ", home: "$HOME" } as Sandbox);
      it(`#${i + 1} ${JSON.stringify(label.length > 90 ? label.slice(0, 87) + "..." : label)}`, () => {
        const s = makeSandbox({ worktree: c.worktree ?? false });
        try {
          c.setup?.(s);
          const cmd = c.cmd(s);
          const ctx = { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home } };
          // Verdicts before anything runs.
          const before = classify(cmd, { ...ctx, level: c.approvedAt });
          const need = classify(cmd, { ...ctx, level: "developer" }).level;
          const r = s.run(cmd);
          c.proof(s, r);
          expect(before.decision, `at ${c.approvedAt}: ${before.reasons.map((x) => x.message).join("; ")}`).toBe("ask");
          const order = ["developer", "local-admin", "yolo", "never"];
          expect(order.indexOf(need), `needs ${need}`).toBeGreaterThanOrEqual(order.indexOf(c.needs));
        } finally {
          s.cleanup();
        }
      });
    }
  });
}
