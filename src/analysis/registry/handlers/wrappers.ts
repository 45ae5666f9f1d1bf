// Commands that run other commands: env (assignments, -C, -S, -i), sudo/doas (privilege),
// xargs/parallel (arguments nobody can see), watch and `git submodule foreach` (joined words are
// shell code), plus printenv (the environment can hold secrets).
import type { ArgWord, InnerRun } from "../types.ts";
import { Unknown, joinCwd, pathEffect, type Handler, type Parsed } from "../engine.ts";

// env and sudo take any word with `=` before the command as an assignment, whatever the name
// holds (`BASH_FUNC_ls%%=() {...}` exports a function to a child bash; `=x` is one too).
const ASSIGN = /=/;

export const env: Handler = {
  custom(ctx, _node, argv, start) {
    const vars: Record<string, string | null> = {};
    let clears = false;
    let i = start;
    let optsDone = false;
    const n = argv.length;
    for (; i < n; i++) {
      const w = argv[i]!;
      if (w === null) throw new Unknown("a dynamic word where env takes an option, an assignment or the command", i);
      if (!optsDone && w.startsWith("-")) {
        if (w === "--") optsDone = true;
        else if (w === "-" || w === "-i" || w === "--ignore-environment") clears = true;
        else if (w === "-0" || w === "--null" || w === "-v" || w === "--debug") continue;
        else if (w === "-u" || w === "--unset" || w === "-C" || w === "--chdir" || w === "-S" || w === "--split-string") {
          const v = argv[i + 1];
          if (v === undefined) throw new Unknown(`\`${w}\` of env needs a value`, i);
          i++;
          if (w === "-C" || w === "--chdir") ctx.out.cwdOverride = joinCwd(ctx.out.cwdOverride, v);
          else if (w === "-S" || w === "--split-string") return splitString(ctx, v, i, vars, clears);
        } else if (/^--(unset|chdir|split-string)=/.test(w) || /^-[uCS]./.test(w)) {
          const v = w.startsWith("--") ? w.slice(w.indexOf("=") + 1) : w.slice(2);
          if (w.startsWith("--chdir") || w.startsWith("-C")) ctx.out.cwdOverride = joinCwd(ctx.out.cwdOverride, v);
          else if (w.startsWith("--split-string") || w.startsWith("-S")) return splitString(ctx, v, i, vars, clears);
        } else if (/^--(default|ignore|block)-signal(=.*)?$/.test(w) || w === "--list-signal-handling") continue;
        else throw new Unknown(`unknown flag \`${w}\` for \`env\``, i);
        continue;
      }
      if (ASSIGN.test(w)) {
        const eq = w.indexOf("=");
        vars[w.slice(0, eq)] = w.slice(eq + 1);
        optsDone = true;
        continue;
      }
      const run: InnerRun = { type: "argv", argv: argv.slice(i), argIndex: i };
      if (Object.keys(vars).length) run.env = vars;
      if (clears) run.clearsEnv = true;
      ctx.out.inner.push(run);
      return;
    }
    // No command: env prints the environment, which holds tokens as often as not (after -i, only
    // the assignments it was given, whose values the walk judges where they are expanded).
    if (!clears) ctx.out.effects.push({ type: "other", op: "read", locus: "secret", target: "environment", argIndex: 0, why: "env prints every environment variable (tokens, keys)" });
  },
};

function splitString(ctx: Parameters<NonNullable<Handler["custom"]>>[0], v: ArgWord, i: number, vars: Record<string, string | null>, clears: boolean): void {
  if (v === null) throw new Unknown("the string env -S splits is dynamic", i);
  // env -S does its own splitting and ${VAR} expansion; only plain words are modelled.
  if (/[$\\'"`#]/.test(v)) throw new Unknown("env -S with quotes, escapes or ${VAR} is not modelled", i);
  const words = v.trim().split(/\s+/).filter(Boolean);
  let k = 0;
  for (; k < words.length && ASSIGN.test(words[k]!); k++) vars[words[k]!.slice(0, words[k]!.indexOf("="))] = words[k]!.slice(words[k]!.indexOf("=") + 1);
  const rest = words.slice(k); // after the command word, `x=y` is an argument
  if (!rest.length) throw new Unknown("env -S without a command", i);
  const run: InnerRun = { type: "argv", argv: rest, argIndex: i, appendsUnknownArgs: false };
  if (Object.keys(vars).length) run.env = vars;
  if (clears) run.clearsEnv = true;
  ctx.out.inner.push(run);
}

/** printenv NAME...: each name is judged by the walk (secret or not); no name: everything. */
export const printenv: Handler = {
  post(ctx, _node, _argv, parsed) {
    const names = parsed.operands;
    if (names.length === 0) {
      ctx.out.effects.push({ type: "other", op: "read", locus: "secret", target: "environment", argIndex: 0, why: "prints every environment variable (tokens, keys)" });
      return;
    }
    for (const o of names) (ctx.out.readsVars ??= []).push({ name: o.value, argIndex: o.index, why: o.value === null ? "prints an environment variable whose name is dynamic" : `prints \`${o.value}\`` });
  },
};

/** sudo/doas: privilege, then the wrapped command (leading VAR=value words are its environment). */
export const privilege: Handler = {
  post(ctx, node, _argv, parsed) {
    ctx.out.privileged = true;
    let user = "root";
    for (const pf of parsed.flags) if ((pf.name === "-u" || pf.name === "--user") && pf.value) user = pf.value;
    ctx.out.effects.push({ type: "other", op: "privilege", locus: "system", target: user, argIndex: 0, why: `\`${node.path}\` runs with ${user}'s privileges` });
    const run = ctx.out.inner[ctx.out.inner.length - 1];
    if (run?.type === "argv") {
      const vars: Record<string, string | null> = {};
      let k = 0;
      while (k < run.argv.length && run.argv[k] != null && ASSIGN.test(run.argv[k]!)) {
        const w = run.argv[k]!;
        vars[w.slice(0, w.indexOf("="))] = w.slice(w.indexOf("=") + 1);
        k++;
      }
      if (k) {
        run.argv = run.argv.slice(k);
        run.argIndex += k;
        run.env = { ...run.env, ...vars };
        if (!run.argv.length) throw new Unknown("sudo with assignments but no command", run.argIndex);
      }
    }
  },
};

/**
 * How xargs or GNU parallel split the words they read from stdin (same flag names in both): at
 * NULs with -0/--null; never as a producer printed them with another delimiter (-d) or when
 * they come from a file (-a); otherwise at blanks and newlines (names hold no blank).
 */
function stdinSplit(parsed: Parsed): "blank" | "nul" | "other" {
  let split: "blank" | "nul" | "other" = "blank";
  for (const pf of parsed.flags) {
    if ((pf.name === "-0" || pf.name === "--null") && split === "blank") split = "nul";
    if (pf.name === "-d" || pf.name === "--delimiter" || pf.name === "-a" || pf.name === "--arg-file") split = "other";
  }
  return split;
}

/** xargs: the command gets arguments read from stdin; with -I they replace a marker instead. */
export const xargs: Handler = {
  post(ctx, _node, _argv, parsed) {
    let marker: string | null = null;
    for (const pf of parsed.flags) if (pf.name === "-I" || pf.name === "--replace" || pf.name === "-i") marker = pf.value ?? "{}";
    const split = stdinSplit(parsed);
    const run = ctx.out.inner[ctx.out.inner.length - 1];
    if (!run || run.type !== "argv" || run.argIndex < parsed.restFrom) {
      // No command: xargs runs echo.
      return;
    }
    run.stdinArgs = split === "blank" && marker !== null ? "line" : split;
    if (marker === null) run.appendsUnknownArgs = true;
    else {
      run.marker = { text: marker, words: run.argv };
      run.argv = run.argv.map((w) => (w !== null && w.includes(marker!) ? null : w));
    }
  },
};

/** watch (without -x), `git submodule foreach`: the words are joined with spaces and run by sh -c. */
export const joinScript: Handler = {
  operands(ctx, node, argv, parsed, modes) {
    const ops = parsed.operands;
    if (!ops.length) throw new Unknown(`\`${node.path}\` without a command`, argv.length - 1);
    if (ops.some((o) => o.value === null)) throw new Unknown(`the command \`${node.path}\` runs is dynamic`, ops.find((o) => o.value === null)!.index);
    const words = ops.map((o) => o.value!);
    if (modes.has("exec")) ctx.out.inner.push({ type: "argv", argv: words, argIndex: ops[0]!.index });
    else ctx.out.inner.push({ type: "script", script: words.join(" "), shell: ctx.shell, argIndex: ops[0]!.index });
  },
};

/** GNU parallel: `parallel CMD ::: args` (or args from stdin); `{}` and friends are the arguments. */
export const parallel: Handler = {
  operands(ctx, _node, argv, parsed) {
    const ops = parsed.operands;
    const sep = ops.findIndex((o) => o.value === ":::" || o.value === "::::" || o.value === ":::+" || o.value === "::::+");
    const cmd = (sep < 0 ? ops : ops.slice(0, sep)).map((o) => o.value);
    if (!cmd.length) throw new Unknown("parallel without a command (commands read from stdin)", argv.length - 1);
    if (cmd.some((w) => w === null)) throw new Unknown("the command parallel runs is dynamic", ops[0]!.index);
    // parallel passes the joined command line to a shell: one word with blanks is a script.
    if (cmd.length === 1 && /\s/.test(cmd[0]!)) throw new Unknown("parallel with a quoted command line is not modelled", ops[0]!.index);
    const MARK = /\{[^}]*\}/;
    const usesMarker = cmd.some((w) => MARK.test(w!));
    const groups: string[] = [];
    let literal = sep >= 0;
    let mode = "";
    for (let k = sep < 0 ? ops.length : sep; k < ops.length; k++) {
      const v = ops[k]!.value;
      if (v === ":::" || v === ":::+") {
        if (mode) literal = false; // several groups combine: not modelled precisely
        mode = "args";
      } else if (v === "::::" || v === "::::+") {
        mode = "files";
        literal = false;
      } else if (mode === "files") pathEffect(ctx, "read", v, ops[k]!.index, "parallel reads arguments from it");
      else if (v === null) literal = false;
      else groups.push(v);
    }
    if (literal) {
      // One literal argument list: each run is the command with the argument in place.
      for (const a of groups) {
        const words = cmd.map((w) => (MARK.test(w!) ? (w === "{}" ? a : null) : w));
        ctx.out.inner.push({ type: "argv", argv: usesMarker ? words : [...words, a], argIndex: ops[0]!.index });
      }
      return;
    }
    const words = cmd.map((w) => (MARK.test(w!) ? null : w));
    // Arguments from stdin, one per line (the same words as xargs' split for names without
    // blanks), unless `::::` takes them from files.
    const split = sep >= 0 ? "other" : stdinSplit(parsed);
    ctx.out.inner.push({ type: "argv", argv: words, argIndex: ops[0]!.index, appendsUnknownArgs: !usesMarker, stdinArgs: split });
  },
};

/** shopt -s expand_aliases makes later alias definitions change what command names mean. */
export const shopt: Handler = {
  post(_ctx, _node, _argv, parsed) {
    for (const o of parsed.operands) {
      if (o.value === null || o.value === "expand_aliases") throw new Unknown("shopt expand_aliases lets aliases redefine commands", o.index);
    }
  },
};
