// Accept/reject against real `bash -n` over hand-picked grammar corners (inputs only in
// bash-accept-cases.json; bash is the oracle, asked at test time). Accepting what bash rejects
// is never allowed; rejecting what bash accepts is allowed only for the documented refusals.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parse, ParseError } from "../../src/shell/index.ts";
import { bashAccepts } from "./bash.ts";

const cases = JSON.parse(readFileSync(new URL("./bash-accept-cases.json", import.meta.url), "utf8")) as string[];

/** Valid for bash -n, refused on purpose (see src/shell/README.md), by error code. */
const KNOWN_REFUSALS: Record<string, string> = {
  "x=$(cat <<EOF)\nfoo\nEOF": "unterminated-heredoc",
  "[[ ]]": "bad-test-expression",
  "echo ${x&}": "bad-substitution",
  "cat <<EOF; echo $(\necho)\nx\nEOF\n": "unsupported",
  "cat <<EOF\n$(\nEOF": "unterminated-command-substitution",
  "echo $((a)+b)": "unexpected-token",
  "echo $((a) + (b))": "unexpected-token",
  "coproc a-b { :; }": "unexpected-token",
  "coproc 1x (ls)": "unexpected-token",
  "echo $(time then)": "unexpected-token",
};

describe("acceptance matches bash -n", () => {
  it(`over ${cases.length} grammar corners`, () => {
    const wrong: string[] = [];
    for (const src of cases) {
      let code: string | null = null;
      try {
        parse(src);
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
        code = e.code;
      }
      const bash = bashAccepts(src);
      if (!bash && code === null) wrong.push(`accepts invalid: ${JSON.stringify(src)}`);
      if (bash && code !== null && KNOWN_REFUSALS[src] !== code) wrong.push(`rejects valid (${code}): ${JSON.stringify(src)}`);
    }
    expect(wrong).toEqual([]);
  });
});
