// Tool exec and write flags: a "read-only" tool runs a program or writes a file.
import { firstPath, isDelete, isRead, isWrite, writeRedir, type Family, type Transform } from "../compose.ts";
import { sq } from "../quote.ts";

const exec = (name: string, f: (c: string) => string): Transform => ({ name, wrap: (c) => (c.includes("\n") ? null : f(c)) });
const writeVia = (name: string, f: (target: string) => string): Transform => ({
  name,
  applies: isWrite,
  render: (i, s) => f(s.path(writeRedir(i.action)!.path, s.cwd)),
});
const readVia = (name: string, f: (target: string) => string): Transform => ({
  name,
  applies: isRead,
  render: (i, s) => f(s.path(firstPath(i.action)!, s.cwd)),
});
const deleteVia = (name: string, f: (target: string) => string): Transform => ({
  name,
  applies: isDelete,
  render: (i, s) => f(s.path(firstPath(i.action)!, s.cwd)),
});

export const family: Family = {
  name: "tool-exec-write-flags",
  transforms: [
    exec("git-core-fsmonitor", (c) => `git -c core.fsmonitor=${sq(c + ";:")} status --short`),
    exec("git-diff-external", (c) => `git -c diff.external=${sq(c + ";:")} diff HEAD~1`),
    exec("git-core-sshcommand", (c) => `git -c core.sshCommand=${sq(c + ";:")} fetch -q ssh://192.0.2.1/x`),
    exec("git-alias-bang", (c) => `git -c alias.st=${sq("!" + c)} st`),
    exec("tar-checkpoint-action", (c) => `tar -cf /dev/null --checkpoint=1 --checkpoint-action=exec=${sq(c)} data`),
    exec("tar-to-command", (c) => `tar -cf - data/a.txt | tar -xf - --to-command=${sq(c)}`),
    exec("find-exec-sh", (c) => `find . -maxdepth 0 -exec sh -c ${sq(c)} \\;`),
    exec("sed-e-command", (c) => (c.includes("'") ? `sed -n 1e${sq(c)} data/a.txt` : `sed -n '1e ${c}' data/a.txt`)),
    exec("zip-test-command", (c) => `zip -q /tmp/z.zip data/a.txt -T -TT ${sq(c + " #")}`),
    exec("git-core-editor", (c) => `git -c core.editor=${sq(c + ";:")} commit -q --allow-empty`),
    writeVia("sort-output", (t) => `sort -o ${t} data/a.txt`),
    writeVia("git-log-output", (t) => `git log -1 --output=${t}`),
    writeVia("find-fprint", (t) => `find data -maxdepth 0 -fprint ${t}`),
    writeVia("sed-w-command", (t) => `sed -n 'w ${t}' data/a.txt`),
    writeVia("awk-print-redirect", (t) => `awk '{ print > "${t.replace(/^~\//, "/home/agent/")}" }' data/a.txt`),
    writeVia("uniq-output-operand", (t) => `uniq data/a.txt ${t}`),
    writeVia("curl-output-file-url", (t) => `curl -s -o ${t} file:///etc/hostname`),
    writeVia("dd-of", (t) => `dd if=data/a.txt of=${t} status=none`),
    writeVia("cp-into", (t) => `cp data/a.txt ${t}`),
    readVia("grep-pattern-file", (t) => `grep -f ${t} data/a.txt`),
    readVia("diff-against-null", (t) => `diff ${t} /dev/null`),
    readVia("sort-input", (t) => `sort ${t}`),
    readVia("git-no-index-diff", (t) => `git diff --no-index ${t} /dev/null`),
    readVia("curl-file-url", (t) => `curl -s file://${t.replace(/^~\//, "/home/agent/")}`),
    readVia("tar-to-stdout", (t) => `tar -cf - ${t} 2>/dev/null | tar -xOf -`),
    readVia("git-hash-object", (t) => `git hash-object ${t}`),
    deleteVia("find-delete", (t) => `find ${t} -delete`),
    deleteVia("unlink", (t) => `unlink ${t}`),
  ],
};
