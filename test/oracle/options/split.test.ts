// Splitting an alias group: each tool gets its own block; what was settled from the original
// tool's option list (and its lax_why) stays with it; tools that cannot be asked lose lax_flags.
import { describe, expect, it } from "vitest";
import { parse } from "smol-toml";
import { splitEntry } from "../../../oracle/options/split.ts";

const GROUP = `[[command]]
name = "before"
summary = "x"

[[command]]
name = "sdiff"
aliases = ["wdiff", "delta", "other"]
summary = "diff viewers"
inert_flags = "-w= -W"
operands = "all:read"
lax_flags = true
lax_why = "sdiff's words"
flags = { "-o --output" = "write" }
example = [
  { command = "sdiff a b", level = "reader" },
  { command = "delta a b", level = "reader" },
]

[command.sub.x]
aliases = ["y"]
summary = "a sub"
unmodelled_flags = "-q"

# about the next one
[[command]]
name = "after"
summary = "y"
`;

type Cmd = { name: string; aliases?: string[]; lax_flags?: boolean; inert_flags?: string; lax_why?: string; flags?: object; example?: { command: string }[]; sub?: Record<string, { unmodelled_flags?: string }> };
const commands = (t: string) => (parse(t) as { command: Cmd[] }).command;

describe("splitEntry", () => {
  it("gives an alias with an option list its own block, without the original's settled lists", () => {
    const r = splitEntry(GROUP, "sdiff", ["wdiff"], new Set(["sdiff", "wdiff"]))!;
    const cs = commands(r.text);
    expect(cs.map((c) => c.name)).toEqual(["before", "sdiff", "wdiff", "after"]);
    const [sdiff, wdiff] = [cs[1]!, cs[2]!];
    expect(sdiff.aliases).toEqual(["delta", "other"]);
    expect(sdiff.inert_flags).toBe("-w= -W");
    expect(sdiff.lax_why).toBe("sdiff's words");
    expect(wdiff.aliases).toBeUndefined();
    expect(wdiff.inert_flags).toBeUndefined();
    expect(wdiff.lax_why).toBeUndefined();
    expect(wdiff.lax_flags).toBe(true);
    expect(wdiff.flags).toEqual(sdiff.flags);
    expect(wdiff.example).toBeUndefined();
    expect(wdiff.sub?.x?.unmodelled_flags).toBeUndefined();
    expect(sdiff.sub?.x?.unmodelled_flags).toBe("-q");
    // a sub table's aliases are subcommand names: both blocks keep them
    expect([sdiff, wdiff].map((c) => (c.sub?.x as { aliases?: string[] }).aliases)).toEqual([["y"], ["y"]]);
    expect(r.asked).toEqual(["wdiff"]);
  });

  it("puts the tools that cannot be asked in one strict block, and moves their examples", () => {
    const r = splitEntry(GROUP, "sdiff", ["wdiff", "delta", "other"], new Set(["sdiff"]))!;
    const cs = commands(r.text);
    expect(cs.map((c) => c.name)).toEqual(["before", "sdiff", "wdiff", "after"]);
    const [sdiff, rest] = [cs[1]!, cs[2]!];
    expect(sdiff.aliases).toBeUndefined();
    expect(sdiff.example?.map((e) => e.command)).toEqual(["sdiff a b"]);
    expect(rest.aliases).toEqual(["delta", "other"]);
    expect(rest.lax_flags).toBeUndefined();
    expect(rest.example?.map((e) => e.command)).toEqual(["delta a b"]);
    expect(r.unasked).toBe("wdiff");
    // the comment before the next entry still precedes it
    expect(r.text).toMatch(/# about the next one\n\[\[command\]\]\nname = "after"/);
  });

  it("refuses a name that is no alias of the entry", () => {
    expect(() => splitEntry(GROUP, "sdiff", ["nope"], new Set())).toThrow(/no alias nope/);
    expect(splitEntry(GROUP, "absent", [], new Set())).toBeNull();
  });
});
