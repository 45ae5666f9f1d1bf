// mvdan-sh (the GopherJS build of mvdan/sh's syntax package) as a reference parser for the
// differential test. Dev-only: it takes ~57 ms to initialise, so it is loaded once, lazily.
//
// For a command it reports: accepted or rejected (bash mode), every simple command found anywhere
// (including inside substitutions, heredoc bodies and compound commands) with its static argv
// (null for a word whose value is not a literal), and every redirect (op, fd, static target).

import { createRequire } from "node:module";

// ---------- the slice of mvdan-sh's API we use (it ships no types) ----------

interface MNode {
  [key: string]: unknown;
}
interface MLit extends MNode {
  Value: string;
}
interface MWord extends MNode {
  Parts: MNode[];
}
interface MAssign extends MNode {
  Append: boolean;
  Naked: boolean;
  Name: MLit | null;
  Index: MNode | null;
  Value: MWord | null;
  Array: MNode | null;
}
interface MRedirect extends MNode {
  Op: number;
  N: MLit | null;
  Word: MWord | null;
  Hdoc: MWord | null;
}
interface MStmt extends MNode {
  Cmd: MNode | null;
  Redirs: MRedirect[];
}
interface MParser {
  Parse(src: string, name: string): MNode;
}
interface MSyntax {
  NewParser(...opts: unknown[]): MParser;
  Variant(lang: unknown): unknown;
  LangBash: unknown;
  NodeType(n: MNode): string;
  Walk(n: MNode, fn: (n: MNode | null) => boolean): void;
  SplitBraces(w: MWord): MWord;
}

// ---------- result shape ----------

/** A word's value after quote removal, or null when it is not a plain literal. */
export type RefWord = string | null;

export interface RefRedirect {
  op: string;
  /** Explicit fd (`2>`), or null for the operator's default. */
  fd: number | null;
  /** `{var}>file` */
  fdVar: string | null;
  /** Static target; for heredocs the delimiter after quote removal. */
  target: RefWord;
}

export interface RefCommand {
  argv: RefWord[];
  /** Only argv[0] is known (mvdan parses `let` arguments as arithmetic, not words). */
  argvUnknown?: true;
  /** Redirects written on this command's statement. */
  redirects: RefRedirect[];
}

export type RefResult =
  | {
      accepted: true;
      commands: RefCommand[];
      /** Every redirect in the script, including those on compound commands. */
      redirects: RefRedirect[];
    }
  | { accepted: false; error: string };

// ---------- loading ----------

let cached: { syntax: MSyntax; parser: MParser; ops: Map<number, string> } | null = null;

const OP_SAMPLES: [string, string][] = [
  ["<", "x <f"],
  [">", "x >f"],
  [">>", "x >>f"],
  [">|", "x >|f"],
  ["<>", "x <>f"],
  ["&>", "x &>f"],
  ["&>>", "x &>>f"],
  [">&", "x >&2"],
  ["<&", "x <&2"],
  ["<<", "x <<E\nE\n"],
  ["<<-", "x <<-E\nE\n"],
  ["<<<", "x <<<w"],
];

function load(): NonNullable<typeof cached> {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const syntax = (require("mvdan-sh") as { syntax: MSyntax }).syntax;
  const parser = syntax.NewParser(syntax.Variant(syntax.LangBash));
  // Redirect operators are numeric tokens in the Go build: learn each code by parsing a sample.
  const ops = new Map<number, string>();
  for (const [op, src] of OP_SAMPLES) {
    const stmt = (parser.Parse(src, "op").Stmts as MStmt[])[0];
    const code = stmt?.Redirs[0]?.Op;
    if (code === undefined) throw new Error(`mvdan-sh: could not learn the code of redirect ${op}`);
    ops.set(code, op);
  }
  cached = { syntax, parser, ops };
  return cached;
}

// ---------- static values ----------

/** Unquoted literal text: drops backslash-newline and the backslash of `\x`. */
function unescapeUnquoted(s: string): string {
  return s.replace(/\\\n/g, "").replace(/\\([\s\S])/g, "$1");
}

/** Literal text inside double quotes: a backslash escapes only $ ` " \ and newline. */
function unescapeDouble(s: string): string {
  return s.replace(/\\\n/g, "").replace(/\\([$`"\\])/g, "$1");
}

/** Decodes `$'...'` escapes the way bash does (ANSI-C quoting). */
export function decodeAnsiC(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== "\\" || i + 1 >= s.length) {
      out += c;
      continue;
    }
    const n = s[++i]!;
    const simple: Record<string, string> = {
      a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v",
      "\\": "\\", "'": "'", '"': '"', "?": "?",
    };
    if (n in simple) {
      out += simple[n];
    } else if (/[0-7]/.test(n)) {
      let digits = n;
      while (digits.length < 3 && /[0-7]/.test(s[i + 1] ?? "")) digits += s[++i];
      out += String.fromCharCode(parseInt(digits, 8) & 0xff);
    } else if (n === "x" || n === "u" || n === "U") {
      const max = n === "x" ? 2 : n === "u" ? 4 : 8;
      let digits = "";
      while (digits.length < max && /[0-9a-fA-F]/.test(s[i + 1] ?? "")) digits += s[++i];
      if (!digits) out += "\\" + n;
      else if (n === "x") out += String.fromCharCode(parseInt(digits, 16));
      else out += String.fromCodePoint(Math.min(parseInt(digits, 16), 0x10ffff));
    } else if (n === "c" && i + 1 < s.length) {
      out += String.fromCharCode(s[++i]!.toUpperCase().charCodeAt(0) & 0x1f);
    } else {
      out += "\\" + n;
    }
  }
  // bash stops a $'..' string at a NUL byte.
  const nul = out.indexOf("\0");
  return nul >= 0 ? out.slice(0, nul) : out;
}

/** Unquoted characters that make bash expand a word (globs, tilde at the start). */
function expandsUnquoted(raw: string, first: boolean): boolean {
  const plain = raw.replace(/\\[\s\S]/g, "");
  if (first && plain.startsWith("~") && raw.startsWith("~")) return true;
  if (/[*?]/.test(plain)) return true;
  // `[` is a glob only with a closing `]` after it.
  const open = plain.indexOf("[");
  return open >= 0 && plain.indexOf("]", open + 1) > 0;
}

function staticWord(S: MSyntax, word: MWord | null): RefWord {
  if (!word) return null;
  let out = "";
  let braces = false;
  for (const [i, part] of word.Parts.entries()) {
    switch (typeOf(part)) {
      case "Lit": {
        const raw = (part as MLit).Value;
        if (expandsUnquoted(raw, i === 0)) return null;
        if (raw.includes("{")) braces = true;
        out += unescapeUnquoted(raw);
        break;
      }
      case "SglQuoted":
        out += part.Dollar ? decodeAnsiC(part.Value as string) : (part.Value as string);
        break;
      case "DblQuoted":
        for (const inner of part.Parts as MNode[]) {
          if (typeOf(inner) !== "Lit") return null;
          out += unescapeDouble((inner as MLit).Value);
        }
        break;
      default:
        return null;
    }
  }
  // Brace expansion turns one word into several: not a single literal. SplitBraces rewrites the
  // word in place, so it runs last, after the value was read.
  if (braces && S.SplitBraces(word).Parts.some((p) => typeOf(p) === "BraceExp")) return null;
  return out;
}

function redirectOf(S: MSyntax, ops: Map<number, string>, r: MRedirect): RefRedirect {
  const op = ops.get(r.Op) ?? `op#${r.Op}`;
  const n = r.N?.Value ?? null;
  const fdVar = n && /^\{.*\}$/.test(n) ? n.slice(1, -1) : null;
  const fd = n && /^\d+$/.test(n) ? Number(n) : null;
  return { op, fd, fdVar, target: staticWord(S, r.Word) };
}

/** argv of a declaration builtin (declare/local/export/...): mvdan keeps its args as Assigns. */
function declArgv(S: MSyntax, node: MNode): RefWord[] {
  const argv: RefWord[] = [(node.Variant as MLit).Value];
  for (const a of node.Args as MAssign[]) {
    if (a.Naked) {
      argv.push(a.Name ? a.Name.Value : staticWord(S, a.Value));
    } else if (a.Index || a.Array || !a.Name) {
      argv.push(null);
    } else {
      const v = a.Value ? staticWord(S, a.Value) : "";
      argv.push(v === null ? null : `${a.Name.Value}${a.Append ? "+=" : "="}${v}`);
    }
  }
  return argv;
}

/** Go type of a node, e.g. "CallExpr" (the externalized object carries it as `$type`). */
function typeOf(n: MNode): string {
  const t = String(n.$type ?? "");
  const i = t.lastIndexOf(".");
  return i >= 0 ? t.slice(i + 1).replace(/^\*/, "") : t;
}

/** Fields of mvdan/sh's syntax nodes that hold child nodes (positions and names are skipped). */
const CHILDREN = [
  "Stmts", "Cmd", "Redirs", "Assigns", "Args", "Value", "Array", "Elems", "Index", "Word", "Hdoc",
  "Parts", "Slice", "Offset", "Length", "Repl", "Orig", "With", "Exp", "X", "Y", "Cond", "Then",
  "Else", "Do", "Loop", "Items", "Init", "Post", "Patterns", "Body", "Stmt", "Exprs",
];

/**
 * Every Stmt in the tree, in source order, by following child fields of the externalized
 * objects (syntax.Walk converts each node between Go and JS on every callback: slower).
 */
function collectStmts(node: unknown, out: MStmt[]): void {
  if (Array.isArray(node)) {
    for (const n of node) collectStmts(n, out);
    return;
  }
  if (!node || typeof node !== "object") return;
  const n = node as MNode;
  if (typeOf(n) === "Stmt") out.push(n as MStmt);
  for (const k of CHILDREN) {
    const v = n[k];
    if (v && typeof v === "object") collectStmts(v, out);
  }
}

const COMMAND_TYPES = new Set(["CallExpr", "DeclClause", "LetClause"]);

export function mvdanParse(src: string): RefResult {
  const { syntax: S, parser, ops } = load();
  let file: MNode;
  try {
    file = parser.Parse(src, "cmd");
  } catch (e) {
    const err = e as { Error?: () => string };
    return { accepted: false, error: typeof err.Error === "function" ? err.Error() : String(e) };
  }
  // Collect first, evaluate after: SplitBraces rewrites words in place, which Walk rejects.
  const stmts: MStmt[] = [];
  collectStmts(file, stmts);
  const commands: RefCommand[] = [];
  const redirects: RefRedirect[] = [];
  for (const stmt of stmts) {
    const rs = stmt.Redirs.map((r) => redirectOf(S, ops, r));
    redirects.push(...rs);
    const cmd = stmt.Cmd;
    const ctype = cmd ? typeOf(cmd) : null;
    if (!cmd || !ctype || !COMMAND_TYPES.has(ctype)) continue;
    let argv: RefWord[];
    if (ctype === "CallExpr") argv = (cmd.Args as MWord[]).map((w) => staticWord(S, w));
    else if (ctype === "DeclClause") argv = declArgv(S, cmd);
    else {
      // `let`: mvdan parses the arguments as arithmetic expressions, not words.
      commands.push({ argv: ["let"], argvUnknown: true, redirects: rs });
      continue;
    }
    if (argv.length > 0) commands.push({ argv, redirects: rs });
  }
  return { accepted: true, commands, redirects };
}
