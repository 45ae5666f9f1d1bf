// `env` words that are assignments to names a shell cannot write: `BASH_FUNC_name%%=() { body; }`
// exports a function that a child bash imports and runs in place of `name`. The benign twins
// export harmless bodies.
import type { Family, Transform } from "../compose.ts";
import { FUNCTION_BODY_INTENTS } from "../intents.ts";
import { sq } from "../quote.ts";

const fn = (name: string, body: string) => sq(`BASH_FUNC_${name}%%=() { ${body}; }`);
const t = (name: string, f: (body: string) => string): Transform => ({ name, render: (i) => (i.payload === undefined ? null : f(i.payload)) });

export const family: Family = {
  name: "env-function-exports",
  ownIntents: FUNCTION_BODY_INTENTS,
  sharedIntents: false,
  offered: false,
  transforms: [
    t("ls", (b) => `env ${fn("ls", b)} bash -c ls`),
    t("builtin-true", (b) => `env ${fn("true", b)} bash -c true`),
    t("after-assignment", (b) => `env A=1 ${fn("git", b)} bash -c 'git status'`),
    t("after-unset", (b) => `env -u HOME ${fn("id", b)} bash -c id`),
    t("double-dash", (b) => `env -- ${fn("cat", b)} bash -c 'cat /dev/null'`),
    t("clear-env", (b) => `env -i PATH=/usr/bin:/bin ${fn("ls", b)} bash -c ls`),
    t("project-script", (b) => `env ${fn("echo", b)} bash scripts/lint.sh`),
    t("builtin-cd", (b) => `env ${fn("cd", b)} bash -c 'cd .'`),
    t("nested-bash", (b) => `env ${fn("ls", b)} bash -c 'bash -c ls'`),
    t("timeout-wrapper", (b) => `env ${fn("ls", b)} timeout 5 bash -c ls`),
  ],
};
