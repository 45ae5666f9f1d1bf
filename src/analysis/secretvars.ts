// Secret environment variables (regions/default.toml `[variables]`). An agent's environment holds
// tokens as often as not (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY...). Expanding one, or a program
// printing one it was asked for by name, is a read of the `secret` locus with target `$NAME`,
// as a whole-environment dump already is (target `environment`).
//
// No taint needs tracking: a secret reaches another variable only through an expansion of it or
// a program that prints it (`a=$GITHUB_TOKEN`, `a=$(printenv GITHUB_TOKEN)`), and that first step
// is itself the read. What is not a read: `${#X}` and `${X:+w}` (length and set-ness only), `-n`/`-z`
// tests of a lone expansion, and a variable this command itself set before the use (its value is
// the command's, see Shell.assigned).
import type { ParamExp, SimpleCommand, TestExpr, Word, WordPart } from "../shell/ast.ts";
import type { Source } from "../policy/model.ts";
import type { Shell } from "./shellstate.ts";
import type { Placement } from "./place.ts";
import type { Scope } from "./shellstate.ts";

/** Does `name` (read now, in state `sh`) hold a secret from the environment? */
export function isSecretVar(w: Placement, name: string, sh: Shell): boolean {
  return !sh.assigned?.has(name) && w.deps.regions.secretVariable(name);
}

/** One read of a secret variable (`name`), or of the whole environment (null). */
export function secretRead(w: Placement, name: string | null, source: Source, command: number, why: string): void {
  w.other("read", "secret", name === null ? "environment" : `$${name}`, undefined, source, why, command);
}

const quiet = new WeakSet<WordPart>();

/** A parameter expansion: does it put a secret's value into the command? */
export function paramSecret(w: Placement, p: ParamExp, sh: Shell, sc: Scope, command: number): void {
  if (quiet.has(p)) return;
  if (p.op === "!*" || p.op === "!@") return; // `${!GH*}`: the names, not the values
  const src = w.span(sc, p.pos, p.end);
  if (p.indirect) {
    const keys = p.index !== null && p.index.parts.length === 1 && p.index.parts[0]!.type === "Lit" && /^[@*]$/.test(p.index.parts[0].value);
    // `${!a[@]}` lists keys; an indirection through a name the command sets is refused by the walk.
    if (keys || w.tainted.has(p.name) || sh.assigned?.has(p.name)) return;
    secretRead(w, null, src, command, `\`${src.text}\` expands whatever variable \`${p.name}\` names, which may hold a secret (a token from the environment)`);
    return;
  }
  if (p.length || p.op === "+" || p.op === ":+") return; // only the length, or whether it is set
  if (!isSecretVar(w, p.name, sh)) return;
  secretRead(w, p.name, src, command, `\`${src.text}\` expands \`${p.name}\`, which holds a secret (regions \`[variables]\`)`);
}

/** Names an arithmetic expression reads: bash's error messages quote a value it cannot parse. */
export function arithSecrets(w: Placement, names: readonly string[], sh: Shell, source: Source, command: number): void {
  for (const n of names) {
    if (isSecretVar(w, n, sh)) secretRead(w, n, source, command, `arithmetic reads \`${n}\`, which holds a secret (an error message prints the value)`);
  }
}

/** Variables a program prints by name (printenv X, jq env.X, awk ENVIRON["X"]); null: any. */
export function envReads(w: Placement, reads: readonly { name: string | null; why: string }[], sh: Shell, source: Source, command: number): void {
  for (const r of reads) {
    if (r.name === null) secretRead(w, null, source, command, r.why);
    else if (isSecretVar(w, r.name, sh)) secretRead(w, r.name, source, command, `${r.why}: \`${r.name}\` holds a secret (regions \`[variables]\`)`);
  }
}

function lone(word: Word): ParamExp | null {
  let parts = word.parts;
  if (parts.length === 1 && parts[0]!.type === "DblQuoted") parts = parts[0].parts;
  return parts.length === 1 && parts[0]!.type === "ParamExp" ? parts[0] : null;
}

/** `[[ -n $X ]]`, `[[ -z "$X" ]]`: only whether it is empty reaches the exit status. */
export function quietTest(e: TestExpr): void {
  const operand = e.type === "TestUnary" && (e.op === "-n" || e.op === "-z") ? e.operand : e.type === "TestWord" ? e.word : null;
  const p = operand ? lone(operand) : null;
  if (p && !p.indirect) quiet.add(p);
}

/** `[ -n "$X" ]`, `test -z "$X"`: the same for the builtins. */
export function quietTestCommand(cmd: SimpleCommand): void {
  const words = cmd.words;
  const lit = (i: number) => {
    const p = words[i]?.parts;
    return p && p.length === 1 && p[0]!.type === "Lit" ? p[0].value : null;
  };
  const name = lit(0);
  const n = name === "[" ? (lit(words.length - 1) === "]" ? words.length - 1 : -1) : name === "test" ? words.length : -1;
  if (n !== 3) return;
  const op = lit(1);
  const p = words[2] ? lone(words[2]) : null;
  if ((op === "-n" || op === "-z") && p && !p.indirect) quiet.add(p);
}
