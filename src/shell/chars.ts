// Character classes of the shell lexer, by char code.

// Char codes used throughout.
export const C = {
  TAB: 9,
  NL: 10,
  SP: 32,
  BANG: 33,
  DQ: 34,
  HASH: 35,
  DOLLAR: 36,
  PCT: 37,
  AMP: 38,
  SQ: 39,
  LP: 40,
  RP: 41,
  STAR: 42,
  PLUS: 43,
  COMMA: 44,
  MINUS: 45,
  SLASH: 47,
  COLON: 58,
  SEMI: 59,
  LT: 60,
  EQ: 61,
  GT: 62,
  QM: 63,
  AT: 64,
  LB: 91,
  BS: 92,
  RB: 93,
  CARET: 94,
  BQ: 96,
  LC: 123,
  PIPE: 124,
  RC: 125,
} as const;

/** Metacharacters end an unquoted word: blank, newline, ; & | ( ) < > */
export function isMeta(c: number): boolean {
  return (
    c === C.SP || c === C.TAB || c === C.NL || c === C.SEMI || c === C.AMP || c === C.PIPE ||
    c === C.LP || c === C.RP || c === C.LT || c === C.GT
  );
}

export function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

export function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c >= 48 && c <= 57);
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

