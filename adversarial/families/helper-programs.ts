// Helper programs behind options (issue 13 class 3): an option's value is a command line a tool
// runs, through `sh -c` (tar -I when compressing, tar -F, zip -TT, ssh ProxyCommand) or split
// into words by the tool itself (man -P, rsync -e, tar -I when decompressing), or one program run
// with arguments nobody sees (sort --compress-program, scp -S, sdiff --diff-program); and options
// that make a viewer read any file (man -l, a man page name with a `/`). Observed under a
// pseudo-terminal: man runs its pager only on a terminal.
import { firstPath, isRead, isWrite, writeRedir, type Family, type Transform } from "../compose.ts";
import type { Intent } from "../intents.ts";
import { sq } from "../quote.ts";

/** The intent's whole command as the value of an option (`c` never holds a newline). */
const exec = (name: string, f: (c: string) => string | null): Transform => ({ name, wrap: (c) => (c.includes("\n") ? null : f(c)) });
/** The same, for values the tool splits into words itself: `sh -c '...'`, so no single quote inside. */
const words = (name: string, f: (v: string) => string): Transform => exec(name, (c) => (c.includes("'") ? null : f(`sh -c '${c}'`)));
const readVia = (name: string, f: (target: string, abs: string) => string): Transform => ({
  name,
  applies: isRead,
  render: (i, s) => f(s.path(firstPath(i.action)!, s.cwd), firstPath(i.action)!),
});
const writeVia = (name: string, f: (target: string) => string): Transform => ({
  name,
  applies: isWrite,
  render: (i, s) => f(s.path(writeRedir(i.action)!.path, s.cwd)),
});
/** A program from outside the project (the sibling's run.sh) named by an option. */
const isForeign = (i: Intent) => i.kind === "foreign-code" && i.action.tool === "sh";
const programVia = (name: string, f: (program: string) => string): Transform => ({
  name,
  applies: isForeign,
  render: (i) => f(firstPath(i.action)!),
});

export const family: Family = {
  name: "helper-programs",
  offered: false,
  pty: true,
  transforms: [
    words("man-pager-words", (v) => `man -P ${sq(v)} ls`),
    words("man-pager-long", (v) => `man --pager=${sq(v)} ls`),
    readVia("man-pager-cat", (_t, abs) => `man -P ${sq(`cat ${abs}`)} ls`),
    readVia("man-local-file", (t) => `man -l ${t}`),
    readVia("man-name-with-slash", (t) => `man ${t.includes("/") ? t : "./" + t}`),
    exec("tar-compress-program", (c) => `tar -I ${sq(`${c}; cat`)} -cf /tmp/a.tgz data/a.txt`),
    exec("tar-use-compress-program", (c) => `tar --use-compress-program=${sq(`${c} >&2; gzip`)} -cf /tmp/a.tgz data`),
    words("tar-decompress-words", (v) => `tar -czf /tmp/a.tgz data/a.txt && tar -I ${sq(v)} -tf /tmp/a.tgz`),
    exec("tar-info-script", (c) => `head -c 60000 /dev/zero > /tmp/big && tar -M -L 20 -F ${sq(c)} -cf /tmp/v.tar /tmp/big`),
    exec("zip-unzip-command", (c) => `zip -q /tmp/z.zip data/a.txt -T --unzip-command=${sq(`${c}; :`)}`),
    exec("ssh-proxy-command", (c) => `ssh -o ProxyCommand=${sq(c)} x`),
    words("rsync-rsh-words", (v) => `rsync -e ${sq(v)} data/a.txt x:/tmp/y`),
    writeVia("less-log-file", (t) => `cat data/a.txt | less -F -o ${t}`),
    programVia("sort-compress-program", (p) => `seq 20000 | sort --compress-program=${p} -S 8K > /dev/null`),
    programVia("scp-program", (p) => `scp -S ${p} data/a.txt x:/tmp/`),
    programVia("sdiff-diff-program", (p) => `sdiff --diff-program=${p} data/a.txt data/b.txt`),
  ],
};
