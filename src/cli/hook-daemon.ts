// The hook daemon: a warm process that decides hook requests for thin clients
// (dist/shellfence-hook.cjs), so an agent command costs node's start-up and a few file
// operations instead of loading and running the classifier cold.
//
// Exchange, inside one directory per build in the user's private directory (0700, owned by the
// user; the client checks it), <TMPDIR or /tmp>/shellfence-<uid>/<build>:
//   wake                  a FIFO this daemon reads; a client writes one line (one atomic write)
//                         "<pid> <nonce> <build> <request JSON>" (or "in" for the last field
//                         when that line would be too long for one write) and waits
//   <pid>-<nonce>.in      the request, in that case
//   <pid>-<nonce>.out     the answer, written to a .tmp file and renamed, so a client never
//                         reads half of one
//   daemon.pid            the daemon's pid: one daemon per directory
// A request carries what the hook reads in the client's own process: its stdin, its cwd, HOME,
// and of its environment only HOOK_ENV. The directory is in the `self` locus
// (regions/default.toml): no command shellfence approves writes there.
//
// What the daemon must never do is trust what it saw of the filesystem for an earlier request:
// each request gets its own view (a fresh fs object, so the directory context is worked out
// again), and the config files are read again. Two things do outlive a request, neither on
// trust: a directory listing, reused only while an lstat shows the directory unchanged, and a
// tree lately too big to scan, which only ever makes a verdict stricter (analysis/listings.ts). It re-checks the data files' stamps on every request and, when they
// changed or the client is of another build, answers `fallback` and exits. Any doubt on the
// client's side (no answer in time, a malformed answer) means it decides in its own process:
// slower, the same verdicts.
import { fstatSync, lstatSync, openSync, readdirSync, readFileSync, renameSync, rmdirSync, unlinkSync, writeFileSync, constants } from "node:fs";
import path from "node:path";
import { realFs } from "../analysis/fs.ts";
import { classifyWith, type ClassifierTables } from "../policy/classify.ts";
import { decideHook, hookEnv, MAX_HOOK_INPUT } from "./hook-decide.ts";
import type { Io } from "./io.ts";
import { staleFile, type Stamp } from "./prebuilt.ts";
import type { ReadResult } from "./stdin.ts";
import { processAlive } from "./process-io.ts";

/** A daemon nobody asked for this long exits (the next hook call starts another). */
export const IDLE_MS = 10 * 60 * 1000;
/** Answer files older than this were abandoned by a client that gave up. */
const ORPHAN_MS = 60 * 1000;

/** One line on the FIFO: "<pid> <nonce> <build> <request JSON>", or "in" for the last field. */
export interface Call {
  pid: number;
  nonce: string;
  build: string;
  /** The request's JSON text, or null when it is in <pid>-<nonce>.in (too long for one line). */
  request: string | null;
}

export function parseCall(line: string): Call | null {
  // `s`: JSON.stringify leaves U+2028 and U+2029 raw, and `.` would not match them.
  const m = /^([1-9]\d{0,9}) ([0-9a-z]{1,16}) ([0-9a-z_]{1,64}) (in|\{.*\})$/s.exec(line);
  return m ? { pid: Number(m[1]), nonce: m[2]!, build: m[3]!, request: m[4] === "in" ? null : m[4]! } : null;
}

/** What the hook would have read in the client's process: HOOK_ENV of its environment, HOME, its cwd, its stdin. */
export interface HookRequest {
  env: Record<string, string>;
  home: string;
  cwd: string;
  input: ReadResult;
  /** The hook's `--agent` name (absent: Claude Code). */
  agent?: string;
}

const isStringRecord = (x: unknown): x is Record<string, string> =>
  typeof x === "object" && x !== null && !Array.isArray(x) && Object.values(x).every((v) => typeof v === "string");

/** A request's JSON text, checked field by field; a string says why it is refused. */
export function parseRequest(text: string): HookRequest | string {
  let r: unknown;
  try {
    r = JSON.parse(text);
  } catch {
    return "the request is not JSON";
  }
  if (typeof r !== "object" || r === null || Array.isArray(r)) return "the request is not an object";
  const q = r as Record<string, unknown>;
  if (!isStringRecord(q.env)) return "env is not a map of strings";
  if (typeof q.home !== "string" || typeof q.cwd !== "string" || typeof q.stdin !== "string") return "home, cwd or stdin is not a string";
  if (q.agent !== undefined && typeof q.agent !== "string") return "agent is not a string";
  // Only what a decision reads, whatever else a client sends.
  return { env: hookEnv(q.env), home: q.home, cwd: q.cwd, input: { ok: true, text: q.stdin }, ...(q.agent !== undefined ? { agent: q.agent } : {}) };
}

/** Where the daemon finds a request sent as a file (tests pass their own). */
export interface Clients {
  /** The request's JSON text; a string says why it cannot be read. */
  sent(call: Call): { text: string } | string;
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
  stamps: readonly Stamp[];
}

/** The answer to one call: a decision only from a daemon of the client's build, with fresh data. */
export async function respond(d: DaemonData, call: Call, clients: Clients): Promise<HookAnswer> {
  if (call.build !== d.build) return { kind: "fallback", why: "the daemon is of another build", restart: true, retire: true };
  const stale = staleFile(d.root, d.stamps);
  if (stale !== null) return { kind: "fallback", why: `${stale} changed after the daemon started`, restart: false, retire: true };
  let text = call.request;
  if (text === null) {
    const sent = clients.sent(call);
    if (typeof sent === "string") return { kind: "fallback", why: sent, restart: false };
    text = sent.text;
  }
  const req = parseRequest(text);
  if (typeof req === "string") return { kind: "fallback", why: `the daemon refused the request (${req})`, restart: false };
  return decide(d, req);
}

/** The hook's decision for one request, as the client's own process would make it. */
export async function decide(d: DaemonData, req: HookRequest): Promise<HookAnswer> {
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
    async () => ({ classify: (command, ctx) => classifyWith(d.tables, command, { ...(ctx ?? {}), fs: { ...realFs } }) }),
    async () => d.tables.levels.upward,
    req.agent,
  );
  return { kind: "decided", code, out, err };
}

/** A request a client sent as a file (at most 4 MB: 1 MB of stdin, escaped), removed once read. */
function readSent(file: string): { text: string } | string {
  try {
    const st = lstatSync(file);
    if (!st.isFile()) return `${file} is not a file`;
    if (st.size > 4 * MAX_HOOK_INPUT) return `${file} is larger than ${4 * MAX_HOOK_INPUT} bytes`;
    return { text: readFileSync(file, "utf8") };
  } catch (e) {
    return `cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
  } finally {
    unlink(file);
  }
}

/** Requests sent as files to `dir`. */
export const fileClients = (dir: string): Clients => ({
  sent: (call) => readSent(path.join(dir, `${call.pid}-${call.nonce}.in`)),
});

/** Takes daemon.pid for this process; false when another live daemon holds it. */
function claim(pidFile: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(pidFile, String(process.pid), { flag: "wx", mode: 0o600 });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") return false;
    }
    const pid = Number(readFileSync(pidFile, "utf8").trim());
    if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) return false;
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

function sweepOrphans(dir: string): void {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    if (!/\.(in|out|tmp)$/.test(name)) continue;
    const p = path.join(dir, name);
    const st = lstatSync(p, { throwIfNoEntry: false });
    if (st && now - st.mtimeMs > ORPHAN_MS) unlink(p);
  }
}

export interface DaemonHost {
  /** Makes a FIFO (node cannot): the entry runs mkfifo(1). */
  mkfifo(path: string): boolean;
  /** Calls `onData` with what arrives on `fd` and `onEnd` when it fails; the fd stays open. */
  watch(fd: number, onData: (chunk: Buffer) => void, onEnd: () => void): void;
}

export interface ServeOptions {
  dir: string;
  idleMs?: number;
  /** Before the first client: run the usual command shapes, so their code is compiled. */
  warmUp?: () => Promise<void>;
}

/**
 * Serves requests in `dir` until idle for IDLE_MS, told to stop (SIGTERM), or a request shows
 * the daemon is out of date. Started detached by the client; its stdio goes nowhere.
 */
export async function serve(d: DaemonData & DaemonHost & ServeOptions): Promise<void> {
  const { dir } = d;
  const pidFile = path.join(dir, "daemon.pid");
  if (!claim(pidFile)) return;
  const wake = path.join(dir, "wake");
  let ino: number | null = null;
  let stopping = false;
  const quit = () => {
    if (stopping) return;
    stopping = true;
    // Unlink only what is still ours: a newer daemon may have replaced them.
    const w = lstatSync(wake, { throwIfNoEntry: false });
    if (w && w.ino === ino) unlink(wake);
    try {
      if (readFileSync(pidFile, "utf8").trim() === String(process.pid)) unlink(pidFile);
      // The build's directory, once empty: a build nobody runs any more leaves nothing behind.
      rmdirSync(dir);
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
    await d.warmUp?.();
  } catch {
    // Only speed is lost.
  }
  const fresh = `${wake}.${process.pid}`;
  let fd: number;
  try {
    unlink(fresh);
    if (!d.mkfifo(fresh)) throw new Error("mkfifo failed");
    renameSync(fresh, wake);
    // Read and write: the daemon then holds a writer itself, so reads never see end-of-file,
    // and a client finds a reader (no ENXIO) exactly while this process lives.
    fd = openSync(wake, constants.O_RDWR);
    ino = fstatSync(fd).ino;
    sweepOrphans(dir);
  } catch {
    unlink(fresh);
    return quit();
  }
  const idle = setTimeout(quit, d.idleMs ?? IDLE_MS);

  let pending: Buffer = Buffer.alloc(0);
  const clients = fileClients(dir);
  const handle = async (call: Call) => {
    const a = await respond(d, call, clients);
    const name = `${call.pid}-${call.nonce}`;
    const tmp = path.join(dir, `${name}.tmp`);
    writeFileSync(tmp, JSON.stringify(a), { mode: 0o600 });
    renameSync(tmp, path.join(dir, `${name}.out`));
    if (a.kind === "fallback" && a.retire) quit();
    idle.refresh();
  };
  // Through the event loop's poller (a net.Socket on the FIFO), not a thread-pool read: a call
  // is seen the moment its line arrives.
  d.watch(
    fd,
    (chunk) => {
      // Bytes until a whole line is in: a line is UTF-8, and a chunk may end inside a character.
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let nl: number;
      while ((nl = pending.indexOf(10)) >= 0) {
        const call = parseCall(pending.toString("utf8", 0, nl));
        pending = pending.subarray(nl + 1);
        if (call) handle(call).catch(quit);
      }
      // A line is at most 4 KB (the client's atomic write); more is garbage.
      if (pending.length > 8192) pending = Buffer.alloc(0);
    },
    quit,
  );
}
