// Line structure: a second command the reader missed.
import type { Family, Transform } from "../compose.ts";

const w = (name: string, f: (c: string) => string): Transform => ({ name, wrap: f });

export const family: Family = {
  name: "line-structure",
  transforms: [
    w("newline-after-harmless", (c) => `echo ok\n${c}`),
    w("semicolon-no-space", (c) => `echo ok;${c}`),
    w("background-first", (c) => `echo ok & ${c}`),
    w("pipe-stderr-first", (c) => `echo ok |& ${c}`),
    w("and-after-true", (c) => `true && ${c}`),
    w("or-after-false", (c) => `false || ${c}`),
    w("comment-then-newline", (c) => `# harmless comment \\\n${c}`),
    w("leading-backslash-newline", (c) => `\\\n${c}`),
    w("carriage-return-line", (c) => `echo ok #\r\n${c}`),
    w("blank-lines", (c) => `\n\n   \n${c}\n`),
    w("colon-semicolon", (c) => `:;${c}`),
    w("negated-pipeline", (c) => `! ${c}`),
    w("trailing-background-wait", (c) => `${c} & wait`),
  ],
};
