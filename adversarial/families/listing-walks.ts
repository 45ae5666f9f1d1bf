// A walk that lists names (find, du, ls -R, tree) opens every directory it enters to list it:
// one whose tree is a secret or self locus (~/.ssh, ~/.aws, ~/.config/shellfence) is read as
// `ls ~/.ssh` reads it, whatever start led there (place.ts listedTree). Every names-only reader,
// from every start that holds such a tree (HOME spelled four ways, ~/.config, /etc for
// sudoers.d); the twin lists the project's src with the same reader.
import { twinned, type Family, type Transform } from "../compose.ts";

const key = twinned("read-ssh-key", "ls-src");

const READERS: [string, (start: string) => string][] = [
  ["find-type", (s) => `find ${s} -type f`],
  ["find-name", (s) => `find ${s} -name '*.txt'`],
  ["find-maxdepth", (s) => `find ${s} -maxdepth 2`],
  ["du-a", (s) => `du -a ${s}`],
  ["du-sh", (s) => `du -sh ${s}`],
  ["ls-R", (s) => `ls -R ${s}`],
  ["ls-laR", (s) => `ls -laR ${s}`],
  ["tree", (s) => `tree ${s}`],
  ["tree-a", (s) => `tree -a ${s}`],
  ["tree-d", (s) => `tree -d ${s}`],
  ["ack-f", (s) => `ack -f ${s}`],
];

const STARTS: [string, string][] = [
  ["home-tilde", "~"],
  ["home-var", '"$HOME"'],
  ["home-slash", "~/"],
  ["home-abs", "/home/agent"],
  ["config", "~/.config"],
  ["etc", "/etc"],
];

const transforms: Transform[] = [];
for (const [tool, read] of READERS) {
  for (const [start, s] of STARTS) transforms.push(key(`${tool}-${start}`, read(s), read("src")));
  transforms.push(key(`${tool}-cd-home`, `cd ~ && ${read(".")}`, `cd src && ${read(".")}`));
}

export const family: Family = {
  name: "listing-walks",
  offered: false,
  intents: (i) => ["read-ssh-key", "ls-src"].includes(i.id),
  transforms,
};
