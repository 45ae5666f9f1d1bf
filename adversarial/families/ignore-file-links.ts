// Recursive readers open ignore files as they walk, and some open them through symlinks: ag reads
// each directory's .gitignore, .ignore, .hgignore and .git/info/exclude whatever they point at
// (observed), while rg, grep -r and git do not. A symlink planted under an ignore file's name
// is then a read of its target that no listing shows. Every reader here, over every ignore-file
// name a tool of this registry may read, with the link planted in a subdirectory (and, for the
// exclude file, in a nested `.git`): the oracle says which tool opens which name. The twin runs
// the same reader over the same tree with nothing planted.
import { twinned, type Family, type Transform } from "../compose.ts";

const aws = twinned("head-aws", "grep-todo");

/** Readers that walk a tree and may consult ignore files on the way (each as an agent spells it). */
const READERS: [string, string][] = [
  ["rg", "rg aws_access_key_id ."],
  ["ag", "ag aws_access_key_id ."],
  ["ack", "ack aws_access_key_id ."],
  ["grep", "grep -r aws_access_key_id ."],
  ["fdfind", "fdfind credentials ."],
  ["tree", "tree -a ."],
  ["ls", "ls -laR ."],
  ["du", "du -a ."],
  ["find", "find . -type f"],
  ["git-status", "git status --porcelain --ignored"],
  ["git-grep", "git grep --untracked aws_access_key_id"],
  ["git-ls-files", "git ls-files --others --exclude-standard"],
  ["git-add-n", "git add -n ."],
  ["git-clean-n", "git clean -n"],
  ["tar", "tar cf /dev/null ."],
  ["zip", "zip -qr /tmp/o.zip ."],
  ["npm-pack", "npm pack --dry-run"],
];

/** Ignore-file names the registry's tools read, and the one below a nested `.git`. */
const NAMES = [".gitignore", ".ignore", ".hgignore", ".rgignore", ".fdignore", ".agignore", ".npmignore", ".dockerignore", ".prettierignore", ".eslintignore"];

function plants(): [string, string][] {
  const out: [string, string][] = NAMES.map((n) => [n.slice(1), `ln -s ~/.aws/credentials data/sub/${n}`]);
  out.push(["git-info-exclude", "mkdir -p data/sub/.git/info && ln -s ~/.aws/credentials data/sub/.git/info/exclude"]);
  out.push(["dotgit-link", "mkdir -p /tmp/g/info && ln -s ~/.aws/credentials /tmp/g/info/exclude && ln -s /tmp/g data/sub/.git"]);
  return out;
}

const transforms: Transform[] = [];
for (const [tool, read] of READERS) for (const [name, plant] of plants()) transforms.push(aws(`${tool}-${name}`, `${plant} && ${read}`, read));

export const family: Family = {
  name: "ignore-file-links",
  offered: false,
  intents: (i) => ["head-aws", "grep-todo"].includes(i.id),
  transforms,
};
