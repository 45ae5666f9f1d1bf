// `$(find src -name '*.java')` and `find . -name '*.py' | xargs grep x`: the words the
// substitution or xargs produces are the file names find prints. With a filesystem they can be
// listed before the command runs; they become static argv only when that is provably what bash
// will pass: simple find expressions, a bounded listing, names with no blank, quote, backslash
// or glob character (so splitting, xargs quoting and globbing cannot change them), and nothing
// in the command writes below the listed roots.
import { listDir, type DirEntry } from "./fs.ts";
import type { List, Word } from "../shell/ast.ts";
import type { Shell } from "./shellstate.ts";
import { expandWord } from "./words.ts";
import { type Placement } from "./place.ts";
import { wordEnv } from "./shellstate.ts";

const MAX_NAMES = 256;
const MAX_ENTRIES = 1000;

/**
 * find's `-name`/`-iname` pattern over a basename (fnmatch without FNM_PERIOD: `*` and `?` match
 * a leading dot too). A bracket expression is taken as any one character: broader than find,
 * never narrower, so the names it yields are a superset of what find prints or deletes.
 */
export function findNameRegExp(glob: string, icase = false): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "\\" && i + 1 < glob.length) re += glob[++i]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (c === "*") re += ".*";
    else if (c === "?") re += ".";
    else if (c === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close < 0) return /^/;
      re += ".";
      i = close;
    } else re += c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp("^" + re + "$", icase ? "si" : "s");
}

/**
 * The names a find prints, and whether it ends each with a NUL (`-print0`) rather than a
 * newline: what reads them must split them the same way for them to be the words it gets.
 */
export interface PrintedNames {
  names: string[];
  nul: boolean;
}

/** The names a single static `find` prints into `$(...)`, or null when that cannot be proven. */
export function findNames(w: Placement, body: List, sh: Shell): string[] | null {
  const fs = w.deps.ctx.fs;
  if (!fs || !(fs.readdirEntries || fs.readdirSync)) return null;
  if (body.items.length !== 1) return null;
  const ao = body.items[0]!.andOr;
  if (ao.rest.length || ao.first.commands.length !== 1 || ao.first.negated) return null;
  const cmd = ao.first.commands[0]!;
  if (cmd.type !== "SimpleCommand" || cmd.assigns.length) return null;
  if (cmd.redirects.some((r) => !(r.fd === 2 && (r.op === ">" || r.op === ">&")))) return null;
  const argv: string[] = [];
  for (const word of cmd.words) {
    const x = expandWord(word, wordEnv(w, sh));
    if (x.kind !== "fields" || x.fields.some((f) => f.glob)) return null;
    argv.push(...x.fields.map((f) => f.text));
  }
  // `$(find -print0)`: bash drops the NULs and joins the names into one word.
  const printed = findArgvNames(w, argv, sh);
  return printed && !printed.nul ? printed.names : null;
}

export function findArgvNames(w: Placement, argv: string[], sh: Shell): PrintedNames | null {
  const fs = w.deps.ctx.fs;
  if (!fs || argv[0] !== "find" || !sh.bases.known || sh.bases.list.length !== 1) return null;
  const base = sh.bases.list[0]!.physical;
  let i = 1;
  const roots: string[] = [];
  while (i < argv.length && !/^[-(!]/.test(argv[i]!)) roots.push(argv[i++]!);
  if (roots.length === 0) roots.push(".");
  let maxdepth = Infinity;
  let mindepth = 0;
  let type: "f" | "d" | null = null;
  const names: RegExp[] = [];
  let print: "-print" | "-print0" | null = null;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    if ((a === "-name" || a === "-iname") && next !== undefined) {
      names.push(findNameRegExp(next, a === "-iname"));
      i++;
    } else if (a === "-type" && (next === "f" || next === "d")) {
      type = next;
      i++;
    } else if ((a === "-maxdepth" || a === "-mindepth") && next !== undefined && /^\d+$/.test(next)) {
      if (a === "-maxdepth") maxdepth = Number(next);
      else mindepth = Number(next);
      i++;
    } else if (a === "-print" || a === "-print0") {
      if (print !== null && print !== a) return null; // both: the separators interleave
      print = a;
    } else if (a === "-a" || a === "-and") continue;
    else return null; // -o, -not, -exec, -printf, -path...: not followed
  }
  const out: string[] = [];
  let entries = 0;
  const visit = (shown: string, abs: string, depth: number, isDir: boolean): boolean => {
    const leaf = shown.slice(shown.lastIndexOf("/") + 1) || shown;
    const match = depth >= mindepth && (type === null || (type === "d") === isDir) && names.every((re) => re.test(leaf));
    if (match) {
      if (out.length >= MAX_NAMES) return false;
      out.push(shown);
    }
    if (!isDir || depth >= maxdepth) return true;
    let list: readonly DirEntry[];
    try {
      list = listDir(fs, abs);
    } catch {
      return false; // unreadable: find would print an error and skip; do not guess
    }
    for (const e of list) {
      if (++entries > MAX_ENTRIES) return false;
      if (!visit(shown === "/" ? "/" + e.name : shown + "/" + e.name, abs === "/" ? "/" + e.name : abs + "/" + e.name, depth + 1, e.isDir && !e.isLink)) return false;
    }
    return true;
  };
  for (const r of roots) {
    const abs = r.startsWith("/") ? r : base === "/" ? "/" + r : base + "/" + r;
    let st;
    try {
      st = fs.lstatSync(abs);
    } catch {
      return null;
    }
    // The command may create or change files below the root before find runs.
    if (w.opaqueWrites || w.preOpaque || w.writtenAtOrBelow(abs) || w.writtenAtOrAbove(abs, -2, false)) return null;
    if (!visit(r, abs, 0, st.isDirectory())) return null;
  }
  // Splitting, globbing and xargs quoting leave these names alone.
  if (out.some((n) => /[\s'"\\*?[\]]/.test(n) || n.startsWith("-"))) return null;
  return { names: out, nul: print === "-print0" };
}

/** A word that is exactly one unquoted command substitution. */
export function soleSubstitution(word: Word): List | null {
  const p = word.parts;
  return p.length === 1 && p[0]!.type === "CmdSubst" ? p[0].body : null;
}
