import { describe, expect, it } from "vitest";
import { array, fdPath, fields, parseCall, parseTrace, str, unescape } from "../../../oracle/sandbox/trace.ts";
import { parseTimes } from "../../../oracle/sandbox/sandbox.ts";

describe("strace line parser", () => {
  it("reads a complete call with fd decorations on the dirfd and the result", () => {
    const c = parseCall(`openat(AT_FDCWD</home/agent/code/project>, "secret-link", O_RDONLY) = 3</home/agent/.aws/credentials>`)!;
    expect(c.name).toBe("openat");
    expect(fdPath(c.args[0])).toBe("/home/agent/code/project");
    expect(str(c.args[1])).toBe("secret-link");
    expect(c.args[2]).toBe("O_RDONLY");
    expect(c.retVal).toBe(3);
    expect(c.retPath).toBe("/home/agent/.aws/credentials");
    expect(c.errno).toBeNull();
  });

  it("reads a failed call's errno", () => {
    const c = parseCall(`openat(AT_FDCWD</tmp>, "/etc/zz", O_WRONLY|O_CREAT|O_NOCTTY|O_NONBLOCK, 0666) = -1 EROFS (Read-only file system)`)!;
    expect(c.errno).toBe("EROFS");
    expect(c.retVal).toBe(-1);
    expect(c.retPath).toBeNull();
  });

  it("is not fooled by ') = ' and quotes inside paths", () => {
    const c = parseCall(`openat(AT_FDCWD</tmp/a\\76b) = c\\"d\\nx>, "q\\74r\\76\\303\\251", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/a\\76b) = c\\"d\\nx/q\\74r\\76\\303\\251>`)!;
    expect(fdPath(c.args[0])).toBe('/tmp/a>b) = c"d\nx');
    expect(str(c.args[1])).toBe("q<r>é");
    expect(c.args).toHaveLength(4);
    expect(c.retPath).toBe('/tmp/a>b) = c"d\nx/q<r>é');
  });

  it("drops a nested device decoration and ignores sockets", () => {
    expect(fdPath("3</dev/null<char 1:3>>")).toBe("/dev/null");
    expect(fdPath("3<TCP:[33614]>")).toBeNull();
    expect(fdPath("AT_FDCWD")).toBeNull();
  });

  it("decodes C escapes", () => {
    expect(unescape("a\\tb\\\\c\\x41\\101")).toBe("a\tb\\cAA");
  });

  it("splits arrays and structs at top level only", () => {
    expect(array(`["cat", "a, b", "x\\"y"]`)).toEqual(["cat", "a, b", 'x"y']);
    const f = fields(`{sa_family=AF_INET, sin_port=htons(80), sin_addr=inet_addr("1.2.3.4")}`);
    expect(f["sa_family"]).toBe("AF_INET");
    expect(f["sin_port"]).toBe("htons(80)");
    expect(f["sin_addr"]).toBe(`inet_addr("1.2.3.4")`);
  });

  it("joins unfinished and resumed halves and orders calls by their start", () => {
    const text = [
      `6     clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|SIGCHLD <unfinished ...>`,
      `7     execve("/usr/bin/cat", ["cat", "x"], 0x1 /* 3 vars */) = 0`,
      `6     <... clone resumed>, child_tidptr=0x7f) = 7`,
      `7     +++ exited with 0 +++`,
      `6     --- SIGCHLD {si_signo=SIGCHLD} ---`,
    ].join("\n");
    const calls = parseTrace(text);
    expect(calls.map((c) => [c.pid, c.name])).toEqual([
      [6, "clone"],
      [7, "execve"],
    ]);
    expect(calls[0]!.retVal).toBe(7);
    expect(calls[0]!.args.some((a) => a.startsWith("flags=CLONE_CHILD_CLEARTID"))).toBe(true);
  });

  it("keeps a call cut short by the end of the trace (the process was killed inside it)", () => {
    const calls = parseTrace(`9     openat(AT_FDCWD</x>, "/home/agent/.netrc", O_RDONLY <unfinished ...>`);
    expect(calls).toHaveLength(1);
    expect(str(calls[0]!.args[1])).toBe("/home/agent/.netrc");
    expect(calls[0]!.retVal).toBeNull();
  });

  it("reads children's CPU from sh's times", () => {
    expect(parseTimes("0m0.001000s 0m0.002000s\n0m0.113000s 0m1.040000s\n")).toBe(1153);
    expect(parseTimes("garbage")).toBeNull();
  });
});
