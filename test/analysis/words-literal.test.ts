// A glob-kind word whose fields mix patterns and plain text (brace expansion): each field with no
// unescaped glob character must be the exact argument bash passes, backslashes removed.
// Checked against real bash, run in an empty directory so no pattern matches a file.
import { describe, expect, it } from "vitest";
import { expandWord } from "../../src/analysis/words.ts";
import { forEachNode, parse, type SimpleCommand } from "../../src/shell/index.ts";
import { bashArgv } from "../shell/bash.ts";

const env = { home: "/h", defaultIfs: true };

/** Our fields for the arguments `args` (one command `printf %s ARGS`), flattened. */
function ourFields(args: string) {
  let simple: SimpleCommand | null = null;
  forEachNode(parse(`printf %s ${args}`), (n) => {
    if (n.type === "SimpleCommand" && simple === null) simple = n;
  });
  if (simple === null) throw new Error("no simple command");
  return (simple as SimpleCommand).words.slice(2).flatMap((w) => {
    const e = expandWord(w, env);
    if (e.kind === "dynamic") throw new Error(`dynamic: ${e.why}`);
    return e.fields;
  });
}

const CASES = [
  `{"a*",b?}`,
  `{'a?',"b["}x`,
  `{"\\\\",*}`,
  `{'a\\*',b*}`,
  `x{"[a]",?}`,
  `{"a]",\\*,c?}`,
  `{\\?,'[',d*}`,
];

describe("analysis expandWord: literal fields of a glob word", () => {
  for (const args of CASES) {
    it(`passes what bash passes for ${args}`, () => {
      const ours = ourFields(args);
      const bash = bashArgv(args);
      expect(ours.length, args).toBe(bash.length);
      ours.forEach((f, i) => {
        // A field still marked glob is a pattern; in an empty directory bash passes it unmatched.
        if (!f.glob) expect(f.text, `${args} field ${i}`).toBe(bash[i]);
      });
      expect(ours.some((f) => !f.glob), `${args} has a literal field`).toBe(true);
    });
  }

  it("keeps real patterns as patterns", () => {
    expect(ourFields(`{"a*",b?}`)).toEqual([
      { text: "a*", glob: false },
      { text: "b?", glob: true },
    ]);
  });
});
