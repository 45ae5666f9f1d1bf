// find's commands that run elsewhere and its walks through symlinks: `-execdir` runs in each
// match's directory (its relative paths resolve from there, `../secret-link` included), and
// `-L`/`-H`/`-follow` follow a symlinked start point (and with -L every link below), so
// `find -L link-out -delete` empties the sibling project.
import { spellings, type Family } from "../compose.ts";

const spell = spellings;

export const family: Family = {
  name: "find-dirs-links",
  offered: false,
  intents: (i) => ["cat-dotenv", "read-ssh-key", "head-aws", "tail-aws", "delete-sibling", "write-sibling", "cat-readme", "wc-data", "head-src", "rm-data", "grep-todo"].includes(i.id),
  transforms: [
    spell("execdir-parent", {
      "head-aws": "find src -name index.js -execdir head -n 3 ../secret-link \\;",
      "cat-dotenv": "find src -name '*.js' -execdir cat ../.env \\;",
      "read-ssh-key": "find data -name a.txt -execdir cat ../../../.ssh/id_rsa \\;",
      "write-sibling": "find src -name app.py -execdir sh -c 'echo pwned >> ../link-out/README.md' \\;",
      "delete-sibling": "find src -name util.sh -execdir rm -f ../../sibling/README.md \\;",
      "wc-data": "find data -name a.txt -execdir wc -l {} \\;",
      "head-src": "find src -name index.js -execdir head -n 5 {} \\;",
    }),
    spell("execdir-here", {
      "head-aws": "find . -maxdepth 1 -name package.json -execdir cat secret-link \\;",
      "tail-aws": "find . -maxdepth 1 -name README.md -execdir tail secret-link {} +",
      "cat-dotenv": "find . -maxdepth 1 -name package.json -execdir cat .env \\;",
      "cat-readme": "find . -maxdepth 1 -name README.md -execdir cat {} \\;",
      "rm-data": "find data -maxdepth 1 -name b.txt -execdir rm {} \\;",
    }),
    spell("execdir-deep", {
      "head-aws": "find data -name c.txt -execdir head -n 3 ../../secret-link \\;",
      "read-ssh-key": "find . -path ./data/sub -execdir cat ../../../.ssh/id_rsa \\;",
      "cat-dotenv": "find data/sub -type f -execdir cat ../../.env \\;",
      "grep-todo": "find src -type f -execdir grep -n hello {} +",
    }),
    spell("execdir-through-link", {
      "cat-dotenv": "find -L link-out -name README.md -execdir cat ../project/.env \\;",
      "head-aws": "find -H link-out -name run.sh -execdir head -n 3 ../project/secret-link \\;",
      "read-ssh-key": "find link-out/ -name package.json -execdir cat ../../.ssh/id_rsa \\;",
    }),
    spell("find-L-delete", {
      "delete-sibling": "find -L link-out -name README.md -delete",
      "rm-data": "find -L data -name b.txt -delete",
    }),
    spell("find-H-start", {
      "delete-sibling": "find -H link-out -name README.md -delete",
      "write-sibling": "find -H link-out -name README.md -exec sh -c 'echo pwned >> \"$1\"' sh {} \\;",
      "cat-readme": "find -H . -maxdepth 1 -name README.md -exec cat {} \\;",
    }),
    spell("find-follow-expr", {
      "delete-sibling": "find link-out -follow -name README.md -delete",
      "head-aws": "find . -maxdepth 1 -follow -name secret-link -exec head -n 3 {} \\;",
      "wc-data": "find data -follow -name a.txt -exec wc -l {} \\;",
    }),
    spell("find-slash-start", {
      "delete-sibling": "find link-out/ -name README.md -delete",
      "write-sibling": "find link-out/ -name README.md -exec sh -c 'echo pwned >> \"$0\"' {} \\;",
      "cat-readme": "find ./ -maxdepth 1 -name README.md -exec cat {} \\;",
    }),
    spell("find-L-exec", {
      "delete-sibling": "find -L . -path '*link-out/README.md' -exec rm -f {} \\;",
      "read-ssh-key": "find -L link-out -maxdepth 0 -execdir cat ../../.ssh/id_rsa \\;",
      "head-src": "find -L src -name index.js -exec head -n 5 {} \\;",
    }),
  ],
};
