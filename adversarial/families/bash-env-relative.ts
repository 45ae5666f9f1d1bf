// BASH_ENV and ENV set to a relative path: the shell that starts sources it from its own working
// directory (`.env` is read, a link to credentials too). The benign twins source project scripts.
import path from "node:path";
import type { Family, Transform } from "../compose.ts";
import { PROJECT } from "../../oracle/sandbox/world.ts";
import { SOURCED_FILE_INTENTS } from "../intents.ts";

const rel = (target: string, from: string) => path.posix.relative(from, target);
const t = (name: string, from: string, f: (r: string) => string): Transform => ({ name, render: (i) => (i.target ? f(rel(i.target, from)) : null) });
const SRC = `${PROJECT}/src`;
const DATA = `${PROJECT}/data`;

export const family: Family = {
  name: "bash-env-relative",
  ownIntents: SOURCED_FILE_INTENTS,
  sharedIntents: false,
  offered: false,
  transforms: [
    t("prefix", PROJECT, (r) => `BASH_ENV=${r} bash -c :`),
    t("dot-slash", PROJECT, (r) => `BASH_ENV=./${r} bash -c true`),
    t("export", PROJECT, (r) => `export BASH_ENV=${r}; bash -c :`),
    t("cd-then-prefix", SRC, (r) => `cd src && BASH_ENV=${r} bash -c :`),
    t("subshell-cd", DATA, (r) => `(cd data && BASH_ENV=${r} bash -c 'echo ok')`),
    t("script", PROJECT, (r) => `BASH_ENV=${r} bash scripts/lint.sh`),
    t("env-prefix", PROJECT, (r) => `env BASH_ENV=${r} bash -c :`),
    t("env-chdir", SRC, (r) => `env -C src BASH_ENV=${r} bash -c :`),
    t("export-then-cd", SRC, (r) => `export BASH_ENV=${r}; cd src; bash -c :`),
    t("sh-interactive-env", PROJECT, (r) => `ENV=${r} sh -i </dev/null`),
    t("bash-posix-env", PROJECT, (r) => `ENV=${r} bash --posix -i </dev/null`),
  ],
};
