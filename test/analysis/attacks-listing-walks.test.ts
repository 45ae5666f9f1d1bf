// A walk that lists names opens every directory it enters (place.ts listedTree): `find ~`,
// `du -a ~`, `ls -R ~` and `tree ~` list ~/.ssh as `ls ~/.ssh` does, so they need what a secret
// read needs; the same walks over the project, whose links out they do not follow, stay at
// reader. strace shows the directory opened, under real bash.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { realFs } from "../../src/analysis/fs.ts";
import type { Level } from "../../src/policy/model.ts";
import { makeSandbox, type Sandbox } from "./support/realbash.ts";

const has = (t: string) => spawnSync("sh", ["-c", `command -v ${t}`]).status === 0;
const verdict = (s: Sandbox, cmd: string, level: Level) => classify(cmd, { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home }, level }).decision;
/** Did the command open a directory named .ssh (strace -y names what each open returned)? */
const listsSsh = (s: Sandbox, cmd: string) =>
  s.run(`strace -f -qq -y -e trace=open,openat -o ${s.tmp}/trace bash -c '${cmd.replace(/'/g, "'\\''")}' >/dev/null 2>&1; grep -c 'O_DIRECTORY.*/\\.ssh>' ${s.tmp}/trace || true`).stdout.trim() !== "0";

// (`ls -R ~` and `tree ~` without -a skip hidden directories, observed; the model does not take
// that into account, which only refuses more.)
const WALKS = ["find ~ -type f", "find ~ -name '*.txt'", "du -a ~", "du -sh ~", "ls -laR ~", "cd ~ && ls -AR .", ...(has("tree") ? ["tree -a ~"] : [])];
const PROJECT = ["find . -type f", "du -a .", "ls -R .", ...(has("tree") ? ["tree ."] : [])];

describe.skipIf(!has("strace"))("attack family: listing walks list the secret trees they enter", () => {
  for (const cmd of WALKS) {
    it(`refuses ${JSON.stringify(cmd)} at local-admin: it opens ~/.ssh`, () => {
      const s = makeSandbox({ worktree: false });
      try {
        expect(listsSsh(s, cmd)).toBe(true);
        expect(verdict(s, cmd, "local-admin")).not.toBe("allow");
      } finally {
        s.cleanup();
      }
    });
  }
  for (const cmd of PROJECT) {
    it(`approves ${JSON.stringify(cmd)} at reader: the project's link to ~/.ssh is listed, not entered`, () => {
      const s = makeSandbox({ worktree: false });
      try {
        expect(listsSsh(s, cmd)).toBe(false);
        expect(verdict(s, cmd, "reader")).toBe("allow");
      } finally {
        s.cleanup();
      }
    });
  }
  it("refuses find -L over the project, which follows its link into ~/.ssh", () => {
    const s = makeSandbox({ worktree: false });
    try {
      expect(listsSsh(s, "find -L . -type f")).toBe(true);
      expect(verdict(s, "find -L . -type f", "local-admin")).not.toBe("allow");
    } finally {
      s.cleanup();
    }
  });
});
