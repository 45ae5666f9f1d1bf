// ParseError: the only exception the shell front end throws. `code` is stable (kebab-case) so
// callers can branch on it; `pos` is a string index, `offset` the UTF-8 byte offset of it.

export type ParseErrorCode =
  | "unterminated-single-quote"
  | "unterminated-double-quote"
  | "unterminated-ansi-quote"
  | "unterminated-backquote"
  | "unterminated-command-substitution"
  | "unterminated-process-substitution"
  | "unterminated-arithmetic"
  | "unterminated-parameter-expansion"
  | "unterminated-heredoc"
  | "unterminated-array"
  | "unterminated-test"
  | "unterminated-subshell"
  | "unterminated-brace-group"
  | "missing-fi"
  | "missing-done"
  | "missing-esac"
  | "missing-then"
  | "missing-do"
  | "missing-in"
  | "missing-redirect-target"
  | "bad-substitution"
  | "bad-function-name"
  | "bad-identifier"
  | "bad-test-expression"
  | "unexpected-token"
  | "unexpected-eof"
  | "unsupported"
  | "budget-length"
  | "budget-depth"
  | "budget-tokens"
  | "budget-heredocs"
  | "budget-commands"
  | "internal-error";

export class ParseError extends Error {
  override readonly name = "ParseError";
  readonly code: ParseErrorCode;
  /** The message without the position suffix. */
  readonly detail: string;
  /** String index (UTF-16 code units) into the parsed source. */
  readonly pos: number;
  /** Byte offset of `pos` in the UTF-8 encoding of the source. */
  readonly offset: number;
  /** 1-based line and column (column in UTF-16 code units) of `pos`. */
  readonly line: number;
  readonly column: number;

  constructor(code: ParseErrorCode, detail: string, src: string, pos: number) {
    const p = Math.max(0, Math.min(pos, src.length));
    const { line, column } = lineCol(src, p);
    super(`${detail} (line ${line}, column ${column}) [${code}]`);
    this.code = code;
    this.detail = detail;
    this.pos = p;
    this.offset = byteOffset(src, p);
    this.line = line;
    this.column = column;
  }
}

/** UTF-8 byte offset of string index `pos`. */
export function byteOffset(src: string, pos: number): number {
  let bytes = 0;
  const end = Math.min(pos, src.length);
  for (let i = 0; i < end; i++) {
    const c = src.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < end) {
      const d = src.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

function lineCol(src: string, pos: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < pos; i++) {
    if (src.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, column: pos - last };
}
