// Snapshot and diff of the writable tree (existence, type, mode, sha256 / link target), keyed
// by sandbox path. The cross-check on strace: a change strace did not explain still becomes an effect.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface Entry {
  type: "file" | "dir" | "link" | "other";
  mode: number;
  size: number;
  mtimeMs: number;
  /** sha256 of a file, target of a link, "" otherwise. */
  digest: string;
}

/**
 * Skip hashing what provably did not change: same type, size, mode and mtime as before, and a
 * ctime no later than the moment the world copy was complete (any write by the command bumps
 * ctime past it, even one that restores the mtime).
 */
export interface Reuse {
  before: Snapshot;
  changedAfterMs: number;
}
export type Snapshot = Map<string, Entry>;

/** Walks `hostDir`, naming each entry by `sandboxDir` + its relative path. */
export function snapshot(hostDir: string, sandboxDir: string, into: Snapshot = new Map(), reuse?: Reuse): Snapshot {
  const walk = (host: string, sb: string) => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(host);
    } catch {
      return;
    }
    const mode = st.mode & 0o7777;
    const base = { mode, size: st.size, mtimeMs: st.mtimeMs };
    const old = reuse?.before.get(sb);
    const same = (type: Entry["type"]) =>
      old !== undefined && reuse !== undefined && old.type === type && old.mode === mode && old.size === st.size &&
      old.mtimeMs === st.mtimeMs && st.ctimeMs <= reuse.changedAfterMs;
    if (st.isSymbolicLink()) into.set(sb, { type: "link", ...base, digest: same("link") ? old!.digest : fs.readlinkSync(host) });
    else if (st.isFile())
      into.set(sb, { type: "file", ...base, digest: same("file") ? old!.digest : createHash("sha256").update(fs.readFileSync(host)).digest("hex") });
    else if (st.isDirectory()) {
      into.set(sb, { type: "dir", ...base, digest: "" });
      for (const name of fs.readdirSync(host).sort()) walk(path.join(host, name), sb === "/" ? `/${name}` : `${sb}/${name}`);
    } else into.set(sb, { type: "other", ...base, digest: "" });
  };
  walk(hostDir, sandboxDir);
  return into;
}

export type Change = { path: string; change: "added" | "removed" | "modified" | "mode" };

export function diff(before: Snapshot, after: Snapshot): Change[] {
  const out: Change[] = [];
  for (const [p, b] of before) {
    const a = after.get(p);
    if (!a) out.push({ path: p, change: "removed" });
    else if (a.type !== b.type || a.digest !== b.digest) out.push({ path: p, change: "modified" });
    else if (a.mode !== b.mode) out.push({ path: p, change: "mode" });
  }
  for (const p of after.keys()) if (!before.has(p)) out.push({ path: p, change: "added" });
  return out.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}
