// How to ask each tool for its options: which help commands to run for a command and its
// subcommands. The default is `NAME --help` and the man page; tools with their own conventions
// (git's `-h`, openssl's `-help`, bash builtins' `help`) say so here. This is the only place a
// tool's quirks live: the committed extracts (registry/options/) are whatever these produce.

/** Commands whose help lists things that are not options (test's operators), with why. */
export const NOT_OPTIONS: Record<string, string> = {
  test: "its dash words are test operators (-f FILE, -a), judged by the walk",
  "[": "its dash words are test operators, judged by the walk",
};

/** Option name -> its arity and the run that showed it. */
export type Corrections = Record<string, { arity: Arity; why: string }>;

export interface Recipe {
  /** Shell commands whose output lists the options of `name sub...` (sub empty: the top level). Where two disagree, the first wins. */
  help(name: string, sub: string[]): string[];
  /** Flags that print a version (first line with a number wins). */
  version?: string[];
  /** How the output of one of those commands writes values (parse.ts `ParseStyle`). */
  style?(command: string): ParseStyle;
  /**
   * Arities no help text shows, each found by running the tool (the run in `why`): applied to
   * the merged list of `name sub...`, by any name of an option.
   */
  corrections?(sub: string[]): Corrections;
}

import type { Arity, ParseStyle } from "./parse.ts";

const man = (page: string) => `man ${page} | col -bx`;

export const DEFAULT_RECIPE: Recipe = {
  help: (name, sub) => (sub.length ? [`${name} ${sub.join(" ")} --help`, man(`${name}-${sub.join("-")}`)] : [`${name} --help`, man(name)]),
};

/** Bash builtins and keywords: `help` is what bash itself knows of them. */
export const BUILTIN_RECIPE: Recipe = {
  help: (name) => [`help ${name}`],
  version: [],
};

/** sudo lists `-h, --help` and then `-h, --host=host`: the first would win. */
const SUDO: Recipe = {
  help: (name) => [`${name} --help`, man(name)],
  corrections: () => ({ "-h": { arity: 1, why: "`sudo -h true` tries to resolve the host `true`: -h takes the next word unless it is an option (-h alone is --help)" } }),
};

export const RECIPES: Record<string, Recipe> = {
  git: {
    help: (name, sub) => (sub.length ? [`git ${sub.join(" ")} -h`, man(`git-${sub.join("-")}`)] : [`git -h`, man("git")]),
    // `-h` is parse-options' own listing: a spaced value is required whatever its shape
    style: (command) => (command.endsWith(" -h") ? { anySpacedValue: true } : {}),
    corrections: (sub) => ({
      // diff-tree's and rev-list's hand-written -h say `--abbrev=<n>`: `git diff-tree --abbrev 5 HEAD` reads 5 as a revision
      "--abbrev": { arity: "optional", why: "parse-options' OPT__ABBREV and revision.c take the value only glued (git 2.39)" },
      // the man pages write `-U<n>, --unified=<n>` as they write `-S<string>`, and the revision
      // walk's `--format=<format>` as parse-options' (ls-files, branch...) required one
      ...Object.fromEntries(["-U", "--unified"].map((n) => [n, { arity: "optional" as const, why: `\`git log ${n} 3 -1\` reads 3 as a revision: the value is optional, only glued (git 2.39)` }])),
      ...(REV_WALK.includes(sub.join(" ")) ? { "--format": { arity: "optional" as const, why: `\`git ${sub.join(" ")} --format oneline HEAD\` reads oneline as a revision (git 2.39)` } } : {}),
      ...(sub.join(" ") === "reflog" ? { "-n": { arity: 1, why: "`git reflog` is `git reflog show`, which takes log's `-n <number>` (`git reflog -n 1`); the man page's `-n, --dry-run` is expire's and delete's" } } : {}),
      ...(sub.join(" ") === "rev-parse" ? Object.fromEntries(REV_PARSE_GLUED.map((n) => [n, { arity: "optional" as const, why: `rev-parse reads ${n}= by hand: \`git rev-parse ${n} zzz\` takes zzz as a revision (git 2.39)` }])) : {}),
    }),
  },
  go: {
    help: DEFAULT_RECIPE.help,
    corrections: (sub): Corrections => (sub.join(" ") === "fmt" ? { "-mod": { arity: 1, why: "the man page writes `-mod   The -mod flag's value sets...`; `go fmt -mod mod ./...` takes mod as the value (go 1.19)" } } : {}),
  },
  bash: {
    help: DEFAULT_RECIPE.help,
    corrections: () => ({ "-c": { arity: 0, why: "the help writes `-c command`; `bash -c -x 'echo hi'` runs echo with -x on: -c is a flag and the command string is the first operand" } }),
  },
  // the help lists each option with one space before its text (`--filelimit # Do not...`),
  // which reads as prose; the man page writes `--filelimit[=]#`
  tree: { help: () => [man("tree"), "tree --help"] },
  // --help writes `-P, --parameter` without its value; the man page: `-P, --parameter name=value`
  file: { help: () => [man("file"), "file --help"] },
  // --help writes `-c, --config-file` without its value; the man page: `-c, --config-file config-file`
  sensors: { help: () => [man("sensors"), "sensors --help"] },
  shasum: {
    help: () => ["shasum --help", man("shasum")],
    corrections: () => Object.fromEntries(["-a", "--algorithm"].map((n) => [n, { arity: 1 as const, why: "the help lists the algorithms as the text: `shasum -a 256 f` and `-a256` agree" }])),
  },
  zip: {
    help: () => ["zip --help", man("zip")],
    corrections: () => ({
      "-x": { arity: 1, why: "the help writes `-x` alone; zip takes every word after it up to the next option (`zip -x a o.zip s` selects nothing): at least the next one" },
      "-s": { arity: 1, why: "the man page's option-syntax prose writes `-s[-][value]` first; `zip -s 1 o.zip a` splits at 1 (the next word)" },
    }),
  },
  sudo: SUDO,
  sudoedit: SUDO,
  lz4: {
    help: () => ["lz4 --help", man("lz4")],
    corrections: () => ({ "--list": { arity: 0, why: "`--list FILE` in the help names the operand: `lz4 --list f.lz4` lists f.lz4, and `lz4 --list` alone reads stdin" } }),
  },
  openssl: {
    help: (name, sub) => (sub.length ? [`openssl ${sub.join(" ")} -help`, man(`openssl-${sub.join("-")}`)] : [`openssl help`, man("openssl")]),
    version: ["version"],
  },
  java: { help: () => ["java -help", "java -X", man("java")], version: ["-version"] },
  javac: { help: () => ["javac -help", "javac -X", man("javac")], version: ["-version"] },
  python3: { help: (name) => [`${name} --help`, `${name} --help-env 2>/dev/null || true`, `${name} --help-xoptions 2>/dev/null || true`, man("python3")] },
  docker: {
    help: (name, sub) => [`docker ${sub.join(" ")} --help`],
  },
  kubectl: {
    help: (name, sub) => [`kubectl ${sub.join(" ")} --help`, "kubectl options"],
    version: ["version --client"],
  },
  npm: { help: (name, sub) => (sub.length ? [`npm ${sub.join(" ")} --help`, man(`npm-${sub.join("-")}`)] : ["npm --help", man("npm")]) },
};

/** Commands whose --format the revision walk reads (glued only); each checked with `--format oneline HEAD`. */
const REV_WALK = ["log", "show", "whatchanged", "rev-list", "diff-tree", "format-patch"];

/** rev-parse's options with a value that it reads only glued (each checked: `git rev-parse OPT zzz`). */
const REV_PARSE_GLUED = ["--glob", "--exclude", "--exclude-hidden", "--disambiguate", "--path-format", "--since", "--after", "--until", "--before"];

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

export function recipeFor(name: string, builtin: boolean): Recipe {
  if (builtin) return BUILTIN_RECIPE;
  const module = MODULE_ENTRIES[name];
  if (module) return { help: () => [`${module} --help`], version: [] };
  return RECIPES[name] ?? DEFAULT_RECIPE;
}
