// The comparator behind test/shell/corpus.test.ts must catch each kind of divergence: fed
// fabricated oracle observations that contradict the parser, it has to say so.
import { describe, expect, it } from "vitest";
import { compareWithOracle, type ObservedRun } from "../../../oracle/argv/compare-parser.ts";

const std = { 0: "<stdin>", 1: "<stdout>", 2: "<stderr>" };
const stdModes = { 0: "r", 1: "w", 2: "w" };
const exec = (argv: string[], fds: Record<number, string> = std, fdModes: Record<number, string> = stdModes, stdin: string | null = "") => ({ argv, fds, fdModes, stdin });
const run = (executed: ObservedRun["executed"], createdFiles: string[] = [], valid = true): ObservedRun => ({ valid, executed, createdFiles });
const kinds = (cmd: string, r: ObservedRun) => compareWithOracle(cmd, [r]).divergences.map((d) => d.kind);

describe("compareWithOracle", () => {
  it("agrees when bash ran what the parser found", () => {
    const c = compareWithOracle("a b > f 2>&1", [run([exec(["a", "b"], { 0: "<stdin>", 1: "f", 2: "f" }, { 0: "r", 1: "w", 2: "w" })], ["f"])]);
    expect(c.accept.kind).toBe("agree-valid");
    expect(c.divergences).toEqual([]);
    expect(c.matched.static).toBe(1);
  });

  it("flags a command the AST does not contain", () => {
    expect(kinds("a", run([exec(["a"]), exec(["rm", "-rf", "x"])]))).toEqual(["missed-command"]);
  });

  it("flags a static argv that differs from bash's", () => {
    expect(kinds("rm -rf x", run([exec(["rm", "-rf", "y"])]))).toEqual(["wrong-static-argv"]);
  });

  it("accepts any argv consistent with a dynamic word's static prefix", () => {
    expect(kinds("rm $x", run([exec(["rm", "-rf", "/"])]))).toEqual([]);
    expect(kinds("rm -f $x", run([exec(["rm", "-rf", "/"])]))).toEqual(["wrong-static-argv"]);
    // bash ran `a` where the parser's argv is ["x", "a"]: the words were misread, not the command missed.
    expect(kinds("x a", run([exec(["a"])]))).toEqual(["wrong-static-argv"]);
  });

  it("flags fds that differ from the redirects", () => {
    expect(kinds("a > f", run([exec(["a"], { 0: "<stdin>", 1: "g", 2: "<stderr>" })], ["f"]))).toEqual(["wrong-fd"]);
    expect(kinds("a 2>&1", run([exec(["a"])]))).toEqual(["wrong-fd"]);
    expect(kinds("a >> f", run([exec(["a"], { ...std, 1: "f" }, { ...stdModes, 1: "w" })], ["f"]))).toEqual(["wrong-fd"]);
    expect(kinds("a <&-", run([exec(["a"])]))).toEqual(["wrong-fd"]);
    expect(kinds("a | b", run([exec(["a"]), exec(["b"])]))).toEqual(["wrong-fd", "wrong-fd"]);
  });

  it("models pipes, |&, backgrounding and enclosing redirects", () => {
    const p = { 0: "<stdin>", 1: "pipe:1", 2: "pipe:1" };
    expect(kinds("a |& b", run([exec(["a"], p), exec(["b"], { ...std, 0: "pipe:1" })]))).toEqual([]);
    expect(kinds("a &", run([exec(["a"], { ...std, 0: "/dev/null" })]))).toEqual([]);
    expect(kinds("{ a; } > f", run([exec(["a"], { ...std, 1: "f" })], ["f"]))).toEqual([]);
    expect(kinds("x $(a)", run([exec(["a"], { ...std, 1: "pipe:1" }), exec(["x"])]))).toEqual([]);
  });

  it("expects {var} redirects on some fd >= 10", () => {
    expect(kinds("a {x}>f", run([exec(["a"], { ...std, 10: "f" })], ["f"]))).toEqual([]);
    expect(kinds("a {x}>&2", run([exec(["a"], { ...std, 10: "<stderr>" })]))).toEqual([]);
    expect(kinds("a {x}>f", run([exec(["a"], { ...std, 3: "f" })], ["f"]))).toEqual(["wrong-fd"]);
  });

  it("flags a created file no write redirect explains", () => {
    expect(kinds("a < f", run([exec(["a"], { ...std, 0: "f" })], ["g"]))).toEqual(["missed-write"]);
    expect(kinds("a > $x", run([exec(["a"], { ...std, 1: "g" })], ["g"]))).toEqual([]);
  });

  it("notes a here-document body that differs from what bash fed", () => {
    const c = compareWithOracle("a <<'E'\nhello\nE", [run([exec(["a"], { ...std, 0: "pipe:1" }, stdModes, "bye\n")])]);
    expect(c.divergences.map((d) => [d.kind, d.unsafe])).toEqual([["stdin-mismatch", false]]);
  });

  it("takes /dev/null as stdin only for a here-document bash expands to nothing", () => {
    // bash 5.2 (observed: `ls -l /proc/self/fd/0 <<E` + `E` shows /dev/null) opens /dev/null for an empty body.
    expect(kinds("a <<E\nE", run([exec(["a"], { ...std, 0: "/dev/null" })]))).toEqual([]);
    expect(kinds("a <<E\nx\nE", run([exec(["a"], { ...std, 0: "/dev/null" })]))).toEqual(["wrong-fd"]);
    expect(kinds("a {v}<<E\nE", run([exec(["a"], { ...std, 10: "/dev/null" })]))).toEqual([]);
    expect(kinds("a {v}<<E\nx\nE", run([exec(["a"], { ...std, 10: "/dev/null" })]))).toEqual(["wrong-fd"]);
  });

  it("reports acceptance parity with bash -n", () => {
    expect(compareWithOracle("a )", [run([], [], false)]).accept.kind).toBe("agree-invalid");
    expect(compareWithOracle("a", [run([], [], false)]).accept.kind).toBe("accepted-invalid");
    expect(compareWithOracle("a )", [run([])]).accept.kind).toBe("rejected-valid");
  });

  it("attributes commands only run-time code can explain to ${x@P}", () => {
    const c = compareWithOracle("a ${x@P}", [run([exec(["touch", "m"], { ...std, 1: "pipe:1" }), exec(["a"])])]);
    expect(c.divergences).toEqual([]);
    expect(c.matched.dynamicCode).toBe(1);
  });
});
