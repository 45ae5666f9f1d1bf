// The typed shell AST. Every node carries `pos`/`end`: offsets into the source string
// (UTF-16 code units; equal to byte offsets for ASCII input; `byteOffset()` in errors.ts converts).
// Discriminated on `type`, so a walker's `switch` is checked for exhaustiveness by the compiler.
//
// Shape of a script: List -> AndOr -> Pipeline -> Command. A Command is a simple command,
// a compound command (with its own redirects), a function definition or a coproc.

export interface Span {
  pos: number;
  end: number;
}

// ---------- structure ----------

export interface Script extends Span {
  type: "Script";
  body: List;
}

/** Items separated by `;`, `&` or newlines. */
export interface List extends Span {
  type: "List";
  items: ListItem[];
}

export interface ListItem extends Span {
  type: "ListItem";
  andOr: AndOr;
  /** Terminated by `&`: runs asynchronously. */
  background: boolean;
}

/** `a && b || c`: the first pipeline, then each operator with the pipeline after it. */
export interface AndOr extends Span {
  type: "AndOr";
  first: Pipeline;
  rest: { op: "&&" | "||"; pipeline: Pipeline }[];
}

export interface Pipeline extends Span {
  type: "Pipeline";
  /** Leading `!`. */
  negated: boolean;
  /** Leading `time` keyword (`posix` for `time -p`), or null. */
  time: null | { posix: boolean };
  commands: Command[];
  /** ops[i] joins commands[i] and commands[i+1]; `|&` also pipes stderr. */
  ops: ("|" | "|&")[];
}

export type Command = SimpleCommand | CompoundCommand | FunctionDef | Coproc;

export type CompoundCommand =
  | BraceGroup
  | Subshell
  | IfClause
  | WhileClause
  | ForClause
  | ArithForClause
  | SelectClause
  | CaseClause
  | TestClause
  | ArithCommand;

/**
 * `A=1 B=2 cmd arg >out`. `words[0]` (if any) is the command word. Assignments before the
 * command word are in `assigns`; redirects may appear anywhere and keep source order.
 * For declaration builtins (declare, typeset, local, export, readonly) an argument of the form
 * `name=(...)` is a compound array assignment: it is kept in `words` as a Word holding one
 * `ArrayLiteral` part after the `name=` literal, so argv positions stay aligned.
 */
export interface SimpleCommand extends Span {
  type: "SimpleCommand";
  assigns: Assignment[];
  words: Word[];
  redirects: Redirect[];
}

export interface BraceGroup extends Span {
  type: "BraceGroup";
  body: List;
  redirects: Redirect[];
}

export interface Subshell extends Span {
  type: "Subshell";
  body: List;
  redirects: Redirect[];
}

export interface IfClause extends Span {
  type: "IfClause";
  /** `if`, then each `elif`: condition and body. */
  branches: { cond: List; body: List }[];
  elseBody: List | null;
  redirects: Redirect[];
}

export interface WhileClause extends Span {
  type: "WhileClause";
  until: boolean;
  cond: List;
  body: List;
  redirects: Redirect[];
}

export interface ForClause extends Span {
  type: "ForClause";
  name: string;
  /** null when there is no `in` (iterates "$@"). */
  items: Word[] | null;
  body: List;
  redirects: Redirect[];
}

export interface ArithForClause extends Span {
  type: "ArithForClause";
  init: Arithmetic | null;
  cond: Arithmetic | null;
  step: Arithmetic | null;
  body: List;
  redirects: Redirect[];
}

export interface SelectClause extends Span {
  type: "SelectClause";
  name: string;
  items: Word[] | null;
  body: List;
  redirects: Redirect[];
}

export interface CaseClause extends Span {
  type: "CaseClause";
  word: Word;
  items: CaseItem[];
  redirects: Redirect[];
}

export interface CaseItem extends Span {
  type: "CaseItem";
  patterns: Word[];
  body: List;
  /** `;;` stops, `;&` falls through to the next body, `;;&` tests the next patterns. */
  terminator: ";;" | ";&" | ";;&" | null;
}

/** `[[ ... ]]` */
export interface TestClause extends Span {
  type: "TestClause";
  expr: TestExpr;
  redirects: Redirect[];
}

export type TestExpr =
  | { type: "TestWord"; pos: number; end: number; word: Word }
  | { type: "TestUnary"; pos: number; end: number; op: string; operand: Word }
  | { type: "TestBinary"; pos: number; end: number; op: string; left: Word; right: Word }
  | { type: "TestNot"; pos: number; end: number; expr: TestExpr }
  | { type: "TestAnd"; pos: number; end: number; left: TestExpr; right: TestExpr }
  | { type: "TestOr"; pos: number; end: number; left: TestExpr; right: TestExpr }
  | { type: "TestParen"; pos: number; end: number; expr: TestExpr };

/** `(( expr ))` */
export interface ArithCommand extends Span {
  type: "ArithCommand";
  expr: Arithmetic;
  redirects: Redirect[];
}

/** `f() { ...; }` or `function f { ...; }`; the body is any compound command. */
export interface FunctionDef extends Span {
  type: "FunctionDef";
  name: string;
  keyword: boolean;
  body: CompoundCommand;
  /** Redirects after the body apply at every call. */
  redirects: Redirect[];
}

/** `coproc [NAME] command` */
export interface Coproc extends Span {
  type: "Coproc";
  name: string | null;
  body: Command;
}

// ---------- arithmetic ----------

/**
 * An arithmetic expression is kept as its source text plus the expansions found in it, parsed
 * like the parts of a double-quoted word. Bash evaluates variable names inside arithmetic
 * recursively (a value such as `a[$(cmd)]` runs cmd), so `names` lists every bare identifier:
 * a consumer must treat their values as code.
 */
export interface Arithmetic extends Span {
  type: "Arithmetic";
  raw: string;
  parts: WordPart[];
  names: string[];
}

// ---------- words ----------

export interface Word extends Span {
  type: "Word";
  parts: WordPart[];
}

export type WordPart =
  | Lit
  | Escaped
  | SglQuoted
  | DblQuoted
  | ParamExp
  | CmdSubst
  | ArithExp
  | ProcSubst
  | ExtGlob
  | ArrayLiteral;

/**
 * Unquoted literal text. Backslash-newline pairs are already removed. Characters in a Lit are
 * subject to brace expansion, tilde expansion, globbing and (for expansions only) nothing else.
 */
export interface Lit extends Span {
  type: "Lit";
  value: string;
}

/** A backslash-escaped character outside quotes: `\x` gives the literal `x`, quoted. */
export interface Escaped extends Span {
  type: "Escaped";
  value: string;
}

/** `'...'` or `$'...'` (`dollar`: the value has ANSI-C escapes already decoded). */
export interface SglQuoted extends Span {
  type: "SglQuoted";
  value: string;
  dollar: boolean;
  /**
   * Added by the parser: set on `$'..'` strings whose bytes a JS string cannot hold exactly
   * (a NUL, which truncates in bash, or a raw byte >= 0x80 from \xHH / octal). The word model
   * treats such a word as dynamic.
   */
  inexact?: boolean;
}

/**
 * `"..."` or `$"..."`. Inside, literal text is a Lit (already unescaped: `\"` `\\` `\$` `\``
 * resolved, backslash-newline removed) and is quoted: no globbing, brace or tilde expansion.
 */
export interface DblQuoted extends Span {
  type: "DblQuoted";
  parts: WordPart[];
  dollar: boolean;
}

/**
 * `$x`, `${x}`, `${#x}`, `${!x}`, `${x[i]}`, `${x:-w}`, `${x@P}`... `op` is the operator text
 * (":-", "-", ":=", "=", ":?", "?", ":+", "+", "#", "##", "%", "%%", "/", "//", "/#", "/%",
 * "^", "^^", ",", ",,", "@", ":" for substrings, "!*"/"!@" for name prefixes) or null.
 * `args` are the operand words of the operator (one, or two for `/pat/rep` and `:off:len`).
 */
export interface ParamExp extends Span {
  type: "ParamExp";
  /** Variable name, positional digit(s), or special: @ * # ? - $ ! 0 */
  name: string;
  /** `$x` form (no braces). */
  short: boolean;
  /** `${#x}` */
  length: boolean;
  /** `${!x}` indirection (or `${!x[@]}` keys). */
  indirect: boolean;
  /** `${x[sub]}`: the subscript as a word (`@` and `*` are Lit words), or null. */
  index: Word | null;
  op: string | null;
  args: Word[];
}

/** `$(...)` or backticks. */
export interface CmdSubst extends Span {
  type: "CmdSubst";
  body: List;
  backquote: boolean;
}

/** `$((...))` (also the deprecated `$[...]`). */
export interface ArithExp extends Span {
  type: "ArithExp";
  expr: Arithmetic;
}

/** `<(...)` or `>(...)` */
export interface ProcSubst extends Span {
  type: "ProcSubst";
  op: "<" | ">";
  body: List;
}

/** Unquoted extglob `?(..)` `*(..)` `+(..)` `@(..)` `!(..)`: always a pattern, never static. */
export interface ExtGlob extends Span {
  type: "ExtGlob";
  op: "?" | "*" | "+" | "@" | "!";
  pattern: string;
}

/** The `(a b c)` of `arr=(a b c)` / `declare -a arr=(a b c)`. */
export interface ArrayLiteral extends Span {
  type: "ArrayLiteral";
  elems: ArrayElem[];
}

export interface ArrayElem extends Span {
  type: "ArrayElem";
  /** `[k]=v` form: the key word; null for plain elements. */
  index: Word | null;
  value: Word;
}

// ---------- assignments and redirects ----------

/** `name=value`, `name+=value`, `name[i]=value`, `name=(...)`. */
export interface Assignment extends Span {
  type: "Assignment";
  name: string;
  index: Word | null;
  append: boolean;
  /** Scalar value (an empty Word for `a=`); null when `array` is set. */
  value: Word | null;
  array: ArrayLiteral | null;
}

export type RedirectOp =
  | "<"
  | ">"
  | ">>"
  | ">|"
  | "<>"
  | "&>"
  | "&>>"
  | ">&"
  | "<&"
  | "<<"
  | "<<-"
  | "<<<";

export interface Redirect extends Span {
  type: "Redirect";
  op: RedirectOp;
  /** Explicit fd number (`2>`), or null for the operator's default. */
  fd: number | null;
  /** `{var}>file`: bash allocates an fd >= 10 and stores it in var. */
  fdVar: string | null;
  /** The target word; for heredocs, the delimiter word as written. */
  target: Word;
  heredoc: Heredoc | null;
}

export interface Heredoc extends Span {
  type: "Heredoc";
  /** Delimiter after quote removal. */
  delimiter: string;
  /** Any part of the delimiter was quoted: the body is literal, no expansion. */
  quoted: boolean;
  /** `<<-`: leading tabs stripped. */
  stripTabs: boolean;
  /**
   * The body (pos/end cover the body text). Quoted delimiter: a single Lit with the exact text.
   * Unquoted: parts as in a double-quoted string (ParamExp, CmdSubst, ArithExp, Lit).
   */
  body: Word;
}

export type Node =
  | Script
  | List
  | ListItem
  | AndOr
  | Pipeline
  | Command
  | CaseItem
  | Word
  | WordPart
  | ArrayElem
  | Assignment
  | Redirect
  | Heredoc
  | Arithmetic;
