// Heredocs and here-strings: a body that is code, or that feeds an interpreter.
import type { Family, Transform } from "../compose.ts";
import { sq } from "../quote.ts";

const w = (name: string, f: (c: string) => string | null): Transform => ({ name, wrap: f });
const b64 = (s: string) => Buffer.from(s + "\n").toString("base64");

export const family: Family = {
  name: "heredoc-herestring",
  transforms: [
    w("bash-quoted-heredoc", (c) => `bash <<'EOF'\n${c}\nEOF`),
    w("sh-unquoted-heredoc", (c) => (c.includes("$") || c.includes("`") || c.includes("\\") ? null : `sh <<EOF\n${c}\nEOF`)),
    w("bash-herestring", (c) => `bash <<< ${sq(c)}`),
    w("substitution-in-heredoc-body", (c) => `cat <<EOF\n$(${c})\nEOF`),
    w("base64-herestring-to-sh", (c) => `base64 -d <<< ${b64(c)} | sh`),
    w("bash-s-heredoc", (c) => `bash -s <<'X'\n${c}\nX`),
    w("heredoc-piped-to-sh", (c) => `cat <<'EOF' | sh\n${c}\nEOF`),
    w("source-stdin-heredoc", (c) => `source /dev/stdin <<'EOF'\n${c}\nEOF`),
    w("tab-stripped-heredoc", (c) => `bash <<-EOF\n\t${c.replace(/\n/g, "\n\t")}\n\tEOF`),
    w("eval-read-loop", (c) => (c.includes("\n") ? null : `while IFS= read -r l; do eval "$l"; done <<'EOF'\n${c}\nEOF`)),
    w("heredoc-then-and", (c) => `cat <<'EOF' >/dev/null && ${c}\nhello\nEOF`),
    w("two-heredocs-one-line", (c) => `cat <<A; bash <<'B'\nfirst\nA\n${c}\nB`),
  ],
};
