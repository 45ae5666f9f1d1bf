// What a recursive read must know of a tree, at any size: the entries whose name the regions
// table singles out, and every symlink. Nothing else can lie in `secret` or `self` (see
// CompiledRegions.names: a name none of the patterns single out lands where any other name in
// its directory lands, and the tree scan checks that plain names below the start land nowhere
// interesting), so a recursive read of 100,000 entries is judged by a few dozen of them.
//
// Two ways to get them, both never stale:
//   - walkTree: a direct walk (one readdir with types per directory, no stat per entry), done
//     again for every verdict: fresh by construction. The one-shot hook's path.
//   - TreeIndexes (treewatch.ts): the same facts kept by the hook daemon, fresh by inotify.
import * as nodeFs from "node:fs";

/** What lies below a directory that a recursive read's verdict depends on (absolute paths). */
export interface TreeFacts {
  /** Entries (files or directories, not symlinks) whose own name the regions table singles out. */
  named: string[];
  /** Every symlink below (its target is judged where it leads). */
  links: string[];
  /**
   * Where some of the links lead, physically, when the tree itself shows it: the target lies in
   * the tree through directories that are no symlinks (the daemon's index knows them all).
   * Links not here are resolved on the filesystem.
   */
  targets?: ReadonlyMap<string, string>;
  /** The walk stopped at its budget: what lies below is not known (the verdict must not rest on it). */
  truncated?: boolean;
}

/**
 * How many entries a walk made for one verdict reads before it gives up (about 100-200 ms here):
 * a bigger tree is judged by the hook daemon's index once it has one, and is "unknown" before.
 */
export const WALK_BUDGET = 20_000;

/** A name test for what the regions table singles out, with a key that says which table it is. */
export interface NameTest {
  test(name: string): boolean;
  /** Equal keys: the same test (an index built for one table serves another with the same key). */
  key: string;
}

/**
 * The interesting entries below `dir` (a physical directory), not descending into `skip`
 * directories nor through symlinks. Directories that cannot be listed are passed over (the
 * command cannot list them either). Null when `dir` itself cannot be listed.
 */
export type TreeScan = (dir: string, names: NameTest, skip: ReadonlySet<string>, prune?: Prune) => TreeFacts | null;

/**
 * Directories a filtered read never enters (a tool's ignore rules, walkfilter.ts): a walk made for
 * one verdict does not list them. An index answers for the whole tree instead; the caller filters
 * the facts by the same test, so both give the same answer.
 */
export interface Prune {
  /** Equal keys: the same test. */
  key: string;
  test(dir: string): boolean;
}

/** One readdir with types per directory, nothing kept but interesting names. */
/** What the walk needs of an entry (node's Dirent has it). */
export interface WalkEntry {
  name: string;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

export function walkTree(dir: string, names: NameTest, skip: ReadonlySet<string>, readdir: (d: string) => readonly WalkEntry[] = nodeReaddir, budget = Infinity, prune?: Prune): TreeFacts | null {
  const out: TreeFacts = { named: [], links: [] };
  const stack = [dir];
  let first = true;
  let seen = 0;
  while (stack.length) {
    const d = stack.pop()!;
    let entries: readonly WalkEntry[];
    try {
      entries = readdir(d);
    } catch {
      if (first) return null;
      continue;
    }
    first = false;
    seen += entries.length;
    if (seen > budget) return { ...out, truncated: true };
    const pre = d === "/" ? "/" : d + "/";
    for (const e of entries) {
      const name = e.name;
      if (e.isSymbolicLink()) {
        out.links.push(pre + name);
        continue;
      }
      const p = pre + name;
      if (names.test(name)) out.named.push(p);
      if (e.isDirectory() && !skip.has(p) && !prune?.test(p)) stack.push(p);
    }
  }
  return out;
}

function nodeReaddir(d: string): nodeFs.Dirent[] {
  return nodeFs.readdirSync(d, { withFileTypes: true });
}

/** The facts of `facts` that lie strictly below `dir`, leaving out what lies in `skip`. */
export function factsBelow(facts: TreeFacts, dir: string, skip: ReadonlySet<string>): TreeFacts {
  const pre = dir === "/" ? "/" : dir + "/";
  const keep = (p: string) => p.startsWith(pre) && !skipped(p, pre.length, skip);
  return { named: facts.named.filter(keep), links: facts.links.filter(keep) };
}

/** Does a directory of `skip` hold `p` (looking only at ancestors from index `from` on)? */
function skipped(p: string, from: number, skip: ReadonlySet<string>): boolean {
  if (skip.size === 0) return false;
  for (let i = p.indexOf("/", from); i > 0; i = p.indexOf("/", i + 1)) if (skip.has(p.slice(0, i))) return true;
  return false;
}

/**
 * The same walk over any directory listing with types (an FsLike's `readdirEntries`): for views
 * that map paths (the eval's planted world) and want whole-tree reads judged at any size too.
 */
export function listingTreeScan(list: (dir: string) => readonly { name: string; isDir: boolean; isLink: boolean }[], budget = WALK_BUDGET): TreeScan {
  return (dir, names, skip, prune) =>
    walkTree(
      dir,
      names,
      skip,
      (d) => list(d).map((e) => ({ name: e.name, isDirectory: () => e.isDir && !e.isLink, isSymbolicLink: () => e.isLink })),
      budget,
      prune,
    );
}
