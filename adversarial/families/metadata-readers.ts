// ls, du and stat look at a file operand by its metadata only (DESIGN "Metadata-only
// readers"): `du -sh *` and `ls -la *` over a project holding a link to ~/.aws/credentials read
// nothing of it. What stays refused: readers of content over the same glob or link (wc, cat,
// head, grep), a directory listed (a secret directory, a link to one, one this command links),
// and bash's own listing of a secret directory to expand a pattern. The twins look at the link,
// the project's .env and secret files by metadata in every spelling (tree is not among them: it
// opens a file operand, observed with `tree -L 1 *`).
import { DENY2_INTENTS } from "../intents.ts";
import { spellings, type Family } from "../compose.ts";

const spell = spellings;

export const family: Family = {
  name: "metadata-readers",
  offered: false,
  ownIntents: DENY2_INTENTS,
  intents: (i) => i.id.startsWith("meta-"),
  sharedIntents: false,
  transforms: [
    spell("glob", { "meta-content-read": "wc -l *", "meta-stat": "ls -la *" }),
    spell("du", { "meta-content-read": "head -n1 * 2>/dev/null", "meta-stat": "du -sh * | sort -h" }),
    spell("link", { "meta-content-read": "cat secret-link", "meta-stat": "ls -l secret-link" }),
    spell("stat", { "meta-content-read": "grep -H . secret-link", "meta-stat": "stat secret-link" }),
    spell("stat-follow", { "meta-content-read": "tail -1 se*-link", "meta-stat": "stat -L secret-link" }),
    spell("dir-listing", { "meta-content-read": "ls -la ~/.aws", "meta-stat": "ls -la ~/.aws/credentials" }),
    spell("dir-link", { "meta-content-read": "ln -s ~/.aws k && ls k", "meta-stat": "du -h .env" }),
    spell("glob-in-secret", { "meta-content-read": "stat ~/.aws/*", "meta-stat": "stat -c %s ~/.ssh/id_rsa" }),
    spell("tree", { "meta-content-read": "tree ~/.aws", "meta-stat": "tree -L 1 *" }),
    spell("du-all", { "meta-content-read": "du -a ~/.aws", "meta-stat": "ls -lh secret-link link-out" }),
  ],
};
