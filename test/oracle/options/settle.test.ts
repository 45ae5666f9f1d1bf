// Which options a lax entry may keep ignoring (inert) and which it must refuse (unmodelled):
// judged from the tool's own names, never loosened for a name that may point at a file or program.
import { describe, expect, it } from "vitest";
import { inertOption } from "../../../oracle/options/settle.ts";

describe("inertOption", () => {
  it.each([
    ["--title", 1, "string", true],
    ["--body", 1, "string", true],
    ["-W", "optional", "<package-name-pattern>...", true],
    ["-n", 1, "NUM", true],
    ["--no-pager", 0, undefined, true],
  ] as const)("%s %s %s is inert", (name, arity, arg, want) => {
    expect(inertOption(name, arity, arg)).toBe(want);
  });
  it.each([
    ["--body-file", 1, "file"],
    ["--config", 1, "<config-file>"],
    ["-o", 1, "FILE"],
    ["--output-format", 1, "<output-format>"],
    ["--exec", 1, "cmd"],
    ["--since", 1, undefined],
    ["--template", 1, "string"],
  ] as const)("%s %s %s is not", (name, arity, arg) => {
    expect(inertOption(name, arity, arg)).toBe(false);
  });
});

describe("inertOption judges an option by all its names and says no for a placeholder that says nothing", () => {
  it.each([
    [["--cwd"], 1, "<val>"],
    [["-c", "--config"], 1, "<val>"],
    [["-r", "--preload"], 1, "<val>"],
    [["-c"], 1, "<val>"],
    [["-f"], 1, "string"],
    [["--ca"], 1, "<val>"],
    [["--lock"], "optional", "<FILE>"],
    [["--registry"], 1, "<url>"],
    [["-g", "--global"], 0, undefined],
    [["--inspect"], "optional", "<val>"],
    [["-A", "--allow-all"], 0, undefined],
    [["-x"], 1, "X"],
  ] as const)("%j %s %s is not inert", (names, arity, arg) => {
    expect(inertOption(names, arity, arg)).toBe(false);
  });
  it.each([
    [["-n", "--lines"], 1, "N"],
    [["--tail"], 1, "string"],
    [["--retry"], 1, "<val>"],
    [["-p", "--parallel"], 1, "int"],
    [["--timeout"], 1, "duration"],
  ] as const)("%j %s %s is inert", (names, arity, arg) => {
    expect(inertOption(names, arity, arg)).toBe(true);
  });
});

describe("inertOption reads a flag without a value by what it does", () => {
  it.each([
    [["-x", "--catalog"], true],
    [["-e", "--pager-end"], true],
    [["-p", "--paths"], true],
    [["-v", "--committed"], true],
    [["-f", "--force"], false],
    [["--write"], false],
    [["-u", "--update-snapshots"], false],
    [["--exec"], false],
  ] as const)("%j: %s", (names, want) => {
    expect(inertOption(names, 0, undefined)).toBe(want);
  });
});
