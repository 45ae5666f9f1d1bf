// A recursive reader's own filters (issue 15, src/analysis/walkfilter.ts): each dangerous spelling
// first runs under real bash in a disposable project (`.env` holding the canary, listed in
// .gitignore; `keys` a symlink to ~/.ssh) and must leak the canary, then the product's verdict
// at developer must not be approve. The twins run too and must not leak, and are approved at
// reader: the filter that hides the secret is the one the tool really applies.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { realFs } from "../../src/analysis/fs.ts";
import type { Level } from "../../src/policy/model.ts";
import { makeSandbox, type Sandbox } from "./support/realbash.ts";

interface Case {
  cmd: string;
  setup?: (s: Sandbox) => void;
}

const has = (tool: string) => spawnSync("sh", ["-c", `command -v ${tool}`]).status === 0;
const ignoreEnv = (s: Sandbox) => fs.writeFileSync(path.join(s.proj, ".gitignore"), ".env\n");
const trackEnv = (s: Sandbox) => {
  ignoreEnv(s);
  s.run("git add -f .env .gitignore && git -c user.email=t@example.com -c user.name=t commit -q -m env");
};
const linkDir = (s: Sandbox) => {
  ignoreEnv(s);
  fs.symlinkSync(path.join(s.home, ".ssh"), path.join(s.proj, "src/k"));
};

// A key listed by an anchored pattern of the root's .gitignore: rg applies such a pattern by the
// path as spelled, and `rg x sub` reads it (observed, rg 13).
const anchoredKey = (s: Sandbox) => {
  fs.mkdirSync(path.join(s.proj, "sub"));
  fs.writeFileSync(path.join(s.proj, "sub/id_rsa"), `${s.canary}-sub\n`);
  fs.writeFileSync(path.join(s.proj, ".gitignore"), ".env\n/sub/id_rsa\n");
};

const dangerous: Case[] = [
  { setup: ignoreEnv, cmd: "rg --hidden --no-ignore CANARY ." },
  { setup: ignoreEnv, cmd: "rg -uu CANARY ." },
  { setup: ignoreEnv, cmd: "rg -g '.env' CANARY ." },
  { setup: ignoreEnv, cmd: "rg --iglob '*.ENV' CANARY ." },
  { setup: ignoreEnv, cmd: "printf '!.env\\n' >> .gitignore && rg CANARY ." },
  { setup: ignoreEnv, cmd: "grep -r --include='*.env' CANARY ." },
  { setup: ignoreEnv, cmd: "grep -rn --exclude='*' --include='.e*' CANARY ." },
  { setup: ignoreEnv, cmd: "git add -f .env && git grep CANARY" },
  { setup: trackEnv, cmd: "git grep CANARY" },
  { setup: ignoreEnv, cmd: "git grep --no-index CANARY" },
  { setup: ignoreEnv, cmd: "rg -L CANARY ." },
  { setup: linkDir, cmd: "grep -R --exclude=.env CANARY src" },
  { setup: linkDir, cmd: "rg --follow CANARY src" },
  { setup: anchoredKey, cmd: "rg CANARY sub" },
];

const benign: Case[] = [
  { setup: ignoreEnv, cmd: "rg CANARY ." },
  { setup: ignoreEnv, cmd: "rg --hidden CANARY ." },
  { setup: ignoreEnv, cmd: "rg -u CANARY ." },
  { setup: ignoreEnv, cmd: "rg -g '*.md' CANARY ." },
  { setup: ignoreEnv, cmd: "rg -g '!*.env' --hidden CANARY ." },
  { setup: ignoreEnv, cmd: "grep -r --exclude=.env CANARY ." },
  { setup: ignoreEnv, cmd: "grep -rn --include='*.md' CANARY ." },
  { setup: ignoreEnv, cmd: "grep -rn --include='.e*' --exclude='*' CANARY ." },
  { setup: ignoreEnv, cmd: "git grep CANARY" },
  { setup: linkDir, cmd: "grep -r CANARY src" },
  { setup: linkDir, cmd: "rg CANARY src" },
];

function verdict(s: Sandbox, cmd: string, level: Level): string {
  return classify(cmd, { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home }, level }).decision;
}

describe.skipIf(!has("rg"))("attack family: a reader's filter that does not hide the secret", () => {
  for (const c of dangerous) {
    it(`refuses ${JSON.stringify(c.cmd)}, which leaks`, () => {
      const s = makeSandbox({ worktree: false });
      try {
        c.setup?.(s);
        const before = verdict(s, c.cmd, "developer");
        const r = s.run(c.cmd);
        expect(r.stdout + r.stderr).toContain(s.canary);
        expect(before).not.toBe("allow");
      } finally {
        s.cleanup();
      }
    });
  }
  for (const c of benign) {
    it(`approves ${JSON.stringify(c.cmd)} at reader, which does not leak`, () => {
      const s = makeSandbox({ worktree: false });
      try {
        c.setup?.(s);
        const before = verdict(s, c.cmd, "reader");
        const r = s.run(c.cmd);
        expect(r.stdout + r.stderr).not.toContain(s.canary);
        expect(before).toBe("allow");
      } finally {
        s.cleanup();
      }
    });
  }
});
