// Which repository a git command reads, and whether it is one of the project's own (DESIGN
// "Foreign git directories"). A repository's config names programs git runs (core.fsmonitor,
// core.pager, hooks, diff and merge drivers, filters, core.sshCommand...), so running git
// against any git dir other than the roots' own, as the context found them and as this command
// left them, runs code from elsewhere: exec of foreign code.
import path from "node:path";
import type { Locus, Source } from "../policy/model.ts";
import type { GitRepository } from "./registry/types.ts";
import { commonDirOf, gitDirOf } from "./context.ts";
import { tryLstat, tryRead, type FsLike, type StatLike } from "./fs.ts";
import { lexical, resolvePath } from "./paths.ts";
import { unknownBases, type Bases, type Shell } from "./shellstate.ts";
import type { Placement, WriteRecord } from "./place.ts";

interface Vetted {
  /** The roots' git dirs (`<root>/.git`, or a linked worktree's `.git/worktrees/NAME`), physical, to their common dirs. */
  gitDirs: Map<string, string>;
  /** Where they keep config, objects and refs. */
  commonDirs: Set<string>;
}

const vettedMemo = new WeakMap<Placement, Vetted>();

/** The roots' repositories as the context found them on disk (its `repos`, else worked out once per walk). */
function vetted(w: Placement): Vetted {
  let v = vettedMemo.get(w);
  if (v) return v;
  const { fs, repos, roots } = w.deps.ctx;
  v = { gitDirs: new Map(), commonDirs: new Set() };
  const add = (g: string, c: string) => {
    v!.gitDirs.set(g, c);
    v!.commonDirs.add(c);
  };
  if (repos) for (const r of repos) add(r.gitDir, r.commonDir);
  else {
    for (const root of roots) {
      const dotgit = root === "/" ? "/.git" : root + "/.git";
      if (!fs) add(dotgit, dotgit);
      else {
        const g = gitDirOf(fs, root);
        if (g !== null) add(physical(fs, g), physical(fs, commonDirOf(fs, physical(fs, g))));
      }
    }
  }
  vettedMemo.set(w, v);
  return v;
}

function physical(fs: FsLike, p: string): string {
  const r = resolvePath(fs, "/", lexical(p), true);
  return r.ok ? r.path : lexical(p);
}

/** git writing its own files (objects, refs, the index, a new clone's or worktree's git dir). `git config` may set keys that name programs. */
const OWN_GIT = /^(\S*\/)?git (?!config\b)/;

/** What makes a directory itself a git dir (a bare repository, or a cwd inside `.git`). */
const GIT_DIR_PARTS = new Set(["HEAD", "config", "commondir", "objects", "refs", "gitdir"]);

const under = (p: string, dir: string) => p === dir || p.startsWith(dir === "/" ? "/" : dir + "/");

export interface RepoSite {
  command: number;
  source: Source;
}

/**
 * Emits exec of foreign code when the repository `repo` names or discovery finds (from the
 * command's `bases`) is not one of the project's own, or when this command wrote what decides
 * it (a `.git` file or directory, `commondir`, the git dir's config) or the config git reads.
 */
export function checkRepository(w: Placement, repo: GitRepository, bases: Bases, sh: Shell, site: RepoSite): void {
  const foreign = (target: string, locus: Locus, why: string) =>
    w.other("exec", locus, target, "foreign-code", site.source, `git reads the configuration of ${why}, which can make it run any program (core.fsmonitor, core.pager, hooks, filters...)`, site.command);
  const config = userConfigWrite(w, sh);
  if (config) return foreign(config.path, w.deps.regions.locate(config.path), `\`${config.path}\`, which \`${config.rec.by}\` writes in this same command`);
  let from = bases;
  if (repo.from !== undefined) from = overrideFrom(w, repo.from, bases, sh);
  if (repo.gitDir !== undefined) {
    if (repo.gitDir === null) return foreign("<dynamic>", "unknown", "a repository named by a dynamic `--git-dir`");
    const placed = w.locate(repo.gitDir, from, sh);
    if (!placed) return foreign(repo.gitDir, "unknown", `the repository \`${repo.gitDir}\` (which cannot be placed)`);
    const fs = w.deps.ctx.fs;
    for (const p of placed) {
      // a `gitdir:` file is followed, as git follows it
      const st = fs ? tryLstat(fs, p.path) : null;
      const g = fs && st && !st.isDirectory() ? gitDirAt(fs, path.posix.dirname(p.path), p.path, st) : p.path;
      if (g === null) return foreign(p.path, p.locus, `\`${p.path}\`, which is not a git dir or a \`gitdir:\` file the classifier can read`);
      judge(w, g, `the repository \`${repo.gitDir}\` named by \`--git-dir\``, foreign);
    }
    return;
  }
  if (!from.known) return foreign("<unknown>", "unknown", `whatever repository lies above a directory the classifier cannot place (${from.why})`);
  for (const b of from.list) discover(w, b.physical, foreign);
}

type Foreign = (target: string, locus: Locus, why: string) => void;

/** Walks up from `start` as git's discovery does: the first `.git` (directory or `gitdir:` file), or a directory that is itself a git dir. */
function discover(w: Placement, start: string, foreign: Foreign): void {
  const fs = w.deps.ctx.fs;
  for (let d = start; ; d = path.posix.dirname(d)) {
    const planted = plantedAt(w, d);
    if (planted) return foreign(planted.path, w.deps.regions.locate(planted.path), `a repository at \`${d}\`, where \`${planted.rec.by}\` writes \`${planted.path}\` in this same command`);
    const dotgit = d === "/" ? "/.git" : d + "/.git";
    if (!fs) {
      // Without a filesystem only the roots' own `.git` is assumed; nothing below them is seen.
      if (w.deps.ctx.roots.includes(d)) return judge(w, dotgit, `the repository of \`${d}\``, foreign);
    } else {
      const st = tryLstat(fs, dotgit);
      if (st) {
        const g = gitDirAt(fs, d, dotgit, st, (p) => vetted(w).gitDirs.has(p));
        if (g === null) return foreign(dotgit, w.deps.regions.locate(dotgit), `\`${dotgit}\`, which is not a git dir or a \`gitdir:\` file the classifier can read`);
        return judge(w, g, `the repository \`${g}\` (found from \`${d}\`)`, foreign);
      }
      w.reliedAbsent.push(dotgit);
      if (tryLstat(fs, d + (d === "/" ? "" : "/") + "HEAD") && (tryLstat(fs, path.posix.join(d, "objects")) || tryLstat(fs, path.posix.join(d, "commondir")))) {
        return judge(w, d, `the repository \`${d}\` (the directory is a git dir itself)`, foreign);
      }
    }
    if (d === "/") return; // no repository: git reads none (and most subcommands fail)
  }
}

/**
 * The git dir a `.git` entry (`dotgit` in the physical directory `d`, lstat'ed as `st`) stands
 * for, physical: itself (a directory, or a symlink to one), or a `gitdir:` file's target.
 */
function gitDirAt(fs: FsLike, d: string, dotgit: string, st: StatLike, known?: (p: string) => boolean): string | null {
  if (st.isDirectory()) return dotgit; // a directory, not a link: already physical
  const real = st.isSymbolicLink() ? physical(fs, dotgit) : dotgit;
  if (real !== dotgit && tryLstat(fs, real)?.isDirectory()) return real;
  const text = real === dotgit ? readSmall(fs, real, st) : tryRead(fs, real);
  const m = text?.match(/^gitdir:\s*(.+?)\s*$/m);
  if (!m) return null;
  const target = lexical(path.posix.resolve(d, m[1]!));
  // A vetted git dir is physical: naming it exactly is naming it (no walk through symlinks).
  return known?.(target) ? target : physical(fs, target);
}

/** A regular file's text (a gitfile is one line), without tryRead's re-resolution of a path already physical. */
function readSmall(fs: FsLike, p: string, st: StatLike): string | null {
  if (typeof st.isFile === "function" && !st.isFile()) return null;
  if (typeof st.size === "number" && st.size > 4096) return null;
  try {
    return fs.readFileSync(p, "utf8");
  } catch {
    return null;
  }
}

/** One of the project's own git dirs (or git's own worktree or submodule dir inside one), unchanged by this command? `gitDir` is physical. */
function judge(w: Placement, gitDir: string, what: string, foreign: Foreign): void {
  const fs = w.deps.ctx.fs;
  const v = vetted(w);
  const g = lexical(gitDir);
  let common: string | null = v.gitDirs.get(g) ?? null;
  if (common === null) {
    // A linked worktree or a submodule git made inside a vetted common dir.
    const home = [...v.commonDirs].find((c) => g.startsWith(c + "/worktrees/") || g.startsWith(c + "/modules/"));
    if (home) common = g.startsWith(home + "/modules/") ? g : fs ? physical(fs, commonDirOf(fs, g)) : home;
  }
  if (common === null || !(v.commonDirs.has(common) || common === g)) {
    return foreign(g, w.deps.regions.locate(g), `${what}, not the project's own`);
  }
  const hit = w.findWrite((p, rec) => !OWN_GIT.test(rec.by) && (under(p, g) || under(p, common!)));
  if (hit) foreign(hit.path, w.deps.regions.locate(hit.path), `${what}, whose \`${hit.path}\` \`${hit.rec.by}\` writes in this same command`);
}

/** Writers that never put a tree in place (so not a `.git` below what they touch). */
const NO_TREE = /^(\S*\/)?(mkdir|rm|rmdir|unlink|touch|redirect|chmod|chown|chgrp|truncate)$/;

/**
 * A write by this command that may have made `d` a different repository: into `d/.git`, the
 * parts of a git dir in `d` itself, or a tree copied, moved, linked or unpacked over `d` or a
 * directory above it. git's own writes (a clone, `git init`, objects and refs) make none.
 */
function plantedAt(w: Placement, d: string): { path: string; rec: WriteRecord } | null {
  const dotgit = d === "/" ? "/.git" : d + "/.git";
  return w.findWrite((p, rec) => {
    if (OWN_GIT.test(rec.by)) return false;
    if (under(p, dotgit)) return true;
    if (path.posix.dirname(p) === d && GIT_DIR_PARTS.has(path.posix.basename(p))) return true;
    return under(d, p) && !NO_TREE.test(rec.by);
  });
}

/** A write by this command to the user's or the system's git config (read by every git command). */
function userConfigWrite(w: Placement, sh: Shell): { path: string; rec: WriteRecord } | null {
  if (!w.findWrite(() => true)) return null; // most commands write nothing
  const files = new Set(["/etc/gitconfig", `${w.deps.ctx.home}/.gitconfig`, ...w.deps.ctx.anchors.config.map((c) => `${c}/git/config`)]);
  if (sh.home) files.add(`${sh.home}/.gitconfig`);
  return w.findWrite((p, rec) => files.has(p) && !OWN_GIT.test(rec.by));
}

function overrideFrom(w: Placement, dir: string | null, bases: Bases, sh: Shell): Bases {
  if (dir === null) return unknownBases("`git -C` names a dynamic directory");
  const placed = w.locate(dir, bases, sh);
  if (!placed) return unknownBases(`cannot place \`${dir}\``);
  return { known: true, list: placed.map((p) => ({ logical: p.path, physical: p.path })) };
}
