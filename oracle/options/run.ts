// Running a tool to ask for its options, inside a throwaway sandbox: the tool sees a read-only
// system, an empty HOME and /tmp, no network, and stdin from /dev/null. Asking for help should
// change nothing, but some tools write config or caches on any run (and a few would block on a
// terminal), so nothing here touches the real machine.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Help texts are cached by command and tool binary (gitignored), so a parser change re-reads
 * without re-running, and a tool installed or upgraded since is asked again.
 */
const CACHE_DIR = fileURLToPath(new URL("../../.cache/options-help/", import.meta.url));

const HELP_TIMEOUT_MS = 15_000;
const MAX_OUTPUT = 4 * 1024 * 1024;

export interface HelpRun {
  /** The shell command that produced the text (recorded in the extract). */
  command: string;
  text: string;
  status: number | null;
}

const BWRAP_BASE = [
  "--ro-bind", "/", "/",
  "--tmpfs", "/tmp", "--tmpfs", "/home", "--tmpfs", "/root", "--tmpfs", "/run",
  "--dev", "/dev", "--proc", "/proc",
  "--unshare-net", "--unshare-pid", "--unshare-ipc", "--die-with-parent", "--new-session",
  "--clearenv",
  "--setenv", "HOME", "/home/probe",
  "--setenv", "PATH", process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
  "--setenv", "LANG", "C.UTF-8",
  "--setenv", "TERM", "dumb",
  // man: plain text, one line per definition, no justification or hyphenation to split words
  "--setenv", "MANWIDTH", "250",
  "--setenv", "MANOPT", "--no-hyphenation --no-justification",
  "--setenv", "MAN_KEEP_FORMATTING", "",
  "--setenv", "PAGER", "cat",
  "--setenv", "NO_COLOR", "1",
  "--chdir", "/tmp",
];

/**
 * Runs `command` with bash inside the sandbox; stdout and stderr together (help goes to either).
 * `stamp` names the tool's binary (toolStamp): its text is part of the cache key.
 */
export function runHelp(command: string, stamp = "", useCache = process.env.SHELLFENCE_OPTIONS_CACHE !== "0"): HelpRun {
  const key = createHash("sha256").update(stamp ? `${stamp}\0${command}` : command).digest("hex").slice(0, 24);
  const file = path.join(CACHE_DIR, `${key}.json`);
  if (useCache && existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as HelpRun;
  const run = runHelpNow(command);
  if (useCache) {
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(run));
  }
  return run;
}

function runHelpNow(command: string): HelpRun {
  const r = spawnSync("bwrap", [...BWRAP_BASE, "/bin/bash", "--norc", "--noprofile", "-c", `mkdir -p $HOME; ${command} 2>&1`], {
    encoding: "utf8",
    timeout: HELP_TIMEOUT_MS,
    maxBuffer: MAX_OUTPUT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const text = (r.stdout ?? "").replace(/.\x08/g, ""); // overstrike bold and underline
  return { command, text, status: r.status };
}

/**
 * The binary `program` resolves to inside the sandbox, with its size and time (never cached), or
 * "" when the sandbox has no such program: the host may find one the sandbox hides (a pyenv shim
 * under /root).
 */
export function toolStamp(program: string): string {
  const r = runHelpNow(`p=$(command -v -- ${JSON.stringify(program)}) && [ -x "$p" ] && stat -L -c '%s %Y' "$p" && readlink -f "$p"`);
  return r.status === 0 ? r.text.trim().replace(/\s+/g, " ") : "";
}

/** The first line a tool prints for its version (or null). */
export function versionOf(name: string, how: string[] = ["--version", "-version", "-V", "version"], stamp = ""): string | null {
  for (const flag of how) {
    const r = runHelp(`${name} ${flag}`, stamp);
    // the first line that names a version (isort prints ASCII art before `VERSION 5.6.4`)
    const first = r.text.split("\n").map((l) => l.trim()).find((l) => /\d+\.\d+/.test(l));
    if (r.status === 0 && first && /\d+\.\d+/.test(first) && first.length < 200) return first;
  }
  return null;
}
