// Variables with the integer attribute (`declare -i n`, `typeset -i`, `local -i`, `declare -gi`,
// `-ia` arrays). bash evaluates every value assigned to one as arithmetic, and an array subscript
// in arithmetic runs the command substitutions in it: `declare -i n; n='a[$(cat .env >&2)]'` reads
// .env. The attribute is collected before the walk, for the whole command (a name that has it
// anywhere is treated as having it everywhere), and each assignment to such a name is judged as
// arithmetic on its value: a literal value by its text, a value from a substitution, a variable
// the command set, a glob, stdin or a file (`read n`, `mapfile`, `n=$(</tmp/v)`) as code the
// classifier cannot see.
import type { ArrayLiteral, Assignment, ForClause, ParamExp, SelectClause, SimpleCommand, Word } from "../shell/ast.ts";
import type { Source } from "../policy/model.ts";
import type { Placement } from "./place.ts";
import type { Scope } from "./shellstate.ts";
import { literalText } from "./words.ts";

const DECLARERS = new Set(["declare", "typeset", "local", "export", "readonly"]);

/** Collects the names a `declare -i ...` (and friends) gives the integer attribute. */
export function noteIntegers(w: Placement, cmd: SimpleCommand): void {
  const words: (string | null)[] = cmd.words.map(literalText);
  // `command declare -i n`, `builtin typeset -i n` are the builtin too
  let start = 0;
  while (words[start] === "command" || words[start] === "builtin") start++;
  if (!words[start] || !DECLARERS.has(words[start]!)) return;
  let integer = false;
  let names = false;
  for (let i = start + 1; i < words.length; i++) {
    const t = words[i] ?? null;
    if (t === null) {
      // `declare -i n=$(..)`: the name is literal even when the value is not
      const pre = cmd.words[i]!.parts[0];
      const m = pre?.type === "Lit" ? pre.value.match(/^([A-Za-z_][A-Za-z0-9_]*)\+?=/) : null;
      if (m && integer) w.integers.add(m[1]!);
      names = true;
      continue;
    }
    if (!names && /^-[A-Za-z]*i/.test(t)) integer = true;
    if (!names && /^[-+]/.test(t)) continue;
    names = true;
    const m = t.match(/^([A-Za-z_][A-Za-z0-9_]*)/);
    if (m && integer) w.integers.add(m[1]!);
  }
}

/** A value assigned to an integer variable, as a word: evaluated as arithmetic. */
export function integerWord(w: Placement, name: string, word: Word, sc: Scope, source: Source, command: number): void {
  const text = literalText(word);
  if (text !== null) {
    w.checkArithText(text, sc, source, command);
    return;
  }
  if (w.isWordDynamicCode(word)) integerUnseen(w, name, sc, source, command, "a value from a substitution or a variable this command sets");
}

/** An assignment (`n=v`, `n+=v`, `n=(v...)`) to an integer variable. */
export function integerAssignment(w: Placement, a: Assignment, sc: Scope, source: Source, command: number): void {
  if (!w.integers.has(a.name)) return;
  if (a.value) integerWord(w, a.name, a.value, sc, source, command);
  if (a.array) integerArray(w, a.name, a.array, sc, source, command);
}

function integerArray(w: Placement, name: string, arr: ArrayLiteral, sc: Scope, source: Source, command: number): void {
  for (const e of arr.elems) {
    if (e.index) integerWord(w, name, e.index, sc, source, command);
    integerWord(w, name, e.value, sc, source, command);
  }
}

/** `${n:=v}`, `${n=v}`: the default is assigned to n. */
export function integerDefault(w: Placement, p: ParamExp, sc: Scope, command: number): void {
  if ((p.op !== "=" && p.op !== ":=") || !w.integers.has(p.name)) return;
  for (const a of p.args) integerWord(w, p.name, a, sc, w.span(sc, p.pos, p.end), command);
}

/** `for n in ITEMS`: each item is assigned to n (a glob's names are the tree's, anyone's). */
export function integerLoop(w: Placement, c: ForClause | SelectClause, sc: Scope): void {
  if (!w.integers.has(c.name)) return;
  const source = w.span(sc, c.pos, c.end);
  if (!c.items) return integerUnseen(w, c.name, sc, source, -1, "the positional parameters");
  for (const it of c.items) {
    if (it.parts.some((p) => p.type === "Lit" && /[*?[]/.test(p.value))) integerUnseen(w, c.name, sc, source, -1, "file names a glob matches");
    else integerWord(w, c.name, it, sc, source, -1);
  }
}

/**
 * `read n`, `mapfile a`, `printf -v n`, `getopts o n` into an integer variable: values from data.
 * Literal data (a heredoc or herestring on stdin, printf's literal words) is judged as text.
 */
export function integerFromData(w: Placement, builtin: string, words: readonly (string | null)[], stdin: string | null, sc: Scope, source: Source, command: number): void {
  let target: string | null = null;
  for (const v of words) {
    const m = v?.match(/^([A-Za-z_][A-Za-z0-9_]*)$/);
    if (m && w.integers.has(m[1]!)) target = m[1]!;
  }
  if (target === null) return;
  if ((builtin === "read" || builtin === "mapfile" || builtin === "readarray") && stdin !== null) return w.checkArithText(stdin, sc, source, command);
  // printf's words are the value unless a conversion decodes escapes (`%b`, `\x24(`)
  if (builtin === "printf" && words.every((v) => v !== null && !v.includes("\\") && !/%[^%]*[bq]/.test(v))) {
    for (const v of words) if (v !== "-v" && v !== target) w.checkArithText(v!, sc, source, command);
    return;
  }
  integerUnseen(w, target, sc, source, command, `what \`${builtin}\` reads`);
}

function integerUnseen(w: Placement, name: string, sc: Scope, source: Source, command: number, what: string): void {
  w.unmodelled(sc, source, name, `\`${name}\` has the integer attribute, so bash evaluates ${what} assigned to it as arithmetic (an array subscript in it runs code)`, command);
}
