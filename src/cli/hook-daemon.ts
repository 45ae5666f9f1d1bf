// The hook daemon: a warm process that decides hook requests for thin clients
// (dist/shellfence-hook.cjs), so an agent command costs node's start-up and a few file
// operations instead of loading and running the classifier cold.
//
// Exchange, inside one directory per build in the user's private directory (0700, owned by the
// user; client and daemon each open it once without following links and check it, then work
// through that descriptor), <TMPDIR or /tmp>/shellfence-<uid>/<build>:
//   wake                  a FIFO this daemon reads; a client writes one short line (one atomic
//                         write) "2 <pid> <nonce> <build> <fd>" and waits
//   <pid>-<nonce>.in      the request (a versioned JSON object, parseRequest), which the
//                         client created (O_EXCL) and holds open as <fd> until it is answered
//   <pid>-<nonce>.out     the answer, written to a .tmp file and renamed, so a client never
//                         reads half of one; removed again when its request is gone (the
//                         client gave up)
//   daemon.pid            the daemon's pid: one daemon per directory
//   starting              made by a client that starts a daemon (it starts no other for a
//                         while); removed once the daemon serves
//   wake.<pid>, warm.<pid> the FIFO and the warm-up fixture a starting daemon makes; swept by
//                         the next one when it was killed meanwhile
// A request carries what the hook reads in the client's own process: its stdin, its cwd, HOME,
// of its environment only HOOK_ENV, its arguments, and the path of its entry script. The
// directory is in the `self` locus (regions/default.toml): no command shellfence approves
// writes there.
//
// Who is served (README.md, "trust boundary"): only a process that provably sent the call and
// sees the filesystem as the daemon does (daemon-peer.ts), from an install whose code and data
// are byte for byte what the daemon loaded (daemon-install.ts). Everything else gets a
// `fallback` answer and decides in its own process: slower, the same verdicts.
//
// What the daemon must never do is trust what it saw of the filesystem for an earlier request:
// each request gets its own view (a fresh fs object, so the directory context is worked out
// again), and the config files are read again. Two things do outlive a request, neither on
// trust: a directory listing, reused only while an lstat shows the directory unchanged, and a
// tree lately too big to scan, which only ever makes a verdict stricter (analysis/listings.ts).
// A third, for recursive reads at any size: an index of the secret-, self-named entries and
// symlinks of each tree lately read, kept by inotify and brought up to date before every
// verdict, past a barrier event that shows no earlier change is still in flight
// (analysis/treewatch.ts); an index that cannot show that is dropped, and a direct walk answers.
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { realFs, type FsLike } from "../analysis/fs.ts";
import { WALK_BUDGET, walkTree, type NameTest, type Prune } from "../analysis/treescan.ts";
import { SnapshotStore, TreeSnapshots } from "../analysis/treesnap.ts";
import { TreeIndexes } from "../analysis/treewatch.ts";
import { classifyWith, type ClassifierTables } from "../policy/classify.ts";
import { secretVariableTest } from "../policy/regions.ts";
import type { InstallCheck } from "./daemon-install.ts";
import { foreignPeer, type FileId, type OwnView } from "./daemon-peer.ts";
import { decideHook, hookEnv, MAX_HOOK_INPUT } from "./hook-decide.ts";
import type { Io } from "./io.ts";
import type { ReadResult } from "./stdin.ts";
import type { Classifier } from "./verdict.ts";

/** A daemon nobody asked for this long exits (the next hook call starts another). */
export const IDLE_MS = 10 * 60 * 1000;
/** Request and answer files this old belong to no waiting client (a client waits 1 s at most). */
const ORPHAN_MS = 30 * 1000;
/** How often a serving daemon checks it still owns its FIFO and pid file, and sweeps orphans. */
const CHECK_MS = 5 * 1000;
/** The protocol: the first field of a call line, and `v` in a request. */
export const PROTOCOL = 2;

/** One line on the FIFO: "2 <pid> <nonce> <build> <fd>". */
export interface Call {
  pid: number;
  nonce: string;
  build: string;
  /** The client's descriptor of its request file (checked in /proc by the daemon). */
  fd: number;
}

export function parseCall(line: string): Call | null {
  const m = /^2 ([1-9]\d{0,9}) ([0-9a-z]{1,16}) ([0-9a-z_]{1,64}) (\d{1,9})$/.exec(line);
  return m ? { pid: Number(m[1]), nonce: m[2]!, build: m[3]!, fd: Number(m[4]) } : null;
}

/** What the hook would have read in the client's process. */
export interface HookRequest {
  /** The hook's own arguments (after `hook`), as the in-process path gets them. */
  argv: string[];
  /** The client's entry script: its install is what the daemon compares with its own. */
  script: string;
  /** HOOK_ENV of its environment. */
  env: Record<string, string>;
  home: string;
  cwd: string;
  input: ReadResult;
  /** The hook's `--agent` name (absent: Claude Code). */
  agent?: string;
}

const isStringRecord = (x: unknown): x is Record<string, string> =>
  typeof x === "object" && x !== null && !Array.isArray(x) && Object.values(x).every((v) => typeof v === "string");

/**
 * A request's JSON text, checked field by field; a string says why it is refused. Version 2:
 * { v: 2, argv, script, env, home, cwd, stdin, agent? }; fields a later client adds are ignored only
 * when it says v: 2 (a field that changes a decision comes with a new version).
 */
export function parseRequest(text: string): HookRequest | string {
  let r: unknown;
  try {
    r = JSON.parse(text);
  } catch {
    return "the request is not JSON";
  }
  if (typeof r !== "object" || r === null || Array.isArray(r)) return "the request is not an object";
  const q = r as Record<string, unknown>;
  if (q.v !== PROTOCOL) return `the request is not of version ${PROTOCOL}`;
  if (!Array.isArray(q.argv) || !q.argv.every((a) => typeof a === "string")) return "argv is not a list of strings";
  if (!isStringRecord(q.env)) return "env is not a map of strings";
  if (typeof q.home !== "string" || typeof q.cwd !== "string" || typeof q.stdin !== "string" || typeof q.script !== "string") return "home, cwd, script or stdin is not a string";
  if (!path.isAbsolute(q.cwd) || !path.isAbsolute(q.script)) return "cwd or script is not an absolute path";
  if (q.agent !== undefined && typeof q.agent !== "string") return "agent is not a string";
  // Only what a decision reads, whatever else a client sends.
  return { argv: q.argv as string[], script: q.script, env: hookEnv(q.env), home: q.home, cwd: q.cwd, input: { ok: true, text: q.stdin }, ...(q.agent !== undefined ? { agent: q.agent } : {}) };
}

/** A request file as the daemon read it: its text and which file it was. */
export interface Sent {
  text: string;
  id: FileId;
}

/** Where the daemon finds a call's request and who sent it (tests pass their own). */
export interface Clients {
  /** The request; null when the client removed it (it gave up: nobody to answer); a string says why it cannot be read. */
  sent(call: Call): Sent | null | string;
  /** Why the daemon may not decide for the process that sent `call`, or null when it may. */
  foreign(call: Call, sent: Sent, req: HookRequest): string | null;
}

/** What the client does next: print this and exit, or decide in its own process. */
export type HookAnswer =
  | { kind: "decided"; code: number; out: string; err: string }
  /**
   * `restart`: a new daemon (of the client's build) would serve the next call. `retire`: this
   * daemon is out of date and exits.
   */
  | { kind: "fallback"; why: string; restart: boolean; retire?: true };

export interface DaemonData {
  root: string;
  build: string;
  tables: ClassifierTables;
  /** The bytes the daemon decides with, compared with each client's install. */
  install: Pick<InstallCheck, "differs">;
  /** Compiles a config's [[command]] entries (the library, loaded on first use; remembered per config text). */
  declare?: Classifier["declare"];
  /** Indexes of trees recursive reads looked at (serve() makes them; absent: a walk each time). */
  trees?: TreeIndexes;
  /** Snapshots of big trees (analysis/treesnap.ts), for the walk when no index answers. */
  snapshots?: TreeSnapshots;
}

/**
 * The answer to one call, or null when there is nobody to answer: a decision only for a client
 * of this build, that sent the call itself, sees what the daemon sees, and runs this very code
 * and data.
 */
export async function respond(d: DaemonData, call: Call, clients: Clients): Promise<HookAnswer | null> {
  if (call.build !== d.build) return { kind: "fallback", why: "the daemon is of another build", restart: true, retire: true };
  const sent = clients.sent(call);
  if (sent === null) return null;
  if (typeof sent === "string") return { kind: "fallback", why: sent, restart: false };
  const req = parseRequest(sent.text);
  if (typeof req === "string") return { kind: "fallback", why: `the daemon refused the request (${req})`, restart: false };
  const foreign = clients.foreign(call, sent, req);
  if (foreign !== null) return { kind: "fallback", why: `the daemon cannot decide for this process: ${foreign}`, restart: false };
  const differs = d.install.differs(req.script);
  if (differs !== null) {
    // Its own install changed since it started: it will not serve its own clients again.
    const own = sameFile(path.dirname(path.dirname(req.script)), d.root);
    return { kind: "fallback", why: `the daemon serves another install's bytes: ${differs}`, restart: false, ...(own ? { retire: true as const } : {}) };
  }
  return decide(d, req);
}

function sameFile(a: string, b: string): boolean {
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/** The hook's decision for one request, as the client's own process would make it. */
export async function decide(d: Pick<DaemonData, "root" | "tables" | "declare" | "trees" | "snapshots">, req: HookRequest): Promise<HookAnswer> {
  // Every index brought up to date with every change made before this request (or dropped).
  const trees = d.trees;
  if (trees) await trees.sync();
  // Without an index, the walk: from the snapshot an earlier process recorded where it still holds.
  const walk = d.snapshots?.scan ?? ((a: string, b: NameTest, c: ReadonlySet<string>, p?: Prune) => walkTree(a, b, c, undefined, WALK_BUDGET, p));
  const view = (): FsLike => (trees ? { ...realFs, treeScan: (dir, names, skip, prune) => trees.scan(dir, names, skip, walk, prune) } : { ...realFs, treeScan: walk });
  let out = "";
  let err = "";
  const io: Io = {
    stdin: undefined as never,
    readInput: async () => req.input,
    out: (s) => void (out += s),
    err: (s) => void (err += s),
    env: req.env,
    home: req.home,
    cwd: req.cwd,
    binPath: path.join(d.root, "bin", "shellfence.js"),
    now: () => new Date(),
  };
  const code = await decideHook(
    io,
    // A new fs object per request: the classifier keys what it remembers about directories by
    // it, so nothing seen for an earlier command is trusted for this one (listings are reused
    // only when shown unchanged: analysis/listings.ts).
    async () => ({ classify: (command, ctx) => classifyWith(d.tables, command, { ...(ctx ?? {}), fs: view() }), secretName: secretVariableTest(d.tables.regions), ...(d.declare ? { declare: d.declare } : {}) }),
    async () => d.tables.levels.upward,
    req.agent,
  );
  return { kind: "decided", code, out, err };
}

const errCode = (e: unknown) => (e as NodeJS.ErrnoException).code ?? (e as Error).message;

/**
 * A request file: a regular file of this user (at most 4 MB: 1 MB of stdin, escaped), read
 * through one descriptor that also says which file it is. Left in place: the client removes it.
 */
function readSent(file: string): Sent | null | string {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    return errCode(e) === "ENOENT" ? null : `cannot read ${path.basename(file)} (${errCode(e)})`;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.uid !== process.getuid!()) return `${path.basename(file)} is not a file of this user`;
    if (st.size > 4 * MAX_HOOK_INPUT) return `${path.basename(file)} is larger than ${4 * MAX_HOOK_INPUT} bytes`;
    const buf = Buffer.allocUnsafe(st.size);
    let n = 0;
    for (let k; n < buf.length && (k = readSync(fd, buf, n, buf.length - n, n)) > 0; ) n += k;
    return { text: buf.toString("utf8", 0, n), id: { dev: st.dev, ino: st.ino } };
  } catch (e) {
    return `cannot read ${path.basename(file)} (${errCode(e)})`;
  } finally {
    closeSync(fd);
  }
}

/** Requests in the build directory `at`, their senders checked against the daemon's view `own`. */
export const fileClients = (at: string, own: OwnView | null): Clients => ({
  sent: (call) => readSent(`${at}/${call.pid}-${call.nonce}.in`),
  foreign: (call, sent, req) => foreignPeer({ pid: call.pid, fd: call.fd, request: sent.id, cwd: req.cwd }, own),
});

/** Writes the answer to `call` where its client looks, unless the client gave up meanwhile. */
function answer(at: string, call: Call, a: HookAnswer): void {
  const name = `${at}/${call.pid}-${call.nonce}`;
  unlink(`${name}.tmp`);
  writeFileSync(`${name}.tmp`, JSON.stringify(a), { mode: 0o600, flag: "wx" });
  renameSync(`${name}.tmp`, `${name}.out`);
  // A client that gives up removes its request, then its answer: when the request is gone now,
  // the answer may have landed after the client looked, and is nobody's.
  if (!lstatSync(`${name}.in`, { throwIfNoEntry: false })) unlink(`${name}.out`);
}

function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Whether `pid` is a daemon serving `dir` (a pid since reused by another process is not). */
function daemonOf(pid: number, dir: string): boolean {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return argv[2] === "daemon" && argv[3] === dir;
  } catch {
    return false;
  }
}

/** Takes daemon.pid for this process; false when another live daemon of `dir` holds it. */
function claim(pidFile: string, dir: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(pidFile, String(process.pid), { flag: "wx", mode: 0o600 });
      return true;
    } catch (e) {
      if (errCode(e) !== "EEXIST") return false;
    }
    const pid = readPid(pidFile);
    if (pid !== null && pid !== process.pid && daemonOf(pid, dir)) return false;
    unlink(pidFile);
  }
  return false;
}

function unlink(p: string): void {
  try {
    unlinkSync(p);
  } catch {
    // gone already
  }
}

/** Request and answer files no client waits for any more (its process was killed). */
function sweepOrphans(at: string): void {
  const now = Date.now();
  for (const name of readdirSync(at)) {
    if (!/^\d+-[0-9a-z]+\.(in|out|tmp)$/.test(name)) continue;
    const st = lstatSync(`${at}/${name}`, { throwIfNoEntry: false });
    if (st && now - st.mtimeMs > ORPHAN_MS) unlink(`${at}/${name}`);
  }
}

/** What a daemon killed while starting left (this one holds daemon.pid: no other is starting). */
function sweepStart(at: string): void {
  for (const name of readdirSync(at)) {
    if (/^wake\.\d+$/.test(name)) unlink(`${at}/${name}`);
    else if (/^(warm|barrier)\.\d+$/.test(name)) rmSync(`${at}/${name}`, { recursive: true, force: true });
  }
  sweepOrphans(at);
}

export interface DaemonHost {
  /** Makes the FIFO `name` in the build directory (node cannot): the entry runs mkfifo(1). */
  mkfifo(name: string): boolean;
  /** Calls `onData` with what arrives on `fd` and `onEnd` when it fails; the fd stays open. */
  watch(fd: number, onData: (chunk: Buffer) => void, onEnd: () => void): void;
}

export interface ServeOptions {
  /** The build directory's path, as clients name it (for daemon.pid's check of a live daemon). */
  dir: string;
  /** The build directory through the descriptor of the user's directory: every file operation goes there. */
  at: string;
  /** The daemon's own view of the filesystem (daemon-peer.ts): null serves nobody. */
  own: OwnView | null;
  idleMs?: number;
  /** Before the first client: run the usual command shapes, so their code is compiled. */
  warmUp?: () => Promise<void>;
}

/**
 * Serves requests in `at` until idle for IDLE_MS, told to stop (SIGTERM), its FIFO or pid file
 * taken over, or a request shows the daemon is out of date. Started detached by the client; its
 * stdio goes nowhere.
 */
export async function serve(d: DaemonData & DaemonHost & ServeOptions): Promise<void> {
  const { at } = d;
  const pidFile = `${at}/daemon.pid`;
  if (!claim(pidFile, d.dir)) return;
  const wake = `${at}/wake`;
  let ino: number | null = null;
  let stopping = false;
  const quit = () => {
    if (stopping) return;
    stopping = true;
    // Unlink only what is still ours: a newer daemon may have replaced them.
    const w = lstatSync(wake, { throwIfNoEntry: false });
    if (w && w.ino === ino) unlink(wake);
    if (readPid(pidFile) === process.pid) unlink(pidFile);
    try {
      d.trees?.close();
      rmSync(`${at}/barrier.${process.pid}`, { recursive: true, force: true });
    } catch {
      // gone already
    }
    try {
      // The build's directory, once empty: a build nobody runs any more leaves nothing behind.
      rmdirSync(at);
    } catch {
      // gone already, or not empty
    }
    process.exit(0);
  };
  process.on("SIGTERM", quit);
  process.on("SIGINT", quit);
  process.on("uncaughtException", quit);
  // A FIFO left by a daemon that was killed: until ours replaces it, clients find no reader
  // there and decide themselves; without it they do the same.
  unlink(wake);
  try {
    sweepStart(at);
  } catch {
    // The directory went away: the FIFO below fails too.
  }
  try {
    await d.warmUp?.();
  } catch {
    // Only speed is lost.
  }
  const fresh = `wake.${process.pid}`;
  let fd: number;
  try {
    unlink(`${at}/${fresh}`);
    if (!d.mkfifo(fresh)) throw new Error("mkfifo failed");
    renameSync(`${at}/${fresh}`, wake);
    // Read and write: the daemon then holds a writer itself, so reads never see end-of-file,
    // and a client finds a reader (no ENXIO) exactly while this process lives.
    fd = openSync(wake, constants.O_RDWR);
    ino = fstatSync(fd).ino;
  } catch {
    unlink(`${at}/${fresh}`);
    return quit();
  }
  // Serving: a client that finds no daemon from now on may start one at once.
  unlink(`${at}/starting`);
  const idle = setTimeout(quit, d.idleMs ?? IDLE_MS);
  setInterval(() => {
    // Replaced (a client removes a `wake` that is no FIFO; two daemons that started together):
    // clients cannot reach this one any more.
    const w = lstatSync(wake, { throwIfNoEntry: false });
    if (!w || w.ino !== ino || readPid(pidFile) !== process.pid) return quit();
    sweepOrphans(at);
  }, CHECK_MS).unref();

  let pending: Buffer = Buffer.alloc(0);
  const clients = fileClients(at, d.own);
  // Made after sweepStart, which clears what a killed daemon left (its barrier directory).
  d.trees ??= new TreeIndexes(`${at}/barrier.${process.pid}`);
  if (!d.snapshots) {
    const store = SnapshotStore.forUser(process.env);
    if (store) d.snapshots = new TreeSnapshots(store, WALK_BUDGET);
  }
  const handle = async (call: Call) => {
    const a = await respond(d, call, clients);
    if (a) answer(at, call, a);
    // After the answer: the trees this verdict walked are indexed for the next ones.
    d.trees?.indexWanted();
    d.snapshots?.recordWanted();
    if (a?.kind === "fallback" && a.retire) quit();
    idle.refresh();
  };
  // Through the event loop's poller (a net.Socket on the FIFO), not a thread-pool read: a call
  // is seen the moment its line arrives.
  d.watch(
    fd,
    (chunk) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let nl: number;
      while ((nl = pending.indexOf(10)) >= 0) {
        const call = parseCall(pending.toString("latin1", 0, nl));
        pending = pending.subarray(nl + 1);
        if (call) handle(call).catch(quit);
      }
      // A line is under a hundred bytes; more is garbage.
      if (pending.length > 4096) pending = Buffer.alloc(0);
    },
    quit,
  );
}
