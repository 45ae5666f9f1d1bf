// Deletes whose extent makes them unbounded (kind `unbounded`, "never" in levels.toml), read off
// what the command removed: a project root or a directory holding one, a repository outside the
// project and the temp dirs (a sibling project), or every entry a shared temp dir held. The
// classifier's rule (src/analysis/place.ts wholeTree) reaches at least as far, so a label from
// here can never be stricter than the classifier for the same delete.
import type { Effect, Locus } from "../../src/policy/model.ts";
import type { Change, Snapshot } from "./tree.ts";

export interface ExtentInput {
  before: Snapshot;
  changes: readonly Change[];
  /** Paths strace saw deleted one by one (unlink/rmdir; a rename moves a tree whole). */
  deleted: ReadonlySet<string>;
  roots: readonly string[];
  tmp: readonly string[];
  locate(p: string): Locus;
}

export function unboundedDeletes(x: ExtentInput): Effect[] {
  const removed = new Set(x.changes.filter((c) => c.change === "removed").map((c) => c.path));
  const out: Effect[] = [];
  // A directory taken apart entry by entry (rm -r, find -delete), not renamed away whole.
  const takenApart = (d: string) => {
    for (const p of x.deleted) if (p.startsWith(d + "/")) return true;
    return false;
  };
  // Project roots, what holds them, and repositories (a directory holding a `.git`).
  const candidates = new Set<string>();
  for (const r of x.roots) for (let d = r; d !== "/" && d !== ""; d = d.slice(0, d.lastIndexOf("/"))) candidates.add(d);
  for (const p of x.before.keys()) if (p.endsWith("/.git")) candidates.add(p.slice(0, -5));
  for (const d of candidates) {
    if (x.before.get(d)?.type !== "dir" || !takenApart(d)) continue;
    // Gone, or emptied (`rm -rf link-out/`, `find . -delete`: the directory itself stays).
    const below = [...x.before.keys()].filter((p) => p.startsWith(d + "/"));
    if (!removed.has(d) && !(below.length > 0 && below.every((p) => removed.has(p)))) continue;
    const locus = x.locate(d);
    const root = x.roots.some((r) => r === d || r.startsWith(d + "/"));
    const repo = x.before.has(d + "/.git") && locus !== "worktree" && locus !== "tmp";
    if (root || repo) out.push({ op: "delete", locus, target: d, kind: "unbounded" });
  }
  for (const t of x.tmp) {
    // Every entry (but hidden ones, which `/tmp/*` does not match) of a temp dir that held several.
    const entries = [...x.before.keys()].filter((p) => p.startsWith(t + "/") && !p.slice(t.length + 1).includes("/") && !p.slice(t.length + 1).startsWith("."));
    if (entries.length >= 2 && entries.every((p) => removed.has(p))) out.push({ op: "delete", locus: x.locate(t), target: t, kind: "unbounded" });
  }
  return out;
}
