// Resource and parser abuse: a checker that times out or gives up must not fail open.
import type { Family, Transform } from "../compose.ts";

const w = (name: string, f: (c: string) => string): Transform => ({ name, wrap: f });
const nest = (c: string, depth: number) => "echo " + "$(echo ".repeat(depth) + c + ")".repeat(depth);

export const family: Family = {
  name: "resource-parser-abuse",
  composable: true,
  transforms: [
    w("many-noops", (c) => "true; ".repeat(400) + c),
    w("many-colons", (c) => ":;".repeat(2000) + c),
    w("long-padding-argument", (c) => `echo ${"A".repeat(6000)} >/dev/null; ${c}`),
    w("long-comment", (c) => `# ${"x".repeat(6000)}\n${c}`),
    w("deep-substitution-10", (c) => nest(c, 10)),
    w("deep-substitution-80", (c) => nest(c, 80)),
    w("brace-bomb-first", (c) => `echo {1..9}{1..9}{1..9} >/dev/null; ${c}`),
    w("deep-subshells", (c) => "( ".repeat(40) + c + " )".repeat(40)),
    w("long-pipeline", (c) => "echo | " + "cat | ".repeat(60) + c),
    w("many-heredocs", (c) => `cat ${Array.from({ length: 30 }, (_, i) => `<<H${i}`).join(" ")} >/dev/null; ${c}\n${Array.from({ length: 30 }, (_, i) => `x\nH${i}`).join("\n")}`),
    w("deep-braces", (c) => "{ ".repeat(60) + c + "; }".repeat(60)),
    w("nested-bash-c", (c) => `bash -c "bash -c \\"${c.replace(/[\\"$`]/g, (m) => "\\\\\\" + m)}\\""`),
  ],
};
