// `git add` reads (hashes) what it stages: a secret nothing ignores, staged by a pathspec git
// matches itself or by -A, is read (registry/git.toml `git add`, handler git-add). Each case runs
// under real bash in a project whose .env is not ignored, shows git staged it, and the verdict at
// editor must not approve; staging a named project file stays at editor.
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { realFs } from "../../src/analysis/fs.ts";
import { makeSandbox, type Sandbox } from "./support/realbash.ts";

const verdict = (s: Sandbox, cmd: string) => classify(cmd, { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home }, level: "editor" }).decision;

describe("attack family: git add stages a secret nothing ignores", () => {
  for (const cmd of ["git add '*.env'", "git add -A", "git add .", "git add ':/'", "git add -u && git add '.e*'"]) {
    it(`refuses ${JSON.stringify(cmd)} at editor, which stages .env`, () => {
      const s = makeSandbox({ worktree: false });
      try {
        const before = verdict(s, cmd);
        s.run(cmd);
        expect(s.run("git ls-files --cached .env").stdout.trim()).toBe(".env");
        expect(before).not.toBe("allow");
      } finally {
        s.cleanup();
      }
    });
  }
  it("approves staging a named project file at editor, which leaves .env out", () => {
    const s = makeSandbox({ worktree: false });
    try {
      s.run("echo x > src/a.ts");
      const before = verdict(s, "git add src/a.ts");
      s.run("git add src/a.ts");
      expect(s.run("git ls-files --cached .env").stdout.trim()).toBe("");
      expect(before).toBe("allow");
    } finally {
      s.cleanup();
    }
  });
});
