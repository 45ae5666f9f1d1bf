// How to ask each tool for its options: which help commands to run for a command and its
// subcommands. The default is `NAME --help` and the man page; tools with their own conventions
// (git's `-h`, openssl's `-help`, bash builtins' `help`) say so here. This is the only place a
// tool's quirks live: the committed extracts (registry/options/) are whatever these produce.
import type { Arity, ParseStyle } from "./parse.ts";

/** Commands whose help lists things that are not options (test's operators), with why. */
export const NOT_OPTIONS: Record<string, string> = {
  test: "its dash words are test operators (-f FILE, -a), judged by the walk",
  "[": "its dash words are test operators, judged by the walk",
};

/**
 * What a tool's help text says wrong or not at all about one option, settled by running the tool
 * (`why` says the run): its arity (apt's man pages write `-t, --target-release` without the
 * value; ruby's `-F pattern` is glued only), or that a line that reads as a definition is none
 * (`drop`: an example value in prose, curl's `-500`). An arity holds for every spelling of the
 * option's definition, or for the named one alone with `only` (sudo's `-h, --help` and `-h,
 * --host`). The extract marks each option a fact settled with the run (`fixed`).
 */
export type OptionFact = { arity: Arity; only?: true; why: string } | { drop: true; why: string };

export interface Recipe {
  /** Shell commands whose output lists the options of `name sub...` (sub empty: the top level). */
  help(name: string, sub: string[]): string[];
  /** Flags that print a version (first line with a number wins). */
  version?: string[];
  /** How the tool's help writes values (parse.ts ParseStyle); a function where its help commands differ (git's `-h`). */
  style?: ParseStyle | ((command: string) => ParseStyle);
  /**
   * The facts no help text states right, by the option's spelling (every node of the tool) or by
   * the subcommand path and the spelling (`"build --sourcemap"`: that node only, and before the
   * tool's). Kept short: a notation the parser can learn goes there.
   */
  facts?: Record<string, OptionFact>;
}

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
/** gcc's driver: `-std=<standard>` is glued only (`gcc -std c99` is "unrecognized option -std"). */
const GCC: Recipe = { ...DEFAULT_RECIPE, style: { equalsGlued: true } };

/** node's `-p, --print [...]`: the next word is the code (`node -p s.js` evaluates `s.js`). */
const NODE: Recipe = {
  ...DEFAULT_RECIPE,
  facts: { "-p": { arity: 1, why: "`node -p s.js` evaluates the word `s.js` as code; a word after -p is always its value" } },
};

/** sudo lists `-h, --help` and then `-h, --host=host`: the first would win. */
const SUDO: Recipe = {
  help: (name) => [`${name} --help`, man(name)],
  facts: { "-h": { arity: 1, only: true, why: "`sudo -h true` tries to resolve the host `true`: -h takes the next word unless it is an option (-h alone is --help)" } },
};

/** Commands whose --format the revision walk reads (glued only); each checked with `--format oneline HEAD`. */
const REV_WALK = ["log", "show", "whatchanged", "rev-list", "diff-tree", "format-patch"];

/** rev-parse's options with a value that it reads only glued (each checked: `git rev-parse OPT zzz`). */
const REV_PARSE_GLUED = ["--glob", "--exclude", "--exclude-hidden", "--disambiguate", "--path-format", "--since", "--after", "--until", "--before"];

export const RECIPES: Record<string, Recipe> = {
  git: {
    help: (name, sub) => (sub.length ? [`git ${sub.join(" ")} -h`, man(`git-${sub.join("-")}`)] : [`git -h`, man("git")]),
    // `-h` is parse-options' own listing: a spaced value is required whatever its shape
    style: (command) => (command.endsWith(" -h") ? { anySpacedValue: true } : {}),
    facts: {
      // diff-tree's and rev-list's hand-written -h say `--abbrev=<n>`: `git diff-tree --abbrev 5 HEAD` reads 5 as a revision
      "--abbrev": { arity: "optional", why: "parse-options' OPT__ABBREV and revision.c take the value only glued (git 2.39)" },
      // the man pages write `-U<n>, --unified=<n>` as they write `-S<string>`
      ...Object.fromEntries(["-U", "--unified"].map((n) => [n, { arity: "optional" as const, why: `\`git log ${n} 3 -1\` reads 3 as a revision: the value is optional, only glued (git 2.39)` }])),
      // and the revision walk's `--format=<format>` as parse-options' (ls-files, branch...) required one
      ...Object.fromEntries(REV_WALK.map((c) => [`${c} --format`, { arity: "optional" as const, why: `\`git ${c} --format oneline HEAD\` reads oneline as a revision (git 2.39)` }])),
      "reflog -n": { arity: 1, only: true, why: "`git reflog` is `git reflog show`, which takes log's `-n <number>` (`git reflog -n 1`); the man page's `-n, --dry-run` is expire's and delete's" },
      ...Object.fromEntries(REV_PARSE_GLUED.map((n) => [`rev-parse ${n}`, { arity: "optional" as const, why: `rev-parse reads ${n}= by hand: \`git rev-parse ${n} zzz\` takes zzz as a revision (git 2.39)` }])),
    },
  },
  go: {
    ...DEFAULT_RECIPE,
    facts: { "fmt -mod": { arity: 1, why: "the man page writes `-mod   The -mod flag's value sets...`; `go fmt -mod mod ./...` takes mod as the value (go 1.19)" } },
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
    facts: { "-a": { arity: 1, why: "the help lists the algorithms as the text: `shasum -a 256 f` and `-a256` agree" } },
  },
  zip: {
    help: () => ["zip --help", man("zip")],
    facts: {
      "-x": { arity: 1, why: "the help writes `-x` alone; zip takes every word after it up to the next option (`zip -x a o.zip s` selects nothing): at least the next one" },
      "-s": { arity: 1, why: "the man page's option-syntax prose writes `-s[-][value]` first; `zip -s 1 o.zip a` splits at 1 (the next word)" },
    },
  },
  // `lsof -V` lists open files (exit 0); `-v` prints its revision
  lsof: { ...DEFAULT_RECIPE, version: ["-v"] },
  sudo: SUDO,
  sudoedit: SUDO,
  lz4: {
    help: () => ["lz4 --help", man("lz4")],
    facts: { "--list": { arity: 0, why: "`--list FILE` in the help names the operand: `lz4 --list f.lz4` lists f.lz4, and `lz4 --list` alone reads stdin" } },
  },
  openssl: {
    help: (name, sub) => (sub.length ? [`openssl ${sub.join(" ")} -help`, man(`openssl-${sub.join("-")}`)] : [`openssl help`, man("openssl")]),
    version: ["version"],
  },
  // Debian's isort man page is isort 4's (-ns took a value there; isort 5 ignores it as a
  // deprecated flag and reads the next word as a file): the installed tool's --help only
  isort: { help: () => ["isort --help"], version: ["--version"] },
  yapf: { help: () => ["yapf3 --help"] },
  java: { help: () => ["java -help", "java -X", man("java")], version: ["-version"], style: { equalsGlued: true } },
  javac: { help: () => ["javac -help", "javac -X", man("javac")], version: ["-version"], style: { equalsGlued: true } },
  gcc: GCC,
  cc: GCC,
  "g++": GCC,
  "c++": GCC,
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
    facts: {
      "-t": { arity: 1, why: "the synopsis writes -t=target_release; `apt-get -t` says: Option -t requires an argument" },
      "-a": { arity: 1, why: "the synopsis writes -a=architecture; `apt-get -s -a amd64 build-dep X` reads amd64 as its value, `apt-get -s -a build-dep X` reads build-dep" },
    },
  },
  "apt-cache": {
    ...DEFAULT_RECIPE,
    facts: {
      "-p": { arity: 1, why: "`apt-cache -p FILE policy` opens FILE as its package cache (strace)" },
      "-s": { arity: 1, why: "`apt-cache -s FILE policy` opens FILE as its source cache (strace)" },
    },
  },
  wget: {
    ...DEFAULT_RECIPE,
    facts: { "--max-redirect": { arity: 1, why: "wget --help omits the value; the man page writes --max-redirect=number and `wget --max-redirect` says: requires an argument" } },
  },
  drill: { help: () => ["drill -h", man("drill")] },
  less: {
    ...DEFAULT_RECIPE,
    facts: { "--shift": { arity: 1, why: "the help writes `-# [_N] .... --shift=[_N]`; `less --shift 5 FILE` reads 5 as the value, `less --shift FILE` says: Invalid column number" } },
  },
  killall: {
    ...DEFAULT_RECIPE,
    facts: {
      "-o": { arity: 1, why: "the help says `kill processes older than TIME` without writing the value; `killall -o` prints the usage, `killall -o 1h NAME` runs" },
      "-y": { arity: 1, why: "the help says `kill processes younger than TIME` without writing the value; `killall -y` prints the usage" },
    },
  },
  curl: {
    ...DEFAULT_RECIPE,
    facts: { "-500": { drop: true, why: "an example value of --range in the man page (`-500  specifies the last 500 bytes`); `curl -500`: option -500: is unknown" } },
  },
  // npm's definitions list names only; its usage lines give the values (`[--omit <dev|...>]`)
  npm: { help: (name, sub) => (sub.length ? [`npm ${sub.join(" ")} --help`, man(`npm-${sub.join("-")}`)] : ["npm --help", man("npm")]), style: { synopsis: true } },
  npx: { ...DEFAULT_RECIPE, style: { synopsis: true } },
  // ruby's man page writes each value spaced (`-C directory`), its --help glues it (`-Cdirectory`):
  // the man page first; where both are wrong, a real run
  ruby: {
    help: () => [man("ruby"), "ruby --help"],
    style: { shortGlued: true },
    facts: {
      "-F": { arity: "optional", why: "man says `-F pattern`; `ruby -F : s.rb` runs the script `:` (glued only, as --help's `-Fpattern`)" },
      "-K": { arity: "optional", why: "man says `-K kcode`; `ruby -K s.rb` runs s.rb (glued only)" },
      "-i": { arity: "optional", why: "man says `-i extension`; `ruby -i .bak s.rb` runs the script `.bak` (glued only, as --help's `-i[extension]`)" },
    },
  },
  node: NODE,
  nodejs: NODE,
  ag: {
    ...DEFAULT_RECIPE,
    facts: {
      "--color-path": { arity: 1, why: "`ag --color-path 35 foo f.txt` prints f.txt's foo line: 35 is the value, not the pattern" },
      "--color-match": { arity: 1, why: "the same help line shape as --color-path (a default in parentheses), and the same getopt table" },
      "--color-line-number": { arity: 1, why: "the same help line shape as --color-path, and the same getopt table" },
      "-G": { arity: 1, why: "`-G --file-search-regex  PATTERN` puts the value after the long name; `ag -G txt foo .` searches .txt files for foo" },
    },
  },
  // ack's options are Getopt::Long specs (App/Ack/ConfigLoader.pm); its help shows `-A NUM` for
  // what is `A|after-context:-1`, an optional number
  ack: {
    ...DEFAULT_RECIPE,
    facts: {
      "-A": { arity: "optional", why: "`ack -A foo a.txt` searches a.txt for foo (no number: the default 2); `ack -A 1 foo a.txt` takes 1 (the handler takes a following number)" },
      "-B": { arity: "optional", why: "the same Getopt::Long spec as -A (`B|before-context:-1`)" },
      "-p": { arity: "optional", why: "`p|proximate:1`: `ack -p foo a.txt` searches for foo; `ack -p 2 foo a.txt` takes 2" },
      "-P": { arity: 0, why: "the help's `-P, --proximate=0` says what -P means; `ack -P foo a.txt` searches for foo" },
      "-g": { arity: 0, why: "the pattern is the first operand: `ack -g env` lists .env" },
      "--ackrc": { arity: 1, why: "`ack --ackrc rcfile foo` loads rcfile (`ackrc=s`)" },
      "--noignore-dir": { arity: 1, why: "`--[no]ignore-dir=name`: the no- spelling takes the name too (`noignore-dir=s`); `ack --noignore-dir node_modules foo` searches node_modules" },
      "--noignore-directory": { arity: 1, why: "the synonym of --noignore-dir (`--[no]ignore-directory=name`)" },
      "--TYPE": { drop: true, why: "a placeholder for the type names (`--[no]TYPE`: --js, --nojs), not an option; `ack --TYPE foo` is an unknown option" },
      "--noTYPE": { drop: true, why: "the same placeholder's no- spelling" },
    },
  },
  // perl's -h glues a placeholder too (`-Idirectory`)
  perl: {
    ...DEFAULT_RECIPE,
    style: { shortGlued: true },
    facts: { "-I": { arity: 1, why: "`perl -I /tmp/d s.pl` runs s.pl: -I takes the next word too" } },
  },
  // cmake: `-Werror=dev` is one word (observed: in `cmake -Werror ..`, `..` is the source)
  cmake: { ...DEFAULT_RECIPE, style: { equalsGlued: true } },
  // tsc's --help says which options take a value for some only (`type: boolean`); its own
  // declarations (the table its command-line parser reads) say it for all, one help line each
  tsc: {
    help: () => [
      `node -e 'const p=require("path");const ts=require(p.join(p.dirname(require("fs").realpathSync(process.argv[1])),"../lib/typescript.js"));for(const o of [...ts.optionDeclarations,...ts.buildOpts]){const t=typeof o.type==="string"?o.type:"map";console.log("  "+(o.shortName?"-"+o.shortName+", ":"")+"--"+o.name+(t==="boolean"?"":t==="map"?" <"+[...o.type.keys()].join("|")+">":" <"+t+">"))}' "$(command -v tsc)"`,
    ],
  },
  // GNU parallel's --help leaves one space between a value and its description
  // (`--colsep regexp Split input...`): its man page first
  parallel: {
    help: () => [man("parallel"), "parallel --help"],
    // its man page mentions both in prose lines that start with the option before the definition
    facts: {
      "--retries": { arity: 1, why: "`parallel --retries 2 echo ::: a` prints a: 2 is the value" },
      "--tagstring": { arity: 1, why: "`parallel --tagstring X echo ::: a` prints `X<TAB>a`" },
      "-1000": { drop: true, why: "an exit value in the man page's SQL table" },
      "-1220": { drop: true, why: "an exit value in the man page's SQL table" },
    },
  },
  // Ruby's OptionParser: `-C, --directory [DIRECTORY]` takes the next word (`rake -C sub` runs in sub)
  rake: { ...DEFAULT_RECIPE, style: { spacedOptionalNext: true } },
  // bun writes every value `--opt=<val>`, optional ones too
  bun: {
    ...DEFAULT_RECIPE,
    facts: { "build --sourcemap": { arity: "optional", why: "`bun build --sourcemap external a.ts` resolves `external` as an entry point; `--sourcemap a.ts` builds a.ts with a map" } },
  },
  // pnpm writes some options with an example value in place of a placeholder
  pnpm: {
    ...DEFAULT_RECIPE,
    facts: {
      "--filter": { arity: 1, why: "first defined as `--filter !<selector>`; `pnpm ls --filter nonexist` matches no project (the word is its value)" },
      "--depth": { arity: 1, why: "defined as `--depth -1`, `--depth 0`; `pnpm ls --depth 0` lists the project (0 is not read as a package)" },
      "-s": { arity: 0, why: "`-s, --silent, --reporter silent`: the value belongs to --reporter; `pnpm -s ls --json` runs ls" },
    },
  },
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
