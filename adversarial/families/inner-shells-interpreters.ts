// Inner shells and interpreters: code in a string.
import type { Family, Transform } from "../compose.ts";
import { sq } from "../quote.ts";

const w = (name: string, f: (c: string) => string | null): Transform => ({ name, wrap: f });
const jsString = (s: string) => JSON.stringify(s);

export const family: Family = {
  name: "inner-shells-interpreters",
  transforms: [
    w("bash-c", (c) => `bash -c ${sq(c)}`),
    w("sh-c", (c) => `sh -c ${sq(c)}`),
    w("bash-lc", (c) => `bash -lc ${sq(c)}`),
    w("eval-single", (c) => `eval ${sq(c)}`),
    w("eval-via-variable", (c) => `s=${sq(c)}; eval "$s"`),
    w("sh-c-eval-arg", (c) => `sh -c 'eval "$0"' ${sq(c)}`),
    w("python-os-system", (c) => `python3 -c ${sq(`import os; os.system(${jsString(c)})`)}`),
    w("perl-system", (c) => `perl -e ${sq(`system(${jsString(c)})`)}`),
    w("node-exec-sync", (c) => `node -e ${sq(`require("child_process").execSync(${jsString(c)}, {stdio: "inherit"})`)}`),
    w("awk-system", (c) => `awk ${sq(`BEGIN{system(${jsString(c)})}`)}`),
    w("dot-process-substitution", (c) => `. <(printf '%s\\n' ${sq(c)})`),
    w("bash-c-dollar-zero", (c) => `bash -c ${sq(c + ' "$0"')} x`),
  ],
};
