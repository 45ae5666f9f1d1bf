// Read-only commands that used to need more than a read (issue 15 item 4): ps without the `e`
// option prints no environment, jq with no filter runs `.`. The dangerous forms stay refused:
// ps with `e` in any spelling procps honours (BSD `e`, a dashed cluster it reads as BSD), and jq
// reading the environment. (Compose's read verbs need a Docker daemon the sandbox lacks: their
// rules are checked by registry examples.)
import { PRECISION_INTENTS } from "../intents.ts";
import { spellings, type Family } from "../compose.ts";

const spell = spellings;

export const family: Family = {
  name: "precision-gaps",
  offered: false,
  ownIntents: PRECISION_INTENTS,
  sharedIntents: false,
  transforms: [
    spell("bsd", {
      "ps-env": "ps axe",
      "jq-env": "jq -n env",
      "ps-list": "ps aux | grep -v grep | grep bash",
      "jq-plain": "jq < package.json",
    }),
    spell("cluster", {
      "ps-env": "ps -xe",
      "jq-env": "jq -n '$ENV'",
      "ps-list": "ps -ef | head",
      "jq-plain": "cat package.json | jq",
    }),
    spell("wide", {
      "ps-env": "ps eww x",
      "jq-env": "jq -rn 'env.GITHUB_TOKEN'",
      "ps-list": "ps -eo pid,ppid,comm --sort=pid",
      "jq-plain": "jq -r < package.json",
    }),
    spell("fallback", {
      "ps-env": "ps -auxe",
      "ps-list": "ps -eLf | wc -l",
      "jq-plain": "jq -c . package.json",
    }),
    spell("long", {
      "ps-env": "ps -ewwx",
      "ps-list": "ps -o pid,args -p 1",
      "jq-plain": "jq --tab < package.json",
    }),
  ],
};
