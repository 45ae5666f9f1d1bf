// Tool languages: sed scripts, awk programs and jq filters are read for the parts that write,
// read or run commands; anything not understood is reported as such.
import { describe, expect, it } from "vitest";
import { analyseAwk, analyseSed } from "../../../src/analysis/registry/index.ts";
import { jqEnvNames, jqReadsEnv } from "../../../src/analysis/registry/handlers/misc.ts";

describe("sed", () => {
  it.each([
    ["s/a/b/g", { reads: [], writes: [], execs: [] }],
    ["1,20p", { reads: [], writes: [], execs: [] }],
    ["/x/w out.txt", { reads: [], writes: ["out.txt"], execs: [] }],
    ["s/a/b/gw /tmp/o", { reads: [], writes: ["/tmp/o"], execs: [] }],
    ["1r /etc/hosts", { reads: ["/etc/hosts"], writes: [], execs: [] }],
    ["$R f.txt", { reads: ["f.txt"], writes: [], execs: [] }],
    ["1e touch x", { reads: [], writes: [], execs: ["touch x"] }],
    ["/start/,/end/{/^#/d;p}", { reads: [], writes: [], execs: [] }],
    ["s#/usr#/opt#g;y/ab/cd/", { reads: [], writes: [], execs: [] }],
    ["w a;b", { reads: [], writes: ["a;b"], execs: [] }],
    ["$a\\\nend w x", { reads: [], writes: [], execs: [] }],
    ["0~3d;3q", { reads: [], writes: [], execs: [] }],
  ])("%j", (script, facts) => {
    expect(analyseSed(script)).toEqual(facts);
  });
  it.each(["s/.*/id/e", "e", "1e", "s/a/b", "k", "y/a/"])("refuses %j", (script) => {
    expect(analyseSed(script)).toHaveProperty("error");
  });
});

describe("awk", () => {
  it.each([
    ["{print $1}", { reads: [], writes: [] }],
    ['{print > "out"}', { reads: [], writes: ["out"] }],
    ['{printf "%s", $0 >> "/tmp/a"}', { reads: [], writes: ["/tmp/a"] }],
    ["$3 > 100 {print $1}", { reads: [], writes: [] }],
    ['{ print ($1 > 2) }', { reads: [], writes: [] }],
    ['BEGIN { while ((getline line < "/etc/hosts") > 0) n++ }', { reads: ["/etc/hosts"], writes: [] }],
    ["/a\\/b/ {c++} END {print c}", { reads: [], writes: [] }],
    ['{ x = "system(" }', { reads: [], writes: [] }],
    ['BEGIN { print ENVIRON["HOME"] }', { reads: [], writes: [], env: ["HOME"] }],
    ["BEGIN { for (k in ENVIRON) print k, ENVIRON[k] }", { reads: [], writes: [], env: [null, null] }],
  ])("%j", (prog, facts) => {
    expect(analyseAwk(prog)).toEqual(facts);
  });
  it.each(['BEGIN{system("id")}', '{print | "sh"}', '"date" | getline d', "{print > $1}", '{getline < f}', '@include "x"', '{print > "a" "b"}'])("refuses %j", (prog) => {
    expect(analyseAwk(prog)).toHaveProperty("error");
  });
});

describe("jq", () => {
  it.each([
    ["env", true],
    ["$ENV.TOKEN", true],
    [".a | env.HOME", true],
    [".environment", false],
    ['"env"', false],
    ["{f: input_filename, l: $__loc__}", false],
    [".foo.env", false],
    ['"\\(env.GITHUB_TOKEN)"', true],
    ['"a \\("b" + $ENV.X) c"', true],
  ])("%j reads the environment: %s", (filter, reads) => {
    expect(jqReadsEnv(filter)).toBe(reads);
  });
  it.each([
    ['"\\(env.GITHUB_TOKEN)"', ["GITHUB_TOKEN"]],
    ['env["NPM_TOKEN"], $ENV."A"', ["NPM_TOKEN", "A"]],
    ["env", [null]],
    ["env[.k]", [null]],
    ['env["\\u0041"]', [null]],
    ["# env.X\n.a", null],
  ])("%j reads the variables %j", (filter, names) => {
    expect(jqEnvNames(filter)).toEqual(names);
  });
});
