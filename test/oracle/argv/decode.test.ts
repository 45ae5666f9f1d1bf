import { describe, expect, it } from "vitest";
import { decodeLog, LogFormatError, readNetstrings } from "../../../oracle/argv/decode.ts";
import { normalizeTarget, ObjectNumbering, type RunLayout } from "../../../oracle/argv/normalize.ts";

const ns = (b: Buffer | string) => {
  const buf = typeof b === "string" ? Buffer.from(b) : b;
  return Buffer.concat([Buffer.from(`${buf.length}:`), buf, Buffer.from(",")]);
};

describe("handler log decoding", () => {
  it("keeps argv bytes exactly, including empty, newline and non-UTF-8 arguments", () => {
    const payload = Buffer.concat([ns("pid=7"), ns("arg=x"), ns("arg="), ns("arg=a\nb,c:d"), ns(Buffer.from([0x61, 0x72, 0x67, 0x3d, 0xff])), ns("fd=1 w /tmp/r/work/out file"), ns("stdin-null=1"), ns("seq=3")]);
    const [rec] = decodeLog(ns(payload));
    expect(rec!.argv.map((b) => b.toString("latin1"))).toEqual(["x", "", "a\nb,c:d", "\xff"]);
    expect(rec!.fds).toEqual([{ fd: 1, mode: "w", target: "/tmp/r/work/out file" }]);
    expect(rec!.stdin).toBeNull();
    expect(rec!.seq).toBe(3);
  });

  it("rejects a truncated record instead of guessing", () => {
    const whole = ns(ns("arg=x"));
    expect(() => readNetstrings(whole.subarray(0, whole.length - 2))).toThrow(LogFormatError);
  });
});

describe("fd target normalisation", () => {
  const layout: RunLayout = { root: "/t/r", work: "/t/r/work", tmp: "/t/r/tmp", stdin: "/t/r/stdin", stdout: "/t/r/stdout", stderr: "/t/r/stderr" };
  it("makes temp paths relative to the work dir and numbers pipes per run", () => {
    const n = new ObjectNumbering();
    expect(normalizeTarget("/t/r/work/a/b", layout, n)).toBe("a/b");
    expect(normalizeTarget("/t/r/work", layout, n)).toBe(".");
    expect(normalizeTarget("/t/r/x", layout, n)).toBe("../x");
    expect(normalizeTarget("/t/r/stdout", layout, n)).toBe("<stdout>");
    expect(normalizeTarget("/t/r/tmp/sh-thd.123 (deleted)", layout, n)).toBe("heredoc");
    expect(normalizeTarget("pipe:[999]", layout, n)).toBe("pipe:1");
    expect(normalizeTarget("pipe:[5]", layout, n)).toBe("pipe:2");
    expect(normalizeTarget("pipe:[999]", layout, n)).toBe("pipe:1");
    expect(normalizeTarget("/dev/null", layout, n)).toBe("/dev/null");
    expect(normalizeTarget("/t/rx/y", layout, n)).toBe("/t/rx/y");
  });
});
