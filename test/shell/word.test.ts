// The word model against real bash: for each argument list, the fields staticArgv claims are
// exactly what bash passes (bash runs `printf '%s\0' ARGS` in an empty directory, HOME=/h).
import { describe, expect, it } from "vitest";
import {
  braceExpand,
  expandWord,
  globLiteral,
  parse,
  staticArgv,
  staticValue,
  type SimpleCommand,
  type Word,
} from "../../src/shell/index.ts";
import { bashArgv } from "./bash.ts";

function words(args: string): Word[] {
  const c = parse(`printf '%s\\0' ${args}`).body.items[0]!.andOr.first.commands[0] as SimpleCommand;
  return c.words.slice(2);
}

// Each line is one argument list; all of it must be static and equal to bash's argv.
const STATIC_CASES = [
  `a 'b c' "d e" \\f $'g\\th' $"i"`,
  `a\\\nb "c\\\nd" 'e\\\nf'`,
  `"\\$ \\\` \\" \\\\ \\a \\n"`,
  `'' "" x"" ''y`,
  `$'\\x41\\u0042\\101\\cA\\e\\'x\\"'`,
  `{a,b} x{1..3}y {01..10..3} {a..e..2} {z..w} {3..1} {-2..2} {1..3..0}`,
  `a{b,c{d,e}}f x{1..2}{a,b} {,}x {a} {} {"a,b"} \\{a,b} {a,b\\} "{a,b}" {a,b}"c d"`,
  `~ ~/x ~"/x" ~/"x" x~ a=~ --x=~ a=b:~ a=~:~/y ~"" "~" {~,a} {a,~}/x`,
  `a={x,y} --{a,b}=1`,
  `"a*" 'b?' \\[c] "[d]" e\\*`,
  `%s -- -n --flag=value`,
  `é 😀 "ü$'x'"`,
];

describe("static argv matches bash", () => {
  for (const args of STATIC_CASES) {
    it(args.replace(/\n/g, "\\n"), () => {
      const mine = staticArgv(words(args), { home: "/h" });
      expect(mine.exactPositions).toBe(true);
      expect(mine.argv).toEqual(bashArgv(args));
    });
  }

  it("known variables expand when quoted, or unquoted without IFS/glob characters", () => {
    const env = { A: "one", B: "two words", C: "", G: "*.x" };
    const args = `$A "\${A}x" "$B" "$C" x$C "$G"`;
    const mine = staticArgv(words(args), { env });
    expect(mine.argv).toEqual(bashArgv(args, env));
  });

  it("an unquoted empty variable leaves no field, a quoted one leaves an empty field", () => {
    const env = { E: "" };
    expect(staticArgv(words(`a $E "$E" b`), { env }).argv).toEqual(bashArgv(`a $E "$E" b`, env));
    // The expansion still occupies the word start: a `~` after it is not expanded.
    expect(staticArgv(words(`$E~/x "$E"~ $E$E`), { env, home: "/h" }).argv).toEqual(bashArgv(`$E~/x "$E"~ $E$E`, env));
  });
});

describe("dynamic and glob words", () => {
  it("gives the parts that make a word dynamic", () => {
    const e = expandWord(words(`a$(b)$((1))$x`)[0]!);
    expect(e.kind).toBe("dynamic");
    if (e.kind === "dynamic") expect(e.reasons.map((r) => r.part.type)).toEqual(["CmdSubst", "ArithExp", "ParamExp"]);
  });
  it("treats special and operator parameter expansions as dynamic even with env", () => {
    const env = { x: "v", "@": "no" };
    for (const w of [`$@`, `\${x:-a}`, `\${#x}`, `\${!x}`, `\${x[0]}`, `$1`, `"$*"`]) {
      expect(staticValue(words(w)[0]!, { env }).static).toBe(false);
    }
    expect(staticValue(words(`\${x}`)[0]!, { env })).toEqual({ static: true, value: "v" });
  });
  it("unquoted variable with spaces or glob characters is dynamic", () => {
    expect(expandWord(words(`$B`)[0]!, { env: { B: "a b" } }).kind).toBe("dynamic");
    expect(expandWord(words(`$B`)[0]!, { env: { B: "*" } }).kind).toBe("dynamic");
  });
  it("tilde needs HOME; ~user ~+ ~- are dynamic", () => {
    expect(expandWord(words(`~/x`)[0]!).kind).toBe("dynamic");
    for (const w of ["~root", "~+", "~-"]) expect(expandWord(words(w)[0]!, { home: "/h" }).kind).toBe("dynamic");
  });
  it("unquoted glob characters give patterns with quoted characters escaped", () => {
    expect(expandWord(words(`*.ts`)[0]!)).toEqual({ kind: "glob", patterns: ["*.ts"] });
    expect(expandWord(words(`"a*"?`)[0]!)).toEqual({ kind: "glob", patterns: ["a\\*?"] });
    expect(expandWord(words(`{a,b}[0-9]`)[0]!)).toEqual({ kind: "glob", patterns: ["a[0-9]", "b[0-9]"] });
  });
  it("globLiteral recovers the literal of a pattern without glob characters", () => {
    const e = expandWord(words(`{"a*",b?}`)[0]!);
    expect(e).toEqual({ kind: "glob", patterns: ["a\\*", "b?"] });
    if (e.kind === "glob") expect(e.patterns.map(globLiteral)).toEqual(["a*", null]);
  });
  it("extglob parts inside [[ ]] are patterns", () => {
    const t = parse("[[ x == @(a|b) ]]").body.items[0]!.andOr.first.commands[0]!;
    if (t.type !== "TestClause" || t.expr.type !== "TestBinary") throw new Error("shape");
    expect(expandWord(t.expr.right)).toEqual({ kind: "glob", patterns: ["@(a|b)"] });
  });
  it("brace expansion beyond 256 words is dynamic with a reason", () => {
    const e = expandWord(words(`{1..300}`)[0]!);
    expect(e.kind).toBe("dynamic");
    if (e.kind === "dynamic") expect(e.reasons[0]!.why).toMatch(/256/);
    expect(expandWord(words(`{a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b,c,d}`)[0]!).kind).toBe("dynamic");
    expect(expandWord(words(`{a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b,c,d}`)[0]!).kind).toBe("static");
  });
  it("$'..' with a NUL, a raw high byte or a non-ASCII \\u escape (locale-dependent) is not static", () => {
    expect(expandWord(words(`$'\\u00e9'`)[0]!).kind).toBe("dynamic");
    expect(expandWord(words(`$'a\\0b'`)[0]!).kind).toBe("dynamic");
    expect(expandWord(words(`$'\\xff'`)[0]!).kind).toBe("dynamic");
  });
  it("staticArgv marks positions after a dynamic word as unprovable", () => {
    expect(staticArgv(words(`a $x b`))).toEqual({ argv: ["a", null, "b"], exactPositions: false });
  });
  it("staticValue is static only for exactly one field", () => {
    expect(staticValue(words(`{a,b}`)[0]!).static).toBe(false);
    expect(staticValue(words(`''`)[0]!)).toEqual({ static: true, value: "" });
  });
});

describe("assignment values", () => {
  function value(src: string): Word {
    const c = parse(src).body.items[0]!.andOr.first.commands[0] as SimpleCommand;
    return c.assigns[0]!.value!;
  }
  it("no brace expansion or globbing; tilde after = and :", () => {
    expect(staticValue(value("x={a,b}"), { assignmentValue: true })).toEqual({ static: true, value: "{a,b}" });
    expect(staticValue(value("x=*"), { assignmentValue: true })).toEqual({ static: true, value: "*" });
    expect(staticValue(value("x=~/a:~/b"), { assignmentValue: true, home: "/h" })).toEqual({ static: true, value: "/h/a:/h/b" });
    expect(staticValue(value("x=$B"), { assignmentValue: true, env: { B: "a b" } })).toEqual({ static: true, value: "a b" });
    expect(staticValue(value("x="), { assignmentValue: true })).toEqual({ static: true, value: "" });
  });
});

describe("braceExpand", () => {
  it("matches bash on plain strings", () => {
    expect(braceExpand("a{b,c}d{e,f}")).toEqual(["abde", "abdf", "acde", "acdf"]);
    expect(braceExpand("{1..a}")).toEqual(["{1..a}"]);
    expect(braceExpand("${a,b}")).toEqual(["${a,b}"]);
    expect(braceExpand("{1..1000}")).toBeNull();
  });
});
