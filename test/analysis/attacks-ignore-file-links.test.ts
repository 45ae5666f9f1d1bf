// ag, rg and fd open every entered directory's ignore files through symlinks (registry/text.toml `walk.opens`,
// place.ts openedFiles): a `.ignore` or `.git/info/exclude` planted as a link to a key is a read
// of the key that no listing shows. Each case runs ag under strace in a real project to show
// what it opens, and the verdict at reader must follow: refused when the key is opened, approved
// when nothing is planted. rg and fd open theirs the same way (observed), each its own names.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { realFs } from "../../src/analysis/fs.ts";
import { makeSandbox, type Sandbox } from "./support/realbash.ts";

const has = (t: string) => spawnSync("sh", ["-c", `command -v ${t}`]).status === 0;
const verdict = (s: Sandbox, cmd: string) => classify(cmd, { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home }, level: "reader" }).decision;
/** Did the command open the key (strace -y names the file each open returned, through links)? */
const opensKey = (s: Sandbox, cmd: string) => s.run(`strace -f -qq -y -e trace=open,openat -o ${s.tmp}/trace ${cmd} >/dev/null 2>&1; grep -c 'id_rsa' ${s.tmp}/trace || true`).stdout.trim() !== "0";

/** A link planted under an ignore file's name, by the name. */
const PLANT: Record<string, string> = {
  ".ignore": "mkdir -p src/deep && ln -s ~/.ssh/id_rsa src/deep/.ignore",
  ".gitignore": "ln -s ~/.ssh/id_rsa src/.gitignore",
  ".hgignore": "ln -s ~/.ssh/id_rsa src/.hgignore",
  ".rgignore": "ln -s ~/.ssh/id_rsa src/.rgignore",
  ".fdignore": "ln -s ~/.ssh/id_rsa src/.fdignore",
  ".git/info/exclude": "mkdir -p src/.git/info && ln -s ~/.ssh/id_rsa src/.git/info/exclude",
  "a linked .git": "mkdir -p ~/g/info && ln -s ~/.ssh/id_rsa ~/g/info/exclude && ln -s ~/g src/.git",
};

/** Each reader, the names it opens through links (observed), and one it does not. */
const READERS: { tool: string; cmd: string; opens: string[]; not: string }[] = [
  { tool: "ag", cmd: "ag zzz .", opens: [".ignore", ".gitignore", ".hgignore", ".git/info/exclude", "a linked .git"], not: ".rgignore" },
  { tool: "rg", cmd: "rg zzz .", opens: [".ignore", ".gitignore", ".rgignore", ".git/info/exclude", "a linked .git"], not: ".hgignore" },
  { tool: "fdfind", cmd: "fdfind zzz .", opens: [".ignore", ".gitignore", ".fdignore", ".git/info/exclude", "a linked .git"], not: ".hgignore" },
];

for (const r of READERS) {
  describe.skipIf(!has(r.tool) || !has("strace"))(`attack family: ${r.tool} opens ignore files through symlinks`, () => {
    for (const name of r.opens) {
      it(`refuses \`${r.cmd}\` at reader over a tree with ${name} linked to a key, which it opens`, () => {
        const s = makeSandbox({ worktree: false });
        try {
          s.run(PLANT[name]!);
          expect(opensKey(s, r.cmd)).toBe(true);
          expect(verdict(s, r.cmd)).not.toBe("allow");
        } finally {
          s.cleanup();
        }
      });
    }
    it(`approves \`${r.cmd}\` at reader with nothing planted, and with ${r.not} linked (it never opens that name)`, () => {
      const s = makeSandbox({ worktree: false });
      try {
        s.run("mkdir -p src/deep && echo x > src/deep/.ignore");
        expect(opensKey(s, r.cmd)).toBe(false);
        expect(verdict(s, r.cmd)).toBe("allow");
        s.run(PLANT[r.not]!);
        expect(opensKey(s, r.cmd)).toBe(false);
      } finally {
        s.cleanup();
      }
    });
  });
}

describe.skipIf(!has("ag") || !has("strace"))("ag -f follows links below its start", () => {
  it("refuses ag -f, which follows the project's link to ~/.ssh; plain ag does not open it", () => {
    const s = makeSandbox({ worktree: false });
    try {
      expect(opensKey(s, "ag -f zzz .")).toBe(true);
      expect(verdict(s, "ag -f zzz .")).not.toBe("allow");
      expect(opensKey(s, "ag zzz .")).toBe(false);
    } finally {
      s.cleanup();
    }
  });
});
