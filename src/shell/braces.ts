// Brace expansion, as bash 5.2 performs it before every other expansion: `a{b,c}d`,
// nested `{a,b{c,d}}`, sequences `{1..10}`, `{01..10..3}`, `{a..e}`. Works on a "flat" word:
// characters with a quoting mark, because only unquoted braces and commas count.
// Results are capped (default 256): beyond that the caller treats the word as dynamic.

/** Quoting marks of flat characters. */
export const Q = {
  /** Unquoted literal: brace, tilde and glob expansion apply. */
  Unquoted: 0,
  /** Quoted (or escaped) literal. */
  Quoted: 1,
  /** Produced by a parameter expansion: no brace or tilde expansion. */
  Expansion: 2,
  /** Zero-width mark left by an empty quoted string (`""`), so the word does not vanish. */
  EmptyQuote: 3,
} as const;

export interface Flat {
  c: string[];
  q: number[];
}

export type BraceResult = { ok: true; words: Flat[] } | { ok: false; why: string };

export const BRACE_LIMIT = 256;

/**
 * Characters the brace scanner may look at or copy for one word (a plain 256-word expansion of a
 * 100-character word is about 26,000). Words full of braces that never
 * expand are rescanned once per result (`{5..9}{c..a}{8..1.9}...` took 70 ms on 283 characters,
 * found by the parse-robust fuzzer); past this the word is dynamic instead of slow.
 */
export const BRACE_WORK_LIMIT = 50_000;

/**
 * The same, for all the words of one command together (callers share one budget per command):
 * a 2 KB command of brace words, each under the per-word bound, cost 100 ms in a cold process
 * (parse-robust fuzzer); with this bound, 27 ms. A plain 256-word expansion still fits twice.
 */
export const COMMAND_BRACE_WORK_LIMIT = 60_000;

/** What is left of a command's brace work (see COMMAND_BRACE_WORK_LIMIT); spent as words expand. */
export interface BraceWork {
  left: number;
}

let work = 0;
let cap = BRACE_WORK_LIMIT;

export function expandBraces(f: Flat, limit: number = BRACE_LIMIT, budget?: BraceWork): BraceResult {
  const out: Flat[] = [];
  work = 0;
  cap = budget ? Math.min(BRACE_WORK_LIMIT, budget.left) : BRACE_WORK_LIMIT;
  const why = expandInto(f, 0, limit, out);
  if (budget) budget.left = Math.max(0, budget.left - work);
  if (why) return { ok: false, why };
  return { ok: true, words: out };
}

/** Brace-expand a plain string (every character unquoted). */
export function braceExpand(s: string, limit: number = BRACE_LIMIT): string[] | null {
  const c = Array.from(s);
  const r = expandBraces({ c, q: c.map(() => Q.Unquoted) }, limit);
  return r.ok ? r.words.map((w) => w.c.join("")) : null;
}

function expandInto(f: Flat, from: number, limit: number, out: Flat[]): string | null {
  const found = findBrace(f, from);
  if (work > cap) return "brace expansion is too costly to evaluate statically";
  if (!found) {
    out.push(f);
    return out.length > limit ? `brace expansion yields more than ${limit} words` : null;
  }
  const { open, close } = found;
  let alts: Flat[];
  if (found.seq) {
    const s = sequence(found.seq);
    if (typeof s === "string") return s;
    if (s.length > limit) return `brace expansion yields more than ${limit} words`;
    alts = s.map((x) => {
      const c = Array.from(x);
      return { c, q: c.map(() => Q.Quoted) };
    });
  } else alts = found.alts!;
  for (const alt of alts) {
    work += f.c.length;
    if (work > cap) return "brace expansion is too costly to evaluate statically";
    const c = [...f.c.slice(0, open), ...alt.c, ...f.c.slice(close + 1)];
    const q = [...f.q.slice(0, open), ...alt.q, ...f.q.slice(close + 1)];
    // The prefix holds no expandable brace; keep searching inside alt and suffix.
    const why = expandInto({ c, q }, open, limit, out);
    if (why) return why;
  }
  return null;
}

interface Found {
  open: number;
  close: number;
  alts?: Flat[];
  seq?: string;
}

function findBrace(f: Flat, from: number): Found | null {
  const { c, q } = f;
  for (let i = from; i < c.length; i++) {
    if (c[i] !== "{" || q[i] !== Q.Unquoted) continue;
    // `${` is a parameter expansion, never a brace expansion.
    if (i > 0 && c[i - 1] === "$" && q[i - 1] === Q.Unquoted) continue;
    let depth = 0;
    const commas: number[] = [];
    let close = -1;
    for (let j = i + 1; j < c.length; j++) {
      if (++work > cap) return null;
      if (q[j] !== Q.Unquoted) continue;
      const ch = c[j];
      if (ch === "{") depth++;
      else if (ch === "}") {
        if (depth === 0) {
          close = j;
          break;
        }
        depth--;
      } else if (ch === "," && depth === 0) commas.push(j);
    }
    if (close < 0) continue;
    if (commas.length > 0) {
      const alts: Flat[] = [];
      let s = i + 1;
      for (const k of [...commas, close]) {
        alts.push({ c: c.slice(s, k), q: q.slice(s, k) });
        s = k + 1;
      }
      return { open: i, close, alts };
    }
    let allUnquoted = true;
    for (let j = i + 1; j < close; j++) if (q[j] !== Q.Unquoted) allUnquoted = false;
    if (allUnquoted) {
      const body = c.slice(i + 1, close).join("");
      if (isSequence(body)) return { open: i, close, seq: body };
    }
  }
  return null;
}

const INT = /^[-+]?[0-9]+$/;

function isSequence(body: string): boolean {
  const p = body.split("..");
  if (p.length !== 2 && p.length !== 3) return false;
  const [a, b, inc] = p as [string, string, string | undefined];
  if (inc !== undefined && !INT.test(inc)) return false;
  if (INT.test(a) && INT.test(b)) return true;
  return a.length === 1 && b.length === 1 && isLetter(a) && isLetter(b);
}

function isLetter(s: string): boolean {
  const c = s.charCodeAt(0);
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** The words of a sequence expression, or a reason it is not evaluated statically. */
function sequence(body: string): string[] | string {
  const [a, b, incS] = body.split("..") as [string, string, string | undefined];
  let inc = incS === undefined ? 1 : Math.abs(parseInt(incS, 10));
  if (inc === 0) inc = 1;
  if (INT.test(a) && INT.test(b)) {
    const x = parseInt(a, 10);
    const y = parseInt(b, 10);
    if (!Number.isSafeInteger(x) || !Number.isSafeInteger(y)) return "brace sequence bounds too large";
    const count = Math.floor(Math.abs(y - x) / inc) + 1;
    if (count > BRACE_LIMIT) return `brace expansion yields more than ${BRACE_LIMIT} words`;
    const padded = (s: string): boolean => /^[-+]?0[0-9]/.test(s);
    const width = padded(a) || padded(b) ? Math.max(a.replace(/^\+/, "").length, b.replace(/^\+/, "").length) : 0;
    const out: string[] = [];
    const step = y >= x ? inc : -inc;
    for (let v = x; step > 0 ? v <= y : v >= y; v += step) {
      let s = String(Math.abs(v));
      const neg = v < 0;
      const w = neg ? width - 1 : width;
      while (s.length < w) s = "0" + s;
      out.push(neg ? "-" + s : s);
    }
    return out;
  }
  const x = a.charCodeAt(0);
  const y = b.charCodeAt(0);
  const lower = (c: number): boolean => c >= 97 && c <= 122;
  if (lower(x) !== lower(y)) return "letter sequence across cases is not evaluated statically";
  const out: string[] = [];
  const step = y >= x ? inc : -inc;
  for (let v = x; step > 0 ? v <= y : v >= y; v += step) out.push(String.fromCharCode(v));
  return out;
}
