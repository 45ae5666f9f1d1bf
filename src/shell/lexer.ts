// The scanner half of the parser: character classes, budgets, and word reading (quotes, escapes,
// every `$` form, backquotes, process substitution, extglob inside [[ ]]). Grammar lives in
// parse.ts, which extends this class and supplies the nested-list parsing that `$(..)` needs.
// Single pass over char codes; no regex per character; errors are ParseError only.

import type {
  ArithExp,
  CmdSubst,
  DblQuoted,
  ExtGlob,
  List,
  ParamExp,
  ProcSubst,
  SglQuoted,
  Word,
  WordPart,
  Heredoc,
  Redirect,
  Arithmetic,
} from "./ast.ts";
import { ParseError, type ParseErrorCode } from "./errors.ts";
import { decodeAnsiC } from "./quoting.ts";
import { C, isMeta, isNameStart, isNameChar, isDigit } from "./chars.ts";
export { C, isMeta, isNameStart, isNameChar, isDigit };
import { scanArithmetic, ArithEnd } from "./arith.ts";

export interface ParseOptions {
  /** Longest accepted input, in UTF-16 code units. Default 262144 (256 KiB of ASCII). */
  maxLength?: number;
  /** Deepest nesting of compound commands, substitutions and expansions. Default 64. */
  maxDepth?: number;
  /** Most words plus operators. Default 100000. */
  maxTokens?: number;
  /** Most here-documents. Default 256. */
  maxHeredocs?: number;
  /**
   * Most commands, simple or compound, substitutions' and backquotes' included: a caller that
   * follows each command (the classifier) refuses early what it would not follow anyway.
   * Default 100000.
   */
  maxCommands?: number;
}

export const DEFAULT_BUDGETS: Required<ParseOptions> = {
  maxLength: 262_144,
  maxDepth: 64,
  maxTokens: 100_000,
  maxHeredocs: 256,
  maxCommands: 100_000,
};

/** Counters shared by a parser and the sub-parsers it starts (backquote bodies). */
export interface Budget {
  limits: Required<ParseOptions>;
  depth: number;
  tokens: number;
  heredocs: number;
  commands: number;
}

export interface PendingHeredoc {
  redirect: Redirect;
  delimiter: string;
  quoted: boolean;
  stripTabs: boolean;
}

/** Word-reading modes. */
export const enum Mode {
  Normal = 0,
  /** Inside [[ ]]: extglob patterns allowed. */
  Test = 1,
  /** Right of =~: parentheses and | are part of the word; ends at a blank at depth 0. */
  Regex = 2,
  /** Operand of ${x op word}: ends at `}` (or the extra stop char). */
  Param = 3,
  /** Subscript of a[..]: ends at the matching `]`; blanks allowed. */
  Index = 4,
}

/** Reading of double-quote-like text. */
export const enum DqMode {
  Dq = 0,
  Heredoc = 1,
}

export abstract class Lexer {
  readonly src: string;
  i = 0;
  /** Current scan limit (lowered while reading a here-document body). */
  n: number;
  readonly budget: Budget;
  pending: PendingHeredoc[] = [];
  /** How many `$( )`, `<( )`, `>( )` enclose i (bash 5.2 re-parses their printed text). */
  parenSubstDepth = 0;
  /** Here-documents of enclosing levels still waiting for their body. */
  outerPending = 0;
  /** Position where `time` is a plain word (first token of a substitution). */
  noTimeKeywordAt = -1;

  // Literal accumulator for the word being read.
  private litVal = "";
  private litPos = -1;
  private segStart = -1;

  constructor(src: string, budget: Budget) {
    this.src = src;
    this.n = src.length;
    this.budget = budget;
  }

  // ---------- abstract grammar hooks ----------

  /** Parse a list ending at `)` (not consumed); used by $( ), <( ), >( ). */
  abstract parseSubstList(): List;
  /** Parse the unescaped text of a backquote substitution; positions mapped by `map`. */
  abstract parseBackquoteBody(inner: string, map: number[]): List;
  /** Called after a newline token is consumed: reads pending here-document bodies. */
  abstract readPendingHeredocs(): void;

  // ---------- errors and budgets ----------

  fail(code: ParseErrorCode, detail: string, pos: number = this.i): never {
    throw new ParseError(code, detail, this.src, pos);
  }

  enter(pos: number): void {
    if (++this.budget.depth > this.budget.limits.maxDepth) {
      this.fail(
        "budget-depth",
        `nesting deeper than ${this.budget.limits.maxDepth} levels; simplify the command or raise maxDepth`,
        pos,
      );
    }
  }

  leave(): void {
    this.budget.depth--;
  }

  countToken(): void {
    if (++this.budget.tokens > this.budget.limits.maxTokens) {
      this.fail(
        "budget-tokens",
        `more than ${this.budget.limits.maxTokens} tokens; split the command or raise maxTokens`,
      );
    }
  }

  countCommand(): void {
    if (++this.budget.commands > this.budget.limits.maxCommands) {
      this.fail("budget-commands", `more than ${this.budget.limits.maxCommands} commands; split the command or raise maxCommands`);
    }
  }

  // ---------- character access ----------

  /** Char code at j, or -1 past the limit. */
  c(j: number): number {
    return j < this.n ? this.src.charCodeAt(j) : -1;
  }

  /** Index of the next char at or after j, skipping backslash-newline pairs. */
  skipCont(j: number): number {
    while (j + 1 < this.n && this.src.charCodeAt(j) === C.BS && this.src.charCodeAt(j + 1) === C.NL) {
      j += 2;
    }
    return j;
  }

  /** Char code of the next real char after position j (continuations skipped). */
  after(j: number): number {
    return this.c(this.skipCont(j + 1));
  }

  /**
   * The run of chars from j satisfying `ok`, with line continuations inside it removed (bash
   * removes backslash-newline before it reads names, numbers or operators: `$HO\<nl>ME` is $HOME).
   */
  scanRun(j: number, ok: (c: number) => boolean): { text: string; end: number } {
    const src = this.src;
    let text = "";
    let seg = j;
    let e = j;
    for (;;) {
      if (e < this.n && ok(src.charCodeAt(e))) {
        e++;
        continue;
      }
      if (e > j && e + 2 < this.n + 1 && src.charCodeAt(e) === C.BS && src.charCodeAt(e + 1) === C.NL) {
        const k = this.skipCont(e);
        if (k < this.n && ok(src.charCodeAt(k))) {
          text += src.slice(seg, e);
          seg = k;
          e = k;
          continue;
        }
      }
      break;
    }
    return { text: text + src.slice(seg, e), end: e };
  }

  /** Skip blanks, line continuations and a comment; stops at newline or a token. */
  skipBlanks(): void {
    const src = this.src;
    for (;;) {
      if (this.i >= this.n) return;
      const ch = src.charCodeAt(this.i);
      if (ch === C.SP || ch === C.TAB) {
        this.i++;
      } else if (ch === C.BS && this.i + 1 < this.n && src.charCodeAt(this.i + 1) === C.NL) {
        this.i += 2;
      } else if (ch === C.HASH) {
        // A comment runs to the newline (not consumed); backslash-newline does not extend it.
        let j = src.indexOf("\n", this.i);
        if (j < 0 || j > this.n) j = this.n;
        this.i = j;
        return;
      } else return;
    }
  }

  // ---------- words ----------

  private flushLit(parts: WordPart[], end: number): void {
    if (this.segStart >= 0 && this.segStart < end) {
      this.litVal += this.src.slice(this.segStart, end);
    }
    if (this.litVal.length > 0) {
      parts.push({ type: "Lit", pos: this.litPos, end, value: this.litVal });
    }
    this.litVal = "";
    this.litPos = -1;
    this.segStart = -1;
  }

  private startLit(j: number): void {
    if (this.litPos < 0) this.litPos = j;
    if (this.segStart < 0) this.segStart = j;
  }

  /** Close the current raw segment (before a removed continuation or a substitute char). */
  private cutSeg(end: number): void {
    if (this.segStart >= 0 && this.segStart < end) this.litVal += this.src.slice(this.segStart, end);
    this.segStart = -1;
  }

  /**
   * Read one word at `i` in the given mode. Returns null if no word starts here (a metachar or
   * the end). `stop` is an extra terminating char for Param mode (`/` or `:`), `inDq` tells
   * Param mode that the enclosing expansion is inside double quotes.
   */
  readWord(mode: Mode, stop = -1, inDq = false): Word | null {
    const start = this.i;
    const parts: WordPart[] = [];
    const src = this.src;
    // Save the accumulator: words nest (a ${..} operand inside a word).
    const saveVal = this.litVal, savePos = this.litPos, saveSeg = this.segStart;
    this.litVal = "";
    this.litPos = -1;
    this.segStart = -1;
    let depth = 0; // parens (Regex) or brackets (Index) or braces (Param)
    for (;;) {
      const j = this.i;
      if (j >= this.n) break;
      const ch = src.charCodeAt(j);
      if (ch === C.BS) {
        if (j + 1 >= this.n) {
          // A trailing backslash is a literal backslash.
          this.flushLit(parts, j);
          parts.push({ type: "Escaped", pos: j, end: j + 1, value: "\\" });
          this.i = j + 1;
          continue;
        }
        const nx = src.charCodeAt(j + 1);
        if (nx === C.NL) {
          this.cutSeg(j);
          this.i = j + 2;
          continue;
        }
        if (mode === Mode.Param && inDq && !(nx === C.DOLLAR || nx === C.BQ || nx === C.DQ || nx === C.BS || nx === C.RC)) {
          // Inside "${x:-...}" a backslash before other chars stays.
          this.startLit(j);
          this.i = j + 2;
          continue;
        }
        this.flushLit(parts, j);
        const cp = src.codePointAt(j + 1)!;
        const len = cp > 0xffff ? 2 : 1;
        parts.push({ type: "Escaped", pos: j, end: j + 1 + len, value: src.slice(j + 1, j + 1 + len) });
        this.i = j + 1 + len;
        continue;
      }
      if (ch === C.SQ) {
        if (mode === Mode.Param && inDq) {
          this.startLit(j);
          this.i++;
          continue;
        }
        this.flushLit(parts, j);
        parts.push(this.readSingle(false));
        continue;
      }
      if (ch === C.DQ) {
        this.flushLit(parts, j);
        parts.push(this.readDouble(false));
        continue;
      }
      if (ch === C.DOLLAR) {
        const p = this.readDollar(mode === Mode.Param && inDq);
        if (p) {
          this.flushLit(parts, j);
          parts.push(p);
        } else {
          this.startLit(j);
          this.i = j + 1;
        }
        continue;
      }
      if (ch === C.BQ) {
        this.flushLit(parts, j);
        parts.push(this.readBackquote(inDq));
        continue;
      }
      switch (mode) {
        case Mode.Normal:
        case Mode.Test:
          if (isMeta(ch)) {
            if ((ch === C.LT || ch === C.GT) && this.after(j) === C.LP) {
              // Process substitution, at the start of a word or inside one (`a<(b)` is one word).
              this.flushLit(parts, j);
              parts.push(this.readProcSubst());
              continue;
            }
            break;
          }
          if (mode === Mode.Test && (ch === C.QM || ch === C.STAR || ch === C.PLUS || ch === C.AT || ch === C.BANG) && this.c(j + 1) === C.LP) {
            this.flushLit(parts, j);
            parts.push(this.readExtGlob());
            continue;
          }
          this.startLit(j);
          this.i = j + 1;
          continue;
        case Mode.Regex:
          if (ch === C.SP || ch === C.TAB || ch === C.NL) {
            if (depth === 0) break;
          } else if (ch === C.LP) depth++;
          else if (ch === C.RP) {
            if (depth === 0) break;
            depth--;
          } else if ((ch === C.AMP || ch === C.SEMI) && depth === 0) break;
          this.startLit(j);
          this.i = j + 1;
          continue;
        case Mode.Param:
          if (ch === C.RC) {
            if (depth === 0) break;
            depth--;
          } else if (ch === C.LC) depth++;
          else if (ch === stop && depth === 0) break;
          this.startLit(j);
          this.i = j + 1;
          continue;
        case Mode.Index:
          if (ch === C.RB) {
            if (depth === 0) break;
            depth--;
          } else if (ch === C.LB) depth++;
          else if (ch === C.NL) break;
          this.startLit(j);
          this.i = j + 1;
          continue;
      }
      break;
    }
    this.flushLit(parts, this.i);
    this.litVal = saveVal;
    this.litPos = savePos;
    this.segStart = saveSeg;
    if (this.i === start) return null;
    if (parts.length === 0 && mode !== Mode.Param && mode !== Mode.Index) return null; // only continuations
    return { type: "Word", pos: start, end: this.i, parts };
  }

  readSingle(dollar: boolean): SglQuoted {
    const pos = this.i;
    const open = this.i + (dollar ? 2 : 1);
    if (!dollar) {
      const close = this.src.indexOf("'", open);
      if (close < 0 || close >= this.n) this.fail("unterminated-single-quote", "unterminated single quote: add the closing '", pos);
      this.i = close + 1;
      return { type: "SglQuoted", pos, end: close + 1, value: this.src.slice(open, close), dollar: false };
    }
    let j = open;
    for (;;) {
      if (j >= this.n) this.fail("unterminated-ansi-quote", "unterminated $'...' string: add the closing '", pos);
      const ch = this.src.charCodeAt(j);
      if (ch === C.BS) j += 2;
      else if (ch === C.SQ) break;
      else j++;
    }
    const d = decodeAnsiC(this.src.slice(open, j));
    this.i = j + 1;
    const node: SglQuoted = { type: "SglQuoted", pos, end: j + 1, value: d.value, dollar: true };
    if (!d.exact) node.inexact = true;
    return node;
  }

  readDouble(dollar: boolean): DblQuoted {
    const pos = this.i;
    this.i += dollar ? 2 : 1;
    const parts = this.readDqParts(DqMode.Dq, false);
    if (this.c(this.i) !== C.DQ) this.fail("unterminated-double-quote", 'unterminated double quote: add the closing "', pos);
    this.i++;
    return { type: "DblQuoted", pos, end: this.i, parts, dollar };
  }

  /**
   * Parts of double-quoted text (or an unquoted here-document body) up to the closing `"`
   * (Dq, not consumed) or the scan limit (Heredoc). `stripTabs` drops leading tabs of lines.
   */
  readDqParts(mode: DqMode, stripTabs: boolean): WordPart[] {
    const parts: WordPart[] = [];
    const src = this.src;
    const saveVal = this.litVal, savePos = this.litPos, saveSeg = this.segStart;
    this.litVal = "";
    this.litPos = -1;
    this.segStart = -1;
    let lineStart = mode === DqMode.Heredoc;
    for (;;) {
      const j = this.i;
      if (j >= this.n) break;
      const ch = src.charCodeAt(j);
      if (lineStart && stripTabs && ch === C.TAB) {
        this.cutSeg(j);
        if (this.litPos < 0) this.litPos = j;
        this.i = j + 1;
        continue;
      }
      lineStart = false;
      if (ch === C.DQ && mode === DqMode.Dq) break;
      if (ch === C.BS && j + 1 < this.n) {
        const nx = src.charCodeAt(j + 1);
        if (nx === C.NL) {
          this.cutSeg(j);
          if (this.litPos < 0) this.litPos = j;
          this.i = j + 2;
          continue;
        }
        if (nx === C.DOLLAR || nx === C.BQ || nx === C.BS || (nx === C.DQ && mode === DqMode.Dq)) {
          this.cutSeg(j);
          if (this.litPos < 0) this.litPos = j;
          this.segStart = j + 1;
          this.i = j + 2;
          continue;
        }
        this.startLit(j);
        this.i = j + 2;
        if (nx === C.NL) lineStart = true;
        continue;
      }
      if (ch === C.DOLLAR) {
        const p = this.readDollar(true);
        if (p) {
          this.flushLit(parts, j);
          parts.push(p);
        } else {
          this.startLit(j);
          this.i = j + 1;
        }
        continue;
      }
      if (ch === C.BQ) {
        this.flushLit(parts, j);
        parts.push(this.readBackquote(mode === DqMode.Dq));
        continue;
      }
      if (ch === C.NL) lineStart = true;
      this.startLit(j);
      this.i = j + 1;
    }
    this.flushLit(parts, this.i);
    this.litVal = saveVal;
    this.litPos = savePos;
    this.segStart = saveSeg;
    return parts;
  }

  /**
   * At a `$`: read the expansion it starts, or return null when the `$` is literal.
   * `inDq`: inside double quotes (no $'..' / $".." forms).
   */
  readDollar(inDq: boolean): WordPart | null {
    const j = this.i;
    const k = this.skipCont(j + 1);
    const nx = this.c(k);
    if (nx === C.LC) {
      this.i = k + 1;
      return this.readBraceParam(j, inDq);
    }
    if (nx === C.LP) {
      const k2 = this.skipCont(k + 1);
      if (this.c(k2) === C.LP) {
        this.i = k2 + 1;
        const arith = this.scanArith(j, false);
        if (arith) {
          const node: ArithExp = { type: "ArithExp", pos: j, end: this.i, expr: arith.expr };
          return node;
        }
        // Not arithmetic after all: `$( (..) ..)` is a command substitution.
      }
      this.i = k + 1;
      return this.readCmdSubst(j);
    }
    if (nx === C.LB) {
      this.i = k + 1;
      const arith = this.scanBracketArith(j);
      return { type: "ArithExp", pos: j, end: this.i, expr: arith };
    }
    if (!inDq && nx === C.SQ) {
      if (k !== j + 1) return null;
      return this.readSingle(true);
    }
    if (!inDq && nx === C.DQ) {
      if (k !== j + 1) return null;
      return this.readDouble(true);
    }
    if (isNameStart(nx)) {
      const r = this.scanRun(k, isNameChar);
      this.i = r.end;
      return this.param(j, r.end, r.text);
    }
    if (isDigit(nx) || nx === C.AT || nx === C.STAR || nx === C.HASH || nx === C.QM || nx === C.MINUS || nx === C.DOLLAR || nx === C.BANG) {
      this.i = k + 1;
      return this.param(j, k + 1, String.fromCharCode(nx));
    }
    return null;
  }

  private param(pos: number, end: number, name: string): ParamExp {
    return { type: "ParamExp", pos, end, name, short: true, length: false, indirect: false, index: null, op: null, args: [] };
  }

  /** After `${`. */
  private readBraceParam(pos: number, inDq: boolean): ParamExp {
    this.enter(pos);
    const bad = (why: string): never =>
      this.fail("bad-substitution", `unsupported or bad \${...} expansion (${why}); write it more plainly`, pos);
    let length = false;
    let indirect = false;
    let ch = this.c(this.i);
    if (ch < 0) this.fail("unterminated-parameter-expansion", "unterminated ${: add the closing }", pos);
    if (ch === C.HASH) {
      const nx = this.c(this.i + 1);
      if (nx === C.RC) {
        // ${#}
      } else if (isNameStart(nx) || isDigit(nx) || nx === C.AT || nx === C.STAR || nx === C.HASH || nx === C.QM || nx === C.DOLLAR || nx === C.BANG) {
        length = true;
        this.i++;
      } else if (nx === C.MINUS && this.c(this.i + 2) === C.RC) {
        length = true;
        this.i++;
      } else if (nx === C.MINUS) bad("${#-...} is ambiguous");
    } else if (ch === C.BANG) {
      const nx = this.c(this.i + 1);
      if (nx !== C.RC) {
        indirect = true;
        this.i++;
      }
    }
    ch = this.c(this.i);
    let name: string;
    if (isNameStart(ch)) {
      const r = this.scanRun(this.i, isNameChar);
      this.i = r.end;
      name = r.text;
    } else if (isDigit(ch)) {
      const r = this.scanRun(this.i, isDigit);
      this.i = r.end;
      name = r.text;
    } else if (ch === C.AT || ch === C.STAR || ch === C.HASH || ch === C.QM || ch === C.MINUS || ch === C.DOLLAR || ch === C.BANG) {
      name = String.fromCharCode(ch);
      this.i++;
    } else if (ch < 0) {
      this.fail("unterminated-parameter-expansion", "unterminated ${: add the closing }", pos);
    } else {
      bad("no parameter name");
    }
    this.i = this.skipCont(this.i);
    let index: Word | null = null;
    if (this.c(this.i) === C.LB) {
      const lb = this.i;
      this.i++;
      index = this.readWord(Mode.Index) ?? { type: "Word", pos: this.i, end: this.i, parts: [] };
      if (this.c(this.i) !== C.RB) {
        if (this.i >= this.n) this.fail("unterminated-parameter-expansion", "unterminated ${x[: add ] and }", pos);
        bad("subscript not closed");
      }
      this.i++;
      void lb;
    }
    let op: string | null = null;
    const args: Word[] = [];
    const operand = (stop = -1): Word => {
      const w = this.readWord(Mode.Param, stop, inDq);
      return w ?? { type: "Word", pos: this.i, end: this.i, parts: [] };
    };
    ch = this.c(this.i);
    if (indirect && index === null && (ch === C.STAR || ch === C.AT) && this.c(this.i + 1) === C.RC) {
      op = ch === C.STAR ? "!*" : "!@";
      indirect = false;
      this.i++;
      ch = this.c(this.i);
    }
    if (ch !== C.RC) {
      if (length) bad("${#x} takes no operator");
      const nx = this.c(this.i + 1);
      switch (ch) {
        case C.COLON:
          if (nx === C.MINUS || nx === C.EQ || nx === C.QM || nx === C.PLUS) {
            op = ":" + String.fromCharCode(nx);
            this.i += 2;
            args.push(operand());
          } else {
            op = ":";
            this.i++;
            args.push(operand(C.COLON));
            if (this.c(this.i) === C.COLON) {
              this.i++;
              args.push(operand());
            }
          }
          break;
        case C.MINUS:
        case C.EQ:
        case C.QM:
        case C.PLUS:
          op = String.fromCharCode(ch);
          this.i++;
          args.push(operand());
          break;
        case C.HASH:
        case C.PCT:
        case C.CARET:
        case C.COMMA:
          op = String.fromCharCode(ch);
          this.i++;
          if (nx === ch) {
            op += op;
            this.i++;
          }
          args.push(operand());
          break;
        case C.SLASH:
          op = "/";
          this.i++;
          if (nx === C.SLASH || nx === C.HASH || nx === C.PCT) {
            op += String.fromCharCode(nx);
            this.i++;
          }
          args.push(operand(C.SLASH));
          if (this.c(this.i) === C.SLASH) {
            this.i++;
            args.push(operand());
          }
          break;
        case C.AT:
          if (!((nx >= 65 && nx <= 90) || (nx >= 97 && nx <= 122))) bad("${x@} needs an operator letter");
          op = "@";
          args.push({ type: "Word", pos: this.i + 1, end: this.i + 2, parts: [{ type: "Lit", pos: this.i + 1, end: this.i + 2, value: String.fromCharCode(nx) }] });
          this.i += 2;
          break;
        default:
          if (ch < 0) this.fail("unterminated-parameter-expansion", "unterminated ${: add the closing }", pos);
          bad(`unexpected '${String.fromCharCode(ch)}'`);
      }
    }
    if (this.c(this.i) !== C.RC) {
      if (this.i >= this.n) this.fail("unterminated-parameter-expansion", "unterminated ${: add the closing }", pos);
      bad("expected }");
    }
    this.i++;
    this.leave();
    return { type: "ParamExp", pos, end: this.i, name: name!, short: false, length, indirect, index, op, args };
  }

  /** After `$(`: a command substitution up to the matching `)`. */
  readCmdSubst(pos: number): CmdSubst {
    const body = this.nested(pos, "unterminated-command-substitution", "unterminated $(: add the closing )");
    return { type: "CmdSubst", pos, end: this.i, body, backquote: false };
  }

  /** At `<(` or `>(`. */
  readProcSubst(): ProcSubst {
    const pos = this.i;
    const op = this.src.charCodeAt(pos) === C.LT ? "<" : ">";
    this.i = this.skipCont(pos + 1) + 1;
    const body = this.nested(pos, "unterminated-process-substitution", `unterminated ${op}(: add the closing )`);
    return { type: "ProcSubst", pos, end: this.i, op, body };
  }

  private nested(pos: number, code: ParseErrorCode, msg: string): List {
    this.enter(pos);
    const savePending = this.pending;
    const saveOuter = this.outerPending;
    this.outerPending += savePending.length;
    this.pending = [];
    // bash 5.2 does not take `time` as a keyword when it is the first token on the line of
    // `$(`, `<(` or `>(` (`$(time (ls))` is a syntax error, `$(time ls)` runs the command time).
    const saveNoTime = this.noTimeKeywordAt;
    let j = this.i;
    while (j < this.n) {
      const ch = this.src.charCodeAt(j);
      if (ch === C.SP || ch === C.TAB) j++;
      else if (ch === C.BS && this.c(j + 1) === C.NL) j += 2;
      else break;
    }
    this.noTimeKeywordAt = j;
    this.parenSubstDepth++;
    const body = this.parseSubstList();
    this.parenSubstDepth--;
    this.noTimeKeywordAt = saveNoTime;
    if (this.c(this.i) !== C.RP) {
      if (this.i >= this.n) this.fail(code, msg, pos);
      this.fail("unexpected-token", `unexpected '${this.src[this.i]}' inside substitution started here`, this.i);
    }
    if (this.pending.length > 0) {
      this.fail("unterminated-heredoc", `here-document <<${this.pending[0]!.delimiter} inside a substitution has no body before the closing ): put the body and delimiter line inside`, this.pending[0]!.redirect.pos);
    }
    this.i++;
    this.pending = savePending;
    this.outerPending = saveOuter;
    this.leave();
    return body;
  }

  /** At a backquote. Unescapes \$ \` \\ (and \" inside double quotes), then parses the body. */
  readBackquote(inDq: boolean): CmdSubst {
    const pos = this.i;
    const src = this.src;
    let j = pos + 1;
    let inner = "";
    const map: number[] = [];
    for (;;) {
      if (j >= this.n) this.fail("unterminated-backquote", "unterminated backquote: add the closing `", pos);
      const ch = src.charCodeAt(j);
      if (ch === C.BQ) break;
      if (ch === C.BS && j + 1 < this.n) {
        const nx = src.charCodeAt(j + 1);
        if (nx === C.NL) {
          j += 2;
          continue;
        }
        if (nx === C.DOLLAR || nx === C.BQ || nx === C.BS || (inDq && nx === C.DQ)) {
          map.push(j + 1);
          inner += src[j + 1];
          j += 2;
          continue;
        }
      }
      map.push(j);
      inner += src[j];
      j++;
    }
    map.push(j);
    if (this.outerPending + this.pending.length > 0 && inner.indexOf("\n") >= 0) {
      this.fail("unsupported", "a multi-line backquote substitution on a line with a pending here-document is not supported: use $( )", pos);
    }
    this.enter(pos);
    const body = this.parseBackquoteBody(inner, map);
    this.leave();
    this.i = j + 1;
    return { type: "CmdSubst", pos, end: this.i, body, backquote: true };
  }

  /** At `?(`, `*(`, `+(`, `@(`, `!(` inside [[ ]]: the pattern up to the matching `)`. */
  private readExtGlob(): ExtGlob {
    const pos = this.i;
    const op = this.src[pos] as ExtGlob["op"];
    let j = pos + 2;
    let depth = 0;
    for (;;) {
      if (j >= this.n) this.fail("unexpected-eof", "unterminated extended glob pattern: add the closing )", pos);
      const ch = this.src.charCodeAt(j);
      if (ch === C.BS) {
        j += 2;
        continue;
      }
      if (ch === C.SQ || ch === C.DQ || ch === C.DOLLAR || ch === C.BQ || ch === C.NL) {
        this.fail("unsupported", "quotes or expansions inside an extended glob pattern are not supported", j);
      }
      if (ch === C.LP) depth++;
      else if (ch === C.RP) {
        if (depth === 0) break;
        depth--;
      }
      j++;
    }
    this.i = j + 1;
    return { type: "ExtGlob", pos, end: this.i, op, pattern: this.src.slice(pos + 2, j) };
  }

  // ---------- arithmetic (scanning in arith.ts) ----------

  /** Memo of `$((`/`((` attempts by start index: a failed attempt is never repeated. */
  arithMemo = new Map<number, { expr: Arithmetic; term: ";" | "))"; end: number } | null>();

  /** After `((`: the arithmetic up to `))` (or `;` in a for clause), or null if not arithmetic. */
  scanArith(pos: number, forClause: boolean): { expr: Arithmetic; term: ";" | "))" } | null {
    const key = this.i;
    const memo = this.arithMemo.get(key);
    if (memo !== undefined) {
      if (memo === null) return null;
      this.i = memo.end;
      return memo;
    }
    const r = scanArithmetic(this, pos, forClause ? ArithEnd.ForPart : ArithEnd.Parens);
    this.arithMemo.set(key, r && { expr: r.expr, term: r.term, end: this.i });
    if (!r) this.i = key;
    return r;
  }

  /** After `$[`: deprecated arithmetic up to `]`. */
  scanBracketArith(pos: number): Arithmetic {
    return scanArithmetic(this, pos, ArithEnd.Bracket)!.expr;
  }
}

