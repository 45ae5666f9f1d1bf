// Other tools' file options (issue 13 class 7): options of crypto, transfer, compression and
// lookup tools that read or write the file they name (openssl -in/-out/-rand/-writerand/-kfile/
// -pass file:, storeutl; curl -b/-c/-D/--hsts/--alt-svc/--trace/--libcurl/--stderr; zstd -o,
// lz4's output operand; getent -s ... shadow), and an awk program that picks its own input
// files through ARGV. (journalctl --file is modelled but not generated: CI has no systemd.)
import { firstPath, isRead, isWrite, writeRedir, type Family, type Transform } from "../compose.ts";
import { EXTRA_INTENTS } from "../intents.ts";
import { sq } from "../quote.ts";
import { HOME } from "../../oracle/sandbox/world.ts";

/** `~/x` as the tool needs it where the shell does not expand a tilde (after `=` or `file:`). */
const abs = (t: string) => (t.startsWith("~/") ? HOME + t.slice(1) : t);
const readVia = (name: string, f: (target: string) => string): Transform => ({
  name,
  applies: isRead,
  render: (i, s) => f(s.path(firstPath(i.action)!, s.cwd)),
});
const writeVia = (name: string, f: (target: string) => string): Transform => ({
  name,
  applies: isWrite,
  render: (i, s) => f(s.path(writeRedir(i.action)!.path, s.cwd)),
});
const shadow = (name: string, cmd: string): Transform => ({ name, applies: (i) => i.id === "read-shadow" || i.id === "cat-readme", render: (i) => (i.id === "read-shadow" ? cmd : cmd.replace(/shadow/, "passwd")) });

export const family: Family = {
  name: "tool-file-options",
  offered: false,
  ownIntents: EXTRA_INTENTS.filter((i) => i.id === "read-shadow"),
  transforms: [
    readVia("openssl-storeutl", (t) => `openssl storeutl -noout ${t}`),
    readVia("openssl-enc-in", (t) => `openssl enc -base64 -in ${t}`),
    readVia("openssl-rand-seed", (t) => `openssl rand -rand ${t} -hex 4`),
    readVia("openssl-pass-file", (t) => `openssl enc -aes-128-cbc -pbkdf2 -pass file:${abs(t)} -in data/a.txt -out /tmp/x.enc`),
    readVia("openssl-kfile", (t) => `openssl enc -aes-128-cbc -pbkdf2 -kfile ${t} -in data/a.txt -out /tmp/x.enc`),
    readVia("openssl-dgst", (t) => `openssl sha256 ${t}`),
    readVia("curl-cookie-file", (t) => `curl -s -b ${t} file:///etc/hostname`),
    readVia("curl-hsts-file", (t) => `curl -s --hsts ${t} file:///etc/hostname`),
    readVia("zstd-stdout", (t) => `zstd -qc ${t}`),
    readVia("xz-stdout", (t) => `xz -c ${t} | xz -dc`),
    readVia("lz4-stdout", (t) => `lz4 -qc ${t}`),
    readVia("awk-argv", (t) => `awk ${sq(`BEGIN { ARGV[1] = "${abs(t)}"; ARGC = 2 } { print }`)}`),
    shadow("getent-service-shadow", "getent -s files shadow"),
    shadow("getent-service-long", "getent --service=files shadow root"),
    writeVia("openssl-rand-out", (t) => `openssl rand -out ${t} 8`),
    writeVia("openssl-writerand", (t) => `openssl rand -writerand ${t} -hex 4`),
    writeVia("openssl-enc-out", (t) => `openssl enc -base64 -in data/a.txt -out ${t}`),
    writeVia("curl-dump-header", (t) => `curl -s -D ${t} file:///etc/hostname`),
    writeVia("curl-cookie-jar", (t) => `curl -s -c ${t} file:///etc/hostname`),
    writeVia("curl-trace-ascii", (t) => `curl -s --trace-ascii ${t} file:///etc/hostname`),
    writeVia("curl-libcurl", (t) => `curl -s --libcurl ${t} file:///etc/hostname`),
    writeVia("curl-stderr", (t) => `curl -s --stderr ${t} file:///nonexistent`),
    writeVia("curl-alt-svc", (t) => `curl -s --alt-svc ${t} file:///etc/hostname`),
    writeVia("zstd-output", (t) => `zstd -qf -o ${t} data/a.txt`),
    writeVia("lz4-output-operand", (t) => `lz4 -qf data/a.txt ${t}`),
  ],
};
