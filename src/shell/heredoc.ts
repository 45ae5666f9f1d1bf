// Here-document bodies. A body starts after the newline that ends the line holding its `<<`
// (several on one line are read in order) and ends at a line equal to the delimiter. In an
// unquoted here-document, backslash-newline joins lines before that comparison (bash 5.2:
// `EO\<newline>F` ends a body delimited by EOF); in a quoted one the text is literal.
// `<<-` strips leading tabs from each line, the delimiter line included.

import type { Heredoc, Word, Word as W } from "./ast.ts";
import { C } from "./chars.ts";
import { DqMode, type Lexer, type PendingHeredoc } from "./lexer.ts";

export function readHeredocBody(lx: Lexer, h: PendingHeredoc): Heredoc {
  const src = lx.src;
  const n = lx.n;
  const bodyStart = lx.i;
  let bodyEnd = -1;
  let after = -1;
  let i = bodyStart;
  while (i <= n) {
    const lineStart = i;
    let j = src.indexOf("\n", i);
    if (j < 0 || j > n) j = n;
    if (!h.quoted) {
      // Join continuation lines: an odd number of backslashes before the newline.
      while (j < n && oddBackslashesBefore(src, j, lineStart)) {
        let k = src.indexOf("\n", j + 1);
        if (k < 0 || k > n) k = n;
        j = k;
      }
    }
    let line = src.slice(lineStart, j);
    if (!h.quoted && line.indexOf("\\\n") >= 0) line = line.split("\\\n").join("");
    if (h.stripTabs) {
      let t = 0;
      while (t < line.length && line.charCodeAt(t) === C.TAB) t++;
      if (t > 0) line = line.slice(t);
    }
    if (line === h.delimiter) {
      bodyEnd = lineStart;
      after = j < n ? j + 1 : n;
      break;
    }
    if (j >= n) break;
    i = j + 1;
  }
  if (bodyEnd < 0) {
    lx.fail(
      "unterminated-heredoc",
      `here-document <<${h.delimiter} has no line '${h.delimiter}' to end it (bash would read to end of input): add the delimiter line`,
      h.redirect.pos,
    );
  }
  let body: Word;
  if (h.quoted) {
    let value = src.slice(bodyStart, bodyEnd);
    if (h.stripTabs) value = stripLeadingTabs(value);
    body = { type: "Word", pos: bodyStart, end: bodyEnd, parts: value.length ? [{ type: "Lit", pos: bodyStart, end: bodyEnd, value }] : [] };
  } else {
    const saveN = lx.n;
    lx.n = bodyEnd;
    lx.i = bodyStart;
    const parts = lx.readDqParts(DqMode.Heredoc, h.stripTabs);
    if (lx.i !== bodyEnd) lx.fail("internal-error", "here-document body not fully read", lx.i);
    lx.n = saveN;
    body = { type: "Word", pos: bodyStart, end: bodyEnd, parts } satisfies W;
  }
  lx.i = after;
  return {
    type: "Heredoc",
    pos: bodyStart,
    end: after,
    delimiter: h.delimiter,
    quoted: h.quoted,
    stripTabs: h.stripTabs,
    body,
  };
}

function oddBackslashesBefore(src: string, j: number, floor: number): boolean {
  let k = j - 1;
  let count = 0;
  while (k >= floor && src.charCodeAt(k) === C.BS) {
    count++;
    k--;
  }
  return (count & 1) === 1;
}

function stripLeadingTabs(s: string): string {
  let out = "";
  let atStart = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (atStart && c === C.TAB) continue;
    atStart = c === C.NL;
    out += s[i];
  }
  return out;
}
