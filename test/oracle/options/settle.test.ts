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
