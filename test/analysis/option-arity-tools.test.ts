// Options read with the wrong arity hide the word that matters (issue 14). Interpreters are out of
// reach of the option-driven search (their operand is the code they run, which it cannot fill
// harmlessly), so their cases are here: each runs under real bash in a throwaway project first,
// to show that the planted script in TMPDIR runs (the tool took the word after the option as the
// script, not as the option's value), then the verdict is not approved.
//   node --disable-proto throw s.js, node --experimental-default-type module s.js: the value is
//     the word after, s.js runs;
//   perl -D s.pl, perl -F : ...: -D and -F take their value glued only, s.pl (or `:`) is the script;
//   ruby -0 s.rb, -F :, -K s.rb: glued only too (ruby -F : s.rb runs the script `:`);
//   cmake --graphviz FILE: takes the next word and writes the graph there.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { realFs } from "../../src/analysis/fs.ts";
import { makeSandbox, type Sandbox } from "./support/realbash.ts";

const MARK = "planted-ran";
const has = (tool: string) => spawnSync("sh", ["-c", `command -v ${tool}`]).status === 0;

/** A script in TMPDIR that leaves a mark in TMPDIR when it runs (BEGIN: perl -F implies -n). */
function plant(s: Sandbox): void {
  const mark = JSON.stringify(path.join(s.tmp, MARK));
  fs.writeFileSync(path.join(s.tmp, "x.js"), `require("fs").writeFileSync(${mark}, "1");\n`);
  fs.writeFileSync(path.join(s.tmp, "x.pl"), `BEGIN { open(my $f, ">", ${mark}); print $f "1"; close($f); }\n`);
  fs.writeFileSync(path.join(s.tmp, "x.rb"), `File.write(${mark}, "1")\n`);
  for (const f of ["t.js", "t.pl", "t.rb"]) fs.writeFileSync(path.join(s.proj, f), "\n");
}

const interpreters = [
  "node --disable-proto throw TMP/x.js t.js",
  "node --experimental-default-type commonjs TMP/x.js t.js",
  "perl -D TMP/x.pl t.pl",
  "perl -F TMP/x.pl t.pl",
  "ruby -0 TMP/x.rb t.rb",
  "ruby -F TMP/x.rb t.rb",
  "ruby -K TMP/x.rb t.rb",
];

const ctxOf = (s: Sandbox) => ({ cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home } });

describe("a value-taking or glued-only option does not hide the script", () => {
  for (const tmpl of interpreters) {
    it.skipIf(!has(tmpl.split(" ")[0]!))(tmpl, () => {
      const s = makeSandbox({ worktree: false });
      try {
        plant(s);
        const cmd = tmpl.replace("TMP", s.tmp);
        s.run(cmd);
        expect(s.exists(path.join(s.tmp, MARK))).toBe(true);
        expect(classify(cmd, ctxOf(s)).decision).toBe("ask");
      } finally {
        s.cleanup();
      }
    });
  }

  it("the project's own script after the value stays approved (no run: verdicts only)", () => {
    const s = makeSandbox({ worktree: false });
    try {
      plant(s);
      for (const cmd of ["node --disable-proto throw t.js", "perl -Dx t.pl", "ruby -Ku t.rb", "ruby -E UTF-8 t.rb"]) {
        expect(classify(cmd, ctxOf(s)).decision, cmd).toBe("allow");
      }
    } finally {
      s.cleanup();
    }
  });

  it.skipIf(!has("cmake"))("cmake --graphviz takes the next word and writes there", () => {
    const s = makeSandbox({ worktree: false });
    try {
      fs.writeFileSync(path.join(s.proj, "CMakeLists.txt"), "cmake_minimum_required(VERSION 3.10)\nproject(x NONE)\n");
      const cmd = `cmake --graphviz ${s.home}/.bashrc -S . -B build`;
      s.run(cmd);
      expect(s.read(path.join(s.home, ".bashrc"))).toContain("digraph");
      expect(classify(cmd, ctxOf(s)).decision).toBe("ask");
    } finally {
      s.cleanup();
    }
  });
});
