// Inline code that runs a file by a literal path (import(), runpy.run_path, do/load/require,
// exec(open(...)), a shell command string's program) runs that file: the walk places it as exec,
// so code planted in /tmp is foreign code, not the inline code the user trusts.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { scanCodeLoads } from "../../src/analysis/evidence.ts";

describe("scanCodeLoads", () => {
  it.each([
    ['import("/tmp/x.mjs")', "/tmp/x.mjs"],
    ['import x from "~/y/x.mjs"', "~/y/x.mjs"],
    ['import "../other/x.js"', "../other/x.js"],
    ['import runpy; runpy.run_path("/tmp/x.py")', "/tmp/x.py"],
    ['exec(open("/tmp/x.py").read())', "/tmp/x.py"],
    ['u.spec_from_file_location("x", "/tmp/x.py")', "/tmp/x.py"],
    ['do "/tmp/x.pl"', "/tmp/x.pl"],
    ["load '/tmp/x.rb'", "/tmp/x.rb"],
    ['require_relative "../x"', "../x"],
    ['eval(require("fs").readFileSync("/tmp/x.js", "utf8"))', "/tmp/x.js"],
    ['os.system("sh /tmp/x")', "/tmp/x"],
    ['subprocess.run(["/tmp/x", "a"])', "/tmp/x"],
    ['execSync("bash -x ./s.sh")', "./s.sh"],
    ["print `/tmp/x`", "/tmp/x"],
  ])("%s runs %s", (code, want) => {
    expect(scanCodeLoads(code)).toContain(want);
  });

  it.each(['import fs from "fs"', 'require "json"', 'os.system("ls /tmp")', 'os.system("/usr/bin/git status")', 'print(open("/tmp/x.txt").read())'])("%s runs no file", (code) => {
    expect(scanCodeLoads(code)).toEqual([]);
  });

  it("finds a planted path however the surrounding code is spelled", () => {
    const spell = fc.constantFrom(
      (p: string) => `import(${JSON.stringify(p)})`,
      (p: string) => `runpy.run_path(${JSON.stringify(p)})`,
      (p: string) => `os.system("sh ${p}")`,
      (p: string) => `do '${p}'`,
    );
    const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
    fc.assert(
      fc.property(spell, name, fc.constantFrom("", "x = 1; ", "import os\n"), (f, n, pre) => {
        const p = `/tmp/${n}.x`;
        expect(scanCodeLoads(pre + f(p))).toContain(p);
      }),
    );
  });
});
