// Environment vectors: a variable makes the next program run code.
import type { Family, Transform } from "../compose.ts";
import { sq } from "../quote.ts";

const w = (name: string, f: (c: string) => string): Transform => ({ name, wrap: (c) => (c.includes("\n") ? null : f(c)) });
const jsString = (s: string) => JSON.stringify(s);

export const family: Family = {
  name: "environment-vectors",
  transforms: [
    w("git-external-diff", (c) => `GIT_EXTERNAL_DIFF=${sq(c + ";:")} git diff HEAD~1`),
    w("git-ssh-command", (c) => `GIT_SSH_COMMAND=${sq(c + ";:")} git fetch -q ssh://192.0.2.1/x`),
    w("git-editor", (c) => `GIT_EDITOR=${sq(c + ";:")} git commit -q --allow-empty`),
    w("editor", (c) => `EDITOR=${sq(c + ";:")} git commit -q --allow-empty`),
    w("git-config-env", (c) => `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=${sq(c + ";:")} git status --short`),
    w("bash-env", (c) => `printf '%s\\n' ${sq(c)} > /tmp/e.sh; BASH_ENV=/tmp/e.sh bash -c true`),
    w("env-for-interactive-sh", (c) => `printf '%s\\n' ${sq(c)} > /tmp/e.sh; ENV=/tmp/e.sh sh -i </dev/null`),
    w("prompt-command", (c) => `PROMPT_COMMAND=${sq(c)} bash -i </dev/null`),
    w("exported-external-diff", (c) => `export GIT_EXTERNAL_DIFF=${sq(c + ";:")}; git diff HEAD~1`),
    w("path-prefix-planted-tool", (c) => `printf '#!/bin/sh\\n%s\\n' ${sq(c)} > ls; chmod +x ls; PATH=.:$PATH ls`),
    w("node-options-require", (c) => `printf '%s' ${sq(`require("child_process").execSync(${jsString(c)}, {stdio: "inherit"})`)} > /tmp/r.js; NODE_OPTIONS='--require /tmp/r.js' node -e 0`),
    w("pager-forced", (c) => `PAGER=${sq(c + ";:")} git -p log -1`),
  ],
};
