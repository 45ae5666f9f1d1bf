// Assignments and environment variables that make programs run code (registry/env-vectors.toml).
// Applied to prefixes (`X=1 cmd`), plain assignments (they update an inherited exported
// variable), `export`/`declare -x`, and `env NAME=value`.
import type { Assignment } from "../shell/ast.ts";
import type { Kind, Source } from "../policy/model.ts";
import { shellWith, unknownBases, withAssigned, withoutAssigned, type Shell } from "./shellstate.ts";
import { expandAssignValue, SELF } from "./words.ts";
import { tryRead } from "./fs.ts";
import { type Placement } from "./place.ts";
import { scopeWith, wordEnv, type Scope } from "./shellstate.ts";
import { innerScript, dispatch } from "./evaluate.ts";
import { integerAssignment } from "./integers.ts";
import { envReads } from "./secretvars.ts";

/** Values of prefix assignments for one command (null = dynamic). */
export type PrefixEnv = Map<string, string | null>;

const PATHISH = new Set(["path", "code-path", "code-file", "cdpath"]);
const MAX_SCRIPT_BYTES = 256 * 1024;

export function applyAssignment(w: Placement, a: Assignment, sh: Shell, sc: Scope, standalone: boolean): { sh: Shell; value: string | null } {
  const source = w.span(sc, a.pos, a.end);
  const vec = w.deps.vectors.lookup(a.name);
  let value: string | null = null;
  if (a.value && !a.array) {
    value = expandAssignValue(a.value, wordEnv(w, sh), vec && PATHISH.has(vec.effect) ? a.name : undefined);
    if (value !== null && a.append) value = (vec && PATHISH.has(vec.effect) ? SELF : "\u0002") + value;
  }
  integerAssignment(w, a, sc, source, -1);
  let sh2 = applyVector(w, a.name, value, sh, sc, source, -1, standalone);
  // From here on the variable holds what the command put there (not a token from the
  // environment), unless it was appended to or set inside a function (where it may be local).
  if (standalone) sh2 = !a.append && !a.index && sc.fnDepth === 0 ? withAssigned(sh2, [a.name]) : withoutAssigned(sh2, [a.name]);
  return { sh: sh2, value };
}

export function applyEnvRecord(w: Placement, env: Record<string, string | null>, sh: Shell, sc: Scope, source: Source, command: number): void {
  for (const [k, v] of Object.entries(env)) applyVector(w, k, v, sh, sc, source, command, false);
}

/** Applies one variable's value; returns the shell state after it (standalone assignments persist). */
export function applyVector(w: Placement, name: string, value: string | null, sh: Shell, sc: Scope, source: Source, command: number, standalone: boolean): Shell {
  // `cd -` goes to $OLDPWD: assigning it moves the next `cd -`.
  if (name === "OLDPWD") {
    if (!standalone) return shellWith(sh, { oldpwd: unknownBases("OLDPWD is set for one command") });
    const placed = value !== null && value.startsWith("/") ? w.locate(value, sh.bases, sh) : null;
    return shellWith(sh, { oldpwd: placed && placed.length === 1 ? { known: true, list: [{ logical: value!, physical: placed[0]!.path }] } : unknownBases("OLDPWD was set to something unknown") });
  }
  const vec = w.deps.vectors.lookup(name);
  if (!vec || vec.effect === "none") return sh;
  const why = `\`${name}\`: ${vec.why}`;
  if (value !== null && value.includes("\u0002")) value = null; // `+=` onto an unknown value
  if (value === "") {
    // Empty values switch most vectors off; HOME/IFS/PATH keep their special meaning below.
    if (!["home", "ifs", "path", "cdpath"].includes(vec.effect)) return sh;
  }
  const unmodelled = (msg: string) => w.unmodelled(sc, source, name, msg, command);
  switch (vec.effect) {
    case "unmodelled":
      unmodelled(`${why}; the classifier does not follow it`);
      return sh;
    case "options":
      if (value !== null && vec.safe?.test(value)) return sh;
      unmodelled(`${why}; ${value === null ? "the value is dynamic" : `\`${value}\` is not a known-harmless value`}`);
      return sh;
    case "command":
      if (value !== null && vec.safe?.test(value)) return sh;
      innerScript(w, value, name, source, sh, scopeWith(sc, { via: `${sc.via ? sc.via + " > " : ""}$${name}` }), command);
      return sh;
    case "program": {
      if (value !== null && vec.safe?.test(value)) return sh;
      if (value === null) {
        unmodelled(`${why}; the value is dynamic`);
        return sh;
      }
      const via = `${sc.via ? sc.via + " > " : ""}$${name}`;
      dispatch(w, { items: [{ value, glob: false, source }], span: source, prefix: new Map(), stdin: { t: "inherited" }, noFunctions: true, via }, sh, scopeWith(sc, { via }));
      return sh;
    }
    case "code-file":
    case "code-path": {
      if (value === null) {
        unmodelled(`${why}; the value is dynamic`);
        return sh;
      }
      const entries = value.split(vec.effect === "code-file" ? /[:\s]+/ : /:/).filter((e) => e !== SELF);
      for (const e of entries) codeEntry(w, e, name, why, sh, sc, source, command, vec.effect === "code-path");
      return sh;
    }
    case "shell-file": {
      if (value !== null) {
        // The shell opens the file when it starts, from its own directory: a read (`.env`!).
        w.placePath({ op: "read", path: value, why: `${why}: the shell reads \`${value}\``, source, command, bases: sh.bases, sh, sc, by: name, record: false });
        if (standalone && !value.startsWith("/")) {
          unmodelled(`${why}; \`${value}\` is relative, and every shell that starts later resolves it in its own directory`);
          return sh;
        }
      }
      const text = value === null ? null : shellFileText(w, value, sh);
      if (text === null) {
        unmodelled(`${why}; ${value === null ? "the value is dynamic" : `cannot read \`${value}\` as it will be when the shell starts`}`);
        return sh;
      }
      innerScript(w, text, `$${name}`, source, sh, scopeWith(sc, { via: `${sc.via ? sc.via + " > " : ""}$${name}` }), command);
      return sh;
    }
    case "path": {
      const taint = pathTaint(w, value, sh, why);
      if (!taint) return sh;
      if (standalone) return shellWith(sh, { codeTaint: taint });
      w.other("exec", "unknown", name, taint.kind, source, taint.why, command);
      return sh;
    }
    case "cdpath":
      if (!standalone) return sh; // the prefix form is read by `cd` itself (builtins.ts)
      return shellWith(sh, { cdpath: value === null ? "dynamic" : value === "" ? null : value.split(":").filter((e) => e !== SELF) });
    case "home": {
      // Programs read their config (which can run code) from HOME: a new HOME brings that config.
      const taint = homeTaint(w, value, sh, why);
      if (standalone) return shellWith(sh, { home: value !== null && value.startsWith("/") ? value : null, ...(taint ? { codeTaint: taint } : {}) });
      if (taint) w.other("exec", "unknown", name, taint.kind, source, taint.why, command);
      return sh;
    }
    case "ifs":
      return standalone ? shellWith(sh, { defaultIfs: false }) : sh;
    case "tmpdir":
      w.placePath({ op: "write", path: value, recursive: true, why: `${why}: programs create files there`, source, command, bases: sh.bases, sh, sc, by: name, record: false });
      return sh;
    case "write-file":
    case "read-file": {
      if (value !== null && vec.safe?.test(value)) return sh;
      const write = vec.effect === "write-file";
      // A value with a scheme (`af_unix:...`) names something other than a file.
      if (value !== null && /^[A-Za-z][\w+.-]*:./.test(value)) {
        unmodelled(`${why}; \`${value}\` is not a plain path`);
        return sh;
      }
      const path = value === null ? null : (write ? value : value.replace(/^:/, "")) + (vec.suffix ?? "");
      w.placePath({ op: write ? "write" : "read", path, why, source, command, bases: sh.bases, sh, sc, by: name, record: write });
      return sh;
    }
    case "function": {
      // bash imports `() { ...}` as a function (named by the rest of the variable's name) and
      // runs its body whenever the child calls that name: the body is judged as code that runs.
      if (value === null) {
        unmodelled(`${why}; the value is dynamic`);
        return sh;
      }
      if (!/^\(\)\s*\{/.test(value)) return sh; // not a function definition: bash ignores it
      const via = `${sc.via ? sc.via + " > " : ""}$${name}`;
      innerScript(w, `__imported ${value}\n__imported`, name, source, sh, scopeWith(sc, { via }), command);
      return sh;
    }
    case "proxy":
      // Every request then goes to the proxy, a loopback one too (curl uses it for localhost).
      w.other("net-send", "none", value ?? "", undefined, source, `${why}: requests go through it`, command);
      return sh;
    case "prints-vars": {
      const names = value === null ? [null] : value.split(/[\s,:]+/).filter(Boolean);
      envReads(w, names.map((n) => ({ name: n, why: `\`${name}\` asks the program to print ${n === null ? "variables named by a dynamic value" : `\`${n}\``}` })), sh, source, command);
      return sh;
    }
  }
  return sh;
}

/** The text of a script file: literal content this command wrote, else the file now. */
function shellFileText(w: Placement, file: string, sh: Shell): string | null {
  const placed = w.locate(file, sh.bases, sh);
  if (!placed || placed.length !== 1) return null;
  const p = placed[0]!.path;
  const rec = w.writeInfo(p);
  if (rec) return rec.content;
  const fs = w.deps.ctx.fs;
  if (!fs) return null;
  w.reliedAbsent.push(p);
  return tryRead(fs, p, MAX_SCRIPT_BYTES);
}

function codeEntry(w: Placement, entry: string, name: string, why: string, sh: Shell, sc: Scope, source: Source, command: number, dir: boolean): void {
  if (entry === "") {
    if (dir) entry = "."; // an empty search-path entry is the current directory
    else return;
  }
  if (entry.includes(SELF)) {
    w.unmodelled(sc, source, name, `${why}; the value is built from its previous value in a way the classifier does not follow`, command);
    return;
  }
  const placed = w.locate(entry, sh.bases, sh);
  if (!placed) {
    w.unmodelled(sc, source, name, `${why}; cannot place \`${entry}\``, command);
    return;
  }
  for (const p of placed) {
    const rec = w.writeInfo(p.path);
    if (rec) {
      w.unmodelled(sc, source, name, `${why}; \`${p.path}\` is written by \`${rec.by}\` in this same command`, command);
      continue;
    }
    // A search directory outside the project (CURL_HOME=/tmp) into which this command writes the
    // file it will load: what that file does is not followed.
    if (dir && p.locus !== "worktree" && w.writtenAtOrBelow(p.path)) {
      w.unmodelled(sc, source, name, `${why}; this same command writes below \`${p.path}\``, command);
      continue;
    }
    if (p.locus === "system") continue; // installed code
    const kind: Kind = p.locus === "worktree" ? "project-code" : "foreign-code";
    w.other("exec", p.locus, p.path, kind, source, `${why} (\`${entry}\`)`, command);
  }
}

/** What a PATH value means for later command names: null when it only adds installed-tool dirs. */
function pathTaint(w: Placement, value: string | null, sh: Shell, why: string): { kind: Kind; why: string } | null {
  if (value === null) return { kind: "unmodelled", why: `${why}; PATH is set to a dynamic value` };
  let worst: Kind | null = null;
  for (const e of value.split(":")) {
    if (e === SELF) continue;
    if (e.includes(SELF)) return { kind: "unmodelled", why: `${why}; PATH is rebuilt in a way the classifier does not follow` };
    const placed = e === "" ? w.locate(".", sh.bases, sh) : w.locate(e, sh.bases, sh);
    if (!placed) return { kind: "unmodelled", why: `${why}; cannot place the PATH entry \`${e}\`` };
    for (const p of placed) {
      // System, HOME and dotfile dirs hold tools the user installed; writing there is already gated.
      if (p.locus === "system" || p.locus === "home" || p.locus === "user-config") continue;
      // A program this same command put in that directory is not the project's code: what it
      // runs is not followed (`printf ... > ls; chmod +x ls; PATH=.:$PATH ls`).
      const dir = p.path === "/" ? "/" : p.path + "/";
      if (w.opaqueWrites || w.preOpaque || w.findWrite((f) => f.startsWith(dir) && !f.slice(dir.length).includes("/")))
        return { kind: "unmodelled", why: `${why}; this same command writes a file in the PATH entry \`${e || "."}\`` };
      const k: Kind = p.locus === "worktree" ? "project-code" : "foreign-code";
      if (worst === null || k === "foreign-code") worst = k;
    }
  }
  return worst ? { kind: worst, why: `${why}; PATH now looks in ${worst === "project-code" ? "the project" : "a directory outside the project and the system"}` } : null;
}

function homeTaint(w: Placement, value: string | null, sh: Shell, why: string): { kind: Kind; why: string } | null {
  if (value === null) return { kind: "unmodelled", why: `${why}; HOME is set to a dynamic value` };
  if (value === w.deps.ctx.home || value === sh.home) return null;
  const placed = w.locate(value, sh.bases, sh);
  if (!placed) return { kind: "unmodelled", why: `${why}; cannot place the new HOME \`${value}\`` };
  // Config this same command put under the new HOME (`.gitconfig` naming a program) is not
  // followed: what it runs is unknown, as for a program planted in a PATH entry.
  for (const p of placed) {
    const dir = p.path === "/" ? "/" : p.path + "/";
    if (w.opaqueWrites || w.preOpaque || w.findWrite((f) => f.startsWith(dir)))
      return { kind: "unmodelled", why: `${why}; this same command writes below the new HOME \`${value}\`, where programs read their config` };
  }
  const inside = placed.every((p) => p.locus === "worktree");
  return { kind: inside ? "project-code" : "foreign-code", why: `${why}; programs would read their config from \`${value}\`` };
}
