// Substitutions: the inner command runs first, whatever the outer one is.
import type { Family, Transform } from "../compose.ts";

const w = (name: string, f: (c: string) => string): Transform => ({ name, wrap: f });

export const family: Family = {
  name: "substitutions",
  transforms: [
    w("dollar-paren-arg", (c) => `echo $(${c})`),
    w("quoted-dollar-paren", (c) => `: "$(${c})"`),
    w("backticks", (c) => (c.includes("`") ? c : `echo \`${c}\``)),
    w("nested-backticks", (c) => (/[`\\$]/.test(c) ? c : `echo \`echo \\\`${c}\\\`\``)),
    w("process-substitution-in", (c) => `cat <(${c})`),
    w("process-substitution-out", (c) => `echo ok > >(${c})`),
    w("arithmetic-with-substitution", (c) => `echo $(( $(${c} | wc -c) ))`),
    w("default-value-substitution", (c) => `x=\${SF_UNSET_Z:-$(${c})}`),
    w("test-clause-substitution", (c) => `[[ -n $(${c}) ]]`),
    w("nested-dollar-paren", (c) => `echo "$(echo "$(${c})")"`),
    w("assignment-substitution", (c) => `v=$(${c})`),
    w("ls-argument", (c) => `ls $(${c}) 2>/dev/null`),
  ],
};
