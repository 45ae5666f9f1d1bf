// Verdicts are for bash. When the command will run under another shell, constructs whose meaning
// differs are not approved (DESIGN "Which shell"). zsh and POSIX sh get a list of such
// constructs; any other shell is not modelled at all.
import type { Script, Word } from "../shell/ast.ts";
import { forEachNode } from "../shell/visit.ts";
import type { Placement } from "./place.ts";
import type { Scope } from "./shellstate.ts";

// zsh builtins and precommand modifiers that bash would look up as programs.
const ZSH_NAMES = new Set([
  "chdir", "r", "autoload", "zmodload", "emulate", "setopt", "unsetopt", "noglob", "nocorrect", "print",
  "whence", "where", "rehash", "repeat", "functions", "zcompile", "zle", "vared", "sched", "zstyle", "zparseopts",
  "bindkey", "limit", "unlimit", "zformat", "zregexparse", "ztie", "zsocket", "ztcp", "sysopen", "syswrite",
]);

export function zshHazards(w: Placement, script: Script, sc: Scope): void {
  const shell = w.deps.shell;
  const flag = (pos: number, end: number, what: string) =>
    w.unmodelled(sc, w.span(sc, pos, end), shell, `under ${shell}, ${what} means something else than in bash`);
  if (shell !== "zsh" && shell !== "sh" && shell !== "dash") {
    w.unmodelled(sc, w.span(sc, script.pos, script.end), shell, `the command runs under \`${shell}\`, and verdicts are only for bash`);
    return;
  }
  const firstWords = new Set<Word>();
  forEachNode(script, (n) => {
    if (n.type === "SimpleCommand" && n.words[0]) firstWords.add(n.words[0]);
    if (shell === "zsh") {
      switch (n.type) {
        case "TestClause":
          flag(n.pos, n.end, "`[[ ]]`");
          break;
        case "ExtGlob":
          flag(n.pos, n.end, "a pattern with parentheses (glob qualifiers run code)");
          break;
        case "ParamExp":
          if (n.index) flag(n.pos, n.end, "an array subscript (1-based)");
          break;
        case "Word": {
          const first = n.parts[0];
          if (first?.type === "Lit" && first.value.startsWith("=")) flag(n.pos, n.end, "a word starting with `=` (expands to a command path)");
          for (let i = 0; i + 1 < n.parts.length; i++) {
            const a = n.parts[i]!;
            const b = n.parts[i + 1]!;
            if (a.type === "ParamExp" && a.short && b.type === "Lit" && /^:[a-zA-Z&]/.test(b.value)) flag(n.pos, n.end, "`$x:mod` (a history modifier)");
          }
          if (firstWords.has(n) && first?.type === "Lit" && ZSH_NAMES.has(first.value) && n.parts.length === 1) flag(n.pos, n.end, `\`${first.value}\``);
          break;
        }
      }
    } else {
      switch (n.type) {
        case "TestClause":
          flag(n.pos, n.end, "`[[ ]]`");
          break;
        case "SglQuoted":
          if (n.dollar) flag(n.pos, n.end, "`$'..'`");
          break;
        case "DblQuoted":
          if (n.dollar) flag(n.pos, n.end, '`$"..."`');
          break;
        case "ProcSubst":
        case "ExtGlob":
        case "ArrayLiteral":
          flag(n.pos, n.end, n.type);
          break;
        case "Redirect":
          if (n.op === "&>" || n.op === "&>>" || n.op === "<<<" || n.fdVar) flag(n.pos, n.end, `\`${n.op}\``);
          break;
        case "Lit":
          if (/\{[^}]*(,|\.\.)[^}]*\}/.test(n.value)) flag(n.pos, n.end, "brace expansion");
          break;
        case "Pipeline":
          if (n.ops.includes("|&")) flag(n.pos, n.end, "`|&`");
          break;
        case "FunctionDef":
          if (n.keyword) flag(n.pos, n.end, "the `function` keyword");
          break;
        case "ParamExp":
          if (n.index || (n.op && /^(\/|\/\/|\/#|\/%|\^|\^\^|,|,,|@|:)$/.test(n.op))) flag(n.pos, n.end, "this parameter expansion");
          break;
      }
    }
  });
}
