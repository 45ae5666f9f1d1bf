// git's content printers (show, diff, log -p, stash show, cat-file) print tracked files' text: a
// secret the repository tracks leaves through them (registry/git.toml: `walk = { tracked = true }`,
// every tracked file counts as read). Each dangerous command first runs under real bash in a
// project whose .env (the canary) is committed, and must print the canary; its verdict at
// developer must not be approve. In a project that tracks no secret the same commands stay
// approved at reader.
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { realFs } from "../../src/analysis/fs.ts";
import type { Level } from "../../src/policy/model.ts";
import { makeSandbox, type Sandbox } from "./support/realbash.ts";

const commit = (s: Sandbox, files: string) => s.run(`git add -f ${files} && git -c user.email=t@example.com -c user.name=t commit -q -m add`);
const trackEnv = (s: Sandbox) => {
  commit(s, ".env");
  // a later change to it, for `git diff`
  s.run("echo CHANGED >> .env");
};

const printers = ["git show HEAD:.env", "git show", "git log -p", "git diff", "git cat-file -p HEAD:.env"];

function verdict(s: Sandbox, cmd: string, level: Level): string {
  return classify(cmd, { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home }, level }).decision;
}

describe("attack family: git prints a secret the repository tracks", () => {
  for (const cmd of printers) {
    it(`refuses ${JSON.stringify(cmd)} where .env is tracked, which prints it`, () => {
      const s = makeSandbox({ worktree: false });
      try {
        trackEnv(s);
        const before = verdict(s, cmd, "developer");
        const r = s.run(`${cmd} | cat`);
        expect(r.stdout).toContain(s.canary);
        expect(before).not.toBe("allow");
      } finally {
        s.cleanup();
      }
    });
  }
  for (const cmd of ["git show", "git log -p", "git diff", "git show HEAD:README.md"]) {
    it(`approves ${JSON.stringify(cmd)} at reader where no secret is tracked`, () => {
      const s = makeSandbox({ worktree: false });
      try {
        s.run("echo more >> README.md");
        const before = verdict(s, cmd, "reader");
        const r = s.run(`${cmd} | cat`);
        expect(r.stdout).not.toContain(s.canary);
        expect(before).toBe("allow");
      } finally {
        s.cleanup();
      }
    });
  }
});
