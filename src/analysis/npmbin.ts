// npx NAME / npm exec NAME: the project's installed binary, or a package fetched from the
// registry (DESIGN "npx: installed binaries"). npm takes as its project the nearest directory at
// or above the working directory that holds a package.json or a node_modules (or a workspace
// root above it whose package.json lists it), and runs NAME from that project's
// node_modules/.bin when a file is there; otherwise it fetches the package NAME and runs it.
// The installed binary is placed like any program run by path (project code in the worktree,
// foreign code elsewhere); anything this walk cannot show leaves the download in place.
import path from "node:path";
import type { Source } from "../policy/model.ts";
import type { LocalBin } from "./registry/types.ts";
import { tryLstat, type FsLike } from "./fs.ts";
import type { Bases, Shell } from "./shellstate.ts";
import type { Placement } from "./place.ts";
import type { Scope } from "./shellstate.ts";

const MAX_LINKS = 8;

/** The installed binaries npm may run from `base` (one per candidate project), or why none is proven. */
export function installedBins(w: Placement, fs: FsLike, base: string, name: string): string[] | string {
  const changed = (p: string) => w.writtenAtOrBelow(p) || w.writtenAtOrAbove(p, -1, false) !== null;
  // the nearest directory holding package.json or node_modules: npm's project
  let dir = base;
  let project: string | null = null;
  for (;;) {
    for (const f of ["package.json", "node_modules"]) {
      if (changed(path.join(dir, f))) return `this command changes \`${path.join(dir, f)}\`, which decides where npm looks`;
    }
    const pj = tryLstat(fs, path.join(dir, "package.json"));
    const nm = tryLstat(fs, path.join(dir, "node_modules"));
    if (pj?.isSymbolicLink() || nm?.isSymbolicLink()) return `\`${dir}\` holds a package.json or node_modules that is a symlink`;
    if (pj || nm?.isDirectory()) {
      project = dir;
      break;
    }
    if (dir === "/") return "no npm project (package.json or node_modules) at or above the working directory";
    dir = path.dirname(dir);
  }
  const candidates = [project];
  // npm reads the project's own package.json: a `bin` of its own is installed into npx's cache first
  const own = packageJson(fs, path.join(project, "package.json"));
  if (own === "unreadable") return `cannot read \`${path.join(project, "package.json")}\``;
  if (own && "bin" in own) return "the project's package.json declares binaries of its own, which npm installs into its cache before running them";
  // a workspace root above (any package.json above that lists workspaces) may be npm's project instead
  for (let up = path.dirname(project); ; up = path.dirname(up)) {
    if (changed(path.join(up, "package.json"))) return `this command changes \`${path.join(up, "package.json")}\`, which decides where npm looks`;
    const pj = packageJson(fs, path.join(up, "package.json"));
    if (pj === "unreadable") return `cannot read \`${path.join(up, "package.json")}\``;
    if (pj && "workspaces" in pj) candidates.push(up);
    if (up === "/") break;
  }
  const bins: string[] = [];
  for (const c of candidates) {
    const bin = path.join(c, "node_modules", ".bin", name);
    if (changed(bin)) return `this command changes \`${bin}\``;
    const why = regularFile(fs, bin);
    if (why) return why;
    bins.push(bin);
  }
  return bins;
}

/** The parsed package.json, null when there is none, "unreadable" when it cannot be judged. */
function packageJson(fs: FsLike, p: string): Record<string, unknown> | null | "unreadable" {
  const st = tryLstat(fs, p);
  if (!st) return null;
  if (st.isSymbolicLink() || st.isDirectory()) return "unreadable";
  try {
    const v: unknown = JSON.parse(fs.readFileSync(p, "utf8"));
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : "unreadable";
  } catch {
    return "unreadable";
  }
}

/** npm runs the name only when it is a regular file (through links); null when it is one. */
function regularFile(fs: FsLike, bin: string): string | null {
  let p = bin;
  for (let i = 0; i <= MAX_LINKS; i++) {
    const st = tryLstat(fs, p);
    if (!st) return `\`${bin}\` is not installed`;
    if (!st.isSymbolicLink()) return st.isFile?.() === true ? null : `\`${bin}\` is not a regular file`;
    let target: string;
    try {
      target = fs.readlinkSync(p);
    } catch {
      return `cannot read the link \`${p}\``;
    }
    p = path.resolve(path.dirname(p), target);
  }
  return `\`${bin}\` goes through more than ${MAX_LINKS} links`;
}

/**
 * Judges an npx-like command: each installed binary is run (placed as an exec), or, when any
 * possible working directory does not prove one, the command's `otherwise` effects (the download).
 */
export function npmLocalBin(w: Placement, lb: LocalBin, bases: Bases, sh: Shell, sc: Scope, idx: number, source: Source, by: string): void {
  const fs = w.deps.ctx.fs;
  let why: string | null = null;
  const bins: string[] = [];
  if (!fs) why = "no filesystem to find the installed binary in";
  else if (!bases.known) why = "the working directory is unknown";
  else {
    for (const b of bases.list) {
      const r = installedBins(w, fs, b.physical, lb.name);
      if (typeof r === "string") {
        why = r;
        break;
      }
      bins.push(...r);
    }
  }
  if (why !== null) {
    for (const e of lb.otherwise) {
      if (e.type === "other") w.other(e.op, e.locus, e.target, e.kind, source, `${e.why} (${why})`, idx);
    }
    return;
  }
  for (const bin of new Set(bins)) {
    w.placePath({ op: "exec", path: bin, why: `runs the installed \`${lb.name}\` from the npm project's node_modules/.bin (nothing is fetched)`, source, command: idx, bases, sh, sc, by });
  }
}
