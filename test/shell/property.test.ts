// Invariants over generated input: parse returns a Script or throws a ParseError, never anything
// else and never a hang; spans stay inside the source; quoting round-trips through staticValue.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forEachNode, parse, ParseError, staticValue, type SimpleCommand } from "../../src/shell/index.ts";

const TOKENS = [
  " ", "\t", "\n", ";", "&", "|", "(", ")", "<", ">", "{", "}", "[", "]", "$", "`", "'", '"', "\\",
  "#", "=", "*", "?", "!", "@", "-", "+", ":", "/", "%", "^", ",", "~", "a", "x", "1", "0",
  "if ", "then ", "fi", "for ", "in ", "do ", "done", "case ", "esac", ";;", "while ", "{ ", " }",
  "[[ ", " ]]", "((", "))", "$(", "${", "$((", "<<", "<<-", "EOF", "\nEOF\n", "<(", ">(", "&&",
  "||", "2>&1", "function ", "coproc ", "time ", "select ", "until ", "elif ", "else ", "=~",
  "$'", '$"', "\\\n", "@(", "a=(", "declare ",
];

const shellish = fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }).map((xs) => xs.join(""));

function parsesOrParseError(src: string): void {
  try {
    const s = parse(src);
    forEachNode(s, (n) => {
      if (!(n.pos >= 0 && n.pos <= n.end && n.end <= src.length)) {
        throw new Error(`bad span ${n.type} ${n.pos}-${n.end} in ${JSON.stringify(src)}`);
      }
    });
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    expect(e.pos).toBeGreaterThanOrEqual(0);
    expect(e.pos).toBeLessThanOrEqual(src.length);
    expect(typeof e.code).toBe("string");
  }
}

describe("parse never throws anything but ParseError", () => {
  it("on shell-shaped token soup", () => {
    fc.assert(fc.property(shellish, parsesOrParseError), { numRuns: 3000 });
  });
  it("on arbitrary unicode strings", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), parsesOrParseError), { numRuns: 1000 });
  });
  it("on deep repetitions of openers", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TOKENS), fc.integer({ min: 1, max: 400 }), (t, k) => parsesOrParseError("echo " + t.repeat(k))),
      { numRuns: 300 },
    );
  });
});

describe("hostile nesting ends in a budget error", () => {
  it("1,000 nested $( is refused with budget-depth", () => {
    const src = "echo " + "$(".repeat(1000) + "x" + ")".repeat(1000);
    expect(() => parse(src)).toThrow(expect.objectContaining({ code: "budget-depth" }));
  });
  it("1,000 nested backquote levels and ${ are refused", () => {
    expect(() => parse("echo " + "${x:-".repeat(1000))).toThrow(expect.objectContaining({ code: "budget-depth" }));
    expect(() => parse("a=" + "(".repeat(3) + "$((".repeat(1000))).toThrow(ParseError);
  });
  it("alternating $(( and $( ( does not blow up (arithmetic attempts are memoised)", () => {
    // Each level first looks like $(( and turns out to be $( ( ... ) ): without the memo this
    // re-parses 2^20 times and the suite stalls.
    const src = "echo " + "$((echo ".repeat(25) + "x" + ") )".repeat(25);
    expect(parse(src).type).toBe("Script");
  });
});

describe("quoting round-trips", () => {
  const text = fc.string({ unit: fc.constantFrom(..."ab $`\"'\\*?[]{},~\n\t#;&|<>()!=".split("")), maxLength: 20 });
  it("single-quoted text is static and exact", () => {
    fc.assert(
      fc.property(text, (t) => {
        const q = "'" + t.replace(/'/g, "'\\''") + "'";
        const c = parse("echo " + q).body.items[0]!.andOr.first.commands[0] as SimpleCommand;
        const v = staticValue(c.words[1]!);
        expect(v).toEqual({ static: true, value: t });
      }),
      { numRuns: 500 },
    );
  });
  it("backslash-escaping every character is static and exact", () => {
    fc.assert(
      fc.property(text.filter((t) => !t.includes("\n") && t.length > 0), (t) => {
        const q = t.replace(/./gs, (ch) => "\\" + ch);
        const c = parse("echo " + q).body.items[0]!.andOr.first.commands[0] as SimpleCommand;
        expect(staticValue(c.words[1]!)).toEqual({ static: true, value: t });
      }),
      { numRuns: 500 },
    );
  });
});
