// The directory context of one verdict: where the command starts, which directories are project
// roots, HOME, the temp dirs and the config homes ($XDG_CONFIG_HOME, $CLAUDE_CONFIG_DIR). Roots come from explicit `roots`, else CLAUDE_PROJECT_DIR, else
// the git toplevel of cwd; each root brings the linked worktrees that share its git common dir.
// Git metadata is read directly through the injectable fs (no git process).
import path from "node:path";
import { memoFs, tryLstat, tryRead, type FsLike, type StatLike } from "./fs.ts";
import { lexical, resolvePath } from "./paths.ts";

export interface DirContext {
  /** Logical cwd as given, and its physical resolution (what relative paths are joined to). */
  cwd: { logical: string; physical: string };
  /** Physical roots (the checkout and its linked worktrees). */
  roots: string[];
  /**
   * The roots' repositories as found on disk: each git dir (`<root>/.git`, or a linked
   * worktree's `.git/worktrees/NAME`) with its common dir (DESIGN "Foreign git directories").
   * Absent in contexts not made by buildContext: the walk then works them out itself.
   */
  repos?: { gitDir: string; commonDir: string }[];
  home: string;
  tmp: string[];
  fs: FsLike | null;
  /** Every spelling of each anchor (given and physical) for the regions table. */
  anchors: { home: string[]; roots: string[]; tmp: string[]; config: string[]; claude: string[]; state: string[] };
  /**
   * The lstat answers this context was built from (the directories of the cwd, roots, HOME and
   * temp dirs), valid exactly as long as the context is: the walk starts its memo from them.
   */
  seen: ReadonlyMap<string, StatLike | null>;
}

export interface ContextInput {
  cwd: string;
  roots?: string[] | undefined;
  home: string;
  tmp?: string[] | undefined;
  env: Record<string, string | undefined>;
  fs: FsLike | null;
}

function physical(fs: FsLike | null, p: string): string {
  const r = resolvePath(fs, "/", lexical(p), true);
  return r.ok ? r.path : lexical(p);
}

export function buildContext(input: ContextInput): DirContext {
  const { env } = input;
  // The anchors share prefixes (/, HOME, the checkout): each is looked at once while building.
  // The context keeps the caller's fs, never this memo, so nothing outlives the build.
  const fs = input.fs ? memoFs(input.fs) : null;
  const cwdLogical = lexical(path.posix.resolve("/", input.cwd));
  const cwdPhysical = physical(fs, cwdLogical);
  let given: string[];
  if (input.roots && input.roots.length) given = input.roots.map((r) => lexical(path.posix.resolve(cwdLogical, r)));
  else if (env.CLAUDE_PROJECT_DIR) given = [lexical(path.posix.resolve(cwdLogical, env.CLAUDE_PROJECT_DIR))];
  else {
    const top = fs ? gitToplevel(fs, cwdPhysical) : null;
    given = top ? [top] : [];
  }
  const rootSet = new Set<string>();
  const repos = new Map<string, string>();
  for (const r of given) {
    const p = physical(fs, r);
    rootSet.add(p);
    if (!fs) {
      repos.set(p === "/" ? "/.git" : p + "/.git", p === "/" ? "/.git" : p + "/.git");
      continue;
    }
    const found = repository(fs, p);
    if (!found) {
      // A root inside a bigger repository (a monorepo's package): git run there reads that
      // repository, the project's own as git sees it. Its other worktrees do not become roots.
      const top = p === "/" ? null : gitToplevel(fs, path.posix.dirname(p));
      const up = top ? repository(fs, top) : null;
      if (up) repos.set(up.gitDir, up.common);
      continue;
    }
    repos.set(found.gitDir, found.common);
    for (const w of found.worktrees) {
      rootSet.add(physical(fs, w.root));
      repos.set(w.gitDir, found.common);
    }
  }
  const roots = [...rootSet];
  const tmpGiven = input.tmp ?? ["/tmp", "/var/tmp", ...(env.TMPDIR ? [env.TMPDIR] : [])];
  const tmp = [...new Set(tmpGiven.map((t) => physical(fs, t)))];
  const home = physical(fs, input.home);
  const both = (given: string[], phys: string[]) => [...new Set([...given.map(lexical), ...phys])];
  // Where shellfence's own config and Claude Code's settings live for this user: the `self`
  // locus follows them (a relative value is invalid for both and ignored, as they ignore it).
  const configGiven = env.XDG_CONFIG_HOME && path.posix.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : `${input.home}/.config`;
  const claudeGiven = env.CLAUDE_CONFIG_DIR && path.posix.isAbsolute(env.CLAUDE_CONFIG_DIR) ? env.CLAUDE_CONFIG_DIR : `${input.home}/.claude`;
  // shellfence's audit log (cli/audit.ts) lives in the state home, also `self`.
  const stateGiven = env.XDG_STATE_HOME && path.posix.isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : `${input.home}/.local/state`;
  const anchors = {
    home: both([input.home], [home]),
    roots: both(given, roots),
    tmp: both(tmpGiven, tmp),
    config: both([configGiven], [physical(fs, configGiven)]),
    claude: both([claudeGiven], [physical(fs, claudeGiven)]),
    state: both([stateGiven], [physical(fs, stateGiven)]),
  };
  return {
    cwd: { logical: cwdLogical, physical: cwdPhysical },
    roots,
    repos: [...repos].map(([gitDir, commonDir]) => ({ gitDir, commonDir })),
    home,
    tmp,
    fs: input.fs,
    anchors,
    seen: fs ? fs.known() : new Map(),
  };
}

/** The nearest ancestor of `dir` (inclusive) holding a `.git` directory or file. */
export function gitToplevel(fs: FsLike, dir: string): string | null {
  let cur = dir;
  for (;;) {
    if (tryLstat(fs, cur === "/" ? "/.git" : cur + "/.git")) return cur;
    const up = path.posix.dirname(cur);
    if (up === cur) return null;
    cur = up;
  }
}

/** The git dir of a worktree root: `.git` itself, or the target of a `gitdir:` file. */
export function gitDirOf(fs: FsLike, root: string): string | null {
  const dotgit = root + "/.git";
  const st = tryLstat(fs, dotgit);
  if (!st) return null;
  if (st.isDirectory()) return dotgit;
  const text = tryRead(fs, dotgit);
  const m = text?.match(/^gitdir:\s*(.+?)\s*$/m);
  return m ? lexical(path.posix.resolve(root, m[1]!)) : null;
}

/** Where a git dir keeps its config, objects and refs: its `commondir` target, else itself. */
export function commonDirOf(fs: FsLike, gitDir: string): string {
  const text = tryRead(fs, gitDir + "/commondir");
  return text ? lexical(path.posix.resolve(gitDir, text.trim())) : gitDir;
}

/** Every worktree sharing the common dir of `root` (the main checkout included), excluding `root`. */
export function linkedWorktrees(fs: FsLike, root: string): string[] {
  return repository(fs, root)?.worktrees.map((w) => w.root) ?? [];
}

/**
 * The repository of a worktree root: its git dir and common dir (physical), and every other
 * worktree sharing that common dir (the main checkout included) with its git dir.
 */
function repository(fs: FsLike, root: string): { gitDir: string; common: string; worktrees: { root: string; gitDir: string }[] } | null {
  const found = gitDirOf(fs, root);
  if (!found) return null;
  const gitDir = physical(fs, found);
  const common = physical(fs, commonDirOf(fs, gitDir));
  const out: { root: string; gitDir: string }[] = [];
  // The main checkout: the parent of a non-bare common dir named `.git`.
  if (path.posix.basename(common) === ".git") out.push({ root: path.posix.dirname(common), gitDir: common });
  let names: string[] = [];
  // Most checkouts have no linked worktree: a stat answers that without a thrown ENOENT.
  if (fs.readdirSync && tryLstat(fs, common + "/worktrees")) {
    try {
      names = fs.readdirSync(common + "/worktrees").map(String);
    } catch {
      names = [];
    }
  }
  for (const n of names) {
    const text = tryRead(fs, `${common}/worktrees/${n}/gitdir`);
    if (!text) continue;
    const dotgit = lexical(path.posix.resolve(`${common}/worktrees/${n}`, text.trim()));
    out.push({ root: path.posix.dirname(dotgit), gitDir: `${common}/worktrees/${n}` });
  }
  return { gitDir, common, worktrees: out.filter((w) => w.root !== root) };
}
