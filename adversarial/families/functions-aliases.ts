// Functions and aliases: the name means something else.
import type { Family, Transform } from "../compose.ts";
import { sq } from "../quote.ts";

const w = (name: string, f: (c: string, tool: string) => string | null): Transform => ({ name, wrap: (c, i) => f(c, i.action.tool) });

export const family: Family = {
  name: "functions-aliases",
  transforms: [
    w("function-named-ls", (c, t) => (t === "ls" ? null : `ls() { ${c}; }; ls`)),
    w("keyword-function-git", (c) => `function git { ${c}; }; git status`),
    w("function-named-cd", (c) => `cd() { ${c}; }; cd src`),
    w("forwarding-function", (c) => (c.includes("\n") ? null : `f() { "$@"; }; f ${c}`)),
    w("alias-expansion", (c) => `shopt -s expand_aliases\nalias ll=${sq(c)}\nll`),
    w("not-found-handler", (c) => `command_not_found_handle() { ${c}; }; sf-no-such-tool`),
    w("exit-trap", (c) => `trap ${sq(c)} EXIT; true`),
    w("exported-function", (c) => `f() { ${c}; }; export -f f; bash -c f`),
    w("function-chain", (c) => `f() { ${c}; }; g() { f; }; g`),
    w("subshell-body-function", (c) => `f() ( ${c} ); f`),
    w("function-named-echo", (c, t) => (t === "echo" ? null : `echo() { ${c}; }; echo hi`)),
    w("err-trap", (c) => `trap ${sq(c)} ERR; false`),
  ],
};
