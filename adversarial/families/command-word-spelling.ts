// Command-word spelling: quote and escape removal give the real command word.
import type { Family, Transform } from "../compose.ts";

const tool = (name: string, f: (t: string) => string): Transform => ({ name, spell: (s) => ({ ...s, tool: (t) => f(s.tool(t)) }) });
// Only re-spell plain words (a word already re-spelled stays as it is).
const plain = (t: string) => /^[a-z0-9]+$/.test(t);
const hex = (t: string) => `$'${[...t].map((c) => "\\x" + c.charCodeAt(0).toString(16)).join("")}'`;
const oct = (t: string) => `$'${[...t].map((c) => "\\" + c.charCodeAt(0).toString(8).padStart(3, "0")).join("")}'`;

export const family: Family = {
  name: "command-word-spelling",
  transforms: [
    tool("backslash-lead", (t) => (plain(t) ? `\\${t}` : t)),
    tool("backslash-inner", (t) => (plain(t) ? `${t[0]}\\${t.slice(1)}` : t)),
    tool("single-quoted", (t) => (plain(t) ? `'${t}'` : t)),
    tool("single-quoted-part", (t) => (plain(t) ? `${t[0]}'${t.slice(1)}'` : t)),
    tool("double-quoted", (t) => (plain(t) ? `"${t}"` : t)),
    tool("empty-single-quotes", (t) => (plain(t) ? `${t[0]}''${t.slice(1)}` : t)),
    tool("empty-double-quotes", (t) => (plain(t) ? `${t[0]}""${t.slice(1)}` : t)),
    tool("ansi-c-hex", (t) => (plain(t) ? hex(t) : t)),
    tool("ansi-c-octal", (t) => (plain(t) ? oct(t) : t)),
    tool("unset-variable-inside", (t) => (plain(t) ? `${t[0]}\${SF_UNSET_X}${t.slice(1)}` : t)),
    tool("backslash-newline-inside", (t) => (plain(t) ? `${t[0]}\\\n${t.slice(1)}` : t)),
    tool("locale-quoted", (t) => (plain(t) ? `$"${t}"` : t)),
  ],
};
