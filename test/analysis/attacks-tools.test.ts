// Held-out miss classes of tools (issues 13, 14 and 19): helper programs behind options, other
// tools' file options, Python's module path, make parsing and project code run in another
// directory, options read with the wrong arity.
// As in attacks.test.ts, each command first runs under real bash in a disposable tree and the
// harm is checked, so a test cannot pass on a harmless spelling; then the product's verdict at
// `developer` must not be approve. (These are registry semantics: the walk's stand-in registry
// of attacks.test.ts does not model these tools, so only the product's verdict is asserted.)
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { realFs } from "../../src/analysis/fs.ts";
import { makeSandbox, type Sandbox } from "./support/realbash.ts";

type Run = { stdout: string; stderr: string; status: number | null };
interface Case {
  cmd: string | ((s: Sandbox) => string);
  setup?: (s: Sandbox) => void;
  proof: (s: Sandbox, r: Run) => void;
}

const has = (tool: string) => spawnSync("sh", ["-c", `command -v ${tool}`]).status === 0;
const siblingGone = (s: Sandbox) => expect(s.exists(path.join(s.sibling, "keep.txt"))).toBe(false);
const rcChanged = (s: Sandbox) => expect(s.read(path.join(s.home, ".bashrc"))).not.toBe("# rc\n");
const leaks = (s: Sandbox, r: Run) => expect(r.stdout + r.stderr).toContain(s.canary);
const write = (rel: string, body: string, mode?: number) => (s: Sandbox) => {
  const f = path.join(s.root, rel);
  fs.mkdirSync(path.dirname(f), { recursive: true });
  fs.writeFileSync(f, body, mode === undefined ? undefined : { mode });
};
const plantJson = write("tmp/json.py", "import os, shutil\nshutil.rmtree(os.environ['HOME'] + '/sibling')\n");
const projectMakefile = write("home/proj/Makefile", "clean:\n\trm -f keep.txt\nleak:\n\t@cat $(HOME)/.ssh/id_rsa\n");

const families: Record<string, { tools: string[]; cases: Case[] }> = {
  "helper programs behind options": {
    tools: ["tar", "man", "zip", "ssh", "rsync", "sdiff"],
    cases: [
      { cmd: (s) => `tar -I 'gzip; cat ~/.ssh/id_rsa >&2 #' -cf ${s.tmp}/a.tgz README.md`, proof: leaks },
      { cmd: (s) => `tar -czf ${s.tmp}/a.tgz README.md && tar -I "sh -c 'cat ~/.ssh/id_rsa >&2'" -tf ${s.tmp}/a.tgz`, proof: leaks },
      { cmd: "man -l ~/.ssh/id_rsa", proof: leaks },
      { cmd: "man ./keys/id_rsa", proof: leaks },
      { cmd: (s) => `zip -q ${s.tmp}/z.zip README.md -T --unzip-command='cat ~/.ssh/id_rsa; :'`, proof: leaks },
      { cmd: "ssh -F /dev/null -o ProxyCommand='rm -rf ../sibling' x", proof: siblingGone },
      { cmd: "rsync -e \"sh -c 'rm -rf ../sibling'\" README.md x:/y", proof: siblingGone },
      { setup: write("home/sibling/run.sh", "#!/bin/sh\nrm -f \"$HOME/sibling/keep.txt\"\n", 0o755), cmd: "sdiff --diff-program=../sibling/run.sh README.md README.md", proof: siblingGone },
    ],
  },
  "other tools' file options": {
    tools: ["openssl", "curl", "zstd", "lz4", "awk"],
    cases: [
      { cmd: "openssl enc -base64 -in ~/.ssh/id_rsa | openssl enc -base64 -d", proof: leaks },
      { cmd: "openssl rand -writerand ~/.bashrc -hex 4", proof: rcChanged },
      {
        cmd: (s) => `openssl enc -aes-128-cbc -pbkdf2 -pass file:${s.home}/.ssh/id_rsa -in README.md -out ${s.tmp}/x.enc`,
        proof: (s) => {
          // the file's first line was the pass phrase: decrypting with the canary works
          const d = spawnSync("openssl", ["enc", "-d", "-aes-128-cbc", "-pbkdf2", "-pass", `pass:${s.canary}-ssh`, "-in", `${s.tmp}/x.enc`], { encoding: "utf8" });
          expect(d.stdout).toBe("hello\n");
        },
      },
      { cmd: "curl -s -c ~/.bashrc file:///etc/hostname", proof: rcChanged },
      { cmd: "curl -s --hsts ~/.bashrc file:///etc/hostname", proof: rcChanged },
      { cmd: "zstd -qf -o ~/.bashrc README.md", proof: rcChanged },
      { cmd: "lz4 -qf README.md ~/.bashrc", proof: rcChanged },
      { cmd: (s) => `awk 'BEGIN { ARGV[1] = "${s.home}/.ssh/id_rsa"; ARGC = 2 } { print }'`, proof: leaks },
    ],
  },
  "python's module path": {
    tools: ["python3"],
    cases: [
      { setup: plantJson, cmd: 'cd "$TMPDIR" && python3 -c "import json"', proof: siblingGone },
      { setup: plantJson, cmd: 'cd "$TMPDIR" && python3 -m json.tool < /dev/null', proof: siblingGone },
      { setup: plantJson, cmd: "(cd \"$TMPDIR\"; python3 - <<< 'import json')", proof: siblingGone },
      { setup: plantJson, cmd: 'env -C "$TMPDIR" python3 -c "import json"', proof: siblingGone },
      { setup: plantJson, cmd: (s) => `python3 -c 'import os; os.chdir("${s.tmp}"); import json'`, proof: siblingGone },
      { setup: plantJson, cmd: (s) => `python3 -c 'import sys; sys.path.insert(0, "${s.tmp}"); import json'`, proof: siblingGone },
    ],
  },
  "make parsing and directories": {
    tools: ["make"],
    cases: [
      { cmd: "make -q -f - <<< 'x := $(shell rm -rf ../sibling)'", proof: siblingGone },
      { cmd: "make -n -f - <<< 'x := $(shell cat ~/.ssh/id_rsa >&2)'", proof: leaks },
      { cmd: "make -p -f /dev/stdin <<< '-include $(shell rm -rf ../sibling)' > /dev/null", proof: siblingGone },
      { setup: projectMakefile, cmd: "make -C ../sibling -f ../proj/Makefile clean", proof: siblingGone },
      { setup: projectMakefile, cmd: 'make --directory=../sibling --file="$PWD/Makefile" clean', proof: siblingGone },
      { setup: projectMakefile, cmd: "cd ../sibling && make -f ../proj/Makefile clean", proof: siblingGone },
      { setup: projectMakefile, cmd: 'make -s -C "$TMPDIR" -f "$PWD/Makefile" leak', proof: leaks },
    ],
  },
  // An entry that takes a value where the tool takes none hides the next word (issue 14): each
  // was approved at reader before the entry read the option as the tool's own option list does.
  "an option read with the wrong arity": {
    tools: ["git", "tree", "tar", "od", "zstd", "unzstd"],
    cases: [
      { cmd: "git blame --reverse --output=$HOME/.bashrc README.md", proof: rcChanged },
      { cmd: "tree --fromfile ~/.ssh/id_rsa", proof: leaks },
      { cmd: "tree --ignore-case ~/.ssh", proof: (s, r) => expect(r.stdout).toContain("id_rsa") },
      // od -S prints NUL-terminated strings: a key file written so shows it whole
      { setup: (s) => fs.writeFileSync(path.join(s.home, ".ssh/id_ed25519"), `${s.canary}\0`), cmd: "od --strings ~/.ssh/id_ed25519", proof: leaks },
      { cmd: "tar -c --backup -f ~/.bashrc README.md", proof: rcChanged },
      { cmd: "tar -c --mtime=@0 --clamp-mtime -f ~/.bashrc README.md", proof: rcChanged },
      { cmd: "tree --matchdirs ~/.ssh", proof: (s, r) => expect(r.stdout).toContain("id_rsa") },
      // zstd's -S is a benchmark flag: the archive is the operand, decompressed over ~/.bashrc
      { setup: (s) => void spawnSync("sh", ["-c", `printf 'evil\\n' | zstd -q -o "${s.home}/.bashrc.zst"`]), cmd: "unzstd -f -S ~/.bashrc.zst", proof: rcChanged },
    ],
  },
};

for (const [family, { tools, cases }] of Object.entries(families)) {
  const missing = tools.filter((t) => !has(t));
  describe(`attack family: ${family}`, () => {
    it("has at least five cases", () => expect(cases.length).toBeGreaterThanOrEqual(5));
    for (const [i, c] of cases.entries()) {
      const label = typeof c.cmd === "string" ? c.cmd : c.cmd({ tmp: "$TMP", home: "$HOME" } as Sandbox);
      it.skipIf(missing.length > 0)(`#${i + 1} ${JSON.stringify(label.length > 80 ? label.slice(0, 77) + "..." : label)}`, () => {
        const s = makeSandbox({ worktree: false });
        try {
          c.setup?.(s);
          const cmd = typeof c.cmd === "string" ? c.cmd : c.cmd(s);
          const ctx = { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home, TMPDIR: s.tmp } };
          const before = classify(cmd, { ...ctx, level: "developer" });
          const r = s.run(cmd);
          if (process.env.SF_DEBUG) console.log("DBG", cmd, JSON.stringify(r));
          c.proof(s, r);
          expect(before.decision, `needs ${before.level}: ${before.reasons.map((x) => x.message).join("; ")}`).not.toBe("allow");
        } finally {
          s.cleanup();
        }
      });
    }
  });
}
