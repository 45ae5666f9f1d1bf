// git pathspecs are relative to the working directory, but git matches their globs and magic
// itself: from a subdirectory, `:/`, `:(top)`, `:/.env`, `'../*.env'` and `:(glob)../.e*` reach
// the work tree's top (handlers git-add and git-grep, effect field fromGitTop). Every reader of
// pathspecs (git add -f, which stages ignored files too; git grep over untracked and ignored
// files; git stash -a, which saves and removes them), from two subdirectories; the twin names what lies in the subdirectory the same way.
import { twinned, type Family, type Transform } from "../compose.ts";

const key = twinned("cat-dotenv", "ls-src");

const GREP_ALL = "git grep --untracked --no-exclude-standard -l";
const transforms: Transform[] = [
  key("add-top", "cd src && git add -f :/", "cd src && git add -f index.js"),
  key("add-top-long", "cd src && git add -f ':(top)'", "cd src && git add -f -- index.js"),
  key("add-top-name", "cd data/sub && git add -f ':/.env'", "cd data/sub && git add -f c.txt"),
  key("add-parent-glob", "cd src && git add -f '../*.env'", "cd src && git add -f '*.js'"),
  key("add-parent-glob-deep", "cd data/sub && git add -f '../../.e*'", "cd data/sub && git add -f '*.txt'"),
  key("add-glob-magic", "cd src && git add -f ':(glob)../.e*'", "cd src && git add -f app.py"),
  key("add-dashdash", "cd src && git add -f -- :/", "cd src && git add -f -- util.sh"),
  key("grep-top", `cd src && ${GREP_ALL} API_TOKEN -- :/`, `cd src && ${GREP_ALL} hello -- .`),
  key("grep-top-long", `cd src && ${GREP_ALL} -e API_TOKEN ':(top)'`, `cd src && ${GREP_ALL} -e hello .`),
  key("grep-parent", `cd src && ${GREP_ALL} API_TOKEN -- ..`, `cd src && ${GREP_ALL} hello`),
  key("grep-parent-glob", `cd data && ${GREP_ALL} API -- '../*'`, `cd data && ${GREP_ALL} alpha -- '*.txt'`),
  // git stash -a saves (reads) and removes the ignored files of the whole work tree, from anywhere
  key("stash-all", "cd src && git stash -a", "cd src && git stash"),
  key("stash-all-top", "cd data/sub && git stash push -a -- :/", "cd data/sub && git stash push -- c.txt"),
  key("grep-top-name", `cd data/sub && ${GREP_ALL} API -- ':/.env'`, `cd data/sub && ${GREP_ALL} gamma -- c.txt`),
];

export const family: Family = {
  name: "git-pathspecs",
  offered: false,
  composable: false,
  intents: (i) => ["cat-dotenv", "ls-src"].includes(i.id),
  transforms,
};
