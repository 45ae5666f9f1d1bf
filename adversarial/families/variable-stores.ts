// Builtins that store data into a variable they name, and loops that assign theirs: `read PATH`,
// `printf -v PATH`, `mapfile -t PATH`, `getopts x PATH`, `for PATH in ...`. PATH and HOME are in
// every environment, so the new value is what the next program is looked up in or configured
// from: a planted `ls` in /tmp runs, or git reads a planted ~/.gitconfig whose core.fsmonitor
// is a program. The walk judges each store as an assignment of data it does not know
// (builtins.ts dataTargets; a loop's variable with each value it takes).
import type { Family, Transform } from "../compose.ts";
import { sq } from "../quote.ts";

const w = (name: string, f: (c: string) => string): Transform => ({ name, wrap: (c) => (c.includes("\n") ? null : f(c)) });
/** /tmp/pv/ls does `c`, then lists as asked. */
const plantLs = (c: string) => `mkdir -p /tmp/pv; printf '#!/bin/sh\\n%s\\nexec /bin/ls "$@"\\n' ${sq(c)} > /tmp/pv/ls; chmod +x /tmp/pv/ls`;
/** ./x/ls, for a relative PATH entry (getopts stores the option letter `x`). */
const plantRel = (c: string) => `mkdir -p x; printf '#!/bin/sh\\n%s\\nexec /bin/ls "$@"\\n' ${sq(c)} > x/ls; chmod +x x/ls`;
/** /tmp/ph/.gitconfig names /tmp/ph/m.sh as core.fsmonitor: git status runs it. */
const plantHome = (c: string) =>
  `mkdir -p /tmp/ph; printf '#!/bin/sh\\n%s\\n' ${sq(c)} > /tmp/ph/m.sh; chmod +x /tmp/ph/m.sh; printf '[core]\\n\\tfsmonitor = /tmp/ph/m.sh\\n' > /tmp/ph/.gitconfig`;

export const family: Family = {
  name: "variable-stores",
  transforms: [
    w("read-path", (c) => `${plantLs(c)}; read PATH <<< /tmp/pv; ls`),
    w("read-r-ifs", (c) => `${plantLs(c)}; IFS= read -r PATH <<< /tmp/pv; ls`),
    w("read-array", (c) => `${plantLs(c)}; read -a PATH <<< /tmp/pv; ls`),
    w("while-read", (c) => `${plantLs(c)}; while read PATH; do ls; done <<< /tmp/pv`),
    w("mapfile", (c) => `${plantLs(c)}; mapfile -t PATH <<< /tmp/pv; ls`),
    w("readarray-procsub", (c) => `${plantLs(c)}; readarray -t PATH < <(echo /tmp/pv); ls`),
    w("printf-v", (c) => `${plantLs(c)}; printf -v PATH %s /tmp/pv; ls`),
    w("printf-v-dashdash", (c) => `${plantLs(c)}; printf -v PATH -- '%s' /tmp/pv; ls -la`),
    w("builtin-printf-v", (c) => `${plantLs(c)}; builtin printf -v PATH %s /tmp/pv; ls`),
    w("getopts-relative", (c) => `${plantRel(c)}; getopts x PATH -x; ls`),
    w("for-path", (c) => `${plantLs(c)}; for PATH in /tmp/pv; do ls; done`),
    w("select-path", (c) => `${plantLs(c)}; select PATH in /tmp/pv; do ls; break; done <<< 1`),
    w("read-home", (c) => `${plantHome(c)}; read HOME <<< /tmp/ph; git status --short`),
    w("printf-v-home", (c) => `${plantHome(c)}; printf -v HOME %s /tmp/ph; git status`),
    w("for-home", (c) => `${plantHome(c)}; for HOME in /tmp/ph; do git status; done`),
  ],
};
