// gapsOf(): an option the tool accepts and the entry reads differently is a gap, in each
// direction that changes which words are operands.
import { describe, expect, it } from "vitest";
import { parseRegistry } from "../../../src/analysis/registry/load.ts";
import { atCeiling, gapsOf } from "../../../oracle/options/check.ts";
import { createClassifier } from "../../../src/index.ts";
import type { OptionsNode } from "../../../oracle/options/types.ts";

const reg = parseRegistry([
  {
    file: "registry/t.toml",
    text: `
[[command]]
name = "t"
summary = "a tool"
operands = "all:read"
flags = { "-a --all" = "bool", "-o --output" = "write", "--color" = "opt", "-x" = { arity = 1, unknown = "runs a program" }, "-NUM" = "bool", "-name" = "arg", "-D*" = "arg", "-X --exec" = { arity = 0, rest = "cmd" } }
[command.sub.go]
summary = "a subcommand"
inherit = true
flags = { "-e" = "bool" }
`,
  },
]);
const t = reg.commands.get("t")!;
const node = (options: OptionsNode["options"], subcommands?: OptionsNode["subcommands"]): OptionsNode => ({ sources: ["t --help"], options, ...(subcommands ? { subcommands } : {}) });

describe("gapsOf", () => {
  it("finds no gap where every spelling is declared with a compatible arity", () => {
    const x = node([
      { names: ["-a", "--all"], arity: 0 },
      { names: ["-o", "--output"], arity: 1 },
      { names: ["--color"], arity: "optional" },
      { names: ["-5"], arity: 0 },
      { names: ["-name"], arity: 1 },
      { names: ["-Dfoo"], arity: 1 },
    ]);
    expect(gapsOf(x, t)).toEqual([]);
  });

  it("reports a missing spelling", () => {
    expect(gapsOf(node([{ names: ["-a", "--almost"], arity: 0 }]), t)).toEqual([{ kind: "missing", node: "t", option: "--almost", arity: 0, names: ["-a", "--almost"] }]);
  });

  it("reports a value the entry does not take, and one it takes that the tool does not", () => {
    const gaps = gapsOf(node([{ names: ["-a"], arity: 1 }, { names: ["-o"], arity: 0 }]), t);
    expect(gaps).toEqual([
      { kind: "arity", node: "t", option: "-a", tool: 1, declared: 0, flag: "-a" },
      { kind: "arity", node: "t", option: "-o", tool: 0, declared: 1, flag: "-o" },
    ]);
  });

  it("accepts an optional value read as no value, not as a required one", () => {
    expect(gapsOf(node([{ names: ["--all"], arity: "optional" }]), t)).toEqual([]);
    expect(gapsOf(node([{ names: ["--output"], arity: "optional" }]), t)).toEqual([{ kind: "arity", node: "t", option: "--output", tool: "optional", declared: 1, flag: "-o" }]);
  });

  it("reads a flag that hands every later word to a command as taking the tool's value, and no other", () => {
    // fd -x CMD ARGS...: the value is the command's first word
    expect(gapsOf(node([{ names: ["-X", "--exec"], arity: 1 }]), t)).toEqual([]);
    expect(gapsOf(node([{ names: ["--exec"], arity: 0 }]), t)).toEqual([]);
    expect(gapsOf(node([{ names: ["--exec"], arity: "optional" }]), t)).toEqual([]);
  });

  it("reads `-n` as the option it is, not as the `-N` count placeholder (head -n NUM)", () => {
    // the entry has -NUM (a bool) and no -n: the tool's `-n` is missing, not the count flag
    expect(gapsOf(node([{ names: ["-n"], arity: 1 }]), t)).toEqual([{ kind: "missing", node: "t", option: "-n", arity: 1, names: ["-n"] }]);
    expect(gapsOf(node([{ names: ["-N"], arity: 0 }]), t)).toEqual([]);
  });

  it("lets a flag marked unknown stand for any arity (it is refused whenever used)", () => {
    expect(gapsOf(node([{ names: ["-x"], arity: 0 }]), t)).toEqual([]);
  });

  it("checks subcommands, with the flags they inherit", () => {
    const x = node([], { go: { sources: [], options: [{ names: ["-e"], arity: 0 }, { names: ["-a"], arity: 0 }, { names: ["-z"], arity: 1 }] } });
    expect(gapsOf(x, t)).toEqual([{ kind: "missing", node: "t go", option: "-z", arity: 1, names: ["-z"] }]);
  });
});

describe("atCeiling", () => {
  // a lax node that needs yolo with no option at all: an undeclared option's value is an
  // ignored operand, and that can only add effects to a command already at the top level
  const top = parseRegistry([
    {
      file: "registry/c.toml",
      text: `
[[command]]
name = "box"
summary = "runs images"
[command.sub.run]
summary = "run one"
operands = "all:ignore"
lax_flags = true
lax_why = "needs yolo whatever its options say"
effects = [{ op = "exec", locus = "none", kind = "downloaded-code", target = "image", why = "runs an image" }]
[command.sub.logs]
summary = "print output"
operands = "all:ignore"
lax_flags = true
lax_why = "its options are filters"
[command.sub.quiet]
summary = "run one, or only check it with -n"
operands = "all:ignore"
lax_flags = true
lax_why = "needs yolo unless -n"
flags = { "-n" = "bool mode=check" }
effects = [{ op = "exec", locus = "none", kind = "downloaded-code", target = "image", unless = "check", why = "runs an image" }]
[command.sub.strict]
summary = "run one, strictly"
operands = "all:ignore"
effects = [{ op = "exec", locus = "none", kind = "downloaded-code", target = "image", why = "runs an image" }]
`,
    },
  ]);
  const box = top.commands.get("box")!;
  const classify = createClassifier({ registry: top });
  const needOf = (c: string) => classify(c, { level: "yolo", cwd: "/p", roots: ["/p"], home: "/h", env: {}, fs: null }).level;
  const x = node([{ names: ["-v", "--volume"], arity: 1 }]);

  it("holds for a lax node that needs yolo bare, and then no undeclared option is a gap", () => {
    const run = box.subs.get("run")!;
    expect(atCeiling(run, needOf)).toBe(true);
    expect(gapsOf(x, run, "box run", (n) => atCeiling(n, needOf))).toEqual([]);
  });

  it("does not hold below yolo, with a mode an option may turn on, or on a strict node", () => {
    for (const sub of ["logs", "quiet", "strict"]) {
      const n = box.subs.get(sub)!;
      expect(atCeiling(n, needOf), sub).toBe(false);
      expect(gapsOf(x, n, `box ${sub}`, (m) => atCeiling(m, needOf)).map((g) => g.kind), sub).toEqual(["missing", "missing"]);
    }
  });
});
