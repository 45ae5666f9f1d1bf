// Role names and the compact flag-spec strings of registry files (`arg`, `read?`, `bool mode=x`).
// Kept apart from the zod schema (schema.ts): compiling a registry needs these at run time, and
// the hook's bundle must not load zod (it costs tens of milliseconds at every start).
import type { FlagObject } from "./schema.ts";

/**
 * Two lists of a tool's options in one compact form: `-x` takes no value, `--out=` one,
 * `--color[=]` an optional one. `unmodelled_flags`: options the tool has
 * (registry/options/<tool>.json) that the entry does not model; using one makes the command
 * unknown, and listing them keeps abbreviations and clusters read as the tool reads them.
 * `inert_flags`: options with no effect shellfence judges (no value, or a value that is data:
 * a count, a name, a format), as `bool`/`arg`/`opt` flags.
 */
export const UNMODELLED_TOKEN = /^([-+]{1,2}[^\s=\[\]]+)(=|\[=\])?$/;

/** What an operand or a flag's value is. */
export const ROLES = [
  "read", // a path the command reads
  "name-or-read", // a name, or a path the command reads when the word has a `/` (iconv's charsets)
  "attr-read", // a path git reads, with the .gitattributes of every directory along it
  "write", // a path it creates or modifies
  "delete", // a path it removes
  "replace", // a destination it unlinks (if it exists) and writes anew: a delete and a write (mv, install)
  "exec", // a path it runs as code (a script, a jar, a Makefile); the walk decides project vs foreign
  "source", // a shell script sourced into the current shell (exec of a path; the walk may parse it)
  "cwd", // a directory that becomes the base of the command's relative paths
  "url", // a URL fetched (literal-url, or computed-url when dynamic)
  "send-url", // a URL data is sent to (net-send)
  "data", // a request body: `@file` reads the file; the command's send mode decides net-send
  "at-read", // a value that, spelled `@FILE`, names a file the tool reads a list from (zip -x @list)
  "host", // a remote host (what happens there is decided by the command's effects or handler)
  "code", // inline code of a general-purpose interpreter (exec inline-code)
  "script", // shell code in a string, analysed by the walk as an inner script (`sh -c VALUE`)
  "script-args", // shell code run as `sh -c "VALUE WORDS"`: the tool appends words nobody sees (`zip -TT`)
  "words", // a command line the tool splits into words itself (shell quotes, no expansions) and runs (`man -P`)
  "words-args", // the same, with words nobody sees appended (`rsync -e`, `tar -I` when decompressing)
  "cmd", // this word and everything after it form a command the walk analyses (wrappers)
  "cmd1", // one word naming a program run with arguments nobody can see (`rg --pre`, `tar -I`)
  "pid", // a process id signalled (process)
  "procname", // a process name signalled (process)
  "ignore", // text, numbers, patterns, names: no effect
  "pattern", // same as ignore, for readability
  "unknown", // present at all: not modelled, fail closed
] as const;
export type Role = (typeof ROLES)[number];

/** `bool` | `arg` | `opt` | ROLE | ROLE? followed by modifiers. Returns null on an unknown type. */
export function parseFlagSpecString(s: string): FlagObject | null {
  const [head, ...mods] = s.trim().split(/\s+/);
  const out: FlagObject = {};
  if (head === "bool") out.arity = 0;
  else if (head === "arg") (out.arity = 1), (out.role = "ignore");
  else if (head === "opt") (out.arity = "optional"), (out.role = "ignore");
  else {
    const optional = head!.endsWith("?");
    const role = optional ? head!.slice(0, -1) : head!;
    if (!(ROLES as readonly string[]).includes(role)) return null;
    out.arity = optional ? "optional" : 1;
    out.role = role as Role;
  }
  const modes: string[] = [];
  for (const m of mods) {
    if (m === "recursive") out.recursive = true;
    else if (m === "stop") out.stop = true;
    else if (m === "into") out.into = true;
    else if (m.startsWith("mode=")) modes.push(m.slice(5));
    else if (m.startsWith("rest=")) {
      const r = m.slice(5);
      if (!(ROLES as readonly string[]).includes(r)) return null;
      out.rest = r as Role;
    } else return null;
  }
  if (modes.length) out.mode = modes;
  return out;
}
