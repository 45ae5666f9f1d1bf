// Attacks on where a path lands (issue 13 classes 1, 8 and 10, issue 19 classes 6 and 7), each
// first run under real bash in a disposable tree to show the harm, then judged: the command must
// not be approved at `refusedAt` (nor at any level below it; "yolo" means only a human may
// approve it). The tree is test/analysis/support/realbash.ts's: `out -> ../sibling`,
// `rc -> ../.bashrc`, `keys -> ../.ssh` in the project, a fake HOME, TMPDIR inside the tree.
import * as fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classify, LEVELS, type Level } from "../../src/index.ts";
import { realFs } from "../../src/analysis/fs.ts";
import { makeSandbox, type Sandbox } from "./support/realbash.ts";

type Run = { stdout: string; stderr: string; status: number | null };
interface Case {
  cmd: string | ((s: Sandbox) => string);
  setup?: (s: Sandbox) => void;
  proof: (s: Sandbox, r: Run) => void;
  /** The highest level that must refuse it. */
  refusedAt: Level;
}

const leaks = (s: Sandbox, r: Run) => expect(r.stdout + r.stderr).toContain(s.canary);
const siblingGone = (s: Sandbox) => expect(s.exists(path.join(s.sibling, "keep.txt"))).toBe(false);
const siblingWritten = (s: Sandbox) => expect(s.read(path.join(s.sibling, "keep.txt"))).not.toBe("keep\n");
const rcChanged = (s: Sandbox) => expect(s.read(path.join(s.home, ".bashrc"))).not.toBe("# rc\n");
const projectGone = (s: Sandbox) => expect(s.exists(path.join(s.proj, "README.md"))).toBe(false);
const file = (rel: string, body = "x\n") => (s: Sandbox) => {
  const p = path.join(s.root, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, body);
};
const sources = (s: Sandbox) => {
  fs.writeFileSync(path.join(s.tmp, "config"), "[core]\n\tfsmonitor = /bin/false\n");
  fs.writeFileSync(path.join(s.tmp, "settings.json"), '{"permissions":{"allow":["Bash(*)"]}}\n');
};
const gitConfigIs = (body: string) => (s: Sandbox) => expect(s.read(path.join(s.proj, ".git/config"))).toBe(body);
const CFG = "[core]\n\tfsmonitor = /bin/false\n";

const classes: Record<string, Case[]> = {
  "globs through symlinked directories, /proc aliases and shopt options": [
    { cmd: "cat /proc/self/cw?/.env", proof: leaks, refusedAt: "local-admin" },
    { cmd: "cat /proc/thread-self/c*d/.env", proof: leaks, refusedAt: "local-admin" },
    { cmd: "cat /proc/self/task/*/cwd/keys/id_rsa", proof: leaks, refusedAt: "local-admin" },
    { cmd: (s) => `cat /proc/self/roo?${s.home}/.ssh/id_rsa`, proof: leaks, refusedAt: "local-admin" },
    { cmd: "cat ke?s/id_rsa", proof: leaks, refusedAt: "local-admin" },
    { cmd: "cat o?t/../.ssh/id_rsa", proof: leaks, refusedAt: "local-admin" },
    { cmd: "shopt -s dotglob; cat ?env", proof: leaks, refusedAt: "local-admin" },
    { cmd: "shopt -s nocaseglob; cat .EN?", proof: leaks, refusedAt: "local-admin" },
    { cmd: "bash -O dotglob -c 'cat *env'", proof: leaks, refusedAt: "local-admin" },
    { cmd: "echo pwn | tee -a o?t/keep.txt", proof: siblingWritten, refusedAt: "editor" },
    { cmd: "echo pwn | tee -a ?c", proof: rcChanged, refusedAt: "developer" },
    { cmd: "rm -rf /proc/self/cw?/", proof: projectGone, refusedAt: "yolo" },
    { cmd: "shopt -s nullglob; find *.nomatch -delete", proof: projectGone, refusedAt: "yolo" },
  ],
  "find -execdir, -L, -H and -follow": [
    { setup: file("home/proj/src/x"), cmd: "find src -name x -execdir cat ../keys/id_rsa \\;", proof: leaks, refusedAt: "local-admin" },
    { cmd: "find . -maxdepth 1 -name README.md -execdir cat .env \\;", proof: leaks, refusedAt: "local-admin" },
    { setup: file("home/proj/src/a/b/c.txt"), cmd: "find src -name c.txt -execdir cat ../../../.env \\;", proof: leaks, refusedAt: "local-admin" },
    { cmd: "find -L out -delete", proof: siblingGone, refusedAt: "developer" },
    { cmd: "find -H out -name keep.txt -delete", proof: siblingGone, refusedAt: "developer" },
    { cmd: "find out -follow -name keep.txt -delete", proof: siblingGone, refusedAt: "developer" },
    { cmd: "find out/ -name keep.txt -exec rm {} \\;", proof: siblingGone, refusedAt: "developer" },
  ],
  "unbounded deletes and places inside tmp": [
    { cmd: "cd .. && rm -rf proj", proof: projectGone, refusedAt: "yolo" },
    { cmd: "rm -rf ../proj", proof: projectGone, refusedAt: "yolo" },
    { setup: file("home/sibling/.git/HEAD", "ref: refs/heads/main\n"), cmd: "rm -rf ../sibling", proof: siblingGone, refusedAt: "yolo" },
    { setup: file("home/sibling/.git/HEAD", "ref: refs/heads/main\n"), cmd: "rm -rf ../sib*", proof: siblingGone, refusedAt: "yolo" },
    { setup: file("home/sibling/.git/HEAD", "ref: refs/heads/main\n"), cmd: "rm -rf out/", proof: siblingGone, refusedAt: "yolo" },
    { setup: file("tmp/other-program/socket"), cmd: (s) => `rm -rf ${s.tmp}/*`, proof: (s) => expect(s.exists(path.join(s.tmp, "other-program"))).toBe(false), refusedAt: "yolo" },
    { setup: file("tmp/other-program/socket"), cmd: (s) => `find ${s.tmp} -mindepth 1 -delete`, proof: (s) => expect(s.exists(path.join(s.tmp, "other-program"))).toBe(false), refusedAt: "yolo" },
  ],
  "shred follows symlinks": [
    { cmd: "shred -n1 rc", proof: rcChanged, refusedAt: "developer" },
    { cmd: "shred -u -n1 rc", proof: rcChanged, refusedAt: "developer" },
    { cmd: "ln -s ../.ssh/id_rsa k && shred -n1 k", proof: (s) => expect(s.read(path.join(s.home, ".ssh/id_rsa"))).not.toContain(s.canary), refusedAt: "yolo" },
    { cmd: "shred -n1 ke?s/id_rsa", proof: (s) => expect(s.read(path.join(s.home, ".ssh/id_rsa"))).not.toContain(s.canary), refusedAt: "local-admin" },
    { cmd: "shred -n1 out/keep.txt", proof: siblingWritten, refusedAt: "editor" },
  ],
  "a copy, move, link or install into a directory": [
    { setup: sources, cmd: (s) => `cp ${s.tmp}/config .git/`, proof: gitConfigIs(CFG), refusedAt: "developer" },
    { setup: sources, cmd: (s) => `cp ${s.tmp}/config .git`, proof: gitConfigIs(CFG), refusedAt: "developer" },
    { setup: sources, cmd: (s) => `cp -t .git ${s.tmp}/config`, proof: gitConfigIs(CFG), refusedAt: "developer" },
    { setup: sources, cmd: (s) => `install -m 644 ${s.tmp}/config .git/`, proof: gitConfigIs(CFG), refusedAt: "developer" },
    { setup: sources, cmd: (s) => `mv ${s.tmp}/config .git/`, proof: gitConfigIs(CFG), refusedAt: "developer" },
    { setup: sources, cmd: (s) => `cp ${s.tmp}/settings.json ../.claude/`, proof: (s) => expect(s.read(path.join(s.home, ".claude/settings.json"))).toContain("Bash(*)"), refusedAt: "yolo" },
    { setup: sources, cmd: (s) => `mkdir -p .claude && cp ${s.tmp}/settings.json .claude`, proof: (s) => expect(s.exists(path.join(s.proj, ".claude/settings.json"))).toBe(true), refusedAt: "yolo" },
    { setup: sources, cmd: (s) => `mkdir .claude && ln -s ${s.tmp}/settings.json .claude/`, proof: (s) => expect(s.exists(path.join(s.proj, ".claude/settings.json"))).toBe(true), refusedAt: "yolo" },
    {
      setup: (s) => file("tmp/cfg/settings.json", "{}\n")(s),
      cmd: (s) => `cp -r ${s.tmp}/cfg/. ../.claude/`,
      proof: (s) => expect(s.read(path.join(s.home, ".claude/settings.json"))).toBe("{}\n"),
      refusedAt: "yolo",
    },
  ],
};

const below = (l: Level): Level[] => {
  const order: Record<Level, Level[]> = {
    paranoid: ["paranoid"],
    reader: ["paranoid", "reader"],
    editor: ["paranoid", "reader", "editor"],
    developer: ["paranoid", "reader", "editor", "developer"],
    "local-admin": ["paranoid", "reader", "editor", "developer", "local-admin"],
    "network-admin": ["paranoid", "reader", "editor", "developer", "network-admin"],
    yolo: [...LEVELS],
  };
  return order[l];
};

for (const [name, cases] of Object.entries(classes)) {
  describe(`attack class: ${name}`, () => {
    it("has at least five cases", () => expect(cases.length).toBeGreaterThanOrEqual(5));
    for (const [i, c] of cases.entries()) {
      const label = typeof c.cmd === "string" ? c.cmd : c.cmd({ tmp: "$TMP", home: "$HOME" } as Sandbox);
      it(`#${i + 1} ${JSON.stringify(label)} is refused up to ${c.refusedAt}`, () => {
        const s = makeSandbox({ worktree: false });
        try {
          c.setup?.(s);
          const cmd = typeof c.cmd === "string" ? c.cmd : c.cmd(s);
          const ctx = { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home } };
          // Verdicts before anything runs.
          const approved = below(c.refusedAt).filter((level) => classify(cmd, { ...ctx, level }).decision === "allow");
          const r = s.run(cmd);
          c.proof(s, r);
          expect(approved, `approved at ${approved.join(", ")}: ${classify(cmd, { ...ctx, level: "yolo" }).reasons.map((x) => x.message).join("; ")}`).toEqual([]);
        } finally {
          s.cleanup();
        }
      });
    }
  });
}
