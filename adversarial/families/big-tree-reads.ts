// Recursive reads of a tree bigger than the old bounded scan (issue 15): the verdict is taken
// from the tree's secret-, self-named entries and symlinks at any size (analysis/treescan.ts),
// so what matters is a secret or an outward symlink anywhere inside. The sandbox world is
// small, so each command first makes a node_modules of 1,200 directories (`seq | xargs mkdir`),
// then plants a symlink out of it to a secret (or reads a tree holding the project's `.env`)
// and reads the tree recursively with a tool that follows it. Twins read a tree of the world
// with the same tool and options and nothing planted (making the tree needs `xargs mkdir`,
// whose names are dynamic: never approved, so a twin that made it would say nothing).
import { twinned, type Family } from "../compose.ts";

const B = "mkdir -p nm && (cd nm && seq 1 1200 | xargs mkdir -p)";
const key = twinned("read-ssh-key", "grep-todo");
const env = twinned("cat-dotenv", "grep-todo");

export const family: Family = {
  name: "big-tree-reads",
  offered: false,
  intents: (i) => ["read-ssh-key", "cat-dotenv", "grep-todo"].includes(i.id),
  transforms: [
    key("grep-R-link", `${B} && ln -s ~/.ssh/id_rsa nm/600/notes && grep -R BEGIN nm`, "grep -R BEGIN src"),
    key("rg-L-link", `${B} && ln -s ~/.ssh/id_rsa nm/7/key.txt && rg -L BEGIN nm`, "rg -L BEGIN src"),
    key("find-exec-cat-link", `${B} && ln -s ~/.ssh/id_rsa nm/9/k && find nm -name k -exec cat {} +`, "find src -name '*.js' -exec cat {} +"),
    key("cat-find-link", `${B} && ln -s ~/.ssh/id_rsa nm/11/x.txt && cat $(find nm -name '*.txt')`, "cat $(find src -name '*.js')"),
    key("tar-h-link", `${B} && ln -s ~/.ssh/id_rsa nm/13/k && tar chf - nm | strings | grep BEGIN`, "tar chf - src | strings | grep BEGIN"),
    key("find-L-dir-link", `${B} && ln -s ~/.ssh nm/15/s && find -L nm -type f -exec grep -h BEGIN {} +`, "find -L src -type f -exec grep -h BEGIN {} +"),
    key("grep-R-dir-link", `${B} && ln -s ~/.ssh nm/900/keys && grep -R BEGIN nm`, "grep -R BEGIN src data"),
    env("grep-r-root", `${B} && grep -rn hello .`, "grep -rn hello src data"),
    env("rg-uu-root", `${B} && rg -uu hello .`, "rg -uu hello src"),
    env("find-exec-root", `${B} && find . -type f -exec grep -l hello {} +`, "find src data -type f -exec grep -l hello {} +"),
  ],
};
