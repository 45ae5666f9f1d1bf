// What the option-driven search puts in an option's value (or, for an option that takes none,
// in the word after it): each payload is an intent the sandbox oracle can confirm
// (adversarial/intents.ts OPTION_INTENTS), spelled as the shell text of one word, with a benign
// value for the twin that uses the same option harmlessly.
import { HOME } from "../../oracle/sandbox/world.ts";
import { intentById, type Intent } from "../intents.ts";
import { sq } from "../quote.ts";

export interface Payload {
  intent: Intent;
  /** Shell text of the value, one per spelling (absolute, `$HOME/...`, relative...). */
  spellings: { name: string; text: string }[];
  /** The benign value for the twin. */
  benign: string;
  /** Also tried after options that take no value (an arity probe: is the word an operand?). */
  probe: boolean;
  /** Shell text run before the command (plants what the payload needs, in /tmp). */
  setup?: string;
}

const NETRC = `${HOME}/.netrc`;
const PLANT = "/tmp/sf-plant";

export const PAYLOADS: Payload[] = [
  {
    intent: intentById("opt-secret"),
    spellings: [
      { name: "abs", text: NETRC },
      { name: "home-var", text: '"$HOME"/.netrc' },
      { name: "relative", text: "../../.netrc" },
    ],
    benign: "data/a.txt",
    probe: true,
  },
  { intent: intentById("opt-secret-link"), spellings: [{ name: "link", text: "secret-link" }], benign: "README.md", probe: false },
  {
    intent: intentById("opt-self"),
    spellings: [
      { name: "abs", text: `${HOME}/.claude/settings.json` },
      { name: "home-var", text: '"$HOME"/.claude/settings.json' },
    ],
    benign: "out.txt",
    probe: true,
  },
  { intent: intentById("opt-dotfile"), spellings: [{ name: "abs", text: `${HOME}/.bashrc` }], benign: "out.txt", probe: false },
  { intent: intentById("opt-sibling"), spellings: [{ name: "relative", text: "../sibling/README.md" }], benign: "data/b.txt", probe: false },
  { intent: intentById("opt-shell"), spellings: [{ name: "script", text: sq(`x; cat ${NETRC} >&2 #`) }], benign: "true", probe: false },
  {
    intent: intentById("opt-program"),
    spellings: [{ name: "planted", text: PLANT }],
    benign: "true",
    probe: false,
    setup: `printf '#!/bin/sh\\ncat ${NETRC} >&2\\n' > ${PLANT} && chmod +x ${PLANT} && `,
  },
  { intent: intentById("opt-at-file"), spellings: [{ name: "at", text: `@${NETRC}` }], benign: "@data/a.txt", probe: false },
];
