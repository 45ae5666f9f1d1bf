// The state of one shell execution environment as the walk tracks it: the possible working
// directories (a set, or unknown), OLDPWD, the pushd stack, HOME, CDPATH, IFS and whether names
// may resolve to code the command brought in (PATH changes, `source`). Values are immutable:
// every change makes a copy, so subshells and branches cannot leak into the parent.
import type { Kind } from "../policy/model.ts";
import type { Source } from "../policy/model.ts";
import type { BraceWork } from "../shell/braces.ts";
import type { PrintedNames } from "./names.ts";
import type { WordEnv } from "./words.ts";

export interface Base {
  /** $PWD as bash keeps it (symlinks not resolved; `cd -L ..` works on it). */
  logical: string;
  /** The directory the kernel uses for relative paths. */
  physical: string;
}

export type Bases = { known: true; list: Base[] } | { known: false; why: string };

export interface CodeTaint {
  kind: Kind;
  why: string;
}

/**
 * The shopt options that change what a glob matches. Each is true when it may be on (a merge
 * of branches keeps any that one branch set): matching with it on is the broader answer, and
 * `nullglob` on means a word that matches nothing may vanish.
 */
export interface GlobOpts {
  dot: boolean;
  nocase: boolean;
  globstar: boolean;
  nullglob: boolean;
}

/** bash's defaults: what a non-interactive shell starts with. */
export const DEFAULT_GLOB: GlobOpts = { dot: false, nocase: false, globstar: false, nullglob: false };

export interface Shell {
  bases: Bases;
  /** null: inherited from the caller, unknown. */
  oldpwd: Bases | null;
  /** pushd stack below the current directory; null when unknown. */
  stack: Bases[] | null;
  /** `set -P`: cd resolves physically by default. */
  physicalCd: boolean;
  /** HOME for `~` and a bare `cd`; null when changed to something unknown. */
  home: string | null;
  /** CDPATH entries; null when unset; "dynamic" when set to something unknown. */
  cdpath: string[] | null | "dynamic";
  defaultIfs: boolean;
  /** External command names may resolve to code this command brought in (PATH=..., source). */
  codeTaint: CodeTaint | null;
  /** Glob options in force (`shopt -s dotglob`...). */
  glob: GlobOpts;
  /**
   * Variables this command has certainly set by now (plain assignments, `read`, `unset`, a
   * loop's own variable): their values are what it set, not the environment's. null: none.
   */
  assigned: ReadonlySet<string> | null;
}

/**
 * `sh` with some fields changed. Built field by field in one fixed shape: object spreads over
 * shells of varied shapes were the walk's single largest cost.
 */
export function shellWith(sh: Shell, p: Partial<Shell>): Shell {
  return {
    bases: p.bases ?? sh.bases,
    oldpwd: p.oldpwd !== undefined ? p.oldpwd : sh.oldpwd,
    stack: p.stack !== undefined ? p.stack : sh.stack,
    physicalCd: p.physicalCd ?? sh.physicalCd,
    home: p.home !== undefined ? p.home : sh.home,
    cdpath: p.cdpath !== undefined ? p.cdpath : sh.cdpath,
    defaultIfs: p.defaultIfs ?? sh.defaultIfs,
    codeTaint: p.codeTaint !== undefined ? p.codeTaint : sh.codeTaint,
    glob: p.glob ?? sh.glob,
    assigned: p.assigned !== undefined ? p.assigned : sh.assigned,
  };
}

/** `sh` with `names` set by the command (see Shell.assigned). */
export function withAssigned(sh: Shell, names: readonly string[]): Shell {
  if (names.every((n) => sh.assigned?.has(n))) return sh;
  return shellWith(sh, { assigned: new Set([...(sh.assigned ?? []), ...names]) });
}

/** `sh` where `names` may hold anything again (an append, a value from outside). */
export function withoutAssigned(sh: Shell, names: readonly string[]): Shell {
  if (!sh.assigned || !names.some((n) => sh.assigned!.has(n))) return sh;
  const next = new Set(sh.assigned);
  for (const n of names) next.delete(n);
  return shellWith(sh, { assigned: next.size ? next : null });
}

function intersect(a: ReadonlySet<string> | null, b: ReadonlySet<string> | null): ReadonlySet<string> | null {
  if (a === b) return a;
  if (!a || !b) return null;
  const out = new Set([...a].filter((n) => b.has(n)));
  return out.size ? out : null;
}

export type Status = "unknown" | "fails";

/**
 * The outcome of running something: `sh` is the state if it succeeded (or, with status
 * "fails", the state after its known failure); `failSh` the state if it failed, when that
 * differs (a `cd` that fails moves nothing).
 */
export interface Flow {
  sh: Shell;
  status: Status;
  failSh?: Shell;
}

/** Every state the shell may be in afterwards. */
export function after(f: Flow): Shell {
  if (f.status === "fails") return f.failSh ?? f.sh;
  return f.failSh ? mergeShell(f.sh, f.failSh) : f.sh;
}

export function failState(f: Flow): Shell {
  return f.failSh ?? f.sh;
}

export const unknownBases = (why: string): Bases => ({ known: false, why });

function basesKey(b: Bases | null): string {
  if (b === null) return "inherited";
  if (!b.known) return "?";
  return b.list
    .map((x) => `${x.logical}\u0000${x.physical}`)
    .sort()
    .join("\u0001");
}

/**
 * Possible working directories one state may hold; past this the working directory is unknown.
 * Every relative path is placed once per base, and each `cd` that may fail adds one: without a
 * bound, 200 `cd src;` took 10 s (docs/DESIGN.md, "Performance budgets").
 */
export const MAX_BASES = 16;

export function mergeBases(a: Bases, b: Bases): Bases {
  if (!a.known) return a;
  if (!b.known) return b;
  if (a.list.length + b.list.length > MAX_BASES && new Set([...a.list, ...b.list].map((x) => `${x.logical}\u0000${x.physical}`)).size > MAX_BASES) {
    return unknownBases(`more than ${MAX_BASES} possible working directories`);
  }
  const seen = new Set(a.list.map((x) => `${x.logical}\u0000${x.physical}`));
  const list = [...a.list];
  for (const x of b.list) {
    const k = `${x.logical}\u0000${x.physical}`;
    if (!seen.has(k)) {
      seen.add(k);
      list.push(x);
    }
  }
  return { known: true, list };
}

function mergeOpt(a: Bases | null, b: Bases | null): Bases | null {
  if (a === null && b === null) return null;
  if (a === null || b === null) return unknownBases("OLDPWD differs between branches and one is inherited");
  return mergeBases(a, b);
}

function rank(k: Kind): number {
  return ["project-code", "inline-code", "foreign-code", "downloaded-code", "unmodelled"].indexOf(k);
}

/** The union of two possible states (after a branch or a possibly-failing command). */
export function mergeShell(a: Shell, b: Shell): Shell {
  if (a === b) return a;
  let stack: Bases[] | null = null;
  if (a.stack && b.stack && a.stack.length === b.stack.length) stack = a.stack.map((x, i) => mergeBases(x, b.stack![i]!));
  const cdpath = JSON.stringify(a.cdpath) === JSON.stringify(b.cdpath) ? a.cdpath : "dynamic";
  let codeTaint = a.codeTaint ?? b.codeTaint;
  if (a.codeTaint && b.codeTaint) codeTaint = rank(a.codeTaint.kind) >= rank(b.codeTaint.kind) ? a.codeTaint : b.codeTaint;
  return {
    bases: mergeBases(a.bases, b.bases),
    oldpwd: mergeOpt(a.oldpwd, b.oldpwd),
    stack,
    physicalCd: a.physicalCd || b.physicalCd,
    home: a.home === b.home ? a.home : null,
    cdpath,
    defaultIfs: a.defaultIfs && b.defaultIfs,
    codeTaint,
    glob: a.glob === b.glob ? a.glob : { dot: a.glob.dot || b.glob.dot, nocase: a.glob.nocase || b.glob.nocase, globstar: a.glob.globstar || b.glob.globstar, nullglob: a.glob.nullglob || b.glob.nullglob },
    assigned: intersect(a.assigned, b.assigned),
  };
}

export function sameShell(a: Shell, b: Shell): boolean {
  return (
    basesKey(a.bases) === basesKey(b.bases) &&
    basesKey(a.oldpwd) === basesKey(b.oldpwd) &&
    (a.stack === null) === (b.stack === null) &&
    (a.stack ?? []).map(basesKey).join("|") === (b.stack ?? []).map(basesKey).join("|") &&
    a.physicalCd === b.physicalCd &&
    a.home === b.home &&
    JSON.stringify(a.cdpath) === JSON.stringify(b.cdpath) &&
    a.defaultIfs === b.defaultIfs &&
    a.codeTaint?.kind === b.codeTaint?.kind &&
    globKey(a.glob) === globKey(b.glob) &&
    (a.assigned?.size ?? 0) === (b.assigned?.size ?? 0) &&
    [...(a.assigned ?? [])].every((n) => b.assigned?.has(n))
  );
}

function globKey(g: GlobOpts): number {
  return (g.dot ? 1 : 0) | (g.nocase ? 2 : 0) | (g.globstar ? 4 : 0) | (g.nullglob ? 8 : 0);
}

export function describeBases(b: Bases): string[] {
  if (!b.known) return [];
  return b.list.length === 1 ? [b.list[0]!.physical] : [...new Set(b.list.map((x) => x.physical))];
}

// ---------- the walk's frame: what one position in the evaluation sees ----------

/** Where a command's stdin comes from, for commands that run code read from stdin. */
export type StdinSource =
  | { t: "inherited" }
  | { t: "text"; text: string | null; source: Source }
  | { t: "file"; path: string | null; source: Source }
  | { t: "pipe"; fetched: boolean; text: string | null; source: Source; names?: NamesThunk | null };

/**
 * The file names a producer prints, listed only when a consumer asks (`find | xargs`): most
 * `find` output goes to the agent, and listing a tree for nobody is the costliest thing a
 * verdict can do. Asked later, the walk has seen more writes, which can only make it decline.
 */
export type NamesThunk = () => PrintedNames | null;

/** What a command writes to stdout, as far as it is literal (for `echo code | sh`). */
export interface Output {
  literal: string | null;
  fetched: boolean;
  /** The file names it prints, each ended by a newline or a NUL, when provable (a simple `find`). */
  names?: NamesThunk | null;
}

export interface Scope {
  /** Source text the node offsets refer to. */
  src: string;
  /** For nested scripts: the outer span every effect is attributed to. */
  origin: Source | null;
  depth: number;
  fnDepth: number;
  via: string;
  stdin: StdinSource;
  /** Runs concurrently with what follows it (background, pipeline element, process substitution). */
  async?: boolean;
}

/** `sc` with some fields changed, built in one fixed shape (see shellWith). */
export function scopeWith(sc: Scope, p: Partial<Scope>): Scope {
  return {
    src: p.src ?? sc.src,
    origin: p.origin !== undefined ? p.origin : sc.origin,
    depth: p.depth ?? sc.depth,
    fnDepth: p.fnDepth ?? sc.fnDepth,
    via: p.via ?? sc.via,
    stdin: p.stdin ?? sc.stdin,
    async: p.async ?? sc.async ?? false,
  };
}

/** What the word model may know in this shell state: HOME, and $PWD when the base is one known place. */
export function wordEnv(w: { readonly tainted: ReadonlySet<string>; readonly braceWork: BraceWork; readonly loopVals: ReadonlyMap<string, string> }, sh: Shell): WordEnv {
  const pwd = sh.bases.known && sh.bases.list.length === 1 && !w.tainted.has("PWD") ? sh.bases.list[0]!.logical : undefined;
  return { home: sh.home, defaultIfs: sh.defaultIfs, braceWork: w.braceWork, pwd, ...(w.loopVals.size ? { vars: w.loopVals } : {}) };
}
