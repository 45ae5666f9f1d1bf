// Shell builtins that change the shell itself (directory, variables, options, traps) or run
// code in it (eval, source, trap, exec, command, builtin). Everything else goes to the registry.
import type { Kind, Source } from "../policy/model.ts";
import { lexical, resolvePath } from "./paths.ts";
import { mergeBases, shellWith, unknownBases, withAssigned, type Base, type Bases, type Flow, type Shell } from "./shellstate.ts";
import { type Placement } from "./place.ts";
import { scopeWith, wordEnv, type Scope } from "./shellstate.ts";
import { dispatch, innerScript, type ArgItem, type Invocation } from "./evaluate.ts";
import { applyVector } from "./envapply.ts";
import { tryRead } from "./fs.ts";
import { venvActivation } from "./venv.ts";
import { expandAssignValue, literalPrefix, SELF } from "./words.ts";
import { arithSecrets, isSecretVar, secretRead } from "./secretvars.ts";
import { integerFromData, integerWord } from "./integers.ts";

export const WALK_BUILTINS = new Set([
  "cd", "pushd", "popd", "dirs", "source", ".", "eval", "exec", "command", "builtin",
  "export", "declare", "typeset", "local", "readonly", "alias", "unalias", "shopt", "set",
  "trap", "mapfile", "readarray", "read", "let", "unset", "hash", "enable", "history", "fc",
  "compgen", "complete", "compopt", "getopts", "shift", "wait", "jobs", "bg", "fg", "disown",
  "suspend", "times", "umask", "ulimit", "return", "exit", "break", "continue", ":", "true",
  "false", "logout", "caller",
]);

const NOOP = new Set(["unalias", "complete", "compopt", "getopts", "shift", "wait", "jobs", "bg", "fg", "disown", "suspend", "times", "umask", "ulimit", "return", "exit", "break", "continue", ":", "true", "false", "logout", "caller"]);

/** Builtins that store what they read into the variables they name (an integer one evaluates it). */
const DATA_SETTERS = new Set(["read", "mapfile", "readarray", "printf", "getopts"]);

const SAFE_SHOPT = new Set([
  "nullglob", "failglob", "globstar", "extglob", "dotglob", "nocaseglob", "nocasematch", "globasciiranges",
  "globskipdots", "checkwinsize", "cmdhist", "lithist", "histappend", "inherit_errexit", "progcomp",
  "promptvars", "interactive_comments", "direxpand", "dirspell", "cdspell", "checkhash", "checkjobs",
  "huponexit", "xpg_echo", "shift_verbose", "patsub_replacement", "assoc_expand_once", "localvar_inherit",
  "localvar_unset", "varredir_close", "noexpand_translation", "force_fignore", "complete_fullquote",
  "hostcomplete", "no_empty_cmd_completion", "mailwarn", "histreedit", "histverify", "gnu_errfmt",
  "autocd", "execfail", "sourcepath", "compat31", "compat32", "compat40", "compat41", "compat42",
  "compat43", "compat44",
]);

/** shopt names of the options the shell state keeps for globs. */
const GLOB_SHOPT: Record<string, keyof Shell["glob"] | undefined> = { dotglob: "dot", nocaseglob: "nocase", globstar: "globstar", nullglob: "nullglob" };

const SAFE_SET_O = new Set([
  "errexit", "nounset", "pipefail", "xtrace", "verbose", "noclobber", "noglob", "allexport", "errtrace",
  "functrace", "hashall", "braceexpand", "emacs", "vi", "history", "monitor", "notify", "ignoreeof",
  "noexec", "onecmd", "posix", "privileged", "histexpand", "interactive-comments", "nolog",
]);

/** Builtins that take variable names: bash evaluates an indexed subscript in them as arithmetic. */
export const NAME_TAKERS = new Set(["read", "mapfile", "readarray", "getopts", "printf", "wait", "unset", "declare", "typeset", "local", "export", "readonly", "let", "test", "[", "[[", "printf"]);

/** `read 'a[$(cmd)]'`, `printf -v 'a[$(cmd)]'`, `test -v 'a[$(cmd)]'`: the subscript runs code. */
export function checkNameSubscripts(w: Placement, inv: Invocation, sc: Scope, idx: number): void {
  const name = inv.items[0]?.value;
  if (name && DATA_SETTERS.has(name) && w.integers.size) {
    const s = inv.stdin ?? sc.stdin;
    const text = s.t === "text" || (s.t === "pipe" && !s.fetched) ? s.text : null;
    integerFromData(w, name, inv.items.slice(1).map((i) => i.value), text, sc, inv.span, idx);
  }
  for (const a of inv.items.slice(1)) {
    if (a.value !== null && /\[[^\]]*[$`]/.test(a.value)) {
      w.unmodelled(sc, a.source, a.value, `\`${a.value}\` names an array element whose subscript bash evaluates, running the code in it`, idx);
      return;
    }
  }
}

export function runBuiltin(w: Placement, inv: Invocation, name: string, sh: Shell, sc: Scope, idx: number): Flow {
  const args = inv.items.slice(1);
  const vals = args.map((a) => a.value);
  const u = (why: string, src: Source = inv.span) => w.unmodelled(sc, src, name, why, idx);
  const keep: Flow = { sh, status: "unknown" };
  if (NOOP.has(name)) return keep;
  switch (name) {
    case "read":
      return { sh: setsVars(sh, sc, readTargets(vals)), status: "unknown" };
    case "dirs":
      // `dirs -c` empties the stack; `dirs +N/-N` only prints.
      if (vals.some((v) => v === null || /^-[a-z]*c/.test(v))) return { sh: shellWith(sh, { stack: vals.every((v) => v === "-c") ? [] : null }), status: "unknown" };
      return keep;
    case "cd":
    case "pushd":
    case "popd":
      return changeDir(w, inv, name, sh, sc, idx);
    case "source":
    case ".":
      return source(w, inv, sh, sc, idx);
    case "eval": {
      if (args.length === 0) return keep;
      const script = vals.some((v) => v === null) || args.some((a) => a.glob) ? null : vals.join(" ");
      return innerScript(w, script, "eval", inv.span, sh, scopeWith(sc, { via: sc.via ? `${sc.via} > eval` : "eval" }), idx, true);
    }
    case "exec":
    case "command":
    case "builtin": {
      let i = 0;
      let lookupOnly = false;
      // `exec -l` or `exec -a -NAME` gives argv[0] a leading dash: a shell then starts as a login shell
      let login: boolean | null = false;
      while (i < args.length) {
        const v = vals[i]!;
        if (v === null) {
          u(`a dynamic option of \`${name}\``);
          return { sh: shellWith(sh, { bases: unknownBases(`\`${name}\` with a dynamic word`) }), status: "unknown" };
        }
        if (v === "--") {
          i++;
          break;
        }
        if (!v.startsWith("-") || name === "builtin") break;
        if (name === "command" && /^-[pvV]+$/.test(v)) {
          if (/[vV]/.test(v)) lookupOnly = true;
          i++;
        } else if (name === "exec" && /^-[cl]+$/.test(v)) {
          if (v.includes("l")) login = true;
          i++;
        } else if (name === "exec" && v === "-a") {
          const a0 = vals[i + 1];
          if (a0 === null) login = null;
          else if (a0?.startsWith("-")) login = true;
          i += 2;
        } else {
          u(`unknown option \`${v}\` of \`${name}\``, args[i]!.source);
          return keep;
        }
      }
      if (lookupOnly || i >= args.length) return keep;
      let rest: ArgItem[] = args.slice(i);
      const prog = rest[0]!.value?.replace(/^.*\//, "");
      if (login !== false && (prog === null || prog === undefined || /^(bash|sh|dash|zsh|ksh|mksh)$/.test(prog))) {
        if (login === null) {
          u("`exec -a` with a dynamic name: a name starting with `-` makes the shell a login shell");
          return keep;
        }
        // judge it as the shell's own `-l` (after any long options, which bash wants first)
        let j = 1;
        while (j < rest.length && rest[j]!.value?.startsWith("--") && rest[j]!.value !== "--") j++;
        rest = [...rest.slice(0, j), { value: "-l", glob: false, source: rest[0]!.source }, ...rest.slice(j)];
      }
      const via = sc.via ? `${sc.via} > ${name}` : name;
      return dispatch(w, { ...inv, items: rest, noFunctions: true, via, ...(name === "exec" ? { program: true } : {}) }, sh, scopeWith(sc, { via }));
    }
    case "export":
    case "declare":
    case "typeset":
    case "local":
    case "readonly":
      return declare(w, inv, name, sh, sc, idx);
    case "alias":
      if (vals.some((v) => v === null || v.includes("="))) u("an alias definition changes what a later word means (when aliases are expanded)");
      return keep;
    case "shopt": {
      let setting = false;
      let unsetting = false;
      let printing = false;
      let setO = false;
      const glob = { ...sh.glob };
      for (const [k, v] of vals.entries()) {
        if (v === null) {
          u("a dynamic `shopt` argument", args[k]!.source);
          return keep;
        }
        if (v.startsWith("-")) {
          if (v.includes("s")) setting = true;
          if (v.includes("u")) unsetting = true;
          if (/[pq]/.test(v)) printing = true;
          if (v.includes("o")) setO = true;
          continue;
        }
        if (setting && !(setO ? SAFE_SET_O : SAFE_SHOPT).has(v)) u(`\`shopt -s ${v}\` changes how later commands are read or run (expand_aliases, lastpipe, cdable_vars, extdebug...)`, args[k]!.source);
        // What later globs match (the shell state keeps it; a failed shopt changes nothing).
        const opt = setO ? undefined : GLOB_SHOPT[v];
        if (opt && setting) glob[opt] = true;
        else if (opt && unsetting && !setting) glob[opt] = false;
      }
      void printing;
      return { sh: shellWith(sh, { glob }), status: "unknown" };
    }
    case "set":
      return setBuiltin(w, inv, sh, sc, idx);
    case "trap": {
      const ops = vals.filter((v) => v === null || !/^-[lp]+$/.test(v));
      if (ops.length < 2) return keep;
      const action = ops[0];
      if (action === "-" || action === "") return keep;
      // a DEBUG, RETURN or ERR trap runs between the commands that follow: loop values are not trusted then
      w.trapSet = true;
      const noBase = shellWith(sh, { bases: unknownBases("a trap runs later, wherever the shell is then") });
      innerScript(w, action ?? null, "trap", inv.span, noBase, scopeWith(sc, { via: sc.via ? `${sc.via} > trap` : "trap" }), idx);
      return keep;
    }
    case "mapfile":
    case "readarray": {
      if (vals.some((v) => v === null || /^-[^-]*C/.test(v))) u("`mapfile -C` runs a callback");
      // the array: the first operand after the options (-d -n -O -s -u -C -c take a value)
      let target = "MAPFILE";
      for (let i = 0; i < vals.length; i++) {
        const v = vals[i] ?? null;
        if (v === null) return keep;
        if (/^-[^-]*[dnOsuCc]$/.test(v)) i++;
        else if (!v.startsWith("-")) {
          target = v;
          break;
        }
      }
      return { sh: setsVars(sh, sc, [target]), status: "unknown" };
    }
    case "let":
      for (const a of args) {
        if (a.value === null) u("a dynamic `let` expression (its value is evaluated as arithmetic, subscripts run code)", a.source);
        else {
          w.checkArithText(a.value, sc, a.source, idx);
          arithSecrets(w, a.value.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [], sh, a.source, idx);
        }
      }
      return keep;
    case "unset": {
      const gone: string[] = [];
      let functions = false;
      for (const a of args) {
        if (a.value === null) u("a dynamic `unset` name", a.source);
        else if (a.value.startsWith("-")) functions ||= a.value.includes("f");
        else {
          w.checkArithText(a.value, sc, a.source, idx);
          if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(a.value)) gone.push(a.value);
        }
      }
      return { sh: functions ? sh : setsVars(sh, sc, gone), status: "unknown" };
    }
    case "hash":
      if (vals.some((v) => v === null || /^-[^-]*p/.test(v))) u("`hash -p` maps a name to any file");
      return keep;
    case "enable":
      if (vals.some((v) => v === null || !/^-[aps]+$/.test(v))) u("`enable` loads or disables builtins, changing what later names run");
      return keep;
    case "history":
      if (vals.some((v) => v === null || !/^(-c|\d+)$/.test(v))) u("`history` with file or expansion options");
      return keep;
    case "fc":
      u("`fc` re-runs commands from the history");
      return keep;
    case "compgen":
      if (vals.some((v) => v === null || /^-[^-]*[CFW]/.test(v))) u("`compgen -C/-F/-W` runs or expands code");
      return keep;
  }
  return keep;
}

/** Builtins that store data into variables they name (`printf -v`, `wait -p`: an option's value). */
export const STORES_DATA = new Set(["read", "mapfile", "readarray", "printf", "getopts", "wait"]);

/**
 * The variables `name` stores into, or null when one of them is named by a dynamic word. The
 * data is unknown to the walk, so each is judged as an assignment of a dynamic value: `read PATH`,
 * `printf -v HOME ...`, `mapfile -t PATH`, `getopts x PATH` make later commands resolve or
 * configure themselves from it (observed: `printf -v PATH %s /tmp/evil; ls` runs /tmp/evil/ls).
 */
export function dataTargets(name: string, vals: (string | null)[]): string[] | null {
  switch (name) {
    case "read":
      return vals.includes(null) ? null : readTargets(vals);
    case "mapfile":
    case "readarray": {
      for (let i = 0; i < vals.length; i++) {
        const v = vals[i] ?? null;
        if (v === null) return null;
        if (/^-[^-]*[dnOsuCc]$/.test(v)) i++;
        else if (!v.startsWith("-")) return [v];
      }
      return ["MAPFILE"];
    }
    case "printf":
    case "wait": {
      // `printf -v NAME` / `printf -vNAME`, `wait -p NAME` (options come first)
      const flag = name === "printf" ? "v" : "p";
      const out: string[] = [];
      for (let i = 0; i < vals.length; i++) {
        const v = vals[i] ?? null;
        if (v === null) return null;
        if (v === "--" || !v.startsWith("-") || v === "-") break;
        const at = v.indexOf(flag);
        if (at > 0) {
          const glued = v.slice(at + 1);
          const target = glued || vals[++i];
          if (target === null || target === undefined) return null;
          out.push(target);
        }
      }
      return out;
    }
    case "getopts": {
      // getopts OPTSTRING NAME [ARGS]: also OPTARG and OPTIND
      const [spec, target] = vals;
      if (spec === null || target === null) return null;
      return target === undefined ? [] : [target, "OPTARG", "OPTIND"];
    }
  }
  return [];
}

/** Judges what `inv` stores into variables as assignments of unknown values (see dataTargets). */
export function storeData(w: Placement, inv: Invocation, name: string, sh: Shell, sc: Scope, idx: number): Shell {
  const targets = dataTargets(name, inv.items.slice(1).map((a) => a.value));
  if (targets === null) {
    w.unmodelled(sc, inv.span, name, `\`${name}\` stores into a variable named by a dynamic word (PATH, HOME... would change what later commands run)`, idx);
    return sh;
  }
  let s = sh;
  for (const t of targets) {
    const base = t.replace(/\[.*$/, "");
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(base)) s = applyVector(w, base, null, s, sc, inv.span, idx, true);
  }
  return s;
}

/** Names `read` sets: its operands, or the array of `-a`, else REPLY. */
function readTargets(vals: (string | null)[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < vals.length; i++) {
    const v = vals[i] ?? null;
    if (v === null) return [];
    if (v.startsWith("-") && out.length === 0) {
      // -a NAME, and the options that take a value (-d -i -n -N -p -t -u)
      const m = v.match(/^-[ers]*([adinNptu])(.*)$/);
      if (m && m[2] === "") {
        if (m[1] === "a" && vals[i + 1]) out.push(vals[i + 1]!);
        i++;
      } else if (m?.[1] === "a") out.push(m[2]!);
      continue;
    }
    out.push(v);
  }
  return out.length ? out : ["REPLY"];
}

/** Variables a builtin certainly set (see Shell.assigned); not inside functions, where they may be local. */
function setsVars(sh: Shell, sc: Scope, names: string[]): Shell {
  const ok = names.filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n));
  return sc.fnDepth === 0 && ok.length ? withAssigned(sh, ok) : sh;
}

// ---------- set ----------

function setBuiltin(w: Placement, inv: Invocation, sh: Shell, sc: Scope, idx: number): Flow {
  const args = inv.items.slice(1);
  let s = sh;
  if (args.length === 0) {
    w.other("read", "secret", "shell variables", undefined, inv.span, "`set` prints every variable, the environment's credentials included", idx);
    return { sh, status: "unknown" };
  }
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) {
      w.unmodelled(sc, args[i]!.source, "set", "a dynamic `set` option", idx);
      return { sh, status: "unknown" };
    }
    if (v === "--" || v === "-") break; // the rest are positional parameters
    if (!/^[-+]/.test(v)) break;
    const letters = v.slice(1);
    for (const c of letters) {
      if (c === "o") {
        const opt = args[++i]?.value;
        if (opt === undefined) {
          w.other("read", "secret", "shell options", undefined, inv.span, "`set -o` prints options", idx);
          continue;
        }
        if (opt === null) w.unmodelled(sc, inv.span, "set", "a dynamic `set -o` option", idx);
        else if (opt === "physical") s = { ...s, physicalCd: v.startsWith("-") };
        else if (opt === "keyword" && v.startsWith("-")) w.unmodelled(sc, inv.span, "set", "`set -k` turns later `name=value` arguments into environment assignments", idx);
        else if (!SAFE_SET_O.has(opt) && v.startsWith("-")) w.unmodelled(sc, inv.span, "set", `\`set -o ${opt}\` is not modelled`, idx);
      } else if (c === "P") s = { ...s, physicalCd: v.startsWith("-") };
      else if (c === "k" && v.startsWith("-")) w.unmodelled(sc, inv.span, "set", "`set -k` turns later `name=value` arguments into environment assignments", idx);
      else if (!"euxvabfhmnBCEHTt".includes(c)) w.unmodelled(sc, inv.span, "set", `\`set -${c}\` is not modelled`, idx);
    }
  }
  return { sh: s, status: "unknown" };
}

// ---------- declare / export ----------

function declare(w: Placement, inv: Invocation, name: string, sh: Shell, sc: Scope, idx: number): Flow {
  const args = inv.items.slice(1);
  let s = sh;
  let names = 0;
  let printOnly = false;
  let integer = false;
  let functions = false;
  for (const a of args) {
    const v = a.value;
    // `NAME=value` as an assignment (PATH=$PATH:x keeps its previous value as a marker).
    const m = a.word ? literalPrefix(a.word).match(/^([A-Za-z_][A-Za-z0-9_]*)(\+?)=/) : null;
    if (m && a.word && (names > 0 || v === null || !v.startsWith("-"))) {
      names++;
      const full = expandAssignValue(a.word, wordEnv(w, s), m[1]!);
      let value = full !== null && full.startsWith(m[0]) ? full.slice(m[0].length) : null;
      if (value !== null && m[2]) value = SELF + value;
      if (integer || w.integers.has(m[1]!)) {
        if (value !== null) w.checkArithText(value, sc, a.source, idx);
        else integerWord(w, m[1]!, a.word, sc, a.source, idx);
      }
      s = applyVector(w, m[1]!, value, s, sc, a.source, idx, true);
      if (!m[2] && !functions) s = setsVars(s, sc, [m[1]!]);
      continue;
    }
    if (v === null) {
      // `export $X=1` can set any variable.
      w.unmodelled(sc, a.source, name, `\`${name}\` with a dynamic word could set any variable`, idx);
      continue;
    }
    if (/^[-+]/.test(v) && names === 0) {
      if (v.includes("n")) w.unmodelled(sc, a.source, name, "a nameref (`-n`) makes assignments land in another variable", idx);
      if (v.includes("p")) printOnly = true;
      if (v.includes("i")) integer = true;
      if (/[fF]/.test(v)) functions = true;
      continue;
    }
    names++;
    const eq = v.indexOf("=");
    const varName = (eq < 0 ? v : v.slice(0, eq)).replace(/\+$/, "");
    if (/\[/.test(varName)) w.checkArithText(varName, sc, a.source, idx);
    if (eq < 0) {
      // `declare -p NAME` prints the value
      if (printOnly && !functions && isSecretVar(w, varName, s)) secretRead(w, varName, a.source, idx, `\`${name} -p ${varName}\` prints the value of a variable that holds a secret (regions \`[variables]\`)`);
      continue;
    }
    const value = v.slice(eq + 1);
    if (integer || w.integers.has(varName.replace(/\[.*$/, ""))) w.checkArithText(value, sc, a.source, idx);
    s = applyVector(w, varName.replace(/\[.*$/, ""), value, s, sc, a.source, idx, true);
  }
  if ((names === 0 && !functions && name !== "local") || (printOnly && names === 0 && !functions)) {
    w.other("read", "secret", "shell variables", undefined, inv.span, `\`${name}\` without names prints variables, the environment's credentials included`, idx);
  }
  return { sh: s, status: "unknown" };
}

// ---------- source ----------

const MAX_SOURCE_BYTES = 256 * 1024;

function source(w: Placement, inv: Invocation, sh: Shell, sc: Scope, idx: number): Flow {
  // bash 5.2's `source` takes `--` and no options: `source -- f` runs f, `source -x f` fails.
  const first = inv.items[1]?.value;
  if (first && first !== "-" && first !== "--" && first.startsWith("-")) return { sh, status: "fails" };
  const file = inv.items[first === "--" ? 2 : 1];
  const lost = (why: string, kind: Kind = "unmodelled"): Flow => ({
    sh: shellWith(sh, { bases: unknownBases(why), oldpwd: unknownBases(why), codeTaint: { kind, why } }),
    status: "unknown",
  });
  if (!file) return { sh, status: "fails" };
  if (file.value === null || file.glob) {
    w.unmodelled(sc, file.source, "source", "`source` of a dynamic file");
    return lost("`source` of a dynamic file may change directory");
  }
  const path = file.value;
  w.placePath({ op: "read", path, why: "`source` reads the script", source: file.source, command: idx, bases: sh.bases, sh, sc, by: "source" });
  // `source /dev/stdin <<'EOF'`: the script is the heredoc or herestring, judged like the outer command.
  if (/^\/(dev\/stdin|dev\/fd\/0|proc\/self\/fd\/0)$/.test(path)) {
    const s = inv.stdin ?? sc.stdin;
    if ((s.t === "text" || (s.t === "pipe" && !s.fetched)) && s.text !== null) {
      const via = sc.via ? `${sc.via} > source ${path}` : `source ${path}`;
      return innerScript(w, s.text, `source ${path}`, s.source, sh, scopeWith(sc, { via, stdin: { t: "inherited" } }), idx, true);
    }
    w.unmodelled(sc, file.source, "source", `\`source ${path}\` runs whatever reaches stdin, which is not literal here`, idx);
    return lost(`\`source ${path}\` may change directory`);
  }
  // The project's virtualenv activate script: project code, after which names resolve in its bin.
  const venv = venvActivation(w, path, sh);
  if (venv) {
    w.placePath({ op: "exec", path: venv.script, why: "`source` runs the project's virtualenv activate script (project code)", source: file.source, command: idx, bases: sh.bases, sh, sc, by: "source" });
    const taint = sh.codeTaint ?? { kind: "project-code" as const, why: `\`source ${path}\`: command names resolve first in \`${venv.dir}/bin\`, the project's virtualenv (project code)` };
    return { sh: shellWith(sh, { codeTaint: taint }), status: "unknown" };
  }
  // The text to judge: literal content this command wrote, else the file as it is now.
  const placed = w.locate(path, sh.bases, sh);
  let text: string | null = null;
  let why = "";
  if (!placed || placed.length !== 1) why = "the sourced file cannot be placed for a single directory";
  else {
    const p = placed[0]!.path;
    const rec = w.writeInfo(p);
    if (rec) {
      text = rec.content;
      if (text === null) why = `the sourced file is written by \`${rec.by}\` in this command with content the classifier cannot see`;
    } else if (!w.deps.ctx.fs) why = "no filesystem to read the sourced file from";
    else {
      w.reliedAbsent.push(p);
      const t = tryRead(w.deps.ctx.fs, p, MAX_SOURCE_BYTES);
      if (t === null) why = `cannot read \`${p}\` as a regular file of at most ${MAX_SOURCE_BYTES} bytes`;
      else text = t;
    }
  }
  if (text === null) {
    // A stream, FIFO, `<(...)` or other file that exists but cannot be read as a script could say
    // anything, writing `self` included: unmodelled, not merely foreign code.
    const fs = w.deps.ctx.fs;
    const p0 = placed?.length === 1 ? placed[0]!.path : path;
    if (/^\/(dev|proc|sys)(\/|$)/.test(p0) || (fs && !w.writeInfo(p0) && fs.existsSync(p0))) {
      w.unmodelled(sc, file.source, "source", `\`source\` runs a script the classifier cannot read (${why})`, idx);
      return lost(`\`source\` ran \`${path}\`, which may change directory or define functions`);
    }
    w.placePath({ op: "exec", path, why: `\`source\` runs a script the classifier cannot read (${why})`, source: file.source, command: idx, bases: sh.bases, sh, sc, by: "source" });
    return lost(`\`source\` ran \`${path}\`, which may change directory or define functions`, placed?.every((p) => p.locus === "worktree") ? "project-code" : "foreign-code");
  }
  const via = sc.via ? `${sc.via} > source ${path}` : `source ${path}`;
  return innerScript(w, text, `source ${path}`, file.source, sh, scopeWith(sc, { via }), idx, true);
}

// ---------- cd / pushd / popd ----------

type CdResult = { kind: "moved"; to: Base[]; maybeFails: boolean } | { kind: "fails" } | { kind: "unknown"; why: string };

function changeDir(w: Placement, inv: Invocation, name: "cd" | "pushd" | "popd", sh: Shell, sc: Scope, idx: number): Flow {
  const args = inv.items.slice(1);
  let physical = sh.physicalCd;
  let noChange = false;
  let i = 0;
  const unknown = (why: string): Flow => {
    w.commands[idx]!.matched = `builtin ${name}`;
    return {
      sh: shellWith(sh, { bases: unknownBases(why), oldpwd: unknownBases(why), stack: name === "cd" ? sh.stack : null }),
      status: "unknown",
    };
  };
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return unknown(`\`${name}\` with a dynamic argument`);
    if (v === "--") {
      i++;
      break;
    }
    if (v === "-" || !v.startsWith("-") || v.length === 1) break;
    if (name !== "cd" && /^[-+]\d+$/.test(v)) break;
    if (name === "cd" && /^-[LPe]+$/.test(v)) {
      for (const c of v.slice(1)) if (c === "L") physical = false;
      else if (c === "P") physical = true;
      continue;
    }
    if (name !== "cd" && v === "-n") {
      noChange = true;
      continue;
    }
    // An invalid option: bash prints usage and the command fails without moving.
    return { sh, status: "fails" };
  }
  const ops = args.slice(i);
  if (ops.some((o) => o.glob)) return unknown(`\`${name}\` with a glob argument`);
  if (ops.some((o) => o.value === null)) return unknown(`\`${name}\` with a dynamic argument`);
  if (name === "cd" && ops.length > 1) return { sh, status: "fails" }; // too many arguments
  const arg = ops[0]?.value as string | undefined;
  if (noChange) return { sh: shellWith(sh, { stack: null }), status: "unknown" };

  if (name === "popd") {
    if (arg !== undefined) return unknown("`popd +N/-N` rotates the directory stack");
    if (sh.stack === null) return unknown("the directory stack is unknown");
    if (sh.stack.length === 0) return { sh, status: "fails" }; // directory stack empty
    const [top, ...rest] = sh.stack;
    return { sh: shellWith(sh, { bases: top!, oldpwd: sh.bases, stack: rest }), status: "unknown", failSh: sh };
  }
  if (name === "pushd" && (arg === undefined || /^[-+]\d+$/.test(arg))) {
    if (arg !== undefined) return unknown("`pushd +N/-N` rotates the directory stack");
    if (sh.stack === null) return unknown("the directory stack is unknown");
    if (sh.stack.length === 0) return { sh, status: "fails" };
    const [top, ...rest] = sh.stack;
    return { sh: shellWith(sh, { bases: top!, oldpwd: sh.bases, stack: [sh.bases, ...rest] }), status: "unknown", failSh: sh };
  }

  // Where the target is, before resolving against each base.
  let target: string;
  if (arg === undefined) {
    const home = inv.prefix.has("HOME") ? inv.prefix.get("HOME")! : sh.home;
    if (home === null) return unknown("`cd` to a HOME that was changed to something unknown");
    if (home === "") return { sh, status: "unknown" }; // HOME empty: bash does nothing
    target = home;
  } else if (arg === "-" && name === "cd") {
    if (sh.oldpwd === null) return unknown("`cd -` goes to the caller's OLDPWD, which is unknown");
    if (!sh.oldpwd.known) return unknown(sh.oldpwd.why);
    return { sh: shellWith(sh, { bases: sh.oldpwd, oldpwd: sh.bases }), status: "unknown", failSh: sh };
  } else target = arg;
  if (target === "") return { sh, status: "unknown" }; // `cd ""` stays put
  if (target.startsWith("~")) return unknown(`\`${name}\` to an unexpanded \`${target}\``);

  let cdpath: string[] | null | "dynamic" = sh.cdpath;
  if (inv.prefix.has("CDPATH")) {
    const v = inv.prefix.get("CDPATH")!;
    cdpath = v === null ? "dynamic" : v === "" ? null : v.split(":");
  }
  const firstSeg = target.split("/")[0];
  const usesCdpath = !target.startsWith("/") && firstSeg !== "." && firstSeg !== ".." && cdpath !== null;
  if (usesCdpath && cdpath === "dynamic") return unknown("CDPATH is set to something unknown");
  if (!sh.bases.known) return unknown(sh.bases.why);

  let moved: Bases | null = null;
  let anyFail = false;
  for (const b of sh.bases.list) {
    const cands = usesCdpath ? [...(cdpath as string[]).map((e) => (e === "" ? "." : e) + "/" + target), target] : [target];
    const r = cdOne(w, b, cands, physical);
    if (r.kind === "unknown") return unknown(r.why);
    if (r.kind === "fails") {
      anyFail = true;
      continue;
    }
    if (r.maybeFails) anyFail = true;
    const one: Bases = { known: true, list: r.to };
    moved = moved ? mergeBases(moved, one) : one;
  }
  if (!moved) return { sh, status: "fails" }; // known not to exist for every base: nothing moves
  // If the cd succeeded, the shell is in one of the moved-to places; a cd that may fail (any
  // base) leaves the failure state as it was.
  void anyFail;
  const bases = moved;
  const stack = name === "pushd" ? (sh.stack ? [sh.bases, ...sh.stack] : null) : sh.stack;
  // Even an existing directory can refuse entry (no x bit): failing leaves everything as it was.
  return { sh: shellWith(sh, { bases, oldpwd: sh.bases, stack }), status: "unknown", failSh: sh };
}

/**
 * One base, the candidate targets in CDPATH order: bash takes the first that is a directory.
 * `-L` (default): the new $PWD is the lexical result on the logical $PWD; if that is not a
 * directory bash retries the target as given (physically). `-P`: physical from the start.
 */
function cdOne(w: Placement, b: Base, cands: string[], physical: boolean): CdResult {
  const { fs } = w.deps.ctx;
  const options: Base[] = [];
  for (const c of cands) {
    const direct = resolvePath(fs, b.physical, c, true);
    if (!direct.ok) return { kind: "unknown", why: direct.why };
    const viaPhys: Base = { logical: direct.path, physical: direct.path };
    let tries: Base[];
    if (physical) tries = [viaPhys];
    else {
      const lex = lexical(c.startsWith("/") ? c : b.logical + "/" + c);
      const r = resolvePath(fs, "/", lex, true);
      if (!r.ok) return { kind: "unknown", why: r.why };
      tries = r.path === direct.path ? [{ logical: lex, physical: r.path }] : [{ logical: lex, physical: r.path }, viaPhys];
    }
    for (const t of tries) {
      const exists = fs ? existsForCd(w, t) : null;
      if (exists === false) continue;
      if (exists === true) {
        // bash stops at the first directory; unsure earlier candidates stay possible.
        return { kind: "moved", to: [...options, t], maybeFails: false };
      }
      options.push(t);
    }
  }
  if (options.length === 0) return { kind: "fails" };
  // Unsure (no filesystem, or this command may create it): it may move to any candidate or fail.
  return { kind: "moved", to: options, maybeFails: true };
}

/** true: a directory now; false: known absent and not created by this command; null: unsure. */
function existsForCd(w: Placement, t: Base): boolean | null {
  if (w.dirExists(t.physical)) return true;
  if (w.opaqueWrites || w.preOpaque || w.writtenAtOrBelow(t.physical) || w.writtenAtOrBelow(t.logical)) return null;
  w.reliedAbsent.push(t.physical, t.logical);
  return false;
}
