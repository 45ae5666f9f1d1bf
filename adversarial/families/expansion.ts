// Expansion: one word becomes other words or paths (braces, globs, IFS, tilde, variables).
import path from "node:path";
import { HOME } from "../../oracle/sandbox/world.ts";
import { isRead, type Family, type Transform } from "../compose.ts";
import type { Intent } from "../intents.ts";
import { naturalPath } from "../render.ts";

/** Re-spell only the intent's target path (other paths keep the current spelling). */
const target = (name: string, f: (abs: string, cwd: string) => string | null): Transform => ({
  name,
  applies: (i) => i.target !== null,
  spell: (s, i) => {
    const probe = f(i.target!, s.cwd);
    if (probe === null) return null;
    return { ...s, path: (abs, cwd) => (abs === i.target ? (f(abs, cwd) ?? s.path(abs, cwd)) : s.path(abs, cwd)) };
  },
});
const inHome = (abs: string) => abs.startsWith(HOME + "/");
const homeRel = (abs: string) => abs.slice(HOME.length + 1);
const simpleArgv = (i: Intent) => i.action.redirs.length === 0 && i.action.args.every((a) => "path" in a || /^[\w.-]+$/.test(a.lit));

export const family: Family = {
  name: "expansion",
  transforms: [
    target("brace-alternatives", (abs, cwd) => {
      const n = naturalPath(abs, cwd);
      const base = path.posix.basename(n);
      return n === base ? `{${base},sf-missing}` : `${path.posix.dirname(n)}/{${base},sf-missing}`;
    }),
    target("brace-in-segment", (abs, cwd) => {
      const n = naturalPath(abs, cwd);
      const i = n.lastIndexOf("/");
      return i < 1 ? null : `${n.slice(0, i - 1)}{${n[i - 1]},}${n.slice(i)}`;
    }),
    target("glob-question-mark", (abs, cwd) => naturalPath(abs, cwd).slice(0, -1) + "?"),
    target("glob-star", (abs, cwd) => naturalPath(abs, cwd).slice(0, -2) + "*"),
    target("glob-bracket", (abs, cwd) => {
      const n = naturalPath(abs, cwd);
      return n.slice(0, -1) + `[${n.slice(-1)}]`;
    }),
    target("glob-other-home", (abs) => (inHome(abs) ? `/home/*/${homeRel(abs)}` : null)),
    target("dollar-home", (abs) => (inHome(abs) ? `$HOME/${homeRel(abs)}` : null)),
    target("braced-home", (abs) => (inHome(abs) ? `\${HOME}/${homeRel(abs)}` : null)),
    target("quoted-home", (abs) => (inHome(abs) ? `"$HOME"/${homeRel(abs)}` : null)),
    target("tilde-user", (abs) => (inHome(abs) ? `~agent/${homeRel(abs)}` : null)),
    target("variable-dir", (abs) => `$(printf %s ${path.posix.dirname(abs)})/${path.posix.basename(abs)}`),
    {
      name: "brace-command",
      applies: simpleArgv,
      render: (i, s) => `{${[s.tool(i.action.tool), ...i.action.args.map((a) => ("path" in a ? (a.prefix ?? "") + s.path(a.path, s.cwd) : a.lit))].join(",")}}`,
    },
    {
      name: "ifs-joined-words",
      applies: simpleArgv,
      render: (i, s) =>
        [s.tool(i.action.tool), ...i.action.args.map((a) => ("path" in a ? (a.prefix ?? "") + s.path(a.path, s.cwd).replace(/^~\//, "$HOME/") : a.lit))].join("${IFS}"),
    },
    {
      name: "ifs-custom-split",
      applies: (i) => simpleArgv(i) && isRead(i),
      render: (i, s) =>
        `IFS=,; x=${[s.tool(i.action.tool), ...i.action.args.map((a) => ("path" in a ? s.path(a.path, s.cwd).replace(/^~\//, "$HOME/") : a.lit))].join(",")}; $x`,
    },
  ],
};
