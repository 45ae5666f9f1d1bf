// Errors: the right code, the right position (string index and UTF-8 byte offset), and a
// message that names the fix. Never a partial AST.
import { describe, expect, it } from "vitest";
import { parse, ParseError, type ParseErrorCode } from "../../src/shell/index.ts";
import { agentMix } from "../../bench/parse-mix.ts";

function err(src: string, opts = {}): ParseError {
  try {
    parse(src, opts);
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    return e as ParseError;
  }
  throw new Error(`expected a ParseError for ${JSON.stringify(src)}`);
}

describe("error codes and positions", () => {
  const cases: [string, ParseErrorCode, number][] = [
    ["echo 'abc", "unterminated-single-quote", 5],
    ['echo "abc', "unterminated-double-quote", 5],
    ["echo $'abc", "unterminated-ansi-quote", 5],
    ["echo `abc", "unterminated-backquote", 5],
    ["echo $(abc", "unterminated-command-substitution", 5],
    ["echo $((1+2)", "unterminated-arithmetic", 5],
    ["echo ${x", "unterminated-parameter-expansion", 5],
    ["cat <<EOF\nbody", "unterminated-heredoc", 4],
    ["cat <<EOF", "unterminated-heredoc", 4],
    ["if true; then echo", "missing-fi", 18],
    ["for x in a; do echo", "missing-done", 19],
    ["while a; b; done", "missing-do", 12],
    ["case x in a) echo;;", "missing-esac", 0],
    ["if a; b; fi", "missing-then", 9],
    ["echo )", "unexpected-token", 5],
    ["a && && b", "unexpected-token", 5],
    [";", "unexpected-token", 0],
    ["a=(x", "unterminated-array", 2],
    ["a=([k=v) b)", "unterminated-array", 3],
    ["[[ a", "unterminated-test", 0],
    ["{ echo", "unterminated-brace-group", 0],
    ["( echo", "unterminated-subshell", 0],
    ["echo >", "missing-redirect-target", 5],
    ["f() echo", "unexpected-token", 4],
    ["echo ${x&}", "bad-substitution", 5],
  ];
  for (const [src, code, pos] of cases) {
    it(`${JSON.stringify(src)} -> ${code} at ${pos}`, () => {
      const e = err(src);
      expect(e.code).toBe(code);
      expect(e.pos).toBe(pos);
      expect(e.message).toContain(`[${code}]`);
      expect(e.message).toMatch(/line \d+, column \d+/);
    });
  }

  it("reports the byte offset for non-ASCII input", () => {
    const e = err("echo é 'x");
    expect(e.pos).toBe(7);
    expect(e.offset).toBe(8);
    const f = err("echo 😀 )");
    expect(f.pos).toBe(8);
    expect(f.offset).toBe(10);
  });

  it("reports line and column", () => {
    const e = err("echo a\necho b\necho )");
    expect([e.line, e.column]).toEqual([3, 6]);
  });

  it("maps errors inside backquotes to the outer source", () => {
    const e = err("echo `echo )`");
    expect(e.code).toBe("unexpected-token");
    expect(e.pos).toBe(11);
  });

  it("refuses a heredoc left open inside a substitution (bash would read later lines as commands)", () => {
    expect(err("x=$(cat <<EOF)\nfoo\nEOF").code).toBe("unterminated-heredoc");
  });
});

describe("budgets", () => {
  it("100 KB of agent-shaped commands fits the default budgets", () => {
    const mix = agentMix(2000, 7);
    let src = "";
    for (const c of mix) {
      if (src.length + c.length + 1 > 100 * 1024) break;
      src += c + "\n";
    }
    expect(src.length).toBeGreaterThan(90 * 1024);
    expect(parse(src).body.items.length).toBeGreaterThan(100);
  });
  it("length", () => {
    const e = err("echo " + "a".repeat(100), { maxLength: 50 });
    expect([e.code, e.pos]).toEqual(["budget-length", 50]);
  });
  it("depth: nested substitutions, groups, parameter expansions, [[ ! ]]", () => {
    expect(err("echo " + "$(".repeat(1000) + ")".repeat(1000)).code).toBe("budget-depth");
    expect(err("{ ".repeat(100) + "a;" + " }".repeat(100)).code).toBe("budget-depth");
    expect(err("echo " + "${x:-".repeat(100) + "}".repeat(100)).code).toBe("budget-depth");
    expect(err("[[ " + "! ".repeat(100) + "a ]]").code).toBe("budget-depth");
    expect(err("echo " + "`".repeat(1)).code).toBe("unterminated-backquote");
    expect(err("( ".repeat(200) + "a" + " )".repeat(200)).code).toBe("budget-depth");
    // Deep parentheses inside one arithmetic expression are counted, not recursed: accepted.
    expect(() => parse("((" + "(".repeat(200) + "1" + ")".repeat(200) + "))")).not.toThrow();
  });
  it("depth limit is configurable", () => {
    expect(() => parse("echo $($(a))", { maxDepth: 2 })).not.toThrow();
    expect(err("echo $($($(a)))", { maxDepth: 2 }).code).toBe("budget-depth");
  });
  it("tokens", () => {
    expect(err("a ".repeat(200), { maxTokens: 100 }).code).toBe("budget-tokens");
  });
  it("commands, simple or compound, substitutions' and backquotes' included", () => {
    expect(() => parse(Array(100).fill("ls").join(";"), { maxCommands: 100 })).not.toThrow();
    expect(err(Array(101).fill("ls").join(";"), { maxCommands: 100 }).code).toBe("budget-commands");
    expect(err("{ a; b; }; c", { maxCommands: 3 }).code).toBe("budget-commands");
    expect(err("a $(b) `c` $(d)", { maxCommands: 3 }).code).toBe("budget-commands");
    expect(() => parse("a $(b) `c`", { maxCommands: 3 })).not.toThrow();
  });
  it("heredocs", () => {
    const src = "cat <<E ".repeat(5) + "\n" + "E\n".repeat(5);
    expect(() => parse(src)).not.toThrow();
    expect(err(src, { maxHeredocs: 4 }).code).toBe("budget-heredocs");
  });
  it("bash's 16 pending here-documents per line, counted per $( )", () => {
    const line = (n: number, d = "E") => "a" + ` <<${d}`.repeat(n);
    const bodies = (n: number, d = "E") => `\n${d}`.repeat(n);
    expect(() => parse(line(16) + bodies(16))).not.toThrow();
    const e = err(line(17) + bodies(17));
    expect(e.code).toBe("budget-heredocs");
    expect(e.message).toContain("maximum here-document count exceeded");
    // bash -n accepts 8 on the line plus 9 inside a $( ) of it: each substitution counts its own.
    expect(() => parse(`${line(8)} $(${line(9, "F")}${bodies(9, "F")}\n)${bodies(8)}`)).not.toThrow();
    // Bodies read at a newline free the slots.
    expect(() => parse(line(16) + bodies(16) + "\n" + line(16) + bodies(16))).not.toThrow();
  });
});

describe("coproc of a simple command inside $( ), <( ), >( )", () => {
  // bash 5.2 runs the printed text of the substitution, where `coproc a` is `coproc COPROC a`.
  it("is refused where bash would run COPROC", () => {
    for (const src of ["echo $(coproc a)", "cat <(coproc a b)", "a >(x; coproc b)", "echo $(if a; then coproc b; fi)", "echo \"$(coproc a)\"", "x=$(f() { coproc a; }; f)", "`echo $(coproc a)`"]) {
      expect(err(src).code, src).toBe("unsupported");
    }
  });
  it("is accepted where bash runs it as written", () => {
    // Top level, a compound or named coproc, and backquotes (parsed from their text at run time).
    for (const src of ["coproc a", "echo $(coproc x { a; })", "echo $(coproc (a))", "echo `coproc a`", "echo $(echo `coproc a`)"]) {
      expect(() => parse(src), src).not.toThrow();
    }
  });
});
