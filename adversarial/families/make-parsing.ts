// make parses its makefile in every mode (issue 19 class 3): `$(shell ...)`, `include`,
// `$(file < F)` and `$(eval ...)` run under -n, -q and -p too; only recipes are skipped. A
// makefile from stdin (`-f -`) is code from outside the command's view.
import { firstPath, isRead, type Family, type Transform } from "../compose.ts";
import { sq } from "../quote.ts";
import { HOME } from "../../oracle/sandbox/world.ts";

/** The intent's command inside `$(shell ...)`: `$` doubled, no `#`, parentheses or newlines. */
const shell = (name: string, f: (mk: string) => string, wrap: (c: string) => string = (c) => `x := $(shell ${c} >&2)`): Transform => ({
  name,
  wrap: (c) => (/[\n#()]/.test(c) ? null : f(wrap(c.replace(/\$/g, "$$$$")))),
});
const fileRead = (name: string, f: (mk: string) => string): Transform => ({
  name,
  applies: isRead,
  render: (i) => {
    const p = firstPath(i.action)!.replace(/^~\//, HOME + "/");
    return f(`x := $(file < ${p})\n$(info $(x))`);
  },
});

export const family: Family = {
  name: "make-parsing",
  offered: false,
  transforms: [
    shell("question-stdin", (mk) => `make -q -f - <<< ${sq(mk)}`),
    shell("dry-run-stdin", (mk) => `make -n -f - <<< ${sq(mk)}`),
    shell("print-db-stdin", (mk) => `make -p -f - <<< ${sq(mk)} > /dev/null`),
    shell("question-long", (mk) => `make --question --file=- <<< ${sq(mk)}`),
    shell("dev-stdin", (mk) => `make -n -f /dev/stdin <<< ${sq(mk)}`),
    shell("printf-pipe", (mk) => `printf '%s\\n' ${sq(mk)} | make -nf -`),
    shell("include-shell", (mk) => `make -q -f - <<< ${sq(mk)}`, (c) => `-include $(shell ${c} >&2)`),
    shell("eval-shell", (mk) => `make -n -f - <<< ${sq(mk)}`, (c) => `$(eval y := $(shell ${c} >&2))`),
    shell("heredoc", (mk) => `make -q -f - <<'EOF'\n${mk}\nall: ;\nEOF`),
    fileRead("file-function", (mk) => `make -q -f - <<'EOF'\n${mk}\nEOF`),
  ],
};
