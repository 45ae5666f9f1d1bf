// AST facts for every construct of issue 2: lists, pipelines, simple commands and assignments,
// every word form, every redirect form, heredocs, compound commands, functions, coproc.
import { describe, expect, it } from "vitest";
import { parse, staticValue, type Redirect, type SimpleCommand, type Word } from "../../src/shell/index.ts";
import { argvs, firstCommand, only, simpleCommands } from "./helpers.ts";

const sv = (w: Word): string | null => {
  const r = staticValue(w);
  return r.static ? r.value : null;
};
const redirs = (src: string): Redirect[] => simpleCommands(parse(src)).flatMap((c) => c.redirects);

describe("lists and pipelines", () => {
  it("splits on ; & newline and marks background items", () => {
    const l = parse("a; b & c\nd").body;
    expect(l.items.map((i) => i.background)).toEqual([false, true, false, false]);
    expect(argvs("a; b & c\nd")).toEqual([["a"], ["b"], ["c"], ["d"]]);
  });
  it("keeps && and || in order", () => {
    const ao = parse("a && b || c").body.items[0]!.andOr;
    expect(ao.rest.map((r) => r.op)).toEqual(["&&", "||"]);
  });
  it("removes line continuations inside names, fds, assignments and keywords, like bash", () => {
    const c = only("a\\\n=1 echo 2\\\n>f $HO\\\nME ${HO\\\nME}", "SimpleCommand");
    expect(c.assigns.map((a) => a.name)).toEqual(["a"]);
    expect(c.redirects.map((r) => [r.fd, sv(r.target)])).toEqual([[2, "f"]]);
    expect(c.words.slice(1).map((w) => (w.parts[0]!.type === "ParamExp" ? w.parts[0]!.name : null))).toEqual(["HOME", "HOME"]);
    expect(firstCommand("i\\\nf true; then :; fi").type).toBe("IfClause");
    expect(only("exec {f\\\nd}>x", "SimpleCommand").redirects[0]!.fdVar).toBe("fd");
  });
  it("reads a line continuation inside && (bash joins the lines)", () => {
    const ao = parse("echo a &\\\n& echo b").body.items[0]!.andOr;
    expect(ao.rest.map((r) => r.op)).toEqual(["&&"]);
  });
  it("records pipe operators, |&, ! and time -p", () => {
    const p = parse("! a | b |& c").body.items[0]!.andOr.first;
    expect(p.negated).toBe(true);
    expect(p.ops).toEqual(["|", "|&"]);
    expect(p.commands).toHaveLength(3);
    expect(parse("time -p a").body.items[0]!.andOr.first.time).toEqual({ posix: true });
    expect(parse("time a").body.items[0]!.andOr.first.time).toEqual({ posix: false });
    expect(parse("time").body.items[0]!.andOr.first.commands).toEqual([]);
  });
  it("takes -p then -- as options of time", () => {
    expect(argvs("time -p -- echo a; time -- b; time -- -p c; time -p -p d")).toEqual([["echo", "a"], ["b"], ["-p", "c"], ["-p", "d"]]);
  });
  it("as the first token of $( <( >( bash 5.2 parses time as a word but runs it as the keyword", () => {
    expect(argvs("echo $(time ls) $( time -p ls) $(\ntime ls) $(a && time b)")).toEqual([["echo", null, null, null, null], ["ls"], ["ls"], ["ls"], ["a"], ["b"]]);
    expect(() => parse("echo $(time [[ a && b ]]) $(time case x in esac)")).not.toThrow();
    expect(() => parse("echo $(time [[ a =~ (b) ]])")).toThrow();
    expect(() => parse("echo $(time declare a=(1))")).toThrow();
    expect(() => parse("echo $(time (ls))")).toThrow();
    expect(() => parse("echo <(time { ls; })")).toThrow();
    expect(() => parse("echo $(! time (ls))")).not.toThrow();
  });
  it("treats time after a pipe as a plain command word", () => {
    expect(argvs("a | time b")).toEqual([["a"], ["time", "b"]]);
  });
  it("allows newlines after | && ||", () => {
    expect(argvs("a |\n b &&\n\n c ||\n# note\n d")).toEqual([["a"], ["b"], ["c"], ["d"]]);
  });
});

describe("simple commands and assignments", () => {
  it("separates assignments, words and redirects", () => {
    const c = only("A=1 b[2]+=x cmd arg >out", "SimpleCommand");
    expect(c.assigns.map((a) => [a.name, a.append, a.index ? sv(a.index) : null, a.value ? sv(a.value) : null])).toEqual([
      ["A", false, null, "1"],
      ["b", true, "2", "x"],
    ]);
    expect(c.words.map(sv)).toEqual(["cmd", "arg"]);
    expect(c.redirects[0]!.op).toBe(">");
  });
  it("parses array assignments", () => {
    const c = only("a=(x [2]=y\n z # c\n) b+=(w)", "SimpleCommand");
    const arr = c.assigns[0]!.array!;
    expect(arr.elems.map((e) => [e.index ? sv(e.index) : null, sv(e.value)])).toEqual([
      [null, "x"],
      ["2", "y"],
      [null, "z"],
    ]);
    expect(c.assigns[1]!.append).toBe(true);
    expect(c.words).toEqual([]);
  });
  it("accepts a[x y]=1 (bash allows blanks in the subscript)", () => {
    const c = only("a[x y]=1", "SimpleCommand");
    expect(c.assigns[0]!.name).toBe("a");
  });
  it("keeps declaration-builtin arrays in words, aligned with argv", () => {
    const c = only("declare -a a=(1 2) b=3", "SimpleCommand");
    expect(c.words).toHaveLength(4);
    expect(c.words[2]!.parts.map((p) => p.type)).toEqual(["Lit", "ArrayLiteral"]);
    expect(sv(c.words[3]!)).toBe("b=3");
  });
  it("rejects an array literal as an argument of a normal command", () => {
    expect(() => parse("echo a=(1)")).toThrow();
  });
  it("sees a command substitution in local x=$(cmd)", () => {
    const c = only("local x=$(cmd)", "SimpleCommand");
    expect(c.words[1]!.parts.map((p) => p.type)).toEqual(["Lit", "CmdSubst"]);
    expect(argvs("local x=$(cmd)")).toEqual([["local", null], ["cmd"]]);
  });
  it("does not treat reserved words as keywords after an assignment", () => {
    expect(argvs("A=1 for")).toEqual([["for"]]);
    expect(() => parse("A=1 if true; then :; fi")).toThrow();
  });
  it("treats let/export/readonly/typeset arguments as words", () => {
    expect(argvs("let x=1+2 y++; export A=1 B; readonly X=2; typeset -i n=3")).toEqual([
      ["let", "x=1+2", "y++"],
      ["export", "A=1", "B"],
      ["readonly", "X=2"],
      ["typeset", "-i", "n=3"],
    ]);
  });
  it("treats alias as a plain command (no alias expansion in bash -c)", () => {
    expect(argvs("alias ls='rm -rf'; ls")).toEqual([["alias", "ls=rm -rf"], ["ls"]]);
  });
});

describe("words", () => {
  it("decodes quotes, escapes and continuations", () => {
    expect(argvs(`echo 'a' "b" \\c $'d\\n' $"e" a\\\nb "x\\\ny" "\\$\\\`\\"\\\\\\a"`)).toEqual([
      ["echo", "a", "b", "c", "d\n", "e", "ab", "xy", '$`"\\\\a'],
    ]);
  });
  it("parses every ${...} form", () => {
    const w = only("echo ${x@P} ${!x} ${!p*} ${x[@]} ${#x[@]} ${x/a/b} ${x:1:2} ${x:-${y:-$(cmd)}} ${#} ${x^^} ${x##*/}", "SimpleCommand").words.slice(1);
    const ps = w.map((x) => x.parts[0]!);
    const facts = ps.map((p) => (p.type === "ParamExp" ? [p.name, p.op, p.indirect, p.length, p.index ? sv(p.index) : null, p.args.length] : p.type));
    expect(facts).toEqual([
      ["x", "@", false, false, null, 1],
      ["x", null, true, false, null, 0],
      ["p", "!*", false, false, null, 0],
      ["x", null, false, false, "@", 0],
      ["x", null, false, true, "@", 0],
      ["x", "/", false, false, null, 2],
      ["x", ":", false, false, null, 2],
      ["x", ":-", false, false, null, 1],
      ["#", null, false, false, null, 0],
      ["x", "^^", false, false, null, 1],
      ["x", "##", false, false, null, 1],
    ]);
    // The command substitution nested two levels deep is found.
    expect(simpleCommands(parse("echo ${x:-${y:-$(cmd)}}")).map((c) => sv(c.words[0]!))).toEqual(["echo", "cmd"]);
  });
  it("parses $((..)) with a $(..) inside, and $( ( ) ) as a substitution", () => {
    const a = only("echo $(( 1 + $(echo 2) ))", "SimpleCommand").words[1]!.parts[0]!;
    expect(a.type).toBe("ArithExp");
    expect(argvs("echo $(( 1 + $(echo 2) ))")).toEqual([["echo", null], ["echo", "2"]]);
    const s = only("echo $( (echo x) )", "SimpleCommand").words[1]!.parts[0]!;
    expect(s.type).toBe("CmdSubst");
    if (s.type === "CmdSubst") expect(s.body.items[0]!.andOr.first.commands[0]!.type).toBe("Subshell");
  });
  it("lists arithmetic names (their values are evaluated as code)", () => {
    const a = only("(( a[i] + b * 0x1f + 16#ff ))", "ArithCommand");
    expect(a.expr.names).toEqual(["a", "i", "b"]);
  });
  it("unescapes backquotes and nests them", () => {
    expect(argvs("echo `echo \\`echo hi\\``")).toEqual([["echo", null], ["echo", null], ["echo", "hi"]]);
    expect(argvs('echo "`echo \\"q\\"`"')).toEqual([["echo", null], ["echo", "q"]]);
  });
  it("maps positions inside backquotes to the outer source", () => {
    const src = "echo `ls -l`";
    const inner = simpleCommands(parse(src))[1]!;
    expect(src.slice(inner.words[1]!.pos, inner.words[1]!.end)).toBe("-l");
  });
  it("parses process substitution at and inside a word", () => {
    const w = only("cat <(ls) a>(wc)", "SimpleCommand").words;
    expect(w[1]!.parts.map((p) => p.type)).toEqual(["ProcSubst"]);
    expect(w[2]!.parts.map((p) => p.type)).toEqual(["Lit", "ProcSubst"]);
  });
  it("rejects extglob outside [[ ]] (extglob is off in bash -c) and accepts it inside", () => {
    expect(() => parse("echo @(a)")).toThrow();
    const t = only("[[ x == @(a|b) ]]", "TestClause");
    expect(t.expr.type === "TestBinary" && t.expr.right.parts[0]!.type).toBe("ExtGlob");
  });
  it("treats # as a comment only at a word start", () => {
    expect(argvs("echo a#b # c")).toEqual([["echo", "a#b"]]);
    expect(argvs("echo a;#c\necho b")).toEqual([["echo", "a"], ["echo", "b"]]);
  });
});

describe("redirects", () => {
  it("reads every operator with its fd", () => {
    const r = redirs("cat <f >g >>h >|i <>j &>k &>>l >&m <&0 2>&1 3<&- 0<n 4<>o");
    expect(r.map((x) => [x.op, x.fd, sv(x.target)])).toEqual([
      ["<", null, "f"],
      [">", null, "g"],
      [">>", null, "h"],
      [">|", null, "i"],
      ["<>", null, "j"],
      ["&>", null, "k"],
      ["&>>", null, "l"],
      [">&", null, "m"],
      ["<&", null, "0"],
      [">&", 2, "1"],
      ["<&", 3, "-"],
      ["<", 0, "n"],
      ["<>", 4, "o"],
    ]);
  });
  it("reads {var}>file and /dev/tcp targets", () => {
    const [r] = redirs("exec {fd}>file");
    expect([r!.fdVar, r!.fd, sv(r!.target)]).toEqual(["fd", null, "file"]);
    expect(sv(redirs("echo >/dev/tcp/h/80")[0]!.target)).toBe("/dev/tcp/h/80");
  });
  it("does not take a digit inside a word as an fd", () => {
    const c = only("echo a2>f", "SimpleCommand");
    expect(c.words.map(sv)).toEqual(["echo", "a2"]);
    expect(c.redirects[0]!.fd).toBeNull();
  });
  it("allows redirects before the command word and after compound commands", () => {
    const c = only(">out 2>&1 cmd", "SimpleCommand");
    expect(c.words.map(sv)).toEqual(["cmd"]);
    expect(c.redirects).toHaveLength(2);
    expect(only("{ a; } 2>/dev/null", "BraceGroup").redirects[0]!.fd).toBe(2);
  });
  it("reads here-strings", () => {
    const [r] = redirs("cat <<< 'a b'");
    expect([r!.op, sv(r!.target)]).toEqual(["<<<", "a b"]);
  });
});

describe("here-documents", () => {
  it("reads an unquoted body with expansions", () => {
    const [r] = redirs("cat <<EOF\nhi $x\n$(date)\nEOF\n");
    expect(r!.heredoc!.delimiter).toBe("EOF");
    expect(r!.heredoc!.quoted).toBe(false);
    expect(r!.heredoc!.body.parts.map((p) => p.type)).toEqual(["Lit", "ParamExp", "Lit", "CmdSubst", "Lit"]);
    expect(argvs("cat <<EOF\n$(date)\nEOF")).toEqual([["cat"], ["date"]]);
  });
  it("keeps a quoted body literal (any quote anywhere in the delimiter)", () => {
    for (const d of ["'EOF'", '"EOF"', "E\\OF", "E'O'F"]) {
      const [r] = redirs(`cat <<${d}\n$x \`y\` \\\nEOF\n`);
      expect(r!.heredoc!.quoted).toBe(true);
      expect(r!.heredoc!.body.parts).toEqual([expect.objectContaining({ type: "Lit", value: "$x `y` \\\n" })]);
    }
  });
  it("strips leading tabs for <<-", () => {
    const [r] = redirs("cat <<-'EOF'\n\tbody\n\t\tmore\n\tEOF\n");
    expect(r!.heredoc!.stripTabs).toBe(true);
    expect(r!.heredoc!.body.parts[0]).toMatchObject({ value: "body\nmore\n" });
  });
  it("reads several heredocs on one line in order", () => {
    const r = redirs("cat <<A <<B\na\nA\nb\nB\n");
    expect(r.map((x) => x.heredoc!.body.parts[0])).toEqual([
      expect.objectContaining({ value: "a\n" }),
      expect.objectContaining({ value: "b\n" }),
    ]);
  });
  it("continues the command line after the heredoc operator (| and &&)", () => {
    expect(argvs("cat <<EOF | grep x && ls\na\nEOF\necho after")).toEqual([["cat"], ["grep", "x"], ["ls"], ["echo", "after"]]);
  });
  it("joins continuation lines before matching the delimiter, as bash does", () => {
    expect(argvs("cat <<EOF\na\\\nEOF\nEO\\\nF\necho after")).toEqual([["cat"], ["echo", "after"]]);
  });
  it("reads a heredoc inside $( ) with the body inside", () => {
    expect(argvs("x=$(cat <<EOF\ninside\nEOF\n)\necho $x")).toEqual([[], ["cat"], ["echo", null]]);
  });
  it("handles python3 - <<'PY' bodies (the most common agent shape)", () => {
    const [r] = redirs("python3 - <<'PY'\nprint(\"$HOME\")\nPY");
    expect(r!.heredoc!.body.parts[0]).toMatchObject({ value: 'print("$HOME")\n' });
  });
});

describe("compound commands", () => {
  it("if / elif / else", () => {
    const c = only("if a; then b; elif c; then d; else e; fi", "IfClause");
    expect(c.branches).toHaveLength(2);
    expect(c.elseBody!.items).toHaveLength(1);
  });
  it("for-in, for without in, C-style for, brace bodies", () => {
    const f = only("for x in a b; do echo $x; done", "ForClause");
    expect([f.name, f.items!.map(sv)]).toEqual(["x", ["a", "b"]]);
    expect(only("for x; do :; done", "ForClause").items).toBeNull();
    expect(only("for x\nin a; do :; done", "ForClause").items!.map(sv)).toEqual(["a"]);
    const a = only("for ((i=0; i<3; i++)); do :; done", "ArithForClause");
    expect([a.init!.raw, a.cond!.raw.trim(), a.step!.raw.trim()]).toEqual(["i=0", "i<3", "i++"]);
    const e = only("for (( ; ; )) { :; }", "ArithForClause");
    expect([e.init, e.cond, e.step]).toEqual([null, null, null]);
    expect(only("for x in a; { echo; }", "ForClause").body.items).toHaveLength(1);
  });
  it("while / until / select", () => {
    expect(only("while a; do b; done", "WhileClause").until).toBe(false);
    expect(only("until a; do b; done", "WhileClause").until).toBe(true);
    expect(only("select x in a b; do break; done", "SelectClause").items!.map(sv)).toEqual(["a", "b"]);
  });
  it("case with ( patterns, | alternatives and all terminators", () => {
    const c = only("case $x in (a|b) echo;; c) ;& *) ;;& esac", "CaseClause");
    expect(c.items.map((i) => [i.patterns.map(sv), i.terminator])).toEqual([
      [["a", "b"], ";;"],
      [["c"], ";&"],
      [[null], ";;&"],
    ]);
    expect(only("case a in a) esac", "CaseClause").items[0]!.terminator).toBeNull();
  });
  it("[[ ]] with && || ! ( ), =~ regex and < > as string comparison", () => {
    const t = only("[[ ! -f x && ( a < b || c =~ ^(x|y)+$ ) ]]", "TestClause");
    expect(t.expr.type).toBe("TestAnd");
    if (t.expr.type !== "TestAnd") return;
    expect(t.expr.left).toMatchObject({ type: "TestNot", expr: { type: "TestUnary", op: "-f" } });
    const paren = t.expr.right;
    expect(paren.type).toBe("TestParen");
    if (paren.type !== "TestParen" || paren.expr.type !== "TestOr") throw new Error("shape");
    expect(paren.expr.left).toMatchObject({ type: "TestBinary", op: "<" });
    expect(paren.expr.right).toMatchObject({ type: "TestBinary", op: "=~" });
    if (paren.expr.right.type === "TestBinary") expect(sv(paren.expr.right.right)).toBe("^(x|y)+$");
    expect(redirs("[[ a > b ]]")).toEqual([]);
  });
  it("(( )) versus ( ( ) )", () => {
    expect(firstCommand("((x = 1))").type).toBe("ArithCommand");
    expect(firstCommand("( (echo) )").type).toBe("Subshell");
    const s = only("((echo) )", "Subshell");
    expect(s.body.items[0]!.andOr.first.commands[0]!.type).toBe("Subshell");
  });
  it("brace groups and subshells with redirects", () => {
    const b = only("{ a; b; } >f", "BraceGroup");
    expect(b.body.items).toHaveLength(2);
    expect(b.redirects[0]!.op).toBe(">");
    expect(only("(a) 2>&1", "Subshell").redirects[0]!.fd).toBe(2);
  });
});

describe("functions and coproc", () => {
  it("both definition forms, any compound body, redirects for every call", () => {
    const f = only("f() { :; } >out", "FunctionDef");
    expect([f.name, f.keyword, f.body.type, f.redirects.map((r) => sv(r.target))]).toEqual(["f", false, "BraceGroup", ["out"]]);
    expect(f.body.redirects).toEqual([]);
    expect(only("function g { :; }", "FunctionDef").keyword).toBe(true);
    expect(only("function g() ( : )", "FunctionDef").body.type).toBe("Subshell");
    expect(only("f() [[ x ]]", "FunctionDef").body.type).toBe("TestClause");
    expect(only("f() ((x))", "FunctionDef").body.type).toBe("ArithCommand");
    expect(only("f()\n{ :; }", "FunctionDef").body.type).toBe("BraceGroup");
    expect(() => parse("f() echo")).toThrow();
  });
  it("finds commands inside function bodies", () => {
    expect(argvs("f() { rm -rf x; }; f")).toEqual([["rm", "-rf", "x"], ["f"]]);
  });
  it("coproc NAME compound vs coproc cmd args", () => {
    const a = only("coproc name { a; }", "Coproc");
    expect([a.name, a.body.type]).toEqual(["name", "BraceGroup"]);
    const b = only("coproc cmd args", "Coproc");
    expect(b.name).toBeNull();
    expect((b.body as SimpleCommand).words.map(sv)).toEqual(["cmd", "args"]);
    expect(only("coproc { a; }", "Coproc").name).toBeNull();
    expect(only("coproc foo ( echo )", "Coproc").name).toBe("foo");
  });
});

describe("keywords only in command position", () => {
  it("reads reserved words as plain arguments elsewhere", () => {
    expect(argvs("echo if then fi done { }")).toEqual([["echo", "if", "then", "fi", "done", "{", "}"]]);
  });
  it("quoted or escaped keywords are commands", () => {
    expect(argvs("'if' a; \\if b; i\"f\" c")).toEqual([["if", "a"], ["if", "b"], ["if", "c"]]);
  });
});
