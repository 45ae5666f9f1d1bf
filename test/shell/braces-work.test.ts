import { describe, expect, it } from "vitest";
import { braceExpand, COMMAND_BRACE_WORK_LIMIT, parse } from "../../src/shell/index.ts";
import { expandWord } from "../../src/shell/word.ts";
import type { SimpleCommand } from "../../src/shell/ast.ts";

describe("brace expansion work bound", () => {
  it("gives up (dynamic) on a word whose braces are rescanned for every result", () => {
    // 180 results, each followed by 300 braces that never close: quadratic rescans per result.
    const word = "{1..5}{a..c}{a..c}{1..4}" + "{x".repeat(300);
    expect(braceExpand(word)).toBeNull();
  });
  it("still expands ordinary words", () => {
    expect(braceExpand("src/{a,b}.{ts,js}")).toEqual(["src/a.ts", "src/a.js", "src/b.ts", "src/b.js"]);
    expect(braceExpand("{1..3}{x")).toEqual(["1{x", "2{x", "3{x"]);
  });
});

describe("brace work bound shared by the words of one command", () => {
  // Each word alone stays under the per-word bound; forty of them together do not.
  const word = "{1..4}{a..c}" + "{x".repeat(20); // about 5,600 units of work alone
  const words = (parse(Array(40).fill(word).join(" ")).body.items[0]!.andOr.first.commands[0] as SimpleCommand).words;

  it("expands every word when each has its own budget", () => {
    for (const w of words) expect(expandWord(w).kind).toBe("static");
  });

  it("turns the words past the command's budget dynamic, never the ones before", () => {
    const braceWork = { left: COMMAND_BRACE_WORK_LIMIT };
    const kinds = words.map((w) => expandWord(w, { braceWork }).kind);
    expect(kinds[0]).toBe("static");
    expect(kinds).toContain("dynamic");
    // Once spent, it stays spent: no later word expands.
    expect(kinds.slice(kinds.indexOf("dynamic")).every((k) => k === "dynamic")).toBe(true);
    expect(braceWork.left).toBe(0);
    // A word without braces costs nothing and still expands.
    expect(expandWord((parse("plain").body.items[0]!.andOr.first.commands[0] as SimpleCommand).words[0]!, { braceWork }).kind).toBe("static");
  });
});
