// Redirects: writes, reads and network hidden in redirect forms.
import { firstPath, isRead, isWrite, type Family, type Transform } from "../compose.ts";
import type { Intent } from "../intents.ts";
import { word } from "../quote.ts";

const writeForm = (name: string, f: (target: string) => string): Transform => ({
  name,
  applies: isWrite,
  spell: (s) => ({ ...s, redir: (r, t) => (r.op === "<" ? s.redir(r, t) : f(t)) }),
});
/** Read intents: the path operand becomes the command's stdin. */
const readForm = (name: string, f: (target: string) => string): Transform => ({
  name,
  applies: (i) => isRead(i) && i.action.args.filter((a) => "path" in a).length === 1,
  render: (i: Intent, s) => {
    const args = i.action.args.filter((a) => !("path" in a)).map((a) => word((a as { lit: string }).lit));
    return [s.tool(i.action.tool), ...args, f(s.path(firstPath(i.action)!, s.cwd))].join(" ");
  },
});

export const family: Family = {
  name: "redirects",
  transforms: [
    writeForm("truncate", (t) => `>${t}`),
    writeForm("append", (t) => `>> ${t}`),
    writeForm("clobber", (t) => `>|${t}`),
    writeForm("both-streams", (t) => `&>${t}`),
    writeForm("both-streams-append", (t) => `&>>${t}`),
    writeForm("dup-form-to-file", (t) => `>&${t}`),
    writeForm("read-write-fd1", (t) => `1<>${t}`),
    writeForm("stderr-to-file", (t) => `2>${t}`),
    writeForm("fd3-to-file", (t) => `3>${t}`),
    writeForm("named-fd", (t) => `{fd}>${t}`),
    writeForm("explicit-fd1", (t) => `1>${t}`),
    readForm("stdin", (t) => `< ${t}`),
    readForm("stdin-explicit-fd0", (t) => `0<${t}`),
    readForm("read-write-stdin", (t) => `<>${t}`),
    { name: "exec-fd-then-dup", applies: isRead, render: (i, s) => `exec 3<${s.path(firstPath(i.action)!, s.cwd)}; ${s.tool(i.action.tool)} <&3` },
    { name: "exec-fd-write", applies: isWrite, render: (i, s) => `exec 4>>${s.path(i.action.redirs[0]!.path, s.cwd)}; echo pwned >&4` },
  ],
};
