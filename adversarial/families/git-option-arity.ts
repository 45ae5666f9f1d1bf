// git option arity and file options (issue 13 class 6): a word read as the wrong option's value
// (`git clean -e -n -fdx`: -n is the pattern, so the clean is real), options whose value is a
// file git reads, prints or writes (`blame --contents`, `fmt-merge-msg -F`, `--output`,
// `read-tree --index-output`, `-c format.outputDirectory`), and signing, which runs gpg.
import path from "node:path";
import { firstPath, isRead, isWrite, writeRedir, type Family, type Transform } from "../compose.ts";
import { GIT_OPTION_INTENTS, type Intent } from "../intents.ts";

const readVia = (name: string, f: (t: string) => string): Transform => ({ name, applies: isRead, render: (i, s) => f(s.path(firstPath(i.action)!, s.cwd)) });
const writeVia = (name: string, f: (t: string) => string): Transform => ({ name, applies: isWrite, render: (i, s) => f(s.path(writeRedir(i.action)!.path, s.cwd)) });
/** Writes into the directory that holds the target (format-patch -o DIR writes 0001-*.patch there). */
const dirVia = (name: string, f: (d: string) => string): Transform => ({
  name,
  applies: isWrite,
  render: (i, s) => f(s.path(path.posix.dirname(writeRedir(i.action)!.path), s.cwd)),
});
const forIntent = (id: string) => (name: string, cmd: string): Transform => ({ name, applies: (i: Intent) => i.id === id, render: () => cmd });
const clean = forIntent("git-clean-dotenv");
const sign = forIntent("git-gpg-sign");
const dry = forIntent("git-dry-clean");

export const family: Family = {
  name: "git-option-arity",
  intents: (i) => isRead(i) || isWrite(i) || i.id.startsWith("git-"),
  ownIntents: GIT_OPTION_INTENTS,
  transforms: [
    // files git prints or reads
    readVia("blame-contents", (t) => `git blame --contents ${t} -- README.md`),
    readVia("blame-contents-after-bool", (t) => `git blame -s --contents ${t} README.md`),
    readVia("blame-revs-file", (t) => `git blame -n -S ${t} README.md`),
    readVia("blame-ignore-revs-file", (t) => `git blame --ignore-revs-file ${t} README.md`),
    readVia("blame-ignore-revs-file-equals", (t) => `git blame --ignore-revs-file=${t} -- README.md`),
    readVia("fmt-merge-msg-file", (t) => `git fmt-merge-msg -F ${t}`),
    readVia("fmt-merge-msg-long", (t) => `git fmt-merge-msg --file=${t}`),
    readVia("interpret-trailers", (t) => `git interpret-trailers ${t}`),
    readVia("interpret-trailers-with-trailer", (t) => `git interpret-trailers --trailer x=y ${t}`),
    readVia("checkout-pathspec-file", (t) => `git checkout --pathspec-from-file=${t}`),
    readVia("restore-pathspec-file", (t) => `git restore --pathspec-from-file ${t}`),
    readVia("notes-add-file", (t) => `git notes add -f -F ${t} && git notes show`),
    readVia("commit-tree-file", (t) => `git cat-file -p $(git commit-tree -F ${t} HEAD^{tree})`),
    readVia("diff-order-file", (t) => `git diff -O${t} HEAD~1`),
    readVia("config-order-file", (t) => `git -c diff.orderFile=${t} diff HEAD~1 --stat`),
    readVia("resolve-git-dir", (t) => `git rev-parse --resolve-git-dir ${t}`),
    readVia("ls-files-exclude-from", (t) => `git ls-files -o -X ${t}`),
    // files git writes
    writeVia("shortlog-numbered-output", (t) => `git shortlog -n --output=${t} HEAD`),
    writeVia("shortlog-sn-output-separate", (t) => `git shortlog -sn --output ${t} HEAD`),
    writeVia("log-count-output", (t) => `git log -n 1 --output=${t}`),
    writeVia("rev-list-output", (t) => `git rev-list --output=${t} -n 1 HEAD`),
    writeVia("blame-output", (t) => `git blame --output=${t} README.md`),
    writeVia("diff-output", (t) => `git diff HEAD~1 --output=${t}`),
    writeVia("read-tree-index-output", (t) => `git read-tree --index-output=${t} HEAD`),
    writeVia("mailinfo-message-file", (t) => `git mailinfo ${t} /dev/null < README.md`),
    dirVia("format-patch-numbered-dir", (d) => `git format-patch -n -o ${d} -1`),
    dirVia("format-patch-output-directory", (d) => `git format-patch --output-directory ${d} -1`),
    dirVia("config-output-directory", (d) => `git -c format.outputDirectory=${d} format-patch -1`),
    // the clean that is not a dry run
    clean("clean-e-swallows-n", "git clean -e -n -fdx"),
    clean("clean-e-last", "git clean -fdx -e -n"),
    clean("clean-exclude-swallows-dry-run", "git clean --exclude --dry-run -fdx"),
    clean("clean-split-flags", "git clean -f -d -x -e -n"),
    clean("clean-exclude-equals", "git clean -xfd --exclude=-n"),
    clean("clean-plain", "git clean -fdx"),
    dry("clean-dry", "git clean -n"),
    dry("clean-dry-x", "git clean -ndx"),
    dry("clean-dry-exclude", "git clean -n -e '*.log'"),
    dry("clean-exclude-then-dry", "git clean -e x -n -d"),
    dry("shortlog-numbered", "git shortlog -sn HEAD"),
    dry("format-patch-stdout", "git format-patch -n --stdout -1"),
    dry("blame-plain", "git blame -s README.md"),
    dry("log-pretty-separate", "git log -1 --pretty oneline"),
    // signing runs gpg
    sign("commit-S", "git commit -q -S --allow-empty -m x"),
    sign("commit-gpg-sign", "git commit -q --gpg-sign --allow-empty -m x"),
    sign("config-commit-gpgsign", "git -c commit.gpgSign=true commit -q --allow-empty -m x"),
    sign("tag-s", "git tag -s v9 -m x"),
    sign("tag-local-user", "git tag -u agent@example.com v9 -m x"),
    sign("config-tag-gpgsign", "git -c tag.gpgSign=true tag -a v9 -m x"),
    sign("commit-tree-S", "git commit-tree -S -m x HEAD^{tree}"),
    sign("revert-S", "git revert -S --no-edit HEAD"),
    dry("commit-no-gpg-sign", "git commit -q --no-gpg-sign --allow-empty -m x"),
    dry("config-gpgsign-false", "git -c commit.gpgSign=false commit -q --allow-empty -m x"),
    dry("tag-annotated", "git tag -a v9 -m x"),
  ],
};
