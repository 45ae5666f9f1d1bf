// The hook daemon's per-tree index of what a recursive read depends on (treescan.ts TreeFacts),
// kept fresh by inotify (fs.watch on every directory: recursive fs.watch is not in Node 20 on
// Linux), so a read of a 100,000-entry checkout is judged without listing it again.
//
// It is never trusted stale. Before each verdict, sync():
//   - barrier: it renames a file in a directory it watches and waits for that event. All the
//     watches share the event loop's one inotify queue, which is first in, first out, so once
//     the barrier's event is seen, so is every change made before the verdict began (the
//     secret created by the agent's last command); each changed directory is listed again.
//   - overflow: the kernel drops events when its queue (max_queued_events) fills, and libuv
//     drops the overflow notice. A full queue is drained in one poll phase, so a poll phase
//     that delivers half a queue of events or more marks every index unknown.
//   - identity: the indexed root must still be the directory (device, inode) that was indexed.
// An index that fails any of these, or whose watch failed (ENOSPC past max_user_watches, an
// error event), is dropped; the verdict falls back to a direct walk (treescan.ts walkTree).
import * as nodeFs from "node:fs";
import path from "node:path";
import { factsBelow, type NameTest, type Prune, type TreeFacts } from "./treescan.ts";

/** Directories one daemon watches at most, over all its indexes (inotify watches are per user). */
export const MAX_WATCHED = 150_000;
/** How long sync() waits for its barrier before it drops every index. */
export const BARRIER_MS = 200;
const MAX_INDEXES = 4;

interface Node {
  watcher: nodeFs.FSWatcher;
  /** Subdirectories (not symlinks), not in the skip set. */
  dirs: Set<string>;
  /** Its entries in the index's facts. */
  facts: string[];
}

/** One indexed tree. */
class TreeIndex {
  readonly nodes = new Map<string, Node>();
  /** Interesting entries: absolute path -> "named" | "link". */
  readonly facts = new Map<string, "named" | "link">();
  /** What each link holds (links are never changed in place: a new one is a change of its directory). */
  readonly linkText = new Map<string, string>();
  readonly dirty = new Set<string>();
  /** Subdirectories to build again (a rename event named them: they may be other directories now). */
  readonly redo = new Set<string>();
  valid = true;
  dev = -1;
  ino = -1;

  constructor(
    readonly root: string,
    readonly names: NameTest,
    readonly skip: ReadonlySet<string>,
    private readonly owner: TreeIndexes,
  ) {}

  build(): boolean {
    const st = nodeFs.lstatSync(this.root, { throwIfNoEntry: false });
    if (!st || !st.isDirectory()) return false;
    this.dev = st.dev;
    this.ino = st.ino;
    this.add(this.root);
    return this.valid;
  }

  /** Watches and lists `dir` and everything below it (watch first: a change after the listing is seen). */
  private add(dir: string): void {
    const stack = [dir];
    while (stack.length && this.valid) {
      const d = stack.pop()!;
      const node = this.watch(d);
      if (!node) continue;
      for (const sub of this.list(d, node)) stack.push(sub);
    }
  }

  private watch(d: string): Node | null {
    if (this.owner.watched >= MAX_WATCHED) {
      this.valid = false;
      return null;
    }
    let watcher: nodeFs.FSWatcher;
    try {
      watcher = nodeFs.watch(d, { persistent: false }, (type, name) => this.event(d, type, name));
    } catch (e) {
      // A directory gone meanwhile is its parent's change (the parent is dirty); ENOSPC and
      // the rest: this tree cannot be watched.
      if ((e as NodeJS.ErrnoException).code === "ENOENT" || (e as NodeJS.ErrnoException).code === "ENOTDIR") return null;
      this.valid = false;
      return null;
    }
    watcher.on("error", () => (this.valid = false));
    this.owner.watched++;
    const node: Node = { watcher, dirs: new Set(), facts: [] };
    this.nodes.set(d, node);
    return node;
  }

  /** Lists `d` into the facts; returns its new subdirectories (to add). */
  private list(d: string, node: Node): string[] {
    let entries: nodeFs.Dirent[];
    try {
      entries = nodeFs.readdirSync(d, { withFileTypes: true });
    } catch {
      entries = []; // unreadable or gone: the command cannot read it either; its parent says if it went
    }
    const pre = d === "/" ? "/" : d + "/";
    for (const k of node.facts) this.forget(k);
    node.facts = [];
    const now = new Set<string>();
    const added: string[] = [];
    for (const e of entries) {
      const p = pre + e.name;
      if (e.isSymbolicLink()) {
        this.facts.set(p, "link");
        node.facts.push(p);
        try {
          this.linkText.set(p, nodeFs.readlinkSync(p));
        } catch {
          // gone meanwhile (its directory is dirty): resolved on the filesystem until then
        }
        continue;
      }
      if (this.names.test(e.name)) {
        this.facts.set(p, "named");
        node.facts.push(p);
      }
      if (e.isDirectory() && !this.skip.has(p)) {
        now.add(p);
        if (!node.dirs.has(p) || this.redo.has(p)) added.push(p);
      }
    }
    for (const old of node.dirs) if (!now.has(old) || this.redo.has(old)) this.drop(old);
    for (const p of added) this.redo.delete(p);
    node.dirs = now;
    return added;
  }

  /** Forgets `dir` and everything below it. */
  private drop(dir: string): void {
    const stack = [dir];
    while (stack.length) {
      const d = stack.pop()!;
      const node = this.nodes.get(d);
      if (!node) continue;
      for (const s of node.dirs) stack.push(s);
      for (const k of node.facts) this.forget(k);
      node.watcher.close();
      this.owner.watched--;
      this.nodes.delete(d);
      this.dirty.delete(d);
    }
  }

  private forget(k: string): void {
    this.facts.delete(k);
    this.linkText.delete(k);
  }

  /**
   * Where a link leads, when the index shows it: each step of its text, from the link's
   * directory, is `.`, `..` from a directory of the tree below the root, or an indexed directory
   * (no symlink); the last may be any entry that is not a link. Null: ask the filesystem.
   */
  target(link: string): string | null {
    const text = this.linkText.get(link);
    if (text === undefined) return null;
    let cur: string;
    let parts: string[];
    if (text.startsWith("/")) {
      const pre = this.root === "/" ? "/" : this.root + "/";
      if (!(text + "/").startsWith(pre)) return null;
      cur = this.root;
      parts = text.slice(pre.length).split("/");
    } else {
      cur = path.posix.dirname(link);
      parts = text.split("/");
    }
    for (let i = 0; i < parts.length; i++) {
      const seg = parts[i]!;
      if (seg === "" || seg === ".") continue;
      if (seg === "..") {
        if (cur === this.root) return null; // the root's parent: outside what the index shows
        cur = path.posix.dirname(cur);
        continue;
      }
      const next = cur === "/" ? "/" + seg : cur + "/" + seg;
      if (this.nodes.has(next)) {
        cur = next;
        continue;
      }
      const last = parts.slice(i + 1).every((x) => x === "" || x === ".");
      // A file, a missing name, or a skipped directory: its path is where the link leads.
      if (!last || this.facts.get(next) === "link" || /\/$/.test(text)) return null;
      return next;
    }
    return cur;
  }

  private event(d: string, type: string, name: string | Buffer | null): void {
    this.owner.counted();
    // A file's content or attributes ("change") never add, remove or rename an entry.
    if (type !== "rename") return;
    this.dirty.add(d);
    // The name may be a subdirectory replaced (rm -r; mkdir), or `d` itself gone (libuv names
    // a watched directory's own deletion by its basename): build it again, and list the parent.
    if (name !== null) this.redo.add((d === "/" ? "/" : d + "/") + name.toString());
    if (d !== this.root) this.dirty.add(path.posix.dirname(d));
    else this.valid = this.valid && this.same();
  }

  /** Lists the directories that changed, shallowest first. */
  refresh(): void {
    if (!this.valid) return;
    if (!this.same()) {
      this.valid = false;
      return;
    }
    while (this.dirty.size && this.valid) {
      const ds = [...this.dirty].sort((a, b) => a.length - b.length);
      this.dirty.clear();
      for (const d of ds) {
        const node = this.nodes.get(d);
        if (!node) continue; // dropped with an ancestor, or outside the tree
        for (const sub of this.list(d, node)) this.add(sub);
      }
    }
    this.redo.clear();
  }

  /** Is the root still the directory that was indexed? */
  private same(): boolean {
    const st = nodeFs.lstatSync(this.root, { throwIfNoEntry: false });
    return !!st && st.isDirectory() && st.dev === this.dev && st.ino === this.ino;
  }

  close(): void {
    for (const n of this.nodes.values()) n.watcher.close();
    this.owner.watched -= this.nodes.size;
    this.nodes.clear();
    this.facts.clear();
    this.valid = false;
  }

  /** The facts below `dir` (a directory of this index), if the index can answer for `skip`. */
  answer(dir: string, names: NameTest, skip: ReadonlySet<string>): TreeFacts | null {
    if (!this.valid || names.key !== this.names.key || !this.nodes.has(dir)) return null;
    const pre = dir === "/" ? "/" : dir + "/";
    // What the index left out must be left out by the query too.
    for (const s of this.skip) if ((s === dir || s.startsWith(pre)) && !skip.has(s)) return null;
    const all: TreeFacts = { named: [], links: [] };
    for (const [p, k] of this.facts) (k === "link" ? all.links : all.named).push(p);
    const below = factsBelow(all, dir, skip);
    const targets = new Map<string, string>();
    for (const l of below.links) {
      const t = this.target(l);
      if (t !== null) targets.set(l, t);
    }
    return { ...below, targets };
  }
}

/** The daemon's indexes, one per tree a recursive read asked about. */
export class TreeIndexes {
  watched = 0;
  private readonly indexes: TreeIndex[] = [];
  private readonly wanted = new Map<string, { names: NameTest; skip: ReadonlySet<string> }>();
  private batch = 0;
  private overflowed = false;
  private readonly half: number;
  private barrier: { dir: string; watcher: nodeFs.FSWatcher; waiting: Map<string, () => void>; n: number } | null = null;

  /** `barrierDir`: a directory of the daemon's own (created if missing) where sync() makes its barrier events. */
  constructor(private readonly barrierDir: string) {
    let max = 16384;
    try {
      max = Number(nodeFs.readFileSync("/proc/sys/fs/inotify/max_queued_events", "utf8").trim()) || max;
    } catch {
      // the kernel's default
    }
    this.half = Math.max(1, Math.floor(max / 2));
  }

  /** Counts an event of this poll phase (see the overflow rule above). */
  counted(): void {
    if (this.batch++ === 0) {
      setImmediate(() => {
        if (this.batch >= this.half) this.overflowed = true;
        this.batch = 0;
      });
    }
  }

  /** Makes every index current, or drops those that cannot be; false when none may be trusted. */
  async sync(): Promise<boolean> {
    if (this.indexes.length === 0) return true;
    const seen = await this.fence();
    if (!seen || this.overflowed) {
      this.overflowed = false;
      this.clear();
      return false;
    }
    for (const ix of this.indexes) ix.refresh();
    this.prune();
    return true;
  }

  /** Waits until an event made now comes back through the watch queue. */
  private fence(): Promise<boolean> {
    try {
      if (!this.barrier) {
        nodeFs.mkdirSync(this.barrierDir, { recursive: true, mode: 0o700 });
        const waiting = new Map<string, () => void>();
        const watcher = nodeFs.watch(this.barrierDir, { persistent: false }, (_t, name) => {
          this.counted();
          const done = name !== null ? waiting.get(name.toString()) : undefined;
          if (done) done();
        });
        watcher.on("error", () => (this.barrier = null));
        this.barrier = { dir: this.barrierDir, watcher, waiting, n: 0 };
      }
      const b = this.barrier;
      const name = `b${process.pid}-${++b.n}-${Math.random().toString(36).slice(2, 10)}`;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          b.waiting.delete(name);
          resolve(false);
        }, BARRIER_MS);
        b.waiting.set(name, () => {
          clearTimeout(timer);
          b.waiting.delete(name);
          resolve(true);
        });
        try {
          const f = path.join(b.dir, name);
          nodeFs.writeFileSync(f, "", { flag: "wx", mode: 0o600 });
          nodeFs.unlinkSync(f);
        } catch {
          clearTimeout(timer);
          b.waiting.delete(name);
          resolve(false);
        }
      });
    } catch {
      return Promise.resolve(false);
    }
  }

  /**
   * The scan the classifier calls: an index's answer, or a direct walk (and the tree is wanted).
   * An index answers for the whole tree whatever `prune` says (the caller filters the facts by
   * the same test); the direct walk skips the pruned directories.
   */
  scan(dir: string, names: NameTest, skip: ReadonlySet<string>, walk: (dir: string, names: NameTest, skip: ReadonlySet<string>, prune?: Prune) => TreeFacts | null, prune?: Prune): TreeFacts | null {
    for (const ix of this.indexes) {
      if (dir !== ix.root && !dir.startsWith(ix.root === "/" ? "/" : ix.root + "/")) continue;
      const a = ix.answer(dir, names, skip);
      if (a) return a;
    }
    if (!/^\/(proc|sys|dev)(\/|$)/.test(dir)) this.wanted.set(dir, { names, skip });
    return walk(dir, names, skip, prune);
  }

  /** Indexes the trees scans asked about since the last call (after the answer is sent). */
  indexWanted(): void {
    for (const [dir, w] of this.wanted) {
      if (this.indexes.some((ix) => ix.valid && (dir === ix.root || dir.startsWith(ix.root + "/")) && ix.names.key === w.names.key)) continue;
      const ix = new TreeIndex(dir, w.names, w.skip, this);
      if (ix.build()) this.indexes.unshift(ix);
      else ix.close();
    }
    this.wanted.clear();
    this.prune();
  }

  /** Drops invalid indexes, those inside another, and the oldest past MAX_INDEXES. */
  private prune(): void {
    for (let i = this.indexes.length - 1; i >= 0; i--) {
      const ix = this.indexes[i]!;
      const inside = this.indexes.some((o) => o !== ix && o.valid && ix.root.startsWith(o.root === "/" ? "/" : o.root + "/") && o.names.key === ix.names.key);
      if (!ix.valid || inside || i >= MAX_INDEXES) {
        ix.close();
        this.indexes.splice(i, 1);
      }
    }
  }

  clear(): void {
    for (const ix of this.indexes) ix.close();
    this.indexes.length = 0;
  }

  close(): void {
    this.clear();
    this.barrier?.watcher.close();
    this.barrier = null;
  }

  /** Roots indexed now (for tests and the bench). */
  get roots(): string[] {
    return this.indexes.filter((ix) => ix.valid).map((ix) => ix.root);
  }
}
