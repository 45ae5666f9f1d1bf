// How to ask each tool for its options: which help commands to run for a command and its
// subcommands. The default is `NAME --help` and the man page; tools with their own conventions
// (git's `-h`, openssl's `-help`, bash builtins' `help`) say so here. This is the only place a
// tool's quirks live: the committed extracts (registry/options/) are whatever these produce.

/** Commands whose help lists things that are not options (test's operators), with why. */
export const NOT_OPTIONS: Record<string, string> = {
  test: "its dash words are test operators (-f FILE, -a), judged by the walk",
  "[": "its dash words are test operators, judged by the walk",
};

export interface Recipe {
  /** Shell commands whose output lists the options of `name sub...` (sub empty: the top level). */
  help(name: string, sub: string[]): string[];
  /** Flags that print a version (first line with a number wins). */
  version?: string[];
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
