// Shells and general-purpose interpreters. Inline code (`-c`, `-e`) is turned into effects by the
// generic `code` role; these handlers add what data cannot say: code read from stdin, `python -m`
// modules that are really other commands, shells reading a script from stdin.
import type { ArgWord } from "../types.ts";
import { Unknown, pathEffect, type Handler, type Parsed } from "../engine.ts";
import { inlineOp } from "../../evidence.ts";

function hasAny(parsed: Parsed, names: string[]): boolean {
  return parsed.flags.some((f) => names.includes(f.name));
}

/** bash/sh/zsh/dash/ksh: `-c SCRIPT`, a script file, or stdin (no operand, or `-s`). */
export const shell: Handler = {
  post(ctx, node, _argv, parsed, modes) {
    if (modes.has("c")) {
      if (!parsed.operands.length) throw new Unknown(`\`${node.path} -c\` without a script`, parsed.flags[0]?.index ?? 0);
      return;
    }
    if (modes.has("noexec") || hasAny(parsed, ["--version", "--help"])) return;
    if (parsed.operands.length === 0 || modes.has("s")) {
      ctx.out.inner.push({ type: "stdin-script", shell: node.path, argIndex: 0 });
    }
  },
};

/** Modules that `python -m` turns into another registry command. */
const PY_MODULES: Record<string, string> = {
  pytest: "pytest",
  pip: "pip",
  mypy: "mypy",
  black: "black",
  flake8: "flake8",
  pylint: "pylint",
  ruff: "ruff",
  isort: "isort",
  unittest: "python-unittest",
  venv: "python-venv",
  "json.tool": "python-json-tool",
  py_compile: "python-py-compile",
  compileall: "python-compileall",
  build: "python-build",
  twine: "twine",
  coverage: "coverage",
  tox: "tox",
  doctest: "python-doctest",
  pydoc: "pydoc",
  "http.server": "python-http-server",
  sphinx: "sphinx-build",
};

/**
 * Python puts the working directory first on its module path for -c, -m and stdin (a script's
 * own directory otherwise, already judged with the script), unless -I or -P: a json.py planted
 * there runs on `import json`. Node resolves -e code's `require` from the working directory the
 * same way. So inline code run in a directory outside the project may run foreign code.
 */
function modulePath(ctx: Parameters<NonNullable<Handler["post"]>>[0], name: string, why: string): void {
  pathEffect(ctx, "exec", ".", -1, `\`${name}\` ${why}`);
}

export const python: Handler = {
  post(ctx, node, argv, parsed, modes) {
    if (hasAny(parsed, ["-V", "--version", "-h", "--help"])) return;
    const script = !modes.has("module") && !modes.has("code") && !modes.has("interactive") && parsed.operands[0] !== undefined && parsed.operands[0].value !== "-";
    if (!script && !hasAny(parsed, ["-I", "-P"])) modulePath(ctx, node.path, "imports modules from its working directory first (no -I or -P)");
    if (modes.has("module")) {
      const m = parsed.flags.find((f) => f.name === "-m")!;
      if (m.value === null || m.value === undefined) throw new Unknown("the module python -m runs is dynamic", m.index);
      const target = PY_MODULES[m.value];
      if (!target) throw new Unknown(`python -m \`${m.value}\` is not modelled`, m.valueIndex);
      // The interpreter runs the module's Python code either way (observed: labelled like inline code).
      ctx.out.effects.push({ type: "other", op: "exec", locus: "none", target: `python -m ${m.value}`, kind: "inline-code", argIndex: m.valueIndex, why: `\`${node.path} -m ${m.value}\` runs Python code` });
      ctx.out.inner.push({ type: "argv", argv: [target, ...argv.slice(parsed.restFrom)], argIndex: m.valueIndex });
      return;
    }
    if (modes.has("code")) {
      if (modes.has("interactive")) ctx.out.execsStdin = { kind: "inline-code", why: `\`${node.path} -i\` then reads code from stdin` };
      codeArguments(ctx, node.path, argv, parsed, ["-c"]);
      return;
    }
    const first = parsed.operands[0];
    if (!first || first.value === "-" || modes.has("interactive")) {
      ctx.out.execsStdin = { kind: "inline-code", why: `\`${node.path}\` runs the code it reads from stdin` };
    }
  },
};

/**
 * The words after inline code are its arguments (`sys.argv`, `process.argv`): the code may open
 * any of them, so each is placed as the code visibly uses paths (read, else write or delete),
 * as if the code named it (`python3 -c 'print(open(sys.argv[1]).read())' ~/.ssh/id_rsa`).
 */
function codeArguments(ctx: Parameters<NonNullable<Handler["post"]>>[0], name: string, argv: ArgWord[], parsed: Parameters<NonNullable<Handler["post"]>>[3], codeFlags: string[]): void {
  const code = parsed.flags.find((f) => codeFlags.includes(f.name) && typeof f.value === "string")?.value;
  const op = typeof code === "string" ? inlineOp(code) : "read";
  const rest = parsed.restFrom !== undefined && parsed.restFrom >= 0 ? argv.map((value, index) => ({ value, index })).slice(parsed.restFrom) : parsed.operands;
  for (const o of rest) {
    if (o.value === "-" || o.value === "--") continue;
    pathEffect(ctx, op === "delete" ? "delete" : op === "write" ? "write" : "read", o.value, o.index, `\`${name}\` hands it to the inline code as an argument, which may open it`);
  }
}

/** node/bun/deno-like: `-e`/`-p` code, `--test` files, `--check` reads, else a script or stdin. */
export const node: Handler = {
  post(ctx, nd, argv, parsed, modes) {
    if (parsed.sub || hasAny(parsed, ["-v", "--version", "-h", "--help"])) return;
    const first = parsed.operands[0];
    const stdin = !first || first.value === "-" || modes.has("interactive");
    if ((modes.has("code") || stdin) && !modes.has("test") && !modes.has("check")) modulePath(ctx, nd.path, "resolves the code's require() from its working directory");
    if (modes.has("code")) codeArguments(ctx, nd.path, argv, parsed, ["-e", "--eval", "-p", "--print"]);
    if (modes.has("code") || modes.has("test") || modes.has("check")) return;
    if (stdin) {
      ctx.out.execsStdin = { kind: "inline-code", why: `\`${nd.path}\` runs the code it reads from stdin` };
    }
  },
};

/** perl/ruby/php/lua: with `-e` code the operands are data files; else the first is the script. */
export const scriptInterp: Handler = {
  post(ctx, nd, _argv, parsed, modes) {
    if (parsed.sub || hasAny(parsed, ["-v", "--version", "-h", "--help", "-V"])) return;
    const first = parsed.operands[0];
    // `-i` without `-e`: the files are edited in place, but the first is still the script that
    // edits them (`ruby -i.bak x.rb data.txt` runs x.rb, observed): written and run.
    if (modes.has("inplace") && !modes.has("code") && first && first.value !== "-") pathEffect(ctx, "exec", first.value, first.index, `with \`-i\` and no \`-e\`, \`${nd.path}\` runs its first operand as the script`);
    if (modes.has("code") || modes.has("check")) return;
    if (!first || first.value === "-") {
      ctx.out.execsStdin = { kind: "inline-code", why: `\`${nd.path}\` runs the code it reads from stdin` };
    }
  },
};

/** Words that are not flags, for tools whose own parsing we do not model beyond "what is written". */
export function nonFlags(words: ArgWord[]): ArgWord[] {
  return words.filter((w) => w === null || !w.startsWith("-"));
}
