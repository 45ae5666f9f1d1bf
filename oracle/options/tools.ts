// How to ask each tool for its options: which help commands to run for a command and its
// subcommands. The default is `NAME --help` and the man page; tools with their own conventions
// (git's `-h`, openssl's `-help`, bash builtins' `help`) say so here. This is the only place a
// tool's quirks live: the committed extracts (registry/options/) are whatever these produce.

/** Commands whose help lists things that are not options (test's operators), with why. */
export const NOT_OPTIONS: Record<string, string> = {
  test: "its dash words are test operators (-f FILE, -a), judged by the walk",
  "[": "its dash words are test operators, judged by the walk",
};

/**
 * What a tool's help text says wrong or not at all, settled by running the tool: an arity the
 * text does not show (apt's man pages write `-t, --target-release` without the value), or a line
 * that reads as a definition but is not one (an example value in prose). Each with the run.
 */
export interface Correction {
  arity?: Arity;
  drop?: true;
  why: string;
}

export interface Recipe {
  /** Shell commands whose output lists the options of `name sub...` (sub empty: the top level). */
  help(name: string, sub: string[]): string[];
  /** Flags that print a version (first line with a number wins). */
  version?: string[];
  /** By subcommand path (`""`: the top level), then by any spelling of the option. */
  corrections?: Record<string, Record<string, Correction>>;
}

import type { Arity } from "./parse.ts";

const man = (page: string) => `man ${page} | col -bx`;

export const DEFAULT_RECIPE: Recipe = {
  help: (name, sub) => (sub.length ? [`${name} ${sub.join(" ")} --help`, man(`${name}-${sub.join("-")}`)] : [`${name} --help`, man(name)]),
};

/** Bash builtins and keywords: `help` is what bash itself knows of them. */
export const BUILTIN_RECIPE: Recipe = {
  help: (name) => [`help ${name}`],
  version: [],
};

/** dash's invocation options: its "Argument List Processing" list, each `set -o` name dropped. */
const dashOptions = (name: string) => `${man(name)} | sed -n '/^ *Argument List Processing/,/^ *Lexical Structure/p' | sed -E 's/^( +[-+][A-Za-z]) [a-z]+( {2,}|$)/\\1\\2/'`;

export const RECIPES: Record<string, Recipe> = {
  git: {
    help: (name, sub) => (sub.length ? [`git ${sub.join(" ")} -h`, man(`git-${sub.join("-")}`)] : [`git -h`, man("git")]),
  },
  openssl: {
    help: (name, sub) => (sub.length ? [`openssl ${sub.join(" ")} -help`, man(`openssl-${sub.join("-")}`)] : [`openssl help`, man("openssl")]),
    version: ["version"],
  },
  java: { help: () => ["java -help", "java -X", man("java")], version: ["-version"] },
  // Debian's isort man page is isort 4's (-ns took a value there; isort 5 ignores it as a
  // deprecated flag and reads the next word as a file): the installed tool's --help only
  isort: { help: () => ["isort --help"], version: ["--version"] },
  yapf: { help: () => ["yapf3 --help"] },
  javac: { help: () => ["javac -help", "javac -X", man("javac")], version: ["-version"] },
  python3: { help: (name) => [`${name} --help`, `${name} --help-env 2>/dev/null || true`, `${name} --help-xoptions 2>/dev/null || true`, man("python3")] },
  docker: {
    help: (name, sub) => [`docker ${sub.join(" ")} --help`],
  },
  kubectl: {
    help: (name, sub) => [`kubectl ${sub.join(" ")} --help`, "kubectl options"],
    version: ["version --client"],
  },
  // bash's man page documents the whole language (test operators, builtins' options): only its
  // OPTIONS section and `help set` (every set option is an invocation option) are bash's own
  bash: { help: () => ["help set", `${man("bash")} | sed -n '/^OPTIONS/,/^ARGUMENTS/p'`] },
  // dash writes each option with its `set -o` name (`-a allexport`): that name is not a value
  dash: { help: (name) => [dashOptions(name)], version: [] },
  sh: { help: (name) => [dashOptions(name)], version: [] },
  "apt-get": {
    ...DEFAULT_RECIPE,
    corrections: {
      "": {
        "-t": { arity: 1, why: "the synopsis writes -t=target_release; `apt-get -t` says: Option -t requires an argument" },
        "-a": { arity: 1, why: "the synopsis writes -a=architecture; `apt-get -s -a amd64 build-dep X` reads amd64 as its value, `apt-get -s -a build-dep X` reads build-dep" },
      },
    },
  },
  "apt-cache": {
    ...DEFAULT_RECIPE,
    corrections: {
      "": {
        "-p": { arity: 1, why: "`apt-cache -p FILE policy` opens FILE as its package cache (strace)" },
        "-s": { arity: 1, why: "`apt-cache -s FILE policy` opens FILE as its source cache (strace)" },
      },
    },
  },
  wget: {
    ...DEFAULT_RECIPE,
    corrections: { "": { "--max-redirect": { arity: 1, why: "wget --help omits the value; the man page writes --max-redirect=number and `wget --max-redirect` says: requires an argument" } } },
  },
  drill: { help: () => ["drill -h", man("drill")] },
  less: {
    ...DEFAULT_RECIPE,
    corrections: { "": { "--shift": { arity: 1, why: "the help writes `-# [_N] .... --shift=[_N]`; `less --shift 5 FILE` reads 5 as the value, `less --shift FILE` says: Invalid column number" } } },
  },
  killall: {
    ...DEFAULT_RECIPE,
    corrections: {
      "": {
        "-o": { arity: 1, why: "the help says `kill processes older than TIME` without writing the value; `killall -o` prints the usage, `killall -o 1h NAME` runs" },
        "-y": { arity: 1, why: "the help says `kill processes younger than TIME` without writing the value; `killall -y` prints the usage" },
      },
    },
  },
  curl: {
    ...DEFAULT_RECIPE,
    corrections: { "": { "-500": { drop: true, why: "an example value of --range in the man page (`-500  specifies the last 500 bytes`); `curl -500`: option -500: is unknown" } } },
  },
  npm: { help: (name, sub) => (sub.length ? [`npm ${sub.join(" ")} --help`, man(`npm-${sub.join("-")}`)] : ["npm --help", man("npm")]) },
};

/**
 * Registry entries that stand for `python3 -m MODULE` (the walk reaches them through python's
 * `-m`): asked through the module's own --help, as the interpreter here runs it.
 */
export const MODULE_ENTRIES: Record<string, string> = {
  "python-unittest": "python3 -m unittest",
  "python-venv": "python3 -m venv",
  "python-json-tool": "python3 -m json.tool",
  "python-py-compile": "python3 -m py_compile",
  "python-compileall": "python3 -m compileall",
  "python-http-server": "python3 -m http.server",
};

/** Registry names that Debian installs under another program name (pip's yapf is Debian's yapf3). */
export const INSTALLED_AS: Record<string, string> = { yapf: "yapf3" };

export function recipeFor(name: string, builtin: boolean): Recipe {
  if (builtin) return BUILTIN_RECIPE;
  const module = MODULE_ENTRIES[name];
  if (module) return { help: () => [`${module} --help`], version: [] };
  return RECIPES[name] ?? DEFAULT_RECIPE;
}
