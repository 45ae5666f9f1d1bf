// Dynamic command word: the word that names the program is computed at run time.
import type { Family, Transform } from "../compose.ts";

// A spelling that replaces the command word plus the prefix that defines it.
const dyn = (name: string, word: string, prefix: (t: string) => string): Transform => {
  let current = "";
  return {
    name,
    spell: (s, i) => {
      current = s.tool(i.action.tool);
      return /^[a-z0-9]+$/.test(current) ? { ...s, tool: () => word } : null;
    },
    wrap: (c) => `${prefix(current)}${c}`,
  };
};

export const family: Family = {
  name: "dynamic-command-word",
  transforms: [
    dyn("variable", "$x", (t) => `x=${t}; `),
    dyn("variable-braced", "${x}", (t) => `x=${t}; `),
    dyn("printf-substitution", '"$(printf ' + "%s" + ' "$x")"', (t) => `x=${t}; `),
    dyn("echo-substitution", "$(echo $x)", (t) => `x=${t}; `),
    dyn("backtick-substitution", "`echo $x`", (t) => `x=${t}; `),
    dyn("indirect", "${!v}", (t) => `a=${t}; v=a; `),
    dyn("array-element", '"${c[@]}"', (t) => `c=(${t}); `),
    dyn("prompt-transform", "${p@P}", (t) => `p='$(printf ${t})'; `),
    dyn("default-value", "${SF_UNSET_Y:-$x}", (t) => `x=${t}; `),
    dyn("substring", "${x:2}", (t) => `x=zz${t}; `),
    dyn("lowercase", "${x,,}", (t) => `x=${t.toUpperCase()}; `),
    dyn("pattern-replace", "${x/Q/}", (t) => `x=Q${t}; `),
  ],
};
