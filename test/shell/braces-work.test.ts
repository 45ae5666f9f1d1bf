import { describe, expect, it } from "vitest";
import { braceExpand } from "../../src/shell/index.ts";

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
