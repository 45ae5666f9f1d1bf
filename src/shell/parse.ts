// The grammar: recursive descent over the scanner in lexer.ts, following bash 5.2's grammar
// (parse.y) for what `bash -c` accepts. Anything not understood is a ParseError; no partial AST.

import type {
  AndOr,
  ArithCommand,
  ArithForClause,
  ArrayElem,
  ArrayLiteral,
  Assignment,
  BraceGroup,
  CaseClause,
  CaseItem,
  Command,
  CompoundCommand,
  Coproc,
  ForClause,
  FunctionDef,
  IfClause,
  List,
  ListItem,
  Pipeline,
  Redirect,
  RedirectOp,
  Script,
  SelectClause,
  SimpleCommand,
  Subshell,
  TestClause,
  TestExpr,
  WhileClause,
  Word,
} from "./ast.ts";
import { ParseError } from "./errors.ts";
import { readHeredocBody } from "./heredoc.ts";
import { C, DEFAULT_BUDGETS, isDigit, isMeta, isNameChar, isNameStart, Lexer, Mode, type Budget, type ParseOptions } from "./lexer.ts";

export type { ParseOptions };

/** bash's HEREDOC_MAX: pending here-documents allowed before their bodies are read. */
const MAX_PENDING_HEREDOCS = 16;
const DECL_BUILTINS = new Set(["declare", "typeset", "local", "export", "readonly"]);
/** Reserved words that end a list (never start a command). */
const LIST_END = new Set(["then", "else", "elif", "fi", "do", "done", "esac", "}"]);
const RESERVED = new Set([
  "!", "[[", "]]", "{", "}", "case", "coproc", "do", "done", "elif", "else", "esac", "fi", "for",
  "function", "if", "in", "select", "then", "time", "until", "while",
]);
const TEST_UNARY = new Set([
  "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-t", "-u", "-w", "-x",
  "-G", "-L", "-N", "-O", "-S", "-z", "-n", "-o", "-v", "-R",
]);
const TEST_BINARY = new Set(["==", "=", "!=", "=~", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef"]);

/** Parse a bash script. Throws ParseError (and nothing else) for anything not accepted. */
export function parse(src: string, opts: ParseOptions = {}): Script {
  // Read-only below; most callers pass no options, and a spread per parse is not free.
  const limits = opts.maxLength === undefined && opts.maxDepth === undefined && opts.maxTokens === undefined && opts.maxHeredocs === undefined && opts.maxCommands === undefined && Object.keys(opts).length === 0 ? DEFAULT_BUDGETS : { ...DEFAULT_BUDGETS, ...opts };
  if (typeof src !== "string") throw new ParseError("internal-error", "input is not a string", "", 0);
  if (src.length > limits.maxLength) {
    throw new ParseError(
      "budget-length",
      `input is ${src.length} characters, over the ${limits.maxLength} limit; split it or raise maxLength`,
      src,
      limits.maxLength,
    );
  }
  const budget: Budget = { limits, depth: 0, tokens: 0, heredocs: 0, commands: 0 };
  try {
    return new Parser(src, budget).parseScript();
  } catch (e) {
    if (e instanceof ParseError) throw e;
    if (e instanceof RangeError) {
      throw new ParseError("budget-depth", "input nests too deeply for the parser's stack; simplify it", src, 0);
    }
    throw new ParseError("internal-error", `parser bug: ${(e as Error)?.message ?? String(e)}; please report this input`, src, 0);
  }
}

export class Parser extends Lexer {
  constructor(src: string, budget: Budget) {
    super(src, budget);
  }

  parseScript(): Script {
    const body = this.parseList(false);
    this.skipBlanks();
    if (this.i < this.n) this.unexpected();
    if (this.pending.length > 0) this.unterminatedHeredoc();
    return { type: "Script", pos: 0, end: this.src.length, body };
  }

  // ---------- Lexer hooks ----------

  parseSubstList(): List {
    return this.parseList(false);
  }

  parseBackquoteBody(inner: string, map: number[]): List {
    const sub = new Parser(inner, this.budget);
    let list: List;
    try {
      list = sub.parseList(false);
      sub.skipBlanks();
      if (sub.i < sub.n) sub.unexpected();
      if (sub.pending.length > 0) sub.unterminatedHeredoc();
    } catch (e) {
      // Report the error at the matching place of the outer source.
      if (e instanceof ParseError) this.fail(e.code, `${e.detail} (inside backquotes)`, map[e.pos] ?? this.i);
      throw e;
    }
    remap(list, map);
    return list;
  }

  readPendingHeredocs(): void {
    if (this.pending.length === 0) return;
    const list = this.pending;
    this.pending = [];
    for (let k = 0; k < list.length; k++) {
      const h = list[k]!;
      // The ones after this one are still waiting while this body is read.
      this.pending = list.slice(k + 1);
      h.redirect.heredoc = readHeredocBody(this, h);
    }
    this.pending = [];
  }

  // ---------- helpers ----------

  unexpected(at: number = this.i): never {
    if (at >= this.n) this.fail("unexpected-eof", "unexpected end of input: a command or closing keyword is missing", at);
    const ch = this.src.charCodeAt(at);
    let tok: string;
    if (ch === C.NL) tok = "newline";
    else {
      let e = at + 1;
      if (isMeta(ch)) {
        while (e < this.n && e < at + 3 && ";&|<>".includes(this.src[e]!) && !isBlank(this.src.charCodeAt(e))) e++;
      } else while (e < this.n && !isMeta(this.src.charCodeAt(e))) e++;
      tok = this.src.slice(at, Math.min(e, at + 20));
    }
    this.fail("unexpected-token", `syntax error near unexpected token '${tok}'`, at);
  }

  unterminatedHeredoc(): never {
    const h = this.pending[0]!;
    this.fail(
      "unterminated-heredoc",
      `here-document <<${h.delimiter} has no body: the body starts on the line after the command and ends with a line '${h.delimiter}'`,
      h.redirect.pos,
    );
  }

  /** Skip blanks, comments and newlines (reading here-document bodies after each newline). */
  skipLinebreaks(): void {
    for (;;) {
      this.skipBlanks();
      if (this.c(this.i) !== C.NL) return;
      this.newline();
    }
  }

  /** Consume a newline token. */
  newline(): void {
    this.i++;
    if (this.pending.length > 0) this.readPendingHeredocs();
    else if (this.outerPending > 0) {
      this.fail("unsupported", "a newline inside a substitution on a line with a pending here-document is not supported: move the substitution", this.i - 1);
    }
  }

  /** The reserved word at i (a complete unquoted word), or null. Does not consume. */
  peekReserved(): string | null {
    const r = this.scanReserved();
    return r && r.word;
  }

  /** Reserved word at i and the index after it (line continuations inside are removed). */
  scanReserved(): { word: string; end: number } | null {
    const run = this.scanRun(this.i, isReservedChar);
    if (run.end === this.i || run.text.length > 8) return null;
    // A line continuation after the word does not join it to anything that follows a blank.
    const k = this.skipCont(run.end);
    if (k < this.n && !isMeta(this.src.charCodeAt(k))) return null;
    return RESERVED.has(run.text) ? { word: run.text, end: run.end } : null;
  }

  /** Consume reserved word `w` if it is next. */
  eatReserved(w: string): boolean {
    const r = this.scanReserved();
    if (r && r.word === w) {
      this.i = r.end;
      this.countToken();
      return true;
    }
    return false;
  }

  expectReserved(w: string, code: "missing-fi" | "missing-done" | "missing-esac" | "missing-then" | "missing-do" | "missing-in", open: number): void {
    this.skipBlanks();
    if (this.eatReserved(w)) return;
    const line = lineOf(this.src, open);
    if (this.i >= this.n) this.fail(code, `missing '${w}' for the construct starting at line ${line}: add it`, this.i);
    this.fail(code, `expected '${w}' (for the construct starting at line ${line}) but found something else`, this.i);
  }

  /** At a list terminator: end, `)`, `;;`-family, or a closing reserved word. */
  atListEnd(): boolean {
    const ch = this.c(this.i);
    if (ch < 0 || ch === C.RP) return true;
    if (ch === C.SEMI && this.after(this.i) === C.SEMI) return true;
    if (ch === C.SEMI && this.after(this.i) === C.AMP) return true;
    const w = this.peekReserved();
    return w !== null && LIST_END.has(w);
  }

  // ---------- lists ----------

  parseList(required: boolean): List {
    const pos = this.i;
    const items: ListItem[] = [];
    for (;;) {
      this.skipLinebreaks();
      if (this.atListEnd()) break;
      const andOr = this.parseAndOr();
      this.skipBlanks();
      const ch = this.c(this.i);
      let background = false;
      let end = andOr.end;
      if (ch === C.SEMI) {
        const nx = this.after(this.i);
        if (nx === C.SEMI || nx === C.AMP) {
          items.push({ type: "ListItem", pos: andOr.pos, end, andOr, background });
          break;
        }
        this.i++;
        end = this.i;
        this.countToken();
      } else if (ch === C.AMP) {
        this.i++;
        end = this.i;
        background = true;
        this.countToken();
      } else if (ch === C.NL) {
        items.push({ type: "ListItem", pos: andOr.pos, end, andOr, background });
        continue; // skipLinebreaks consumes it
      } else {
        items.push({ type: "ListItem", pos: andOr.pos, end, andOr, background });
        break;
      }
      items.push({ type: "ListItem", pos: andOr.pos, end, andOr, background });
    }
    if (required && items.length === 0) this.unexpected();
    const first = items[0];
    const last = items[items.length - 1];
    return { type: "List", pos: first ? first.pos : pos, end: last ? last.end : pos, items };
  }

  parseAndOr(): AndOr {
    const first = this.parsePipeline();
    const rest: AndOr["rest"] = [];
    let end = first.end;
    for (;;) {
      this.skipBlanks();
      const ch = this.c(this.i);
      if ((ch === C.AMP || ch === C.PIPE) && this.after(this.i) === ch) {
        this.i = this.skipCont(this.i + 1) + 1;
        this.countToken();
        this.skipLinebreaks();
        const pipeline = this.parsePipeline();
        rest.push({ op: ch === C.AMP ? "&&" : "||", pipeline });
        end = pipeline.end;
      } else break;
    }
    return { type: "AndOr", pos: first.pos, end, first, rest };
  }

  parsePipeline(): Pipeline {
    this.skipBlanks();
    const pos = this.i;
    let negated = false;
    let time: Pipeline["time"] = null;
    let timePosix = false;
    let timeAtSubstStart = false;
    for (;;) {
      const w = this.peekReserved();
      if (w === "!") {
        this.i++;
        negated = !negated;
        this.skipBlanks();
      } else if (w === "time") {
        if (this.i === this.noTimeKeywordAt) timeAtSubstStart = true;
        // `time time a` times `a` twice in bash: the keyword may repeat.
        this.i = this.scanReserved()!.end; // the keyword (continuations inside removed)
        this.skipBlanks();
        let posix: boolean = timePosix;
        // bash takes one `-p`, then one `--`, as options of the time keyword.
        if (this.c(this.i) === C.MINUS && this.c(this.i + 1) === 112 /* p */ && (this.i + 2 >= this.n || isMeta(this.c(this.i + 2)))) {
          posix = true;
          this.i += 2;
          this.skipBlanks();
        }
        if (this.c(this.i) === C.MINUS && this.c(this.i + 1) === C.MINUS && (this.i + 2 >= this.n || isMeta(this.c(this.i + 2)))) {
          this.i += 2;
          this.skipBlanks();
        }
        timePosix = posix;
        time = { posix };
      } else break;
    }
    const commands: Command[] = [];
    const ops: Pipeline["ops"] = [];
    if (negated || time) {
      // `!` or `time` alone before a terminator is accepted by bash.
      const ch = this.c(this.i);
      // (`! &` and `time &` are syntax errors.)
      // (`$(time)` too: bash reads that time as a plain word.)
      if (ch < 0 || ch === C.NL || (ch === C.SEMI && this.after(this.i) !== C.SEMI && this.after(this.i) !== C.AMP) || (timeAtSubstStart && !negated && ch === C.RP)) {
        return { type: "Pipeline", pos, end: this.i, negated, time, commands, ops };
      }
    }
    commands.push(this.parseCommand());
    if (timeAtSubstStart) this.checkTimeAtSubstStart(commands[0]!);
    for (;;) {
      this.skipBlanks();
      if (this.c(this.i) !== C.PIPE) break;
      const nx = this.after(this.i);
      if (nx === C.PIPE) break;
      let op: "|" | "|&" = "|";
      this.i = this.skipCont(this.i + 1);
      if (nx === C.AMP) {
        op = "|&";
        this.i++;
      }
      this.countToken();
      this.skipLinebreaks();
      ops.push(op);
      commands.push(this.parseCommand());
    }
    return { type: "Pipeline", pos, end: commands[commands.length - 1]!.end, negated, time, commands, ops };
  }

  /**
   * bash 5.2 parses the first token of `$( )`, `<( )`, `>( )` with `time` as a plain word, then
   * runs the substitution text again with `time` as the keyword. So the AST uses the keyword,
   * but we refuse what the plain-word reading rejects: a timed command that is not a simple
   * command without array literals (a `[[ ]]` without parentheses and an empty `case` read as
   * plain words too).
   */
  checkTimeAtSubstStart(cmd: Command): void {
    let ok: boolean;
    switch (cmd.type) {
      case "SimpleCommand": {
        // Read as plain words, `a=(x)` is a syntax error; everything else reads the same.
        ok = !cmd.assigns.some((a) => a.array !== null) && !cmd.words.some((w) => w.parts.some((p) => p.type === "ArrayLiteral"));
        break;
      }
      case "TestClause":
        // As plain words, an unquoted ( or ) is an operator: ( ), =~ groups and extglob fail.
        ok = plainTestWords(cmd.expr);
        break;
      case "CaseClause":
        ok = cmd.items.length === 0;
        break;
      default:
        ok = false;
    }
    if (!ok) {
      this.fail("unexpected-token", "bash 5.2 rejects 'time' followed by a compound command, function or array assignment at the start of $( ), <( ) or >( ): put a ';' or newline before time", cmd.pos);
    }
  }

  // ---------- commands ----------

  parseCommand(): Command {
    this.countCommand();
    this.skipBlanks();
    const pos = this.i;
    const ch = this.c(pos);
    if (ch < 0) this.unexpected();
    if (ch !== C.LP) {
      const w = this.peekReserved();
      if (w === "function") return this.parseFunctionKeyword();
      if (w === "coproc") return this.parseCoproc();
    }
    const cmd = this.parseCompoundCore();
    if (cmd) {
      this.parseTrailingRedirects(cmd.redirects);
      if (cmd.redirects.length > 0) cmd.end = cmd.redirects[cmd.redirects.length - 1]!.end;
      return cmd;
    }
    return this.parseSimpleOrFunction();
  }

  /** A compound command at i without its trailing redirects, or null if none starts here. */
  parseCompoundCore(): CompoundCommand | null {
    const pos = this.i;
    if (this.c(pos) === C.LP) {
      if (this.after(pos) === C.LP) {
        const a = this.tryArithCommand();
        if (a) return a;
      }
      return this.parseSubshell();
    }
    const w = this.peekReserved();
    if (w === null) return null;
    switch (w) {
      case "{": return this.parseBraceGroup();
      case "if": return this.parseIf();
      case "while": case "until": return this.parseWhile(w === "until");
      case "for": return this.parseFor();
      case "select": return this.parseSelect();
      case "case": return this.parseCase();
      case "[[": return this.parseTest();
      case "time": case "function": case "coproc": return null; // handled by the caller (or a plain word)
      default: this.unexpected();
    }
  }

  parseTrailingRedirects(into: Redirect[]): void {
    for (;;) {
      this.skipBlanks();
      const r = this.tryRedirect();
      if (!r) return;
      into.push(r);
    }
  }

  isCompoundStart(): boolean {
    const ch = this.c(this.i);
    if (ch === C.LP) return true;
    const w = this.peekReserved();
    return w === "{" || w === "if" || w === "while" || w === "until" || w === "for" || w === "select" || w === "case" || w === "[[";
  }

  parseSimpleOrFunction(): SimpleCommand | FunctionDef {
    const pos = this.i;
    const assigns: Assignment[] = [];
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    let decl = false;
    let end = pos;
    for (;;) {
      this.skipBlanks();
      const j = this.i;
      const ch = this.c(j);
      if (ch < 0) break;
      const r = this.tryRedirect();
      if (r) {
        redirects.push(r);
        end = r.end;
        continue;
      }
      if (isMeta(ch) && !((ch === C.LT || ch === C.GT) && this.after(j) === C.LP)) break;
      if (words.length === 0) {
        const a = this.tryAssignment();
        if (a) {
          assigns.push(a);
          end = a.end;
          continue;
        }
      } else if (decl) {
        const w = this.tryDeclArrayArg();
        if (w) {
          words.push(w);
          end = w.end;
          continue;
        }
      }
      const w = this.readWord(Mode.Normal);
      if (!w) break;
      this.countToken();
      words.push(w);
      end = w.end;
      if (words.length === 1) {
        const only = w.parts.length === 1 ? w.parts[0]! : null;
        if (only && only.type === "Lit" && DECL_BUILTINS.has(only.value)) decl = true;
        if (assigns.length === 0 && redirects.length === 0) {
          // `name ()` starts a function definition.
          const save = this.i;
          this.skipBlanks();
          if (this.c(this.i) === C.LP && this.after(this.i) !== C.LP) return this.parseFunctionRest(pos, w, false);
          this.i = save;
        }
      }
    }
    if (words.length === 0 && assigns.length === 0 && redirects.length === 0) this.unexpected();
    return { type: "SimpleCommand", pos, end, assigns, words, redirects };
  }

  functionName(w: Word): string {
    const p = w.parts.length === 1 ? w.parts[0]! : null;
    if (!p || p.type !== "Lit" || RESERVED.has(p.value) || /^[0-9]+$/.test(p.value) || p.value.includes("=")) {
      this.fail("bad-function-name", "function names must be plain unquoted words (no quotes, $ or =)", w.pos);
    }
    return p.value;
  }

  /** After the name of `name ()` (at `(`) or of `function name`. */
  parseFunctionRest(pos: number, nameWord: Word, keyword: boolean): FunctionDef {
    const name = this.functionName(nameWord);
    this.skipBlanks();
    if (this.c(this.i) === C.LP) {
      this.i++;
      this.skipBlanks();
      if (this.c(this.i) !== C.RP) this.unexpected();
      this.i++;
    } else if (!keyword) this.unexpected();
    this.skipLinebreaks();
    this.enter(pos);
    const body = this.isCompoundStart() ? this.parseCompoundCore() : null;
    if (!body) this.fail("unexpected-token", "a function body must be a compound command such as { ...; }", this.i);
    this.leave();
    // Redirects after the body apply at every call of the function.
    const redirects: Redirect[] = [];
    this.parseTrailingRedirects(redirects);
    const end = redirects.length ? redirects[redirects.length - 1]!.end : body.end;
    return { type: "FunctionDef", pos, end, name, keyword, body, redirects };
  }

  parseFunctionKeyword(): FunctionDef {
    const pos = this.i;
    this.i = this.scanReserved()!.end; // the keyword (continuations inside removed)
    this.skipBlanks();
    const w = this.readWord(Mode.Normal);
    if (!w) this.unexpected();
    this.countToken();
    return this.parseFunctionRest(pos, w, true);
  }

  parseCoproc(): Coproc {
    const pos = this.i;
    this.i = this.scanReserved()!.end; // the keyword (continuations inside removed)
    this.skipBlanks();
    this.enter(pos);
    let name: string | null = null;
    let body: Command;
    if (this.isCompoundStart()) body = this.parseCommand();
    else if (this.peekReserved() !== null) this.unexpected();
    else {
      const save = this.i;
      const w = this.readWord(Mode.Normal);
      if (!w) this.unexpected();
      this.skipBlanks();
      const lit = w.parts.length === 1 && w.parts[0]!.type === "Lit" ? w.parts[0].value : null;
      if (lit !== null && isIdentifier(lit) && this.isCompoundStart()) {
        name = lit;
        body = this.parseCommand();
      } else if (this.peekReserved() !== null || this.c(this.i) === C.LP) {
        // bash reads a reserved word after `coproc WORD` as such: `coproc x esac` is an error.
        this.unexpected();
      } else {
        this.i = save;
        body = this.parseSimpleOrFunction();
        if (body.type === "FunctionDef") this.fail("unsupported", "a function definition as a coproc body is not supported", body.pos);
        // bash 5.2 runs the printed text of $( ), <( ), >( ), and prints `coproc a` as
        // `coproc COPROC a`: the re-parse runs the command COPROC with `a` as an argument.
        if (this.parenSubstDepth > 0) {
          this.fail("unsupported", "a coproc of a simple command inside $( ), <( ) or >( ) runs differently in bash 5.2 (it runs COPROC with the words as arguments): use a { ...; } group or a named coproc", pos);
        }
      }
    }
    this.leave();
    return { type: "Coproc", pos, end: body.end, name, body };
  }

  // ---------- assignments ----------

  /** `name=`, `name+=`, `name[sub]=` at i: returns the assignment or null (i unchanged). */
  tryAssignment(): Assignment | null {
    const pos = this.i;
    const head = this.scanAssignHead();
    if (!head) return null;
    const { name, index, append } = head;
    let value: Word | null = null;
    let array: ArrayLiteral | null = null;
    if (this.c(this.i) === C.LP) {
      array = this.parseArrayLiteral();
    } else {
      value = this.readWord(Mode.Normal) ?? { type: "Word", pos: this.i, end: this.i, parts: [] };
    }
    this.countToken();
    return { type: "Assignment", pos, end: this.i, name, index, append, value, array };
  }

  /** Reads `name[sub]+=` / `name=`; on failure restores i and returns null. */
  scanAssignHead(): { name: string; index: Word | null; append: boolean } | null {
    const pos = this.i;
    if (!isNameStart(this.c(pos))) return null;
    const run = this.scanRun(pos, isNameChar);
    const name = run.text;
    const e = this.skipCont(run.end);
    let index: Word | null = null;
    this.i = e;
    if (this.c(e) === C.LB) {
      this.i = e + 1;
      index = this.readWord(Mode.Index) ?? { type: "Word", pos: this.i, end: this.i, parts: [] };
      if (this.c(this.i) !== C.RB) {
        // bash reads a word that starts like `name[` in assignment position up to the
        // matching `]`, across blanks and operators: at the end of input that is an error.
        if (this.i >= this.n) this.fail("unexpected-eof", "unterminated subscript: add the closing ]", e);
        this.fail("unsupported", "a subscript spanning lines is not supported", e);
      }
      this.i = this.skipCont(this.i + 1);
    }
    let append = false;
    if (this.c(this.i) === C.PLUS && this.after(this.i) === C.EQ) {
      append = true;
      this.i = this.skipCont(this.i + 1) + 1;
    } else if (this.c(this.i) === C.EQ) this.i++;
    else {
      if (index && this.src.slice(index.pos, index.end).search(/[ \t]/) >= 0) {
        this.fail("unsupported", "a word like a[x y] that is not an assignment is not supported", pos);
      }
      this.i = pos;
      return null;
    }
    return { name, index, append };
  }

  /** For declare/local/...: an argument `name=(...)` becomes a Word holding an ArrayLiteral. */
  tryDeclArrayArg(): Word | null {
    const pos = this.i;
    const head = this.scanAssignHead();
    if (!head) return null;
    if (this.c(this.i) !== C.LP) {
      this.i = pos;
      return null;
    }
    const headEnd = this.i;
    const array = this.parseArrayLiteral();
    this.countToken();
    return {
      type: "Word",
      pos,
      end: this.i,
      parts: [{ type: "Lit", pos, end: headEnd, value: this.src.slice(pos, headEnd) }, array],
    };
  }

  parseArrayLiteral(): ArrayLiteral {
    const pos = this.i;
    this.i++;
    this.enter(pos);
    const elems: ArrayElem[] = [];
    for (;;) {
      this.skipLinebreaks();
      const ch = this.c(this.i);
      if (ch < 0) this.fail("unterminated-array", "unterminated array literal: add the closing )", pos);
      if (ch === C.RP) {
        this.i++;
        break;
      }
      if (isMeta(ch) && !((ch === C.LT || ch === C.GT) && this.after(this.i) === C.LP)) this.unexpected();
      const epos = this.i;
      let index: Word | null = null;
      if (ch === C.LB) {
        this.i++;
        const k = this.readWord(Mode.Index) ?? { type: "Word", pos: this.i, end: this.i, parts: [] };
        // bash reads an element that starts with `[` up to its matching `]`, blanks and
        // parentheses included, and without one the input is a syntax error (`a=([k=v) b)`).
        // Failing here, rather than re-reading the element as a plain word, also keeps nested
        // substitutions from being scanned to the end of the input again at every level.
        if (this.i >= this.n) this.fail("unterminated-array", "unterminated [ in an array literal: add the closing ]", epos);
        if (this.c(this.i) === C.RB && (this.c(this.i + 1) === C.EQ || (this.c(this.i + 1) === C.PLUS && this.c(this.i + 2) === C.EQ))) {
          index = k;
          this.i += this.c(this.i + 1) === C.EQ ? 2 : 3;
        } else this.i = epos;
      }
      let value: Word | null;
      if (index) value = this.readWord(Mode.Normal) ?? { type: "Word", pos: this.i, end: this.i, parts: [] };
      else value = this.readWord(Mode.Normal);
      if (!value) this.unexpected();
      this.countToken();
      elems.push({ type: "ArrayElem", pos: epos, end: this.i, index, value });
    }
    this.leave();
    return { type: "ArrayLiteral", pos, end: this.i, elems };
  }

  // ---------- redirects ----------

  /** A redirect at i, or null (i unchanged). */
  tryRedirect(): Redirect | null {
    const pos = this.i;
    const src = this.src;
    let j = pos;
    let fd: number | null = null;
    let fdVar: string | null = null;
    let ch = this.c(j);
    if (isDigit(ch)) {
      const run = this.scanRun(j, isDigit);
      const e = this.skipCont(run.end);
      const op = this.c(e);
      if (op !== C.LT && op !== C.GT) return null;
      if (run.text.length > 9) this.fail("unsupported", "file descriptor number too large", pos);
      fd = Number(run.text);
      j = e;
    } else if (ch === C.LC) {
      const k = this.skipCont(j + 1);
      if (!isNameStart(this.c(k))) return null;
      const run = this.scanRun(k, isNameChar);
      const e = this.skipCont(run.end);
      if (this.c(e) !== C.RC) return null;
      const o = this.skipCont(e + 1);
      const op = this.c(o);
      if (op !== C.LT && op !== C.GT) return null;
      fdVar = run.text;
      j = o;
    }
    ch = this.c(j);
    let op: RedirectOp;
    const k1 = this.skipCont(j + 1);
    const n1 = this.c(k1);
    let after: number;
    if (ch === C.LT) {
      if (n1 === C.LP) return null; // process substitution
      if (n1 === C.LT) {
        const k2 = this.skipCont(k1 + 1);
        const n2 = this.c(k2);
        if (n2 === C.LT) { op = "<<<"; after = k2 + 1; }
        else if (n2 === C.MINUS) { op = "<<-"; after = k2 + 1; }
        else { op = "<<"; after = k1 + 1; }
      } else if (n1 === C.GT) { op = "<>"; after = k1 + 1; }
      else if (n1 === C.AMP) { op = "<&"; after = k1 + 1; }
      else { op = "<"; after = j + 1; }
    } else if (ch === C.GT) {
      if (n1 === C.LP) return null;
      if (n1 === C.GT) { op = ">>"; after = k1 + 1; }
      else if (n1 === C.PIPE) { op = ">|"; after = k1 + 1; }
      else if (n1 === C.AMP) { op = ">&"; after = k1 + 1; }
      else { op = ">"; after = j + 1; }
    } else if (ch === C.AMP && fd === null && fdVar === null && n1 === C.GT) {
      const k2 = this.skipCont(k1 + 1);
      if (this.c(k2) === C.GT) { op = "&>>"; after = k2 + 1; }
      else { op = "&>"; after = k1 + 1; }
    } else {
      if (fd !== null || fdVar !== null) this.i = pos;
      return null;
    }
    if ((op === "&>" || op === "&>>") && (fd !== null || fdVar !== null)) return null;
    this.i = after;
    this.countToken();
    this.skipBlanks();
    const tpos = this.i;
    const target = this.readWord(Mode.Normal);
    if (!target) {
      if (this.i >= this.n) this.fail("missing-redirect-target", `redirect '${op}' needs a target word after it`, pos);
      this.unexpected();
    }
    // Digits right before < or > are an fd number, never a word: `<2>f` is a syntax error.
    const nx = this.c(this.i);
    // (After >& and <& bash takes the number as the target: `2>&12>&1` is fine.)
    if ((nx === C.LT || nx === C.GT) && op !== ">&" && op !== "<&" && /^[0-9]+$/.test(this.src.slice(tpos, this.i))) this.unexpected(tpos);
    this.countToken();
    const r: Redirect = { type: "Redirect", pos, end: target.end, op, fd, fdVar, target, heredoc: null };
    if (op === "<<" || op === "<<-") {
      // bash keeps at most 16 here-documents waiting for their bodies (per line, per $( )).
      if (this.pending.length >= MAX_PENDING_HEREDOCS) {
        this.fail("budget-heredocs", `more than ${MAX_PENDING_HEREDOCS} here-documents wait for their bodies on one line: bash rejects this (maximum here-document count exceeded); put a newline and the bodies after at most ${MAX_PENDING_HEREDOCS}`, pos);
      }
      if (++this.budget.heredocs > this.budget.limits.maxHeredocs) {
        this.fail("budget-heredocs", `more than ${this.budget.limits.maxHeredocs} here-documents; split the command or raise maxHeredocs`, pos);
      }
      const { delimiter, quoted } = heredocDelimiter(this.src, target);
      this.pending.push({ redirect: r, delimiter, quoted, stripTabs: op === "<<-" });
    }
    return r;
  }

  // ---------- compound commands ----------

  parseBraceGroup(): BraceGroup {
    const pos = this.i;
    this.i++;
    this.countToken();
    this.enter(pos);
    const body = this.parseList(true);
    this.skipBlanks();
    if (!this.eatReserved("}")) {
      if (this.i >= this.n) this.fail("unterminated-brace-group", "missing '}' to close the { group: add '; }'", pos);
      this.unexpected();
    }
    this.leave();
    return { type: "BraceGroup", pos, end: this.i, body, redirects: [] };
  }

  parseSubshell(): Subshell {
    const pos = this.i;
    this.i++;
    this.countToken();
    this.enter(pos);
    const body = this.parseList(true);
    this.skipBlanks();
    if (this.c(this.i) !== C.RP) {
      if (this.i >= this.n) this.fail("unterminated-subshell", "missing ')' to close the ( subshell", pos);
      this.unexpected();
    }
    this.i++;
    this.leave();
    return { type: "Subshell", pos, end: this.i, body, redirects: [] };
  }

  tryArithCommand(): ArithCommand | null {
    const pos = this.i;
    this.i = this.skipCont(this.i + 1) + 1;
    const r = this.scanArith(pos, false);
    if (!r) {
      this.i = pos;
      return null;
    }
    this.countToken();
    return { type: "ArithCommand", pos, end: this.i, expr: r.expr, redirects: [] };
  }

  parseIf(): IfClause {
    const pos = this.i;
    this.i = this.scanReserved()!.end; // the keyword (continuations inside removed)
    this.countToken();
    this.enter(pos);
    const branches: IfClause["branches"] = [];
    let elseBody: List | null = null;
    let cond = this.parseList(true);
    this.expectReserved("then", "missing-then", pos);
    let body = this.parseList(true);
    branches.push({ cond, body });
    for (;;) {
      this.skipBlanks();
      if (this.eatReserved("elif")) {
        cond = this.parseList(true);
        this.expectReserved("then", "missing-then", pos);
        body = this.parseList(true);
        branches.push({ cond, body });
      } else if (this.eatReserved("else")) {
        elseBody = this.parseList(true);
        this.expectReserved("fi", "missing-fi", pos);
        break;
      } else {
        this.expectReserved("fi", "missing-fi", pos);
        break;
      }
    }
    this.leave();
    return { type: "IfClause", pos, end: this.i, branches, elseBody, redirects: [] };
  }

  parseWhile(until: boolean): WhileClause {
    const pos = this.i;
    this.i = this.scanReserved()!.end; // the keyword (continuations inside removed)
    this.countToken();
    this.enter(pos);
    const cond = this.parseList(true);
    this.expectReserved("do", "missing-do", pos);
    const body = this.parseList(true);
    this.expectReserved("done", "missing-done", pos);
    this.leave();
    return { type: "WhileClause", pos, end: this.i, until, cond, body, redirects: [] };
  }

  /** `do list done` or `{ list }` after for/select. */
  parseDoGroup(pos: number): List {
    this.skipLinebreaks();
    if (this.eatReserved("do")) {
      const body = this.parseList(true);
      this.expectReserved("done", "missing-done", pos);
      return body;
    }
    if (this.peekReserved() === "{") {
      const g = this.parseBraceGroup();
      return g.body;
    }
    if (this.i >= this.n) this.fail("missing-do", "missing 'do' for the loop: add '; do ...; done'", this.i);
    this.fail("missing-do", "expected 'do' after the loop header", this.i);
  }

  /** name [in words] ; — shared by for and select. */
  parseLoopHead(pos: number): { name: string; items: Word[] | null } {
    this.skipBlanks();
    const w = this.readWord(Mode.Normal);
    if (!w) this.unexpected();
    this.countToken();
    const p = w.parts.length === 1 ? w.parts[0]! : null;
    // bash -n accepts any word here and fails at run time on a bad name; we keep plain
    // literal names and refuse quoted or expanded ones (fail closed).
    if (!p || p.type !== "Lit") this.fail("bad-identifier", "the loop variable must be a plain unquoted name", w.pos);
    const name = p.value;
    let items: Word[] | null = null;
    this.skipBlanks();
    if (this.c(this.i) === C.SEMI && this.after(this.i) !== C.SEMI) {
      this.i++;
      return { name, items };
    }
    const beforeBreaks = this.i;
    this.skipLinebreaks();
    // `for x { ...; }` needs a `;` or newline before the brace (bash rejects it on one line).
    if (this.i === beforeBreaks && this.peekReserved() === "{") this.unexpected();
    if (this.eatReserved("in")) {
      items = [];
      for (;;) {
        this.skipBlanks();
        const ch = this.c(this.i);
        if (ch === C.SEMI && this.after(this.i) !== C.SEMI) {
          this.i++;
          break;
        }
        if (ch === C.NL) break;
        if (ch < 0) this.fail("missing-do", "missing 'do' for the loop", this.i);
        const item = this.readWord(Mode.Normal);
        if (!item) this.unexpected();
        this.countToken();
        items.push(item);
      }
    }
    void pos;
    return { name, items };
  }

  parseFor(): ForClause | ArithForClause {
    const pos = this.i;
    this.i = this.scanReserved()!.end; // the keyword (continuations inside removed)
    this.countToken();
    this.enter(pos);
    this.skipBlanks();
    if (this.c(this.i) === C.LP && this.after(this.i) === C.LP) {
      this.i = this.skipCont(this.i + 1) + 1;
      const parts: (import("./ast.ts").Arithmetic | null)[] = [];
      for (let k = 0; k < 3; k++) {
        const r = this.scanArith(pos, true);
        if (!r) this.fail("unexpected-token", "malformed for (( ; ; )) header", this.i);
        parts.push(r.expr.raw.trim() === "" ? null : r.expr);
        if (k < 2 && r.term !== ";") this.fail("unexpected-token", "for (( )) needs three parts separated by ';'", this.i);
        if (k === 2 && r.term !== "))") this.fail("unexpected-token", "for (( )) has more than three parts", this.i);
      }
      this.skipBlanks();
      if (this.c(this.i) === C.SEMI) this.i++;
      const body = this.parseDoGroup(pos);
      this.leave();
      return { type: "ArithForClause", pos, end: this.i, init: parts[0]!, cond: parts[1]!, step: parts[2]!, body, redirects: [] };
    }
    const { name, items } = this.parseLoopHead(pos);
    const body = this.parseDoGroup(pos);
    this.leave();
    return { type: "ForClause", pos, end: this.i, name, items, body, redirects: [] };
  }

  parseSelect(): SelectClause {
    const pos = this.i;
    this.i = this.scanReserved()!.end; // the keyword (continuations inside removed)
    this.countToken();
    this.enter(pos);
    const { name, items } = this.parseLoopHead(pos);
    const body = this.parseDoGroup(pos);
    this.leave();
    return { type: "SelectClause", pos, end: this.i, name, items, body, redirects: [] };
  }

  parseCase(): CaseClause {
    const pos = this.i;
    this.i = this.scanReserved()!.end; // the keyword (continuations inside removed)
    this.countToken();
    this.enter(pos);
    this.skipBlanks();
    const word = this.readWord(Mode.Normal);
    if (!word) this.unexpected();
    this.countToken();
    this.skipLinebreaks();
    this.expectReserved("in", "missing-in", pos);
    const items: CaseItem[] = [];
    for (;;) {
      this.skipLinebreaks();
      if (this.eatReserved("esac")) break;
      if (this.i >= this.n) this.fail("missing-esac", "missing 'esac' to close the case: add it", pos);
      const ipos = this.i;
      if (this.c(this.i) === C.LP) {
        this.i++;
        this.skipBlanks();
      }
      const patterns: Word[] = [];
      for (;;) {
        this.skipBlanks();
        const p = this.readWord(Mode.Normal);
        if (!p) this.unexpected();
        this.countToken();
        patterns.push(p);
        this.skipBlanks();
        const ch = this.c(this.i);
        if (ch === C.PIPE) {
          this.i++;
          continue;
        }
        if (ch === C.RP) {
          this.i++;
          break;
        }
        this.unexpected();
      }
      const body = this.parseList(false);
      this.skipBlanks();
      let terminator: CaseItem["terminator"] = null;
      if (this.c(this.i) === C.SEMI) {
        const k = this.skipCont(this.i + 1);
        const nx = this.c(k);
        if (nx === C.SEMI) {
          const k2 = this.skipCont(k + 1);
          if (this.c(k2) === C.AMP) {
            terminator = ";;&";
            this.i = k2 + 1;
          } else {
            terminator = ";;";
            this.i = k + 1;
          }
        } else if (nx === C.AMP) {
          terminator = ";&";
          this.i = k + 1;
        }
      }
      items.push({ type: "CaseItem", pos: ipos, end: this.i, patterns, body, terminator });
      if (terminator === null) {
        this.skipLinebreaks();
        if (this.eatReserved("esac")) break;
        if (this.i >= this.n) this.fail("missing-esac", "missing 'esac' to close the case: add it", pos);
        this.unexpected();
      }
    }
    this.leave();
    return { type: "CaseClause", pos, end: this.i, word, items, redirects: [] };
  }

  // ---------- [[ ]] ----------

  parseTest(): TestClause {
    const pos = this.i;
    this.i = this.scanReserved()!.end; // the keyword (continuations inside removed)
    this.countToken();
    this.enter(pos);
    const expr = this.testOr();
    this.skipBlanks(); // a newline before ]] is a syntax error in bash
    if (!this.atTestClose()) {
      if (this.i >= this.n) this.fail("unterminated-test", "missing ']]' to close '[['", pos);
      this.fail("bad-test-expression", "unexpected word in [[ ]]: expected ']]' or an operator", this.i);
    }
    this.i += 2;
    this.leave();
    return { type: "TestClause", pos, end: this.i, expr, redirects: [] };
  }

  skipTestSpace(newlines: boolean): void {
    for (;;) {
      this.skipBlanks();
      if (newlines && this.c(this.i) === C.NL) this.newline();
      else return;
    }
  }

  atTestClose(): boolean {
    return this.c(this.i) === C.RB && this.c(this.i + 1) === C.RB && (this.i + 2 >= this.n || isMeta(this.c(this.i + 2)));
  }

  testOr(): TestExpr {
    let left = this.testAnd();
    for (;;) {
      this.skipTestSpace(false);
      if (this.c(this.i) === C.PIPE && this.c(this.i + 1) === C.PIPE) {
        this.i += 2;
        const right = this.testAnd();
        left = { type: "TestOr", pos: left.pos, end: right.end, left, right };
      } else return left;
    }
  }

  testAnd(): TestExpr {
    let left = this.testNot();
    for (;;) {
      this.skipTestSpace(false);
      if (this.c(this.i) === C.AMP && this.c(this.i + 1) === C.AMP) {
        this.i += 2;
        const right = this.testNot();
        left = { type: "TestAnd", pos: left.pos, end: right.end, left, right };
      } else return left;
    }
  }

  testNot(): TestExpr {
    this.skipTestSpace(true);
    const pos = this.i;
    if (this.c(pos) === C.BANG && (pos + 1 >= this.n || isMeta(this.c(pos + 1)))) {
      this.i++;
      this.enter(pos);
      const expr = this.testNot();
      this.leave();
      return { type: "TestNot", pos, end: expr.end, expr };
    }
    return this.testPrimary();
  }

  testWord(mode: Mode): Word {
    this.skipBlanks();
    if (this.atTestClose()) this.fail("bad-test-expression", "[[ ]] expression is incomplete", this.i);
    const w = this.readWord(mode);
    if (!w) {
      if (this.i >= this.n) this.fail("unterminated-test", "missing ']]' to close '[['", this.i);
      this.fail("bad-test-expression", "expected a word in [[ ]]", this.i);
    }
    this.countToken();
    return w;
  }

  testPrimary(): TestExpr {
    this.skipTestSpace(true);
    const pos = this.i;
    if (this.c(pos) === C.LP) {
      this.i++;
      this.enter(pos);
      const expr = this.testOr();
      this.skipBlanks();
      if (this.c(this.i) !== C.RP) this.fail("bad-test-expression", "missing ')' in [[ ]]", this.i);
      this.i++;
      this.leave();
      return { type: "TestParen", pos, end: this.i, expr };
    }
    // Extglob patterns are only accepted right of ==, = and != (bash rejects `[[ @(a) == x ]]`).
    const first = this.testWord(Mode.Normal);
    const lit = litOf(first);
    this.skipBlanks();
    if (lit !== null && TEST_UNARY.has(lit)) {
      if (this.atTestClose()) this.fail("bad-test-expression", `unary operator ${lit} needs an operand`, this.i);
      const operand = this.testWord(Mode.Normal);
      return { type: "TestUnary", pos, end: operand.end, op: lit, operand };
    }
    // Binary operator?
    const ch = this.c(this.i);
    let op: string | null = null;
    if ((ch === C.LT || ch === C.GT) && this.c(this.i + 1) !== C.LP) {
      op = ch === C.LT ? "<" : ">";
      this.i++;
    } else if (ch >= 0 && !isMeta(ch) && !this.atTestClose()) {
      const save = this.i;
      let e = this.i;
      while (e < this.n && !isMeta(this.src.charCodeAt(e))) e++;
      const cand = this.src.slice(this.i, e);
      if (TEST_BINARY.has(cand)) {
        op = cand;
        this.i = e;
      } else {
        this.i = save;
        this.fail("bad-test-expression", `expected a binary operator in [[ ]], found '${cand.slice(0, 20)}'`, this.i);
      }
    }
    if (op === null) return { type: "TestWord", pos, end: first.end, word: first };
    this.skipBlanks();
    if (this.c(this.i) === C.NL || this.i >= this.n) this.fail("bad-test-expression", `binary operator ${op} needs a right operand`, this.i);
    const right = this.testWord(op === "=~" ? Mode.Regex : op === "==" || op === "=" || op === "!=" ? Mode.Test : Mode.Normal);
    return { type: "TestBinary", pos, end: right.end, op, left: first, right };
  }
}

// ---------- free helpers ----------

/** A [[ ]] expression whose words hold no unquoted parenthesis (see checkTimeAtSubstStart). */
function plainTestWords(e: TestExpr): boolean {
  const plain = (w: Word): boolean =>
    w.parts.every((p) => p.type !== "ExtGlob" && !(p.type === "Lit" && (p.value.includes("(") || p.value.includes(")"))));
  switch (e.type) {
    case "TestWord": return plain(e.word);
    case "TestUnary": return plain(e.operand);
    case "TestBinary": return plain(e.left) && plain(e.right);
    case "TestNot": return plainTestWords(e.expr);
    case "TestAnd": case "TestOr": return plainTestWords(e.left) && plainTestWords(e.right);
    case "TestParen": return false;
  }
}

function isReservedChar(ch: number): boolean {
  return (ch >= 97 && ch <= 122) || ch === C.LC || ch === C.RC || ch === C.LB || ch === C.RB || ch === C.BANG;
}

function isBlank(c: number): boolean {
  return c === C.SP || c === C.TAB;
}

function isIdentifier(s: string): boolean {
  if (s.length === 0 || !isNameStart(s.charCodeAt(0))) return false;
  for (let k = 1; k < s.length; k++) if (!isNameChar(s.charCodeAt(k))) return false;
  return true;
}

function litOf(w: Word): string | null {
  return w.parts.length === 1 && w.parts[0]!.type === "Lit" ? w.parts[0].value : null;
}

function lineOf(src: string, pos: number): number {
  let line = 1;
  for (let k = 0; k < pos && k < src.length; k++) if (src.charCodeAt(k) === C.NL) line++;
  return line;
}

/** The here-document delimiter after quote removal, and whether any of it was quoted. */
export function heredocDelimiter(src: string, w: Word): { delimiter: string; quoted: boolean } {
  let delimiter = "";
  let quoted = false;
  for (const p of w.parts) {
    switch (p.type) {
      case "Lit": delimiter += p.value; break;
      case "Escaped": delimiter += p.value; quoted = true; break;
      case "SglQuoted": delimiter += p.dollar ? src.slice(p.pos + 2, p.end - 1) : p.value; quoted = true; break;
      case "DblQuoted": delimiter += src.slice(p.pos + (p.dollar ? 2 : 1), p.end - 1); quoted = true; break;
      default: delimiter += src.slice(p.pos, p.end);
    }
  }
  return { delimiter, quoted };
}

/** Map positions of a backquote body (parsed as its own string) back into the outer source. */
function remap(node: unknown, map: number[]): void {
  const last = map[map.length - 1] ?? 0;
  const seen = new Set<object>();
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== "object" || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const x of v) walk(x);
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.pos === "number" && typeof o.end === "number") {
      o.pos = map[o.pos] ?? last;
      o.end = o.end >= map.length ? last : (o.end === 0 ? map[0]! : map[o.end - 1]! + 1);
    }
    for (const k in o) if (k !== "pos" && k !== "end") walk(o[k]);
  };
  walk(node);
}
