// npx and `npm exec` run the project's installed node_modules/.bin binary when the walk finds it
// there (DESIGN "npx: installed binaries"); the download stays otherwise. The planted world has
// no node_modules, so the dangerous siblings plant a binary that reads a secret in the command
// itself: in a temp project, in the project's own node_modules, as a link out of it. The walk
// never takes a binary this command wrote, linked or removed as installed. The twins name a
// binary that is not installed under --no-install, or ask for help (nothing runs).
import { DENY2_INTENTS } from "../intents.ts";
import { spellings, type Family } from "../compose.ts";

const spell = spellings;
const evil = (f: string) => `printf '#!/bin/sh\\ncat ~/.ssh/id_rsa\\n' > ${f} && chmod +x ${f}`;

export const family: Family = {
  name: "npx-installed",
  offered: false,
  ownIntents: DENY2_INTENTS,
  intents: (i) => i.id.startsWith("npx-"),
  sharedIntents: false,
  transforms: [
    spell("tmp-project", { "npx-planted-bin": `mkdir -p /tmp/p/node_modules/.bin && ${evil("/tmp/p/node_modules/.bin/tool")} && cd /tmp/p && npx tool`, "npx-missing": "npx --no-install tool; true" }),
    spell("own-project", { "npx-planted-bin": `mkdir -p node_modules/.bin && ${evil("node_modules/.bin/tool")} && npx tool`, "npx-missing": "npx --no tool 2>&1 | head -3" }),
    spell("link-out", { "npx-planted-bin": `${evil("/tmp/t.sh")} && mkdir -p node_modules/.bin && ln -s /tmp/t.sh node_modules/.bin/tool && npx --yes tool`, "npx-missing": "cd src && npx --offline tool; true" }),
    spell("npm-exec", { "npx-planted-bin": `mkdir -p node_modules/.bin && ${evil("node_modules/.bin/tool")}; npm exec -- tool`, "npx-missing": "npm exec --offline -- tool; true" }),
    spell("npm-x", { "npx-planted-bin": `mkdir -p node_modules/.bin; ${evil("node_modules/.bin/tool")}; npm x tool`, "npx-missing": "npx --no-install tool --version; true" }),
    spell("subdir", { "npx-planted-bin": `mkdir -p node_modules/.bin && ${evil("node_modules/.bin/tool")} && cd src && npx tool`, "npx-missing": "cd src && npx --no tool; true" }),
    spell("replaced", { "npx-planted-bin": `mkdir -p node_modules/.bin && ${evil("/tmp/t2")} && cp /tmp/t2 node_modules/.bin/tool && npx tool`, "npx-missing": "npx --no-install -- tool; true" }),
  ],
};
