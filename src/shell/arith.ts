// Arithmetic scanning for $(( )), (( )), for (( ; ; )) and $[ ]. The expression is kept as
// source text plus the expansions inside it (parsed like double-quoted text) and every bare
// identifier: bash evaluates variable values inside arithmetic as expressions, recursively,
// so a name can smuggle in `a[$(cmd)]`. Consumers must treat `names` as code.

import type { Arithmetic, WordPart } from "./ast.ts";
import { C, isDigit, isNameChar, isNameStart } from "./chars.ts";
import type { Lexer } from "./lexer.ts";

export const enum ArithEnd {
  /** `))` ends it; a `)` at depth 0 not followed by `)` means "not arithmetic". */
  Parens = 0,
  /** Inside `for ((`: `;` or `))` ends a part. */
  ForPart = 1,
  /** `$[ ... ]` */
  Bracket = 2,
}

export function scanArithmetic(
  lx: Lexer,
  pos: number,
  end: ArithEnd,
): { expr: Arithmetic; term: ";" | "))" } | null {
  const src = lx.src;
  const start = lx.i;
  const parts: WordPart[] = [];
  let lit = "";
  let litPos = -1;
  let seg = -1;
  const flush = (at: number): void => {
    if (seg >= 0 && seg < at) lit += src.slice(seg, at);
    if (lit.length > 0) parts.push({ type: "Lit", pos: litPos, end: at, value: lit });
    lit = "";
    litPos = -1;
    seg = -1;
  };
  lx.enter(pos);
  let depth = 0;
  let rawEnd = -1;
  let term: ";" | "))" = "))";
  for (;;) {
    const j = lx.i;
    if (j >= lx.n) {
      lx.fail("unterminated-arithmetic", end === ArithEnd.Bracket ? "unterminated $[: add the closing ]" : "unterminated arithmetic: add the closing ))", pos);
    }
    const ch = src.charCodeAt(j);
    if (end === ArithEnd.Bracket) {
      if (ch === C.LB) depth++;
      else if (ch === C.RB) {
        if (depth === 0) {
          rawEnd = j;
          lx.i = j + 1;
          break;
        }
        depth--;
      }
    } else if (ch === C.LP) depth++;
    else if (ch === C.RP) {
      if (depth > 0) depth--;
      else {
        const k = lx.skipCont(j + 1);
        if (k >= lx.n) lx.fail("unterminated-arithmetic", "unterminated arithmetic: add the closing ))", pos);
        if (lx.c(k) !== C.RP) {
          lx.leave();
          return null;
        }
        rawEnd = j;
        lx.i = k + 1;
        break;
      }
    } else if (ch === C.SEMI && end === ArithEnd.ForPart && depth === 0) {
      rawEnd = j;
      term = ";";
      lx.i = j + 1;
      break;
    }
    if (ch === C.DOLLAR) {
      const p = lx.readDollar(true);
      if (p) {
        flush(j);
        parts.push(p);
        continue;
      }
    } else if (ch === C.BQ) {
      flush(j);
      parts.push(lx.readBackquote(false));
      continue;
    } else if (ch === C.DQ) {
      flush(j);
      parts.push(lx.readDouble(false));
      continue;
    } else if (ch === C.SQ) {
      flush(j);
      parts.push(lx.readSingle(false));
      continue;
    } else if (ch === C.BS && lx.c(j + 1) === C.NL) {
      if (seg >= 0 && seg < j) lit += src.slice(seg, j);
      seg = -1;
      if (litPos < 0) litPos = j;
      lx.i = j + 2;
      continue;
    }
    if (litPos < 0) litPos = j;
    if (seg < 0) seg = j;
    lx.i = j + 1;
  }
  flush(rawEnd);
  lx.leave();
  const names: string[] = [];
  for (const p of parts) if (p.type === "Lit") collectNames(p.value, names);
  const expr: Arithmetic = { type: "Arithmetic", pos: start, end: rawEnd, raw: src.slice(start, rawEnd), parts, names };
  return { expr, term };
}

/** Bare identifiers in arithmetic text; numbers such as 0x1f and 16#ff are skipped. */
function collectNames(s: string, out: string[]): void {
  const n = s.length;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (isDigit(c)) {
      i++;
      while (i < n) {
        const d = s.charCodeAt(i);
        if (isNameChar(d) || d === C.HASH || d === C.AT) i++;
        else break;
      }
    } else if (isNameStart(c)) {
      const b = i;
      i++;
      while (i < n && isNameChar(s.charCodeAt(i))) i++;
      const name = s.slice(b, i);
      if (!out.includes(name)) out.push(name);
    } else i++;
  }
}
