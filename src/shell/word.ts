// The word model: what bash passes for a word after brace expansion, tilde expansion,
// parameter expansion (only for plain $NAME with a known value), globbing detection and quote
// removal. Anything that depends on run time (command/arithmetic/process substitution,
// unknown parameters, ~user) makes the word dynamic, with the parts that make it so.

import type { Word, WordPart } from "./ast.ts";
import { expandBraces, BRACE_LIMIT, Q, type BraceWork, type Flat } from "./braces.ts";

export interface WordContext {
  /** $HOME, for `~`. */
  home?: string;
  /** Known variable values, for plain `$NAME` / `${NAME}`. */
  env?: Record<string, string>;
  /**
   * The word is the value of an assignment (`a=value`): no brace expansion, no word splitting
   * or globbing, and tilde expands at the start and after each unquoted `:`.
   */
  assignmentValue?: boolean;
  /** The brace work left for the command this word belongs to (shared by its words). */
  braceWork?: BraceWork;
}

export type Expansion =
  | { kind: "static"; fields: string[] }
  | { kind: "glob"; patterns: string[] }
  | { kind: "dynamic"; reasons: { part: WordPart; why: string }[] };

export type StaticValue =
  | { static: true; value: string }
  | { static: false; reasons: { part: WordPart | null; why: string }[] };

const SPECIAL_PARAMS = new Set(["@", "*", "#", "?", "-", "$", "!", "0"]);

/** Expand a word as far as it can be known statically. */
export function expandWord(word: Word, ctx: WordContext = {}): Expansion {
  const fast = fastPath(word);
  if (fast !== null) return { kind: "static", fields: [fast] };
  const reasons: { part: WordPart; why: string }[] = [];
  const flat: Flat = { c: [], q: [] };
  let glob = false;
  for (const p of word.parts) {
    if (p.type === "ExtGlob") glob = true;
    flatten(p, false, ctx, flat, reasons);
  }
  if (reasons.length > 0) return { kind: "dynamic", reasons };
  if (word.parts.length === 0) return { kind: "static", fields: [""] };

  let fields: Flat[];
  if (ctx.assignmentValue) fields = [flat];
  else {
    const b = expandBraces(flat, BRACE_LIMIT, ctx.braceWork);
    if (!b.ok) return { kind: "dynamic", reasons: [{ part: word.parts[0]!, why: b.why }] };
    fields = b.words;
  }

  const assignLike = !ctx.assignmentValue && looksLikeAssignment(flat);
  const out: Flat[] = [];
  for (const f of fields) {
    const t = tilde(f, ctx, ctx.assignmentValue === true || assignLike);
    if (typeof t === "string") return { kind: "dynamic", reasons: [{ part: firstTildePart(word), why: t }] };
    // A field made only of unquoted expansions that came out empty is removed.
    if (vanishes(t)) continue;
    out.push(t);
  }
  if (!ctx.assignmentValue) {
    for (const f of out) if (hasGlob(f)) glob = true;
  }
  if (glob) return { kind: "glob", patterns: out.map(toPattern) };
  return { kind: "static", fields: out.map(toText) };
}

/** The single string a word stands for, when it is static and one field. */
export function staticValue(word: Word, ctx: WordContext = {}): StaticValue {
  const e = expandWord(word, ctx);
  if (e.kind === "static") {
    if (e.fields.length === 1) return { static: true, value: e.fields[0]! };
    return { static: false, reasons: [{ part: null, why: `expands to ${e.fields.length} words` }] };
  }
  if (e.kind === "glob") return { static: false, reasons: [{ part: null, why: "contains an unquoted glob pattern" }] };
  return { static: false, reasons: e.reasons };
}

/**
 * argv of a word list: each static field, or null for a word that is not static. A non-static
 * word may stand for any number of fields (zero included), so once one appears the indexes
 * after it are not provable: `exactPositions` is false from then on.
 */
export function staticArgv(words: Word[], ctx: WordContext = {}): { argv: (string | null)[]; exactPositions: boolean } {
  const argv: (string | null)[] = [];
  let exactPositions = true;
  for (const w of words) {
    const e = expandWord(w, ctx);
    if (e.kind === "static") argv.push(...e.fields);
    else {
      argv.push(null);
      exactPositions = false;
    }
  }
  return { argv, exactPositions };
}

// ---------- internals ----------

/** Common case: only literal text with nothing to expand. Returns null when not applicable. */
function fastPath(word: Word): string | null {
  let s = "";
  const parts = word.parts;
  if (parts.length === 0) return null;
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    switch (p.type) {
      case "Lit": {
        const v = p.value;
        for (let i = 0; i < v.length; i++) {
          const c = v.charCodeAt(i);
          // { ~ * ? [ may expand; everything else in a Lit is literal.
          if (c === 123 || c === 126 || c === 42 || c === 63 || c === 91) return null;
        }
        s += v;
        break;
      }
      case "Escaped":
        s += p.value;
        break;
      case "SglQuoted":
        if (p.inexact) return null;
        s += p.value;
        break;
      case "DblQuoted":
        for (const q of p.parts) {
          if (q.type !== "Lit") return null;
          s += q.value;
        }
        break;
      default:
        return null;
    }
  }
  return s;
}

function push(f: Flat, s: string, q: number): void {
  for (const ch of s) {
    f.c.push(ch);
    f.q.push(q);
  }
}

function flatten(p: WordPart, inDq: boolean, ctx: WordContext, f: Flat, reasons: { part: WordPart; why: string }[]): void {
  switch (p.type) {
    case "Lit":
      push(f, p.value, inDq ? Q.Quoted : Q.Unquoted);
      return;
    case "Escaped":
      push(f, p.value, Q.Quoted);
      return;
    case "SglQuoted":
      if (p.inexact) reasons.push({ part: p, why: "$'...' holds a NUL or a raw byte that cannot be represented exactly" });
      if (p.value.length === 0) {
        f.c.push("");
        f.q.push(Q.EmptyQuote);
      } else push(f, p.value, Q.Quoted);
      return;
    case "DblQuoted": {
      const before = f.c.length;
      for (const q of p.parts) flatten(q, true, ctx, f, reasons);
      if (f.c.length === before) {
        f.c.push("");
        f.q.push(Q.EmptyQuote);
      }
      return;
    }
    case "ParamExp": {
      const v = paramValue(p, ctx);
      if (v === null) {
        reasons.push({ part: p, why: `parameter expansion ${describeParam(p)} is only known at run time` });
        return;
      }
      if (!inDq && /[ \t\n*?[]/.test(v)) {
        if (ctx.assignmentValue) {
          push(f, v, Q.Expansion);
          return;
        }
        reasons.push({ part: p, why: `unquoted $${p.name} holds whitespace or glob characters (word splitting / globbing)` });
        return;
      }
      if (v === "") {
        // Zero-width mark: the expansion was here (a later `~` is not at the word start), but
        // unquoted it leaves no characters; quoted it keeps the field.
        f.c.push("");
        f.q.push(inDq ? Q.EmptyQuote : Q.Expansion);
        return;
      }
      push(f, v, inDq ? Q.Quoted : Q.Expansion);
      return;
    }
    case "CmdSubst":
      reasons.push({ part: p, why: "command substitution" });
      return;
    case "ArithExp":
      reasons.push({ part: p, why: "arithmetic expansion" });
      return;
    case "ProcSubst":
      reasons.push({ part: p, why: "process substitution (a /dev/fd path)" });
      return;
    case "ArrayLiteral":
      reasons.push({ part: p, why: "array literal" });
      return;
    case "ExtGlob":
      push(f, p.op + "(" + p.pattern + ")", Q.Unquoted);
      return;
  }
}

function paramValue(p: WordPart & { type: "ParamExp" }, ctx: WordContext): string | null {
  if (p.op !== null || p.index !== null || p.length || p.indirect) return null;
  if (SPECIAL_PARAMS.has(p.name) || /^[0-9]/.test(p.name)) return null;
  const env = ctx.env;
  if (!env || !Object.prototype.hasOwnProperty.call(env, p.name)) return null;
  const v = env[p.name];
  return typeof v === "string" ? v : null;
}

function describeParam(p: WordPart & { type: "ParamExp" }): string {
  return p.short ? `$${p.name}` : `\${${p.length ? "#" : ""}${p.indirect ? "!" : ""}${p.name}${p.index ? "[..]" : ""}${p.op ?? ""}}`;
}

/** `name=` / `name+=` / `name[..]=` at the start, unquoted: bash expands ~ after = and :. */
function looksLikeAssignment(f: Flat): boolean {
  const { c, q } = f;
  let i = 0;
  const isStart = (s: string | undefined): boolean => s !== undefined && /^[A-Za-z_]$/.test(s);
  const isChar = (s: string | undefined): boolean => s !== undefined && /^[A-Za-z0-9_]$/.test(s);
  if (!isStart(c[0]) || q[0] !== Q.Unquoted) return false;
  i = 1;
  while (i < c.length && isChar(c[i]) && q[i] === Q.Unquoted) i++;
  if (c[i] === "[" && q[i] === Q.Unquoted) {
    while (i < c.length && !(c[i] === "]" && q[i] === Q.Unquoted)) i++;
    i++;
  }
  if (c[i] === "+" && q[i] === Q.Unquoted) i++;
  return c[i] === "=" && q[i] === Q.Unquoted;
}

/**
 * Tilde expansion of one field. `afterEq`: also after the first `=` and every `:` (assignments
 * and assignment-like arguments). Returns a reason string when the result is not static.
 */
function tilde(f: Flat, ctx: WordContext, afterEq: boolean): Flat | string {
  const starts: number[] = [];
  if (f.c[0] === "~" && f.q[0] === Q.Unquoted) starts.push(0);
  if (afterEq) {
    let seenEq = ctx.assignmentValue === true;
    for (let i = 0; i < f.c.length; i++) {
      if (f.q[i] !== Q.Unquoted) continue;
      if (!seenEq) {
        if (f.c[i] === "=") {
          seenEq = true;
          if (f.c[i + 1] === "~" && f.q[i + 1] === Q.Unquoted) starts.push(i + 1);
        }
      } else if (f.c[i] === ":" && f.c[i + 1] === "~" && f.q[i + 1] === Q.Unquoted) starts.push(i + 1);
    }
  }
  if (starts.length === 0) return f;
  const out: Flat = { c: [], q: [] };
  let from = 0;
  for (const s of starts) {
    if (s < from) continue;
    // Prefix: up to the first unquoted `/` (or `:` in assignment context).
    let e = s + 1;
    let quotedInPrefix = false;
    while (e < f.c.length) {
      if (f.q[e] === Q.Unquoted && (f.c[e] === "/" || (afterEq && f.c[e] === ":"))) break;
      if (f.q[e] !== Q.Unquoted) quotedInPrefix = true;
      e++;
    }
    if (quotedInPrefix) continue; // `~"x"` is not expanded
    const user = f.c.slice(s + 1, e).join("");
    if (user !== "") return `tilde expansion ~${user} depends on the system`;
    if (ctx.home === undefined) return "tilde expansion needs HOME";
    for (let k = from; k < s; k++) {
      out.c.push(f.c[k]!);
      out.q.push(f.q[k]!);
    }
    push(out, ctx.home, Q.Quoted);
    if (ctx.home === "") {
      out.c.push("");
      out.q.push(Q.EmptyQuote);
    }
    from = e;
  }
  for (let k = from; k < f.c.length; k++) {
    out.c.push(f.c[k]!);
    out.q.push(f.q[k]!);
  }
  return out;
}

function firstTildePart(word: Word): WordPart {
  for (const p of word.parts) if (p.type === "Lit" && p.value.includes("~")) return p;
  return word.parts[0]!;
}

/** Unquoted `*`, `?`, or `[` with a later `]`: bash will try to match files. */
function hasGlob(f: Flat): boolean {
  const { c, q } = f;
  for (let i = 0; i < c.length; i++) {
    if (q[i] !== Q.Unquoted) continue;
    const ch = c[i];
    if (ch === "*" || ch === "?") return true;
    if (ch === "[") {
      for (let j = i + 1; j < c.length; j++) if (c[j] === "]") return true;
    }
  }
  return false;
}

function vanishes(f: Flat): boolean {
  for (let i = 0; i < f.q.length; i++) if (f.q[i] !== Q.Expansion || f.c[i] !== "") return false;
  return true;
}

function toText(f: Flat): string {
  return f.c.join("");
}

const GLOB_SPECIAL = new Set(["*", "?", "[", "]", "\\"]);

function toPattern(f: Flat): string {
  let s = "";
  for (let i = 0; i < f.c.length; i++) {
    const ch = f.c[i]!;
    s += f.q[i] !== Q.Unquoted && GLOB_SPECIAL.has(ch) ? "\\" + ch : ch;
  }
  return s;
}

/**
 * For a pattern of a `glob` expansion: the literal string it stands for when it holds no
 * unescaped glob character (brace expansion can mix plain and glob fields), else null.
 * `a\*b` gives `a*b`; `a*b` gives null.
 */
export function globLiteral(pattern: string): string | null {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\" && i + 1 < pattern.length) {
      out += pattern[++i];
      continue;
    }
    if (c === "*" || c === "?" || c === "[") return null;
    out += c;
  }
  return out;
}
