// Integer variables: bash evaluates every value assigned to a variable with the integer attribute
// as arithmetic, and an array subscript there runs its command substitutions. The payload is such
// a subscript (or, for the benign twins, a plain number or sum), assigned in every way bash has.
import type { Family, Transform } from "../compose.ts";
import { INTEGER_INTENTS } from "../intents.ts";
import { sq } from "../quote.ts";

const t = (name: string, f: (p: string) => string): Transform => ({ name, render: (i) => (i.payload === undefined ? null : f(i.payload)) });

export const family: Family = {
  name: "integer-variables",
  ownIntents: INTEGER_INTENTS,
  sharedIntents: false,
  offered: false,
  transforms: [
    t("declare-i", (p) => `declare -i n; n=${sq(p)}`),
    t("typeset-i", (p) => `typeset -i n; n=${sq(p)}; echo "$n"`),
    t("declare-i-value", (p) => `declare -i n=${sq(p)}`),
    t("local-i", (p) => `f() { local -i k; k=${sq(p)}; }; f`),
    t("local-i-value", (p) => `f() { local -i k=${sq(p)}; }; f`),
    t("declare-gi", (p) => `f() { declare -gi g; }; f; g=${sq(p)}`),
    t("append", (p) => `declare -i n=1; n+=${sq(p)}`),
    t("array-ia", (p) => `declare -ia arr; arr=(${sq(p)})`),
    t("array-element", (p) => `declare -ia arr; arr[2]=${sq(p)}`),
    t("assoc-Ai", (p) => `declare -Ai m; m[k]=${sq(p)}`),
    t("readonly-i", (p) => `declare -ri n=${sq(p)}`),
    t("export-after", (p) => `declare -i n; export n=${sq(p)}`),
    t("read", (p) => `declare -i r; read -r r <<< ${sq(p)}`),
    t("mapfile", (p) => `declare -ia lines; mapfile -t lines <<< ${sq(p)}`),
    t("for-loop", (p) => `declare -i q; for q in ${sq(p)}; do :; done`),
    t("printf-v", (p) => `declare -i n; printf -v n '%s' ${sq(p)}`),
    t("file-substitution", (p) => `printf '%s' ${sq(p)} > /tmp/v; declare -i n; n=$(</tmp/v)`),
    t("cat-substitution", (p) => `printf '%s' ${sq(p)} > /tmp/v; declare -i n; n="$(cat /tmp/v)"`),
    t("variable-copy", (p) => `x=${sq(p)}; declare -i n; n=$x`),
    t("bash-c", (p) => `bash -c ${sq(`declare -i n; n=${sq(p)}`)}`),
    t("eval", (p) => `eval ${sq(`typeset -i n; n=${sq(p)}`)}`),
  ],
};
