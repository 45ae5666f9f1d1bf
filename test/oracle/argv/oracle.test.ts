// The argv oracle against real bash. Each case is one short bash run (~20-60 ms).
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bashFacts, formatObservation, observeArgv, type ArgvObservation } from "../../../oracle/argv/index.ts";

const argvs = (o: ArgvObservation) => o.executed.map((e) => e.argv);
const only = (o: ArgvObservation) => {
  expect(o.executed).toHaveLength(1);
  return o.executed[0]!;
};

describe("argv exactness", () => {
  it("removes quotes and escapes, keeps empty args and newlines, expands braces", async () => {
    const o = await observeArgv(`x "a  b" 'c d' '' "" $'e\\nf\\tg' h\\ i {1..3} p{a,b}q "$(:)"`);
    expect(argvs(o)).toEqual([[":"], ["x", "a  b", "c d", "", "", "e\nf\tg", "h i", "1", "2", "3", "paq", "pbq", ""]]);
  });

  it("joins backslash-newline inside a word and reads hostile command-word spellings", async () => {
    const o = await observeArgv(`ec\\\nho hi; r\\m -f 'x'; c"d" ..; 'ls' $'\\x6cs'; $'\\x6cs'`);
    expect(argvs(o)).toEqual([["echo", "hi"], ["rm", "-f", "x"], ["cd", ".."], ["ls", "ls"], ["ls"]]);
  });

  it("reports bytes that are not UTF-8 exactly, in hex", async () => {
    const e = only(await observeArgv(`x $'\\xff'`));
    expect(e.argvUtf8).toBe(false);
    expect(e.argvHex).toEqual(["78", "ff"]);
  });

  it("runs with every builtin disabled, so builtins show up as executed commands", async () => {
    const o = await observeArgv(`cd /; echo hi; printf '%s' x; eval 'y z'; exit 3; w`);
    expect(argvs(o)).toEqual([["cd", "/"], ["echo", "hi"], ["printf", "%s", "x"], ["eval", "y z"], ["exit", "3"], ["w"]]);
  });

  it("keeps logging when the command tries to replace the handler", async () => {
    const o = await observeArgv(`command_not_found_handle() { :; }; x 1`);
    expect(argvs(o)).toContainEqual(["x", "1"]);
  });

  it("records prefix assignments in the command's environment", async () => {
    const e = only(await observeArgv(`A=1 B='x y' x`));
    expect(e.envDelta).toEqual({ A: "1", B: "x y" });
  });
});

describe("fds of redirect forms", () => {
  const fdsOf = async (cmd: string) => {
    const o = await observeArgv(cmd);
    const e = o.executed.at(-1)!;
    return { fds: e.fds, modes: e.fdModes, stdin: e.stdin, created: o.createdFiles };
  };

  it(">f, >>f, <>f, 3>f", async () => {
    expect(await fdsOf("x >f")).toMatchObject({ fds: { 0: "<stdin>", 1: "f", 2: "<stderr>" }, modes: { 1: "w" }, created: ["f"] });
    expect((await fdsOf("x >>f")).modes[1]).toBe("wa");
    expect(await fdsOf("x <>f")).toMatchObject({ fds: { 0: "f" }, modes: { 0: "rw" } });
    expect(await fdsOf("x 3>f")).toMatchObject({ fds: { 1: "<stdout>", 3: "f" }, created: ["f"] });
  });

  it("2>&1, &>f, >&f (a write to a file), {fd}>f, <&-", async () => {
    expect((await fdsOf("x 2>&1")).fds).toEqual({ 0: "<stdin>", 1: "<stdout>", 2: "<stdout>" });
    expect((await fdsOf("x &>f")).fds).toEqual({ 0: "<stdin>", 1: "f", 2: "f" });
    expect(await fdsOf("x >&f")).toMatchObject({ fds: { 1: "f", 2: "f" }, created: ["f"] });
    expect((await fdsOf("x {fd}>f")).fds).toEqual({ 0: "<stdin>", 1: "<stdout>", 2: "<stderr>", 10: "f" });
    const closed = await fdsOf("x <&-");
    expect(closed.fds).toEqual({ 1: "<stdout>", 2: "<stderr>" });
    expect(closed.stdin).toBeNull();
  });

  it("cmd 3>f 2>&1 <in, applied left to right", async () => {
    const o = await observeArgv("x >in; y 3>f 2>&1 <in; z 2>&1 >g");
    expect(o.executed[1]!.fds).toEqual({ 0: "in", 1: "<stdout>", 2: "<stdout>", 3: "f" });
    expect(o.executed[2]!.fds).toEqual({ 0: "<stdin>", 1: "g", 2: "<stdout>" });
  });

  it("a failed redirect means the command never runs", async () => {
    const o = await observeArgv("x <missing; y >nodir/f");
    expect(o.executed).toEqual([]);
    expect(o.stderr).toMatch(/missing: No such file/);
  });

  it("pipes connect writer and reader", async () => {
    const [a, b, c] = (await observeArgv("a | b |& c")).executed;
    expect(b!.fds[0]).toBe(a!.fds[1]);
    expect(c!.fds[0]).toBe(b!.fds[1]);
    expect(b!.fds[2]).toBe(b!.fds[1]);
  });
});

describe("stdin", () => {
  it("heredocs: unquoted expands (and runs substitutions), quoted is literal, <<- strips tabs", async () => {
    const o = await observeArgv("x <<EOF\nhi $(y) $Z\nEOF\nw <<'EOF'\nhi $(y)\nEOF\nv <<-E\n\t\ttab\n\tE");
    expect(argvs(o)).toEqual([["y"], ["x"], ["w"], ["v"]]);
    expect(o.executed.map((e) => e.stdin)).toEqual(["", "hi  \n", "hi $(y)\n", "tab\n"]);
  });

  it("keeps only the first 4 KB of stdin and says it cut", async () => {
    const body = "y".repeat(5000);
    const e = only(await observeArgv(`x <<'EOF'\n${body}\nEOF`));
    expect(e.stdin).toBe(body.slice(0, 4096));
    expect(e.stdinTruncated).toBe(true);
  });

  it("here-strings and files", async () => {
    const o = await observeArgv(`x <<< "a b"; y < /dev/null`);
    expect(o.executed.map((e) => e.stdin)).toEqual(["a b\n", ""]);
    expect(o.executed[1]!.fds[0]).toBe("/dev/null");
  });
});

describe("substitutions and compound commands", () => {
  it("observes command, process and arithmetic substitutions as executed commands", async () => {
    const o = await observeArgv("x $(y 1) `z 2` <(w) $(( $(v) + 1 )) \"${u:-$(t)}\"");
    const seen = argvs(o).map((a) => a[0]);
    expect(seen.sort()).toEqual(["t", "v", "w", "x", "y", "z"]);
    // Unquoted empty substitutions vanish; the quoted one stays an empty argument.
    expect(o.executed.find((e) => e.argv[0] === "x")!.argv).toEqual(["x", "/dev/fd/63", "1", ""]);
  });

  it("nested backticks", async () => {
    expect(argvs(await observeArgv("x `y \\`z\\``"))).toEqual([["z"], ["y"], ["x"]]);
  });

  it("the status option picks && or || paths", async () => {
    expect(argvs(await observeArgv("a && b || c", { status: 0 }))).toEqual([["a"], ["b"]]);
    expect(argvs(await observeArgv("a && b || c", { status: 1 }))).toEqual([["a"], ["c"]]);
  });

  it("functions, loops and case bodies", async () => {
    const o = await observeArgv("f() { g \"$@\"; }; f 1 '2 3'; for i in a b; do h $i; done; case q in q) k;; esac");
    expect(argvs(o)).toEqual([["g", "1", "2 3"], ["h", "a"], ["h", "b"], ["k"]]);
  });
});

describe("programs named by a path", () => {
  it("are invisible unless a stub is planted, then observed with argv and fds", async () => {
    const cmd = "./gradlew test --tests 'a b' 3>f; bin/t x > out";
    expect((await observeArgv(cmd)).executed).toEqual([]);
    const o = await observeArgv(cmd, { plant: ["./gradlew", "bin/t", "../outside"] });
    expect(o.planted).toEqual(["./gradlew", "bin/t"]);
    expect(argvs(o)).toEqual([["./gradlew", "test", "--tests", "a b"], ["bin/t", "x"]]);
    expect(o.executed[0]!.fds[3]).toBe("f");
    expect(o.executed[1]!.fds[1]).toBe("out");
    // The stubs and the directories made for them are not the command's doing.
    expect(o.createdFiles).toEqual(["f", "out"]);
  });

  it("under bubblewrap, an absolute path is stubbed over the real file without touching it", async () => {
    if (!(await bashFacts()).bwrap) return;
    const o = await observeArgv("/usr/bin/env -i x <<< hi; /usr/bin/perl -e 1", { plant: ["/usr/bin/env", "/usr/bin/perl", "/bin/bash", "/nonexistent/x"] });
    // perl and bash run the harness: never stubbed.
    expect(o.planted).toEqual(["/usr/bin/env"]);
    expect(o.executed.map((e) => [e.argv, e.stdin])).toEqual([[["/usr/bin/env", "-i", "x"], "hi\n"]]);
  });
});

describe("validity, limits and safety", () => {
  it("reports syntax errors from bash -n", async () => {
    for (const cmd of ["if x; then y", "echo 'abc", "x )", "x $(y", "case a in a) b;;"]) {
      const o = await observeArgv(cmd);
      expect(o.valid, cmd).toBe(false);
      expect(o.syntaxError, cmd).toMatch(/syntax error|unexpected EOF|here-document/);
    }
    // With -c, a malformed [[ ]] prints a syntax error but bash -n still exits 0.
    const cond = await observeArgv("[[ a == ]]");
    expect(cond.valid).toBe(false);
    expect(cond.syntaxError).toMatch(/conditional binary operator/);
    expect((await observeArgv("x; y")).valid).toBe(true);
    // bash only warns about a heredoc ended by end of input: it is valid.
    const warned = await observeArgv("x <<EOF\nno end");
    expect(warned.valid).toBe(true);
    expect(warned.syntaxWarnings).toMatch(/here-document/);
  });

  it("kills a run that never ends and says so", async () => {
    const o = await observeArgv("while [[ 1 ]]; do (( i++ )); done", { timeoutMs: 400 });
    expect(o.timedOut).toBe(true);
    expect(o.exitCode).toBeNull();
  });

  it("stops a loop whose condition is a disabled builtin at the command limit", async () => {
    const o = await observeArgv("while read l; do x; done", { maxCommands: 10 });
    expect(o.limitHit).toBe(true);
    expect(o.executed).toHaveLength(10);
  });

  it("under bubblewrap, a redirect outside the temp root cannot write", async () => {
    if (!(await bashFacts()).bwrap) return;
    const target = `/tmp/sf-argv-escape-${process.pid}`;
    const o = await observeArgv(`x > ${target}`);
    expect(existsSync(target)).toBe(false);
    expect(o.executed).toEqual([]);
    expect(o.stderr).toMatch(/Read-only file system/);
  });
});

describe("report", () => {
  it("shows arguments quoted, so empty and multi-line ones are visible", async () => {
    const text = formatObservation(await observeArgv(`x '' $'a\nb' >f`));
    expect(text).toContain(`argv ["x", "", "a\\nb"]`);
    expect(text).toContain("1(w)=f");
    expect(text).toContain("created files: f");
  });
});
