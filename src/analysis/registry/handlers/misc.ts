// Small tools whose argv shape data cannot express: jq (two-value flags, a filter language that can
// read the environment), fd -x (a command up to `;`), dd (key=value operands).
import { Unknown, emitSpec, pathEffect, type Handler } from "../engine.ts";

const JQ_NO_ARG = new Set([
  "-r", "--raw-output", "-j", "--join-output", "-c", "--compact-output", "-n", "--null-input", "-s", "--slurp",
  "-e", "--exit-status", "-S", "--sort-keys", "-C", "--color-output", "-M", "--monochrome-output", "-a",
  "--ascii-output", "--tab", "--seq", "--stream", "--stream-errors", "-R", "--raw-input", "--raw-output0",
  "--unbuffered", "-h", "--help", "-V", "--version", "--build-configuration", "-0", "--nul-output",
]);
const JQ_ONE = new Set(["--indent", "-L", "--library-path"]);
const JQ_TWO = new Set(["--arg", "--argjson", "--slurpfile", "--rawfile"]);

/** The jq language cannot run commands or write files; `env`/`$ENV` disclose the environment. */
export function jqReadsEnv(filter: string): boolean {
  return jqEnvNames(filter) !== null;
}

/**
 * The environment variables a jq filter reads: `env.X`, `$ENV.X`, `env["X"]`, `$ENV."X"` give X;
 * any other use of `env`/`$ENV` (the whole object, a computed key) gives null in the list. null
 * when it reads none. String interpolations (`"\(env.X)"`) are code, and are read as such.
 */
export function jqEnvNames(filter: string): (string | null)[] | null {
  const strings: string[] = [];
  const code = jqCode(filter, strings);
  const out: (string | null)[] = [];
  for (const m of code.matchAll(/(\$ENV\b|(?<![$\w.])env\b)(\s*(?:\.\s*([A-Za-z_][A-Za-z0-9_]*)|\.?\s*\[\s*"(\d+)"\s*\]|\.\s*"(\d+)"))?/g)) {
    const key = m[4] ?? m[5];
    out.push(m[3] ?? (key !== undefined && !strings[Number(key)]!.includes("\\") ? strings[Number(key)]! : null));
  }
  return out.length ? out : null;
}

/** The filter with each string literal's text moved into `strings` (as `"N"`), interpolations kept as code. */
function jqCode(src: string, strings: string[]): string {
  let out = "";
  let i = 0;
  const n = src.length;
  const str = (): string => {
    // at the opening quote; returns the code of the interpolations, appends the literal text
    let text = "";
    let code = "";
    i++;
    while (i < n && src[i] !== '"') {
      if (src[i] === "\\" && src[i + 1] === "(") {
        i += 2;
        let depth = 1;
        let inner = "";
        while (i < n && depth > 0) {
          if (src[i] === '"') {
            inner += str();
            continue;
          }
          if (src[i] === "(") depth++;
          else if (src[i] === ")" && --depth === 0) break;
          inner += src[i++];
        }
        i++;
        text += "\\(";
        code += " (" + inner + ") ";
        continue;
      }
      if (src[i] === "\\") text += src[i++] ?? "";
      text += src[i++] ?? "";
    }
    i++;
    strings.push(text);
    return `"${strings.length - 1}"` + code;
  };
  while (i < n) {
    if (src[i] === '"') out += str();
    else if (src[i] === "#") {
      while (i < n && src[i] !== "\n") i++;
    } else out += src[i++];
  }
  return out;
}

export const jq: Handler = {
  custom(ctx, node, argv, start) {
    let filter: { text: string | null; index: number } | null = null;
    let positionalOnly = false;
    const files: { value: string | null; index: number }[] = [];
    const n = argv.length;
    let optsDone = false;
    for (let i = start; i < n; i++) {
      const w = argv[i]!;
      if (!optsDone && !positionalOnly && w !== null && w.startsWith("-") && w.length > 1) {
        if (w === "--") {
          optsDone = true;
          continue;
        }
        if (w === "--args" || w === "--jsonargs") {
          positionalOnly = true;
          continue;
        }
        if (JQ_NO_ARG.has(w)) continue;
        if (/^-[rjcnseSCMaR0]+$/.test(w)) continue;
        if (JQ_ONE.has(w) || /^-L./.test(w)) {
          if (w === "-L" || w === "--library-path") pathEffect(ctx, "read", argv[i + 1] ?? null, i + 1, "jq loads modules from it", true);
          if (!/^-L./.test(w)) i++;
          continue;
        }
        if (JQ_TWO.has(w)) {
          if (i + 2 >= n) throw new Unknown(`\`${w}\` of jq needs a name and a value`, i);
          if (w === "--slurpfile" || w === "--rawfile") pathEffect(ctx, "read", argv[i + 2]!, i + 2, `jq ${w} reads it`);
          i += 2;
          continue;
        }
        if (w === "-f" || w === "--from-file") throw new Unknown("a jq filter file is not analysed", i);
        throw new Unknown(`unknown flag \`${w}\` for \`${node.path}\``, i);
      }
      if (w === null && !optsDone && !filter) throw new Unknown("the jq filter is dynamic", i);
      if (!filter) filter = { text: w, index: i };
      else if (!positionalOnly) files.push({ value: w, index: i });
    }
    // No filter: jq runs `.` when stdin or stdout is not a terminal (it prints its usage
    // otherwise); with no filter there is no file operand either, so it reads stdin.
    if (!filter) filter = { text: ".", index: -1 };
    for (const name of jqEnvNames(filter.text!) ?? []) {
      (ctx.out.readsVars ??= []).push({ name, argIndex: filter.index, why: name === null ? "the jq filter reads the whole environment (`env`, `$ENV`)" : `the jq filter prints \`${name}\` from the environment` });
    }
    for (const f of files) pathEffect(ctx, "read", f.value, f.index, "jq reads it");
    // the entry's own effects (jq opens ~/.jq at start)
    for (const e of node.effects) emitSpec(ctx, e, new Set(), -1);
  },
};

/** fd -x/-X CMD ARGS [;]: the command runs per result; `{}` (and `{/}`, `{.}`...) are the result. */
export const fd: Handler = {
  post(ctx) {
    const run = ctx.out.inner[ctx.out.inner.length - 1];
    if (!run || run.type !== "argv") return;
    let words = run.argv;
    const stop = words.indexOf(";");
    if (stop >= 0) {
      if (stop < words.length - 1) throw new Unknown("fd arguments after a `;` that ends -x are not modelled", run.argIndex + stop);
      words = words.slice(0, stop);
    }
    if (!words.length) throw new Unknown("fd -x without a command", run.argIndex);
    const marker = /\{(\/|\/\/|\.|\/\.)?\}/;
    const has = words.some((w) => w !== null && marker.test(w));
    run.argv = words.map((w) => (w !== null && marker.test(w) ? null : w));
    if (!has) run.appendsUnknownArgs = true;
  },
};

/** dd: `if=` is read, `of=` is written; the other operands are numbers and conversions. */
export const dd: Handler = {
  operands(ctx, _node, _argv, parsed) {
    for (const o of parsed.operands) {
      if (o.value === null) throw new Unknown("a dynamic dd operand", o.index);
      const eq = o.value.indexOf("=");
      const key = o.value.slice(0, eq);
      const value = o.value.slice(eq + 1);
      if (key === "if") pathEffect(ctx, "read", value, o.index, "dd reads it");
      else if (key === "of") pathEffect(ctx, "write", value, o.index, "dd writes it");
      else if (!["bs", "ibs", "obs", "cbs", "count", "skip", "seek", "iseek", "oseek", "conv", "iflag", "oflag", "status"].includes(key)) {
        throw new Unknown(`unknown dd operand \`${o.value}\``, o.index);
      }
    }
  },
};

/** pip install: `--only-binary` keeps build code from running only when it covers every package. */
export const pipInstall: Handler = {
  post(ctx, _node, _argv, parsed, modes) {
    if (!modes.has("binary")) return;
    const all = parsed.flags.filter((f) => f.name === "--only-binary").every((f) => f.value === ":all:");
    if (!all) {
      ctx.out.effects.push({ type: "other", op: "exec", locus: "none", target: "package builds", kind: "downloaded-code", argIndex: -1, why: "--only-binary does not cover every package: source builds may run" });
    }
  },
};

/**
 * pip download/wheel: a requirement that is a path is opened (a file is read as an archive or a
 * requirement, a directory is built), and a build runs the project's backend with the build
 * dependencies pip downloads: downloaded code.
 */
export const pipDownload: Handler = {
  post(ctx, _node, _argv, parsed) {
    for (const o of parsed.operands) {
      if (o.value !== null && !/[/~]|^\.{1,2}$/.test(o.value)) continue; // a package name
      ctx.out.effects.push({ type: "other", op: "exec", locus: "none", target: o.value ?? "a computed requirement", kind: "downloaded-code", argIndex: o.index, why: "pip builds a local project with build dependencies it downloads" });
    }
  },
};

const PUBLISHING = /(^|[:-])(deploy|publish|upload|release)/i;

/** make/mvn/gradle: a target or task named like deploy/publish/upload/release sends data out. */
export const tasks: Handler = {
  post(ctx, node, _argv, parsed) {
    // `make -f -` (or /dev/stdin, /dev/fd/N): parsing the makefile runs its $(shell), include
    // and recipes in every mode, and make's language is not followed: not modelled.
    if (node.path !== "mvn" && node.path !== "gradle") {
      for (const f of parsed.flags) {
        if ((f.name === "-f" || f.name === "--file" || f.name === "--makefile") && (f.value === "-" || (typeof f.value === "string" && /^\/(dev|proc)\//.test(f.value)))) {
          throw new Unknown(`\`${node.path}\` reads a makefile from a stream: its $(shell ...), include and recipes run in every mode and are not followed`, f.valueIndex);
        }
      }
    }
    for (const o of parsed.operands) {
      if (o.value === null) throw new Unknown(`a dynamic \`${node.path}\` target or task`, o.index);
      // make VAR=VALUE overrides what recipes run (CC=/tmp/evil): only plain words are modelled.
      const eq = o.value.indexOf("=");
      if (eq > 0 && /^[A-Za-z_][A-Za-z0-9_.]*\+?$/.test(o.value.slice(0, eq)) && !/^[\w.,:@%+=-]*$/.test(o.value.slice(eq + 1))) {
        throw new Unknown(`the variable override \`${o.value}\` may change the commands recipes run`, o.index);
      }
      // Maven goals that run arbitrary programs or scripts.
      if (/^(exec|antrun|groovy|gmavenplus|jshell|scripting)(:|$)/.test(o.value) || (o.value.match(/:/g) ?? []).length >= 2) {
        throw new Unknown(`the goal \`${o.value}\` runs programs named on the command line`, o.index);
      }
      // make caches the entries of each target's directory (dir.c): a target with a slash lists
      // that directory, in every mode (-n, -q, -p included; observed: `make -q ~/x` reads ~)
      if (node.path === "make" && eq < 0 && o.value.includes("/")) {
        const dir = o.value.replace(/\/+$/, "").replace(/\/[^/]*$/, "") || "/";
        pathEffect(ctx, "read", dir, o.index, `\`make\` lists the directory of the target \`${o.value}\``);
      }
      if (node.path === "mvn" && /^(install|deploy)$/.test(o.value)) {
        ctx.out.effects.push({ type: "other", op: "write", locus: "toolchain", target: "~/.m2/repository", argIndex: o.index, why: "installs the artifact into the local Maven repository" });
      }
      if (PUBLISHING.test(o.value) && !o.value.includes("=")) {
        ctx.out.effects.push({ type: "other", op: "net-send", locus: "none", target: o.value, argIndex: o.index, why: `the \`${o.value}\` task publishes or uploads` });
      }
    }
  },
};

/** unzip ARCHIVE [members]: extraction writes under -d DIR (or .); -l/-t/-p only read. */
export const unzip: Handler = {
  post(ctx, _node, _argv, parsed, modes) {
    if (modes.has("list")) return;
    const dest = parsed.flags.filter((f) => f.name === "-d").map((f) => f.value as string | null);
    const dir = dest.length ? dest[dest.length - 1]! : ".";
    pathEffect(ctx, "write", dir, -1, "unzip extracts the archive's members under it", true);
  },
};

/**
 * pytest: `--cov-report TYPE:PATH` writes the report to PATH (pytest-cov; a bare TYPE writes
 * beside the project or to the terminal); `--basetemp DIR` is removed, then written.
 */
export const pytest: Handler = {
  post(ctx, _node, _argv, parsed) {
    for (const f of parsed.flags) {
      if (f.name === "--cov-report") {
        if (f.value === null) pathEffect(ctx, "write", null, f.index, "--cov-report writes a coverage report (a dynamic one may name any path)");
        else if (f.value !== undefined && f.value.includes(":")) pathEffect(ctx, "write", f.value.slice(f.value.indexOf(":") + 1), f.index, "--cov-report writes the coverage report there");
      }
      if (f.name === "--basetemp" && f.value !== undefined) {
        pathEffect(ctx, "delete", f.value, f.index, "--basetemp: pytest removes the directory first", true);
        pathEffect(ctx, "write", f.value, f.index, "--basetemp: pytest writes its temporary files there", true);
      }
    }
  },
};

/** gzip and friends: the output lands beside each input (same directory, so the same locus). */
export const compress: Handler = {
  post(ctx, node, _argv, parsed, modes) {
    // zstd and brotli -f -o replace an existing output file: unlinked first (observed).
    if (modes.has("force")) for (const f of parsed.flags) if ((f.name === "-o" || f.name === "--output") && f.value !== "-") pathEffect(ctx, "delete", f.value ?? null, f.valueIndex, `\`${node.path}\` replaces the output file`);
    if (modes.has("stdout")) return;
    for (const o of parsed.operands) {
      if (o.value === "-") continue;
      pathEffect(ctx, "write", o.value, o.index, `\`${node.path}\` writes the (de)compressed file beside it`);
    }
  },
};

/** shred -u/--remove: after overwriting (the operand roles: writes through symlinks), the names are removed. */
export const shred: Handler = {
  post(ctx, node, _argv, parsed, modes) {
    if (!modes.has("remove")) return;
    for (const o of parsed.operands) {
      if (o.value === "-") continue; // stdout: overwritten, never removed
      pathEffect(ctx, "delete", o.value, o.index, `\`${node.path} -u\` removes it after overwriting`);
    }
  },
};

/** cmake: configuring runs SOURCE/CMakeLists.txt and writes the build tree (-B, or the current directory). */
export const cmake: Handler = {
  post(ctx, _node, _argv, parsed, modes) {
    if (modes.has("build") || modes.has("script") || modes.has("install")) return;
    const last = (name: string) => {
      const f = parsed.flags.filter((p) => p.name === name);
      return f.length ? { value: f[f.length - 1]!.value as string | null, index: f[f.length - 1]!.valueIndex } : undefined;
    };
    const src = last("-S") ?? (parsed.operands[0] ? { value: parsed.operands[0].value, index: parsed.operands[0].index } : { value: ".", index: -1 });
    const build = last("-B") ?? { value: ".", index: -1 };
    const file = src.value === null ? null : src.value.replace(/\/+$/, "") + "/CMakeLists.txt";
    pathEffect(ctx, "exec", file, src.index, "cmake runs CMakeLists.txt (project code inside the project)");
    // Cache variables that name CMake code or programs to run (CMAKE_PROJECT_INCLUDE, toolchains, launchers).
    for (const f of parsed.flags) {
      const m = /^-D([A-Za-z0-9_]+)(?::[A-Z]+)?=(.*)$/.exec(f.name);
      if (!m || !/INCLUDE|TOOLCHAIN|LAUNCHER|COMPILER|_PROGRAM|_EXECUTABLE|MODULE_PATH|_COMMAND|_TOOL$/.test(m[1]!)) continue;
      const value = m[2]!;
      if (!value.includes("/") || /^\/(usr|bin|opt|sbin)\//.test(value)) continue;
      pathEffect(ctx, "exec", value, f.index, `cmake runs or includes ${m[1]} from it`);
    }
    pathEffect(ctx, "write", build.value === null ? null : build.value.replace(/\/+$/, "") + "/CMakeCache.txt", build.index, "cmake writes the build tree");
    // and everything below it (CMakeFiles, its scratch projects), through what lies there
    // (observed: a link planted at build/CMakeFiles/CMakeScratch is followed)
    pathEffect(ctx, "write", build.value === null ? null : build.value.replace(/\/+$/, "") + "/CMakeFiles", build.index, "cmake writes its files under the build tree", true);
  },
};

/** yq [eval] EXPRESSION [FILES]: -i rewrites the files; env()/strenv()/$ENV disclose the environment; load() reads files. */
export const yq: Handler = {
  operands(ctx, _node, argv, parsed, modes) {
    let ops = parsed.operands;
    if (ops[0] && ops[0].value !== null && ["e", "eval", "ea", "eval-all"].includes(ops[0].value)) ops = ops.slice(1);
    const given = parsed.flags.filter((f) => f.name === "--expression");
    let expr: { value: string | null; index: number } | undefined = given.length ? { value: given[0]!.value as string | null, index: given[0]!.valueIndex } : undefined;
    if (!expr) {
      const first = ops[0];
      if (!first) throw new Unknown("yq without an expression", argv.length - 1);
      expr = { value: first.value, index: first.index };
      ops = ops.slice(1);
    }
    if (expr.value === null) throw new Unknown("the yq expression is dynamic", expr.index);
    const code = expr.value.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    if (/\bload(_str|_xml|_props|_base64)?\s*\(/.test(code)) throw new Unknown("yq load() reads files named in the expression", expr.index);
    if (/\$ENV\b|\b(str)?env\s*\(|\benvsubst\b/.test(code)) {
      ctx.out.effects.push({ type: "other", op: "read", locus: "secret", target: "environment", argIndex: expr.index, why: "the yq expression reads the environment" });
    }
    for (const o of ops) pathEffect(ctx, modes.has("inplace") ? "write" : "read", o.value, o.index, modes.has("inplace") ? "yq -i rewrites it" : "yq reads it");
  },
};

/** docker build CONTEXT: a URL context (git repository, tarball) builds downloaded steps. */
export const dockerBuild: Handler = {
  post(ctx, _node, _argv, parsed) {
    for (const o of parsed.operands) {
      if (o.value === null || /^[a-z][a-z0-9+.-]*:\/\/|^git@|\.git(#.*)?$/i.test(o.value)) {
        ctx.out.effects.push({ type: "other", op: "exec", locus: "none", target: o.value ?? "", kind: "downloaded-code", argIndex: o.index, why: "builds from a remote context (downloaded steps)" });
      }
    }
  },
};

/**
 * npm writes a debug log (and an update-notifier stamp) under ~/.npm on every command that gets
 * past option parsing: observed by the sandbox oracle. The `tool-log` locus (regions): written at reader.
 */
export const npmLogs: Handler = {
  post(ctx, _node, _argv, parsed) {
    pathEffect(ctx, "read", ".npmrc", -1, "npm reads the project's .npmrc (observed)");
    // and its manifest and lockfiles, those that exist (observed: a link planted there is read)
    for (const f of ["package.json", "package-lock.json", "npm-shrinkwrap.json", "yarn.lock"]) ctx.out.effects.push({ type: "path", op: "read", path: f, ifExists: true, argIndex: -1, why: `npm reads the project's ${f} (observed)` });
    if (!parsed.sub) return;
    // When npm runs a package.json script, npm itself is the runner of trusted project code and
    // the oracle marks its log write `via: trusted-code` (counted only below developer, where
    // running the script is refused anyway); every other subcommand writes it as npm.
    if (RUNS_SCRIPTS.has(parsed.sub.path)) return;
    pathEffect(ctx, "write", "~/.npm/_logs", -1, "npm writes its debug log under ~/.npm (observed)");
  },
};
const RUNS_SCRIPTS = new Set(["npm test", "npm run"]);

/** Verbs of particular runners that do what a build or test run does not: not modelled. */
const RUNNER_VERBS_NOT_MODELLED: Record<string, Record<string, string>> = {
  rails: { "credentials:show": "decrypts the app's credentials", "credentials:edit": "decrypts the credentials and runs $EDITOR", server: "starts a network server", s: "starts a network server", "db:drop": "drops the database" },
  "django-admin": { runserver: "starts a network server", flush: "empties the database", dbshell: "opens a database shell" },
  deno: { serve: "starts a network server" },
  dotnet: { "dev-certs": "changes the certificate trust store", "user-secrets": "reads or changes the user's secret store" },
};

/** First words that make a runner run any program or inline code (`stack exec -- X`, `meson devenv X`). */
const RUNNER_ANY_PROGRAM = /^(exec|devenv|runner|runghc|runhaskell|runpython|eval)$/;

/**
 * Build tools, task and test runners kept in one entry each (ninja, bazel, just, dotnet...;
 * rspec, phpunit, ctest...): their own options are too many to list, and any of them may name
 * a file they write, read or run. So every path-like word among the arguments, an operand or a
 * value inside one (`--out=P`, `-bl:P`, `json:P`, `trx;LogFileName=P`, `id=P`), is placed as a
 * write and as code the tool may run: inside the project that is what the runner does anyway;
 * outside it is foreign (ask). The verbs that run any program are not modelled (options that
 * run a command line are declared `unknown` in the entries' data). Targets and labels (`test`,
 * `db:migrate`, `//pkg:x`) are left alone.
 */
export const projectRunner: Handler = {
  post(ctx, node, argv, parsed) {
    const tool = (argv[0] ?? node.path).replace(/^.*\//, "");
    const first = parsed.operands.find((o) => o.value === null || !o.value.startsWith("-"));
    if (first && first.value !== null && RUNNER_ANY_PROGRAM.test(first.value)) throw new Unknown(`\`${node.path} ${first.value}\` runs a program or code named on the command line`, first.index);
    // The verb: the first operand, or the subcommand word (`deno serve` is an alias of deno run).
    for (const [verb, at] of [[first?.value, first?.index ?? 0], [argv[1], 1]] as const) {
      const why = typeof verb === "string" ? RUNNER_VERBS_NOT_MODELLED[tool]?.[verb] : undefined;
      if (why) throw new Unknown(`\`${tool} ${verb}\` ${why}`, at);
    }
    let prev: string | null = null;
    for (const o of parsed.operands) {
      const after = prev;
      prev = o.value;
      if (o.value === null) continue; // a dynamic word: a target name as far as anyone can tell
      // A module by URL or registry specifier (deno run https://..., npm:pkg) is downloaded code.
      if (/^(https?:\/\/|npm:|jsr:)/.test(o.value)) ctx.out.effects.push({ type: "other", op: "exec", locus: "none", kind: "downloaded-code", target: o.value, argIndex: o.index, why: `\`${node.path}\` may download and run \`${o.value}\`` });
      if (/^(-[eEp]|--eval)$/.test(o.value) && /^(rake|mix|elixir|rails)$/.test(tool)) throw new Unknown(`\`${o.value}\` of \`${tool}\` runs inline code`, o.index);
      // Verbs that publish (`nuget push`, `cabal upload`, `mix hex.publish`) or install for the
      // whole user (`dotnet tool install -g`, `stack install`) are not what a build does.
      // (A word right after an option is taken as its value: `-c Release` is a configuration.)
      const verb = !o.value.startsWith("-") && !(after !== null && after.startsWith("-") && !after.includes("="));
      if (verb && (/(^|[:.\-_])(deploy|publish|upload|release)/.test(o.value) || /^(push|upload)$/.test(o.value))) ctx.out.effects.push({ type: "other", op: "net-send", locus: "none", target: o.value, argIndex: o.index, why: `\`${tool} ${o.value}\` publishes or uploads` });
      if (/^(-g|--global)$/.test(o.value) || (o === first && /^(install|archive\.install|escript\.install)$/.test(o.value) && /^(stack|mix|cabal|lein|rebar3)$/.test(tool))) {
        ctx.out.effects.push({ type: "other", op: "install", locus: "home", kind: "global", target: tool, argIndex: o.index, why: `\`${tool}\` installs for the whole user` });
      }
      runnerTreatment(ctx, o.value, o.index, `\`${node.path}\` may run or load it (a path among its arguments)`, `\`${node.path}\` may write there (a path among its arguments)`);
    }
  },
};

/**
 * A package manager running a package.json script (`npm test -- --config /tmp/x`, `pnpm run
 * build ~/out`): the words after the script name go to whatever tool the script runs, which the
 * walk cannot see, so each path among them is judged as the runner treatment judges it (run or
 * loaded as code, and written). The script name itself has no slash and places nothing.
 */
export const scriptArgs: Handler = {
  post(ctx, node, _argv, parsed) {
    for (const o of parsed.operands) {
      if (o.value === null) continue; // a dynamic word: a script name or argument nobody can place, as for runners
      runnerTreatment(ctx, o.value, o.index, `\`${node.path}\` passes it to the script's tool, which may run or load it`, `\`${node.path}\` passes it to the script's tool, which may write there`);
    }
  },
};

/** Each path in a runner's argument is judged as run or loaded as code, and as written. */
function runnerTreatment(ctx: Parameters<NonNullable<Handler["post"]>>[0], word: string, index: number, runWhy: string, writeWhy: string): void {
  for (const p of runnerPaths(word)) {
    // The exec first: placed after the write, it would be code this command just wrote.
    pathEffect(ctx, "exec", p, index, runWhy);
    pathEffect(ctx, "write", p, index, writeWhy);
  }
}

/** The paths in one argument of a runner (see projectRunner); URLs and `//` labels are not. */
export function runnerPaths(word: string): string[] {
  if (word.includes("://")) return [];
  const out = new Set<string>();
  // A whole word (or a flag's value) with a slash, `~` or `..`.
  const value = word.startsWith("-") ? (word.match(/^[^=:]*[=:](.*)$/s)?.[1] ?? null) : word;
  if (value !== null && !value.startsWith("//") && !value.startsWith("@") && (value.includes("/") || value === "~" || value === "..")) out.add(value);
  // A flag's value by itself may name a file in the working directory (`--rakefile=Rakefile2`,
  // `--config=ci.yml`), a symlink out among them: placed too (project code when it is not).
  else if (value !== null && word.startsWith("-") && /^[\w.+-][\w.+@-]*$/.test(value) && !/^[\d.]+$/.test(value)) out.add(value);
  // Paths after a separator inside a value: `json:/x`, `trx;LogFileName=/x`, `id=/x`, `@/x`.
  for (const m of word.matchAll(/(?:^|[=:;,@])((?:~|\/(?!\/)|\.\.?\/)[^;,]*)/g)) out.add(m[1]!);
  return [...out];
}

/**
 * ps (procps) opens every process's environ whatever its options, and prints it only with the
 * BSD `e` option, which procps also honours in a dashed cluster it falls back to reading as BSD
 * (`ps -xe`, `ps -auxe`, `ps -et`: checked against procps-ng 4). So the environment is read
 * (secret) unless every word is a spelling shown to print none: dashed clusters of UNIX options
 * that take no value (`-ef`, `-eLf`, `-ely`), optionally ending in one that takes the next word
 * (`-eo pid,args`, `-fp 42`, `-C node`), BSD clusters without `e` (`aux`, `axjf`), and a few long
 * options. Anything else (a dynamic word, `e`, `x` or `t` in a dashed cluster...) keeps the read.
 */
export const ps: Handler = {
  custom(ctx, node, argv, start) {
    let shown = false;
    for (let i = start; i < argv.length; i++) {
      const w = argv[i];
      if (w === null || w === undefined) { shown = true; break; }
      if (PS_UNIX.test(w)) continue;
      if (PS_UNIX_ARG.test(w) || PS_LONG_ARG.has(w)) {
        if (i + 1 >= argv.length || argv[i + 1] === null) { shown = true; break; }
        i++;
        continue;
      }
      if (PS_BSD.test(w) || PS_LONG.has(w) || PS_LONG_GLUED.test(w)) continue;
      shown = true;
      break;
    }
    ctx.out.effects.push({ type: "other", op: "read", locus: "system", target: "process table", argIndex: -1, why: "ps lists processes and their command lines" });
    if (shown) ctx.out.effects.push({ type: "other", op: "read", locus: "secret", target: "/proc/*/environ", argIndex: -1, why: "ps may print other processes' environments (the `e` option; procps opens them always)" });
    void node;
  },
};
const PS_UNIX = /^-[AaeFfHjLlMcwyZNTdV]+$/;
const PS_UNIX_ARG = /^-[AaeFfHjLlMcwyZNTdV]*[oOpCuUgGsq]$/;
const PS_BSD = /^[auxwfjlvsrhcmnSHLMZ]+$/;
const PS_LONG = new Set(["--forest", "--no-headers", "--no-heading", "--headers", "--cumulative", "--help", "--version", "-V"]);
const PS_LONG_ARG = new Set(["--sort", "--pid", "--ppid", "--format", "--cols", "--columns", "--width", "--lines", "--rows", "--user", "--User", "--group", "--Group", "--tty", "--sid", "--quick-pid"]);
const PS_LONG_GLUED = /^--(sort|pid|ppid|format|cols|columns|width|lines|rows|user|User|group|Group|tty|sid|quick-pid)=./;

/**
 * Compose's read verbs (ps, logs, config, ls...) parse the compose file (`-f F`) and show what
 * the daemon has: the file is read, not code that runs. Compose takes `-f` before the verb, where
 * it is judged as code (up, run, exec and build act on what it says): the read verbs turn that
 * exec back into a read.
 */
export const composeRead: Handler = {
  post(ctx, node, argv) {
    for (const e of ctx.out.effects) {
      if (e.type !== "path" || e.op !== "exec" || e.argIndex < 1) continue;
      const flag = argv[e.argIndex - 1];
      const word = argv[e.argIndex];
      if (flag === "-f" || flag === "--file" || (word !== null && word !== undefined && /^(-f|--file=)/.test(word))) {
        e.op = "read";
        e.why = "compose reads the file (a read verb runs nothing from it)";
      }
    }
    void node;
  },
};

/**
 * npx and `npm exec`: with no `--package` and no `--call`, the first operand is a binary's name,
 * which npm runs from the npm project's `node_modules/.bin` when it is there and otherwise fetches
 * from the registry as a package of that name (observed: `npx tsc` with typescript installed runs
 * node_modules/typescript/bin/tsc.js). Which of the two happens is decided by the walk
 * (src/analysis/npmbin.ts), so the download effects the entry declares move into `otherwise`.
 * A spec that is not a plain binary name (`pkg@1`, `@scope/pkg`, `./x`, a dynamic word) stays a
 * download.
 */
export const npmExec: Handler = {
  post(ctx, node, argv, parsed, modes) {
    // A binary the registry knows does what it does whichever copy runs (the project's, a global
    // one, a download): `npx --no vitest run` loads .env as vitest does. Its own effects are
    // judged too, as the command `NAME ARGS...`.
    for (const f of [".npmrc", "package.json"]) ctx.out.effects.push({ type: "path", op: "read", path: f, ifExists: true, argIndex: -1, why: `npx reads the project's ${f} (observed)` });
    const named = parsed.operands[0];
    if (!parsed.sub && named?.value && NPM_BIN_NAME.test(named.value) && !SH_WORDS.has(named.value) && named.value !== node.path.split(" ")[0] && ctx.reg.commands.has(named.value)) {
      ctx.out.inner.push({ type: "argv", argv: argv.slice(named.index), argIndex: named.index });
    }
    if (modes.has("local") || modes.has("package") || parsed.sub) return;
    // --prefix: npm takes that directory as the project as it is; a workspace option picks another one
    if (ctx.out.cwdOverride !== undefined || parsed.flags.some((f) => f.flag.role === "cwd")) return;
    const first = parsed.operands[0];
    if (first && argv.slice(1, first.index).some((w) => w === null || /^(-w|-ws|--workspaces?|--include-workspace-root)(=|$)/.test(w))) return;
    if (!first || first.value === null || !NPM_BIN_NAME.test(first.value) || SH_WORDS.has(first.value)) return;
    const otherwise = ctx.out.effects.filter((e) => e.type === "other" && e.op === "exec" && e.kind === "downloaded-code");
    if (!otherwise.length) return;
    ctx.out.effects = ctx.out.effects.filter((e) => !otherwise.includes(e));
    ctx.out.localBin = { name: first.value, argIndex: first.index, otherwise };
    void node;
  },
};
/** What npm looks up as `node_modules/.bin/NAME`: no path, no scope, no version, no shell syntax. */
const NPM_BIN_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
/**
 * npm runs the name as the first word of a `sh -c` line: a builtin or reserved word of sh or
 * bash is not the file in node_modules/.bin (`npx eval 'x'` would run `x` as shell code).
 */
const SH_WORDS = new Set(("alias bg bind break builtin caller cd command compgen complete compopt continue coproc declare dirs disown echo enable " +
  "eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray " +
  "readonly return select set shift shopt source suspend test time times trap true type typeset ulimit umask unalias unset wait " +
  "if then else elif fi case esac for while until do done in function").split(" "));

/**
 * kill, parsed as bash's builtin and procps parse it: options come first (`-l`/`-L` list signals
 * and signal nothing, `-s SIG` and `-n NUM` take a value, `--` ends them, and one `-SIG` word names
 * the signal); every later word, a leading `-` included (`-1234` is a process group), is a process
 * or job to signal. Which of those are the command's own jobs is for the walk (builtin kill only).
 */
export const kill: Handler = {
  custom(ctx, node, argv, start) {
    let i = start;
    let sawSignal = false;
    for (; i < argv.length; i++) {
      const w = argv[i];
      if (w === null || w === undefined || !w.startsWith("-") || w === "-") break;
      if (/^-[lL]$/.test(w) || w === "--list" || w === "--table") return;
      if (w === "-s" || w === "-n" || w === "--signal") {
        i++;
        sawSignal = true;
        continue;
      }
      if (w === "--") {
        i++;
        break;
      }
      if (sawSignal) break;
      sawSignal = true;
    }
    if (i >= argv.length) throw new Unknown("`kill` needs a process to signal", i, true);
    for (; i < argv.length; i++) ctx.out.effects.push({ type: "other", op: "process", locus: "none", target: argv[i] ?? "", argIndex: i, why: `\`${node.path}\` signals a process` });
  },
};
