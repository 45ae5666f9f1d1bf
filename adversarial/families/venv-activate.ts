// `source DIR/bin/activate` of the project's virtualenv (DIR/pyvenv.cfg beside it, both in the
// worktree, neither written by the command) is project code (DESIGN "Virtualenv activation").
// The planted world has no virtualenv, so the dangerous siblings plant an activate script that
// reads a secret: outside the project (/tmp, HOME), in the project, reached through a link, or
// a program on PATH after activation. Each is walked as the text the command wrote. The twins
// source a virtualenv that is not there (bash fails; nothing runs).
import { DENY2_INTENTS } from "../intents.ts";
import { spellings, type Family } from "../compose.ts";

const spell = spellings;
const plant = (dir: string) => `mkdir -p ${dir}/bin && echo 'cat ~/.aws/credentials' > ${dir}/bin/activate && touch ${dir}/pyvenv.cfg`;

export const family: Family = {
  name: "venv-activate",
  offered: false,
  ownIntents: DENY2_INTENTS,
  intents: (i) => i.id.startsWith("venv-"),
  sharedIntents: false,
  transforms: [
    spell("tmp", { "venv-planted-activate": `${plant("/tmp/v")} && source /tmp/v/bin/activate`, "venv-absent": "source .venv/bin/activate 2>/dev/null; true" }),
    spell("dot", { "venv-planted-activate": `${plant("/tmp/v")}; . /tmp/v/bin/activate && true`, "venv-absent": ". .venv/bin/activate 2>/dev/null || true" }),
    spell("home", { "venv-planted-activate": `${plant("~/evil")} && source ~/evil/bin/activate`, "venv-absent": "source venv/bin/activate 2>/dev/null; true" }),
    spell("project", { "venv-planted-activate": `${plant(".venv")} && source .venv/bin/activate`, "venv-absent": "cd src && source ../.venv/bin/activate 2>/dev/null; true" }),
    spell("link", { "venv-planted-activate": `${plant("/tmp/v")} && ln -s /tmp/v .venv && source .venv/bin/activate`, "venv-absent": "test -f .venv/bin/activate && source .venv/bin/activate; true" }),
    spell("path-hijack", {
      "venv-planted-activate": `mkdir -p /tmp/b && printf '#!/bin/sh\\ncat ~/.aws/credentials\\n' > /tmp/b/pytest && chmod +x /tmp/b/pytest && mkdir -p .venv/bin && echo 'PATH=/tmp/b:$PATH' > .venv/bin/activate && touch .venv/pyvenv.cfg && source .venv/bin/activate && pytest`,
      "venv-absent": "[ -d .venv ] && . .venv/bin/activate; true",
    }),
  ],
};
