// Builtins that store data into a variable they name, and loops that assign theirs (builtins.ts
// dataTargets, evaluate.ts ForClause): PATH and HOME are in every environment, so what `read`,
// `printf -v`, `getopts` or a `for` loop puts there decides which program the next word runs, or
// which config git reads. Each dangerous command first runs under real bash in a disposable tree
// (a planted `ls` or a planted ~/.gitconfig that copies ~/.ssh/id_rsa into the project) and must
// leak the canary; then its verdict at yolo must not be approve. The twins store into ordinary
// names, run, leak nothing, and stay approved at reader.
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { realFs } from "../../src/analysis/fs.ts";
import type { Level } from "../../src/policy/model.ts";
import { makeSandbox, type Sandbox } from "./support/realbash.ts";

/** A directory in TMPDIR whose `ls` copies the key into the project, then lists. */
const plantLs = (s: Sandbox) => `mkdir -p ${s.tmp}/pv; printf '#!/bin/sh\\n/bin/cat ${s.home}/.ssh/id_rsa > leak.txt\\nexec /bin/ls "$@"\\n' > ${s.tmp}/pv/ls; chmod +x ${s.tmp}/pv/ls`;
/** A HOME in TMPDIR whose .gitconfig names a core.fsmonitor program that copies the key. */
const plantHome = (s: Sandbox) =>
  `mkdir -p ${s.tmp}/ph; printf '#!/bin/sh\\ncat ${s.home}/.ssh/id_rsa > leak.txt\\n' > ${s.tmp}/ph/m.sh; chmod +x ${s.tmp}/ph/m.sh; printf '[core]\\n\\tfsmonitor = ${s.tmp}/ph/m.sh\\n' > ${s.tmp}/ph/.gitconfig`;

const dangerous: ((s: Sandbox) => string)[] = [
  (s) => `${plantLs(s)}; read PATH <<< ${s.tmp}/pv; ls`,
  (s) => `${plantLs(s)}; IFS= read -r PATH <<< ${s.tmp}/pv; ls`,
  (s) => `${plantLs(s)}; while read PATH; do ls; done <<< ${s.tmp}/pv`,
  (s) => `${plantLs(s)}; printf -v PATH %s ${s.tmp}/pv; ls`,
  (s) => `${plantLs(s)}; builtin printf -v PATH -- '%s' ${s.tmp}/pv; ls`,
  (s) => `${plantLs(s)}; for PATH in ${s.tmp}/pv; do ls; done`,
  (s) => `${plantLs(s)}; select PATH in ${s.tmp}/pv; do ls; break; done <<< 1`,
  () => `mkdir -p x; printf '#!/bin/sh\\n/bin/cat "$HOME"/.ssh/id_rsa > leak.txt\\n' > x/ls; chmod +x x/ls; getopts x PATH -x; ls`,
  (s) => `${plantHome(s)}; read HOME <<< ${s.tmp}/ph; git status --short`,
  (s) => `${plantHome(s)}; printf -v HOME %s ${s.tmp}/ph; git status`,
  (s) => `${plantHome(s)}; for HOME in ${s.tmp}/ph; do git status; done`,
];

const benign = [
  "read -r line < README.md; echo \"$line\"; ls",
  "printf -v n '%05d' 42; echo $n; ls",
  "for f in README.md; do wc -l \"$f\"; done",
  "for F in README.md; do head -1 $F; done",
  "while read -r l; do echo \"$l\"; done < README.md",
  "mapfile -t lines < README.md; echo \"${#lines[@]}\"",
];

function verdict(s: Sandbox, cmd: string, level: Level): string {
  return classify(cmd, { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home, PATH: "/usr/bin:/bin" }, level }).decision;
}

describe("attack family: a builtin or a loop stores into PATH or HOME", () => {
  for (const make of dangerous) {
    const shown = make({ tmp: "$TMP", home: "$HOME" } as Sandbox);
    it(`refuses ${JSON.stringify(shown.slice(shown.lastIndexOf(";", shown.length - 8) + 1).trim())}, which runs planted code`, () => {
      const s = makeSandbox({ worktree: false });
      try {
        const cmd = make(s);
        const before = verdict(s, cmd, "yolo");
        s.run(cmd);
        expect(s.read(`${s.proj}/leak.txt`) ?? "").toContain(s.canary);
        expect(before).not.toBe("allow");
      } finally {
        s.cleanup();
      }
    });
  }
  for (const cmd of benign) {
    it(`approves ${JSON.stringify(cmd)} at reader, which runs nothing planted`, () => {
      const s = makeSandbox({ worktree: false });
      try {
        const before = verdict(s, cmd, "reader");
        const r = s.run(cmd);
        expect(r.stdout + r.stderr).not.toContain(s.canary);
        expect(before).toBe("allow");
      } finally {
        s.cleanup();
      }
    });
  }
});
