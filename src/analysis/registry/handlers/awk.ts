// awk programs are a tool language: `system()`, pipes (`print | "cmd"`, `"cmd" | getline`) run
// shell code; `print > f`/`>> f` write; `getline < f` reads. We tokenise the program (strings,
// regex literals, comments) and look for those shapes; what we cannot pin down is unknown.
import { Unknown, pathEffect, type Handler } from "../engine.ts";

export interface AwkFacts {
  reads: string[];
  writes: string[];
  /** ENVIRON is read: the names (`ENVIRON["X"]`), null for any other use (tokens reach the output). */
  env?: (string | null)[];
  /** ARGV or ARGC is named: the program may change which files awk reads as input. */
  argv?: boolean;
}

interface Tok {
  t: "str" | "re" | "word" | "op" | "nl";
  v: string;
}

function tokenize(src: string): Tok[] | { error: string } {
  const out: Tok[] = [];
  let i = 0;
  const n = src.length;
  // A `/` starts a regex literal unless it follows something that ends an operand.
  const regexAllowed = () => {
    const prev = out[out.length - 1];
    if (!prev) return true;
    if (prev.t === "str" || prev.t === "re") return false;
    if (prev.t === "word") return /^(print|printf|return|in|getline)$/.test(prev.v);
    if (prev.t === "op") return !(prev.v === ")" || prev.v === "]" || prev.v === "$" || prev.v === "++" || prev.v === "--");
    return true;
  };
  while (i < n) {
    const c = src[i]!;
    if (c === "\\" && src[i + 1] === "\n") {
      i += 2;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      i++;
      continue;
    }
    if (c === "\n" || c === ";") {
      out.push({ t: "nl", v: c });
      i++;
      continue;
    }
    if (c === "#") {
      while (i < n && src[i] !== "\n") i++;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let v = "";
      for (; j < n && src[j] !== '"'; j++) {
        if (src[j] === "\\") {
          const e = src[++j];
          v += e === "n" ? "\n" : e === "t" ? "\t" : (e ?? "");
        } else v += src[j];
      }
      if (j >= n) return { error: "unterminated string" };
      out.push({ t: "str", v });
      i = j + 1;
      continue;
    }
    if (c === "/" && regexAllowed()) {
      let j = i + 1;
      let inBracket = false;
      for (; j < n; j++) {
        const d = src[j];
        if (d === "\\") j++;
        else if (d === "[") inBracket = true;
        else if (d === "]") inBracket = false;
        else if (d === "/" && !inBracket) break;
        else if (d === "\n") return { error: "unterminated regex" };
      }
      if (j >= n) return { error: "unterminated regex" };
      out.push({ t: "re", v: src.slice(i + 1, j) });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      let j = i;
      while (j < n && /[A-Za-z0-9_]/.test(src[j]!)) j++;
      out.push({ t: "word", v: src.slice(i, j) });
      i = j;
      continue;
    }
    if (/[0-9.]/.test(c)) {
      let j = i;
      while (j < n && /[0-9.eE]/.test(src[j]!)) j++;
      out.push({ t: "word", v: src.slice(i, j) });
      i = j;
      continue;
    }
    if (c === "@") return { error: "gawk directives (@include, @load, indirect calls) are not modelled" };
    const two = src.slice(i, i + 2);
    if ([">>", "||", "&&", "++", "--", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "%=", "^=", "|&"].includes(two)) {
      out.push({ t: "op", v: two });
      i += 2;
      continue;
    }
    out.push({ t: "op", v: c });
    i++;
  }
  return out;
}

/** What the program does, or why it cannot be understood. */
export function analyseAwk(src: string): AwkFacts | { error: string } {
  const toks = tokenize(src);
  if ("error" in toks) return toks;
  const facts: AwkFacts = { reads: [], writes: [] };
  // Depth of parentheses, reset per statement; inside print's parens `>` compares.
  let depth = 0;
  let inPrint = false;
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.t === "word" && t.v === "system") return { error: "awk `system()` runs shell commands" };
    if (t.t === "word" && t.v === "ENVIRON") {
      const [a, b, c] = [toks[k + 1], toks[k + 2], toks[k + 3]];
      const named = a?.t === "op" && a.v === "[" && b?.t === "str" && c?.t === "op" && c.v === "]";
      (facts.env ??= []).push(named ? b.v : null);
    }
    // `ARGV[1]="..."; ARGC=2` in BEGIN makes awk read whatever is named (and split(), sub() or
    // a function can write ARGV too): any mention counts.
    if (t.t === "word" && (t.v === "ARGV" || t.v === "ARGC")) facts.argv = true;
    if (t.t === "op" && (t.v === "|" || t.v === "|&")) return { error: "an awk pipe runs a shell command" };
    if (t.t === "nl" || (t.t === "op" && (t.v === "{" || t.v === "}"))) {
      inPrint = false;
      depth = 0;
      continue;
    }
    if (t.t === "op" && t.v === "(") depth++;
    if (t.t === "op" && t.v === ")") depth--;
    if (t.t === "word" && (t.v === "print" || t.v === "printf")) {
      inPrint = true;
      depth = 0;
      continue;
    }
    if (inPrint && depth <= 0 && t.t === "op" && (t.v === ">" || t.v === ">>")) {
      const target = toks[k + 1];
      const after = toks[k + 2];
      if (target?.t === "str" && (!after || after.t === "nl" || (after.t === "op" && after.v === "}"))) {
        facts.writes.push(target.v);
        k++;
        continue;
      }
      return { error: "awk writes to a file whose name is computed" };
    }
    if (t.t === "word" && t.v === "getline") {
      // `getline [var] < file`: skip an optional variable (`x`, `$1`, `a[i]`).
      let j = k + 1;
      let depthB = 0;
      while (j < toks.length && j < k + 12) {
        const u = toks[j]!;
        if (u.t === "op" && u.v === "[") depthB++;
        else if (u.t === "op" && u.v === "]") depthB--;
        else if (!(u.t === "word" || (u.t === "op" && u.v === "$") || depthB > 0)) break;
        j++;
      }
      const next = toks[j];
      if (next?.t === "op" && next.v === "<") {
        const target = toks[j + 1];
        if (target?.t === "str") {
          facts.reads.push(target.v);
          k = j + 1;
          continue;
        }
        return { error: "awk reads a file whose name is computed (`getline <`)" };
      }
    }
  }
  return facts;
}

/** Operand phase for awk/gawk/mawk: the program (unless -f), then files and var=value assignments. */
export const awk: Handler = {
  operands(ctx, _node, argv, parsed, modes) {
    let ops = parsed.operands;
    const programs: { text: string | null; index: number }[] = [];
    for (const pf of parsed.flags) {
      if (pf.flag.modes.includes("progfile")) throw new Unknown("an awk program file is not analysed (it may run commands or write files)", pf.index);
      if (pf.flag.modes.includes("program")) programs.push({ text: pf.value ?? null, index: pf.valueIndex });
    }
    if (!modes.has("program")) {
      const first = ops[0];
      if (!first) throw new Unknown("awk without a program", argv.length - 1);
      programs.push({ text: first.value, index: first.index });
      ops = ops.slice(1);
    }
    for (const p of programs) {
      if (p.text === null) throw new Unknown("the awk program is dynamic", p.index);
      const facts = analyseAwk(p.text);
      if ("error" in facts) throw new Unknown(`awk program not understood: ${facts.error}`, p.index);
      for (const w of facts.writes) pathEffect(ctx, "write", w, p.index, "the awk program writes it (`print >`)");
      for (const r of facts.reads) pathEffect(ctx, "read", r, p.index, "the awk program reads it (`getline <`)");
      if (facts.argv) pathEffect(ctx, "read", null, p.index, "the awk program names ARGV or ARGC, so it may read any file as input");
      for (const name of facts.env ?? []) {
        (ctx.out.readsVars ??= []).push({ name, argIndex: p.index, why: name === null ? "the awk program reads ENVIRON (tokens, keys)" : `the awk program reads \`ENVIRON["${name}"]\`` });
      }
    }
    for (const o of ops) {
      if (o.value !== null && /^[A-Za-z_][A-Za-z0-9_]*=/.test(o.value)) continue;
      if (o.value === "-") continue;
      pathEffect(ctx, "read", o.value, o.index, "awk reads it");
    }
  },
};
