// Words as bash sees them after expansion, as far as that is provable without running anything:
// brace expansion, tilde (HOME only), quote removal, `$HOME`/`${HOME}`, glob detection.
// Every other expansion makes the word dynamic. Characters are tracked as active (unquoted,
// subject to brace/tilde/glob) or inert (quoted or escaped).
import type { Heredoc, Word, WordPart } from "../shell/ast.ts";
import { expandWord as shellExpandWord, globLiteral, type WordContext } from "../shell/word.ts";
import type { BraceWork } from "../shell/braces.ts";

export interface Field {
  text: string;
  /** Contains an unquoted glob character: bash may replace it by matching file names. */
  glob: boolean;
}

export type Expansion = { kind: "fields"; fields: Field[] } | { kind: "dynamic"; why: string };

export interface WordEnv {
  /** HOME for `~` and `$HOME`; null when it cannot be known (reassigned in the command). */
  home: string | null;
  /** `$HOME` unquoted is split on IFS: only trusted while IFS is the default. */
  defaultIfs: boolean;
  /** $PWD when the directory is one known place. */
  pwd?: string;
  /** The brace work left for the whole command (one budget per walk). */
  braceWork?: BraceWork;
  /** Values a `for` loop's variable holds in the iteration being walked (loopvals.ts). */
  vars?: ReadonlyMap<string, string>;
}

const MAX_FIELDS = 256;

type Ch = { c: string; active: boolean };

class Dynamic extends Error {}

function pushText(out: Ch[], text: string, active: boolean): void {
  for (const c of text) out.push({ c, active });
}

function plainParam(p: WordPart, name: string): boolean {
  return p.type === "ParamExp" && p.name === name && !p.length && !p.indirect && p.index === null && p.op === null;
}

function describe(p: WordPart): string {
  switch (p.type) {
    case "ParamExp":
      return `the expansion \`$${p.name}\``;
    case "CmdSubst":
      return "a command substitution";
    case "ArithExp":
      return "an arithmetic expansion";
    case "ProcSubst":
      return "a process substitution";
    case "ArrayLiteral":
      return "an array literal";
    default:
      return p.type;
  }
}

function collect(parts: WordPart[], quoted: boolean, env: WordEnv, out: Ch[], self?: string): void {
  for (const p of parts) {
    if (self !== undefined && p.type === "ParamExp" && p.name === self && !p.length && !p.indirect && p.index === null && p.op === null) {
      out.push({ c: SELF, active: false });
      continue;
    }
    switch (p.type) {
      case "Lit":
        pushText(out, p.value, !quoted);
        break;
      case "Escaped":
        pushText(out, p.value, false);
        break;
      case "SglQuoted":
        if (p.inexact) throw new Dynamic("a `$'..'` string holding bytes that cannot be represented exactly");
        pushText(out, p.value, false);
        break;
      case "DblQuoted":
        collect(p.parts, true, env, out, self);
        break;
      case "ParamExp": {
        const val = plainParam(p, "HOME") ? env.home : plainParam(p, "PWD") ? (env.pwd ?? null) : null;
        if (val !== null) {
          // Unquoted, the value is split and globbed: only literal-safe values stay static.
          if (!quoted && (!env.defaultIfs || /[\s*?[\]{}~]/.test(val))) throw new Dynamic(describe(p));
          pushText(out, val, false);
          break;
        }
        throw new Dynamic(describe(p));
      }
      case "ProcSubst":
        // bash replaces it by a /dev/fd/N path (a pipe): a stream, whatever N is.
        pushText(out, "/dev/fd/63", false);
        break;
      case "ExtGlob":
        if (quoted) throw new Dynamic("an extended glob");
        out.push({ c: "\u0000", active: true }); // marker: forces glob
        pushText(out, `${p.op}(${p.pattern})`, false);
        break;
      case "CmdSubst":
      case "ArithExp":
      case "ArrayLiteral":
        throw new Dynamic(describe(p));
    }
  }
}

// ---- brace expansion over active characters ----

function findClose(w: Ch[], open: number): { close: number; commas: number[] } | null {
  let depth = 0;
  const commas: number[] = [];
  for (let i = open; i < w.length; i++) {
    const ch = w[i]!;
    if (!ch.active) continue;
    if (ch.c === "{") depth++;
    else if (ch.c === "}") {
      depth--;
      if (depth === 0) return { close: i, commas };
    } else if (ch.c === "," && depth === 1) commas.push(i);
  }
  return null;
}

function seqItems(body: string): string[] | null {
  const m = body.match(/^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/);
  if (!m) return null;
  const [, a, b, s] = m;
  const step = Math.abs(Number(s ?? "1")) || 1;
  const num = /^-?\d+$/.test(a!) && /^-?\d+$/.test(b!);
  if (!num && (/\d/.test(a!) || /\d/.test(b!))) return null;
  const from = num ? Number(a) : a!.charCodeAt(0);
  const to = num ? Number(b) : b!.charCodeAt(0);
  const count = Math.floor(Math.abs(to - from) / step) + 1;
  if (count > MAX_FIELDS) throw new Dynamic(`a brace sequence of ${count} words`);
  const width = num && (/^-?0\d/.test(a!) || /^-?0\d/.test(b!)) ? Math.max(a!.length, b!.length) : 0;
  const out: string[] = [];
  for (let i = 0, v = from; i < count; i++, v += from <= to ? step : -step) {
    if (!num) out.push(String.fromCharCode(v));
    else {
      const neg = v < 0;
      let digits = String(Math.abs(v));
      if (width) digits = digits.padStart(width - (neg ? 1 : 0), "0");
      out.push((neg ? "-" : "") + digits);
    }
  }
  return out;
}

function braceExpand(w: Ch[], budget: { n: number }): Ch[][] {
  for (let i = 0; i < w.length; i++) {
    const ch = w[i]!;
    if (!ch.active || ch.c !== "{") continue;
    // `${` never reaches here (it is a ParamExp part).
    const m = findClose(w, i);
    if (!m) continue;
    const pre = w.slice(0, i);
    const post = w.slice(m.close + 1);
    let alts: Ch[][];
    if (m.commas.length) {
      const bounds = [i, ...m.commas, m.close];
      alts = [];
      for (let k = 0; k + 1 < bounds.length; k++) alts.push(w.slice(bounds[k]! + 1, bounds[k + 1]!));
    } else {
      const inner = w.slice(i + 1, m.close);
      if (!inner.every((x) => x.active)) continue;
      const items = seqItems(inner.map((x) => x.c).join(""));
      if (!items) continue;
      alts = items.map((s) => [...s].map((c) => ({ c, active: false })));
    }
    const out: Ch[][] = [];
    for (const a of alts) {
      for (const e of braceExpand([...pre, ...a, ...post], budget)) {
        if (++budget.n > MAX_FIELDS) throw new Dynamic(`a brace expansion of more than ${MAX_FIELDS} words`);
        out.push(e);
      }
    }
    return out;
  }
  return [w];
}

// ---- tilde ----

function tilde(w: Ch[], env: WordEnv, assignmentLike: boolean): Ch[] {
  const expandAt = (start: number, stopAtColon: boolean): Ch[] | null => {
    let end = start + 1;
    while (end < w.length && !(w[end]!.active && (w[end]!.c === "/" || (stopAtColon && w[end]!.c === ":")))) end++;
    const prefix = w.slice(start + 1, end);
    if (!prefix.every((x) => x.active)) return null;
    const name = prefix.map((x) => x.c).join("");
    if (name !== "") throw new Dynamic(`the tilde prefix \`~${name}\``);
    if (env.home === null) throw new Dynamic("`~` after HOME was changed");
    return [...w.slice(0, start), ...[...env.home].map((c) => ({ c, active: false })), ...w.slice(end)];
  };
  let cur = w;
  if (cur[0]?.active && cur[0].c === "~") cur = expandAt(0, assignmentLike) ?? cur;
  if (assignmentLike) {
    for (let i = 1; i < cur.length; i++) {
      const prev = cur[i - 1]!;
      if (cur[i]!.active && cur[i]!.c === "~" && prev.active && (prev.c === "=" || prev.c === ":")) {
        const r = expandAt(i, true);
        if (r) cur = r;
      }
    }
  }
  return cur;
}

function isAssignmentLike(w: Ch[]): boolean {
  let i = 0;
  while (i < w.length && w[i]!.active && /[A-Za-z0-9_]/.test(w[i]!.c)) i++;
  return i > 0 && /[A-Za-z_]/.test(w[0]!.c) && w[i]?.active === true && w[i]!.c === "=";
}

/**
 * A word's fields through the shell front end's word model (fuzzed against bash). A word that
 * is only a process substitution becomes its /dev/fd path (a stream, whatever the number).
 */
export function expandWord(word: Word, env: WordEnv): Expansion {
  if (word.parts.length === 1 && word.parts[0]!.type === "ProcSubst") return { kind: "fields", fields: [{ text: "/dev/fd/63", glob: false }] };
  const vars: Record<string, string> = {};
  if (env.defaultIfs && env.home !== null) vars.HOME = env.home;
  if (env.defaultIfs && env.pwd !== undefined) vars.PWD = env.pwd;
  if (env.defaultIfs && env.vars) for (const [k, v] of env.vars) vars[k] = v;
  const ctx: WordContext = env.home === null ? { env: vars } : { home: env.home, env: vars };
  if (env.braceWork) ctx.braceWork = env.braceWork;
  const e = shellExpandWord(word, ctx);
  if (e.kind === "static") return { kind: "fields", fields: e.fields.map((text) => ({ text, glob: false })) };
  // A pattern with no unescaped glob character (`{"a*",b?}` gives `a\*` and `b?`) is passed as
  // literal text: its backslashes are quote removal, not part of the argument (`a*`).
  if (e.kind === "glob") {
    return {
      kind: "fields",
      fields: e.patterns.map((p) => (hasUnescapedGlob(p) ? { text: p, glob: true } : { text: globLiteral(p) ?? p, glob: false })),
    };
  }
  return { kind: "dynamic", why: e.reasons.map((r) => r.why).join("; ") || "dynamic" };
}

function hasUnescapedGlob(p: string): boolean {
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === "\\") i++;
    else if (c === "*" || c === "?" || c === "[" || c === "(") return true;
  }
  return false;
}

/** The previous, local expansion (kept for assignment values, which need the SELF marker). */
export function expandWordLocal(word: Word, env: WordEnv): Expansion {
  try {
    const chars: Ch[] = [];
    collect(word.parts, false, env, chars);
    const fields: Field[] = [];
    for (const f of braceExpand(chars, { n: 0 })) {
      const t = tilde(f, env, isAssignmentLike(f));
      const glob = t.some((x) => x.active && (x.c === "*" || x.c === "?" || x.c === "[" || x.c === "\u0000"));
      fields.push({ text: t.map((x) => x.c).join("").replace(/\u0000/g, ""), glob });
    }
    return { kind: "fields", fields };
  } catch (e) {
    if (e instanceof Dynamic) return { kind: "dynamic", why: e.message };
    throw e;
  }
}

/** Stands for the variable's previous value in `PATH=$PATH:x` (see expandAssignValue's `self`). */
export const SELF = "\u0001";

/**
 * The value of an assignment's right-hand side (no brace expansion or globbing there; tilde
 * after `=`/`:`). With `self`, a plain `$self` in the value becomes the SELF marker instead of
 * making the value dynamic (`PATH=$PATH:/x`).
 */
export function expandAssignValue(word: Word, env: WordEnv, self?: string): string | null {
  try {
    const chars: Ch[] = [];
    collect(word.parts, false, env, chars, self);
    // `~` at the start and after each `:`.
    const withEq: Ch[] = [{ c: "=", active: true }, ...chars];
    const t = tilde(withEq, env, true).slice(1);
    return t.map((x) => x.c).join("").replace(/\u0000/g, "");
  } catch (e) {
    if (e instanceof Dynamic) return null;
    throw e;
  }
}

/** Literal text of a heredoc body, or null when it expands something. */
export function heredocText(h: Heredoc): string | null {
  let s = "";
  for (const p of h.body.parts) {
    if (p.type === "Lit") s += p.value;
    else return null;
  }
  return s;
}

/** The literal text before the first expansion (for `export NAME=$(..)`: the name). */
export function literalPrefix(word: Word): string {
  let s = "";
  for (const p of word.parts) {
    if (p.type === "Lit" || p.type === "Escaped") s += p.value;
    else if (p.type === "SglQuoted") s += p.value;
    else if (p.type === "DblQuoted" && p.parts.every((q) => q.type === "Lit")) s += p.parts.map((q) => (q as { value: string }).value).join("");
    else break;
  }
  return s;
}

/** The word's text when it holds no expansion at all (quotes removed), else null. */
export function literalText(word: Word): string | null {
  let s = "";
  for (const p of word.parts) {
    if (p.type === "Lit" || p.type === "Escaped" || p.type === "SglQuoted") s += p.value;
    else if (p.type === "DblQuoted" && p.parts.every((q) => q.type === "Lit")) s += p.parts.map((q) => (q as { value: string }).value).join("");
    else return null;
  }
  return s;
}

/**
 * The first character of the one field the word expands to, when that character is literal
 * text and the word cannot become several fields (every expansion double-quoted, no `"$@"` or
 * `"${a[@]}"`, no `$"..."` translation); else null. `"Bearer $JWT"` starts with `B`: whatever
 * $JWT holds, the word is not `@file`.
 */
export function staticFirstChar(word: Word): string | null {
  let first: string | null = null;
  const splits = (p: WordPart): boolean => p.type !== "Lit" && p.type !== "Escaped" && p.type !== "SglQuoted" && p.type !== "DblQuoted";
  const many = (p: WordPart): boolean => p.type === "ParamExp" && (p.name === "@" || p.index !== null || p.indirect);
  for (const p of word.parts) {
    if (splits(p)) return null; // an unquoted expansion may split the word into fields
    if (p.type === "DblQuoted") {
      if (p.dollar || p.parts.some(many)) return null;
      for (const q of p.parts) {
        if (first !== null) break;
        if (q.type === "Lit") {
          if (q.value !== "") first = q.value[0]!;
        } else return null; // an expansion comes first
      }
    } else if (first === null) {
      if (p.type === "SglQuoted") {
        if (p.inexact) return null;
        if (p.value !== "") first = p.value[0]!;
      } else if (p.type === "Escaped") first = p.value[0] ?? null;
      else if (p.type === "Lit" && p.value !== "") {
        // unquoted: brace, tilde and glob expansion could change what comes first
        if (/^[{~*?[]/.test(p.value) || /[{*?[]/.test(p.value)) return null;
        first = p.value[0]!;
      }
    } else if (p.type === "Lit" && /[{*?[]/.test(p.value)) return null;
  }
  return first;
}
