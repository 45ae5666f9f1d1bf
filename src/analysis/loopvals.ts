// `for f in src/*.py; do head -5 "$f"; done`: the loop's variable holds each item, one per
// iteration. When the items are static words, or globs whose matches the walk lists now, the body
// is walked once per value with `$f` standing for it (DESIGN "Loop values"); otherwise `$f` stays
// dynamic, as before. The value is trusted only while nothing in the body can change the
// variable: no builtin that assigns (read, printf -v, declare, eval, source...), no assignment to
// it, no arithmetic, no `${f:=}`, no `{f}>` redirect, no function call, no inner loop over it,
// and no trap set before the loop (a DEBUG trap's action runs before each command of the body).
import type { List, Node, TestExpr, Word } from "../shell/ast.ts";
import { forEachNode } from "../shell/visit.ts";
import { expandWord } from "./words.ts";
import type { Shell } from "./shellstate.ts";
import { type Placement } from "./place.ts";
import { wordEnv } from "./shellstate.ts";

/** Iterations walked at most: each walks the whole body. */
const MAX_VALUES = 16;

/** Builtins (and keywords run as commands) that can set a variable, or run code that can. */
const SETTERS = new Set(["read", "mapfile", "readarray", "declare", "typeset", "local", "export", "readonly", "unset", "let", "eval", "source", ".", "getopts", "wait", "trap", "builtin", "command", "exec", "enable", "alias", "select", "coproc", "fc", "history"]);

/** The values `for NAME in ITEMS` takes, as bash makes them, or null when they cannot be listed. */
export function loopValues(w: Placement, items: Word[] | null, sh: Shell): string[] | null {
  if (items === null) return null;
  const out: string[] = [];
  for (const it of items) {
    const x = expandWord(it, wordEnv(w, sh));
    if (x.kind === "dynamic") return null;
    for (const f of x.fields) {
      if (!f.glob) out.push(f.text);
      else {
        const m = w.globValues(f.text, sh);
        if (m === null) return null;
        // no match: bash keeps the pattern as the word (nullglob: no iteration, which the loop's merge keeps)
        out.push(...(m.length ? m : [f.text]));
      }
      if (out.length > MAX_VALUES) return null;
    }
  }
  return out;
}

/** Nothing in the body (or a function it may call) can change `name` while it runs. */
export function loopVarStable(w: Placement, body: List, name: string): boolean {
  // a function may be called from anywhere; a trap's action runs between the body's commands
  if (w.functions.size > 0 || w.trapSet) return false;
  let ok = true;
  forEachNode(body, (n: Node | TestExpr) => {
    if (!ok) return false;
    switch (n.type) {
      case "SimpleCommand": {
        if (n.assigns.some((a) => a.name === name)) ok = false;
        const first = n.words[0];
        if (first) {
          const x = expandWord(first, { home: null, defaultIfs: true });
          if (x.kind !== "fields" || x.fields.some((f) => f.glob || SETTERS.has(f.text) || (f.text === "printf" && n.words.some((wd) => wd.parts.some((p) => p.type === "Lit" && /^-v/.test(p.value)))))) ok = false;
        }
        if (n.redirects.some((r) => r.fdVar !== null)) ok = false;
        return;
      }
      case "ForClause":
      case "SelectClause":
        if (n.name === name) ok = false;
        return;
      case "ArithCommand":
      case "ArithExp":
      case "ArithForClause":
      case "FunctionDef":
      case "Coproc":
        ok = false;
        return;
      case "ParamExp":
        if (n.op !== null && /^:?=$/.test(n.op)) ok = false;
        return;
    }
  });
  return ok;
}
