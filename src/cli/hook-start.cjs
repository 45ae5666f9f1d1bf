"use strict";
// dist/shellfence-hook.cjs: the command `shellfence setup` installs as the Claude Code hook.
// A plain CommonJS script (node starts it faster than an ES module).
//
// `hook`: reads stdin, sends it with what else a decision reads of this process to the warm
// daemon of this build (src/cli/hook-daemon.ts), and prints its answer. Only synchronous
// fs calls: no event loop, no sockets, nothing more to load. Without a daemon, or on any doubt
// about it (a directory that is not private, no answer in time, a malformed answer, a daemon
// that cannot vouch for this process), it decides in this process: it runs dist/hook-main.js (a
// function expression, written by scripts/build.ts) through V8's code cache made at build time,
// and starts a daemon for the next call. `--no-daemon` (or SHELLFENCE_DAEMON=0), and any system
// but Linux, always decide here.
// `daemon <dir>`: the daemon itself (started detached by a client).
//
// The user's directory is opened once, without following a link, and checked (a directory of
// this user that no one else may enter); everything after goes through that descriptor
// (/proc/self/fd/N/...), so renaming or replacing the path meanwhile changes nothing for this
// process. See "The hook daemon's trust boundary" in README.md.
const fs = require("node:fs");
const path = require("node:path");

/** Replaced by the build with a digest of the bundle and its data: a daemon serves only its own build. */
const BUILD = "__SHELLFENCE_BUILD__";
/** As HOOK_ENV, MAX_HOOK_INPUT and STDIN_TIMEOUT_MS in hook-decide.ts (a test holds them equal). */
const HOOK_ENV = ["HOME", "CLAUDE_PROJECT_DIR", "TMPDIR", "CDPATH", "XDG_CONFIG_HOME", "CLAUDE_CONFIG_DIR", "SHELL", "GEMINI_PROJECT_DIR", "QWEN_PROJECT_DIR", "FACTORY_PROJECT_DIR", "XDG_STATE_HOME"];
const MAX_INPUT = 1024 * 1024;
const STDIN_TIMEOUT_MS = 5000;
/** A warm daemon answers in about a millisecond; past this the client stops waiting. */
const ANSWER_TIMEOUT_MS = 1000;
/** An answer is a few hundred bytes: a larger file is not one, and is not read. */
const MAX_ANSWER = 1024 * 1024;
/** A daemon started this lately and not serving yet is warming up, or cannot start: no other is started. */
const START_BACKOFF_MS = 10000;
/** The first field of a call line (hook-daemon.ts, parseCall). */
const PROTOCOL = 2;

const C = fs.constants;
const root = path.dirname(__dirname);
const [mode, ...rest] = process.argv.slice(2);

function note(s) {
  try {
    fs.writeSync(2, `shellfence: ${s}\n`);
  } catch {
    // stderr closed: nothing to tell
  }
}

/** The bundle's text, kept for the daemon (it serves only installs whose bundle has these bytes). */
let mainCode = "";

function loadMain() {
  const main = path.join(__dirname, "hook-main.js");
  try {
    mainCode = fs.readFileSync(main, "utf8");
  } catch (e) {
    const fix = fs.existsSync(path.join(root, "scripts", "build.ts")) ? `run \`npm run build\` in ${root}` : "reinstall shellfence";
    note(`${main} is missing (${e && e.code}); ${fix}; not approved, the agent asks as usual`);
    process.exit(0);
  }
  let cachedData;
  try {
    cachedData = fs.readFileSync(main + ".cache");
  } catch {
    cachedData = undefined;
  }
  const vm = require("node:vm");
  const mod = { exports: {} };
  new vm.Script(mainCode, { filename: main, cachedData }).runInThisContext()(mod.exports, require, mod, main, __dirname);
  return mod.exports;
}

/** `input`: stdin, when this process read it already. */
function inProcess(input) {
  try {
    loadMain().start({ root, argv: [mode, ...rest], input, loadLibrary: () => import("./index.js") });
  } catch (e) {
    // Only reachable through a broken install or a bug: never an allow, and exit 0 like the hook.
    note(`the hook could not start (${(e && e.message) || e}); not approved, the agent asks as usual`);
    process.exit(0);
  }
}

/**
 * The user's daemon directory, <TMPDIR or /tmp>/shellfence-<uid> (regions/default.toml places it
 * in `self`), which holds one directory per build: two installs of shellfence each keep their
 * own daemon instead of retiring each other's. null when daemons are off or impossible here.
 */
function daemonHome() {
  if (rest.includes("--no-daemon") || process.env.SHELLFENCE_DAEMON === "0" || process.platform !== "linux") return null;
  const t = process.env.TMPDIR;
  return path.join(t && path.isAbsolute(t) ? t : "/tmp", `shellfence-${process.getuid()}`);
}

/**
 * `dir` opened without following a link: { fd } when it is a directory of this user that no
 * one else may enter, { missing: true }, or { why } it cannot be trusted.
 */
function openPrivate(dir) {
  let fd;
  try {
    fd = fs.openSync(dir, C.O_RDONLY | C.O_DIRECTORY | C.O_NOFOLLOW);
  } catch (e) {
    if (e.code === "ENOENT") return { missing: true };
    return { why: e.code === "ELOOP" || e.code === "ENOTDIR" ? `${dir} is not a directory` : `cannot open ${dir} (${e.code || e.message})` };
  }
  const st = fs.fstatSync(fd);
  let why = null;
  if (st.uid !== process.getuid()) why = `${dir} belongs to uid ${st.uid}`;
  else if ((st.mode & 0o077) !== 0) why = `${dir} is open to other users (mode ${(st.mode & 0o777).toString(8)})`;
  if (why === null) return { fd };
  fs.closeSync(fd);
  return { why };
}

/** A path inside the directory open as `fd`, whatever its name is by now. */
const at = (fd, name) => `/proc/self/fd/${fd}/${name}`;

function unlink(p) {
  try {
    fs.unlinkSync(p);
  } catch {
    // not there: fine
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * stdin, read synchronously to its end (at most MAX_INPUT bytes), as the result hook-decide
 * expects. No thread pool to start (which an asynchronous read costs), and no event loop. The
 * price: a writer that keeps stdin open without writing holds this process until the agent's
 * hook timeout kills it (no approval: the agent asks as usual), where the in-process path gives
 * up after STDIN_TIMEOUT_MS. Agents write the payload and close stdin at once.
 */
function readStdin() {
  const chunks = [];
  let size = 0;
  const deadline = Date.now() + STDIN_TIMEOUT_MS;
  for (;;) {
    const buf = Buffer.allocUnsafe(Math.min(65536, MAX_INPUT + 1 - size));
    let n;
    try {
      n = fs.readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      if (e.code !== "EAGAIN") return { ok: false, why: `cannot read stdin (${e.message})` };
      if (Date.now() > deadline) return { ok: false, why: `no end of hook input within ${STDIN_TIMEOUT_MS} ms` };
      Atomics.wait(sleeper, 0, 0, 1);
      continue;
    }
    if (n === 0) return { ok: true, text: Buffer.concat(chunks, size).toString("utf8") };
    size += n;
    if (size > MAX_INPUT) return { ok: false, why: `hook input is larger than ${MAX_INPUT} bytes` };
    chunks.push(buf.subarray(0, n));
  }
}

function writeAll(fd, text) {
  const buf = Buffer.from(text);
  for (let off = 0; off < buf.length; ) off += fs.writeSync(fd, buf, off);
}

/**
 * The daemon's answer to `input` (stdin as read), or { restart, why } when there is none. `home`
 * is the user's directory, open; `shown` its name, for messages.
 *
 * The request goes in <pid>-<nonce>.in, which this process keeps open until it has its answer:
 * the daemon serves a call only once it has seen, in /proc, that the process that sent it holds
 * that very file, and that this process sees the filesystem as the daemon does.
 */
function askDaemon(home, shown, input) {
  const dir = at(home, BUILD);
  let wake;
  try {
    wake = fs.openSync(`${dir}/wake`, C.O_WRONLY | C.O_NONBLOCK | C.O_NOFOLLOW);
  } catch (e) {
    // No FIFO, or a FIFO nobody reads: no daemon is running.
    if (e.code === "ENOENT" || e.code === "ENXIO") return { restart: true };
    return { restart: false, why: `cannot reach the daemon (${e.code || e.message})` };
  }
  let req = -1;
  let name = "";
  try {
    if (!fs.fstatSync(wake).isFIFO()) {
      // Not a daemon's: a new one replaces it (a live one that lost it exits: hook-daemon.ts).
      unlink(`${dir}/wake`);
      return { restart: true, why: `${path.join(shown, BUILD, "wake")} is not a FIFO` };
    }
    // What the hook reads in this process: stdin, cwd, HOME (os.homedir() is $HOME when set; os
    // itself costs more than the rest of the call) and, of the environment, only HOOK_ENV.
    const env = {};
    for (const k of HOOK_ENV) if (process.env[k] !== undefined) env[k] = process.env[k];
    const homeDir = process.env.HOME || require("node:os").homedir();
    let cwd;
    try {
      cwd = process.cwd();
    } catch (e) {
      return { restart: false, why: `no working directory (${e.code || e.message})` };
    }
    const nonce = Math.random().toString(36).slice(2, 10) || "0";
    name = `${dir}/${process.pid}-${nonce}`;
    // The hook's --agent name, which picks the adapter (as agentArg in src/agents/index.ts).
    let agent;
    for (let i = 0; i < rest.length; i++) {
      if (rest[i] === "--agent") agent = rest[++i] ?? "";
      else if (rest[i].startsWith("--agent=")) agent = rest[i].slice(8);
    }
    req = fs.openSync(`${name}.in`, C.O_WRONLY | C.O_CREAT | C.O_EXCL | C.O_NOFOLLOW, 0o600);
    // `argv`: this hook's arguments; `script`: the install the daemon compares, file by file,
    // with its own.
    writeAll(req, JSON.stringify({ v: PROTOCOL, argv: rest, script: __filename, env, home: homeDir, cwd, stdin: input.text, agent }));
    // One short line, so one atomic write among other clients'.
    fs.writeSync(wake, `${PROTOCOL} ${process.pid} ${nonce} ${BUILD} ${req}\n`);
    fs.closeSync(wake);
    wake = -1;
    return awaitAnswer(`${name}.out`);
  } catch (e) {
    return { restart: false, why: `cannot reach the daemon (${e.code || e.message})` };
  } finally {
    if (wake >= 0) fs.closeSync(wake);
    if (req >= 0) {
      // The request first: a daemon that answers after this finds it gone and removes its answer.
      unlink(`${name}.in`);
      unlink(`${name}.out`);
      fs.closeSync(req);
    }
  }
}

function awaitAnswer(outFile) {
  // A look costs a failed stat (a few microseconds): look often while an answer is likely.
  const deadline = Date.now() + ANSWER_TIMEOUT_MS;
  for (let looks = 0; !fs.statSync(outFile, { throwIfNoEntry: false }); looks++) {
    if (Date.now() > deadline) return { restart: false, why: `the daemon did not answer within ${ANSWER_TIMEOUT_MS} ms` };
    Atomics.wait(sleeper, 0, 0, looks < 400 ? 0.025 : 1);
  }
  const text = readAnswer(outFile);
  if (typeof text !== "string") return { restart: false, why: text.why };
  let a;
  try {
    a = JSON.parse(text);
  } catch {
    return { restart: false, why: "the daemon's answer is not JSON" };
  }
  if (a && a.kind === "decided" && Number.isInteger(a.code) && typeof a.out === "string" && typeof a.err === "string") return { answer: a };
  if (a && a.kind === "fallback") return { restart: a.restart === true, why: String(a.why) };
  return { restart: false, why: "the daemon's answer is malformed" };
}

/** The answer file's text: a regular file of this user, read to its end, bounded in size. */
function readAnswer(file) {
  let fd;
  try {
    fd = fs.openSync(file, C.O_RDONLY | C.O_NOFOLLOW | C.O_NONBLOCK);
  } catch (e) {
    return { why: `cannot open the daemon's answer (${e.code || e.message})` };
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.uid !== process.getuid()) return { why: "the daemon's answer is not a regular file of this user" };
    if (st.size > MAX_ANSWER) return { why: `the daemon's answer is larger than ${MAX_ANSWER} bytes` };
    // One byte more than its size: a file still growing is no answer.
    const buf = Buffer.allocUnsafe(st.size + 1);
    let n = 0;
    for (let k; (k = fs.readSync(fd, buf, n, buf.length - n, n)) > 0; ) n += k;
    if (n !== st.size) return { why: "the daemon's answer changed while read" };
    return buf.toString("utf8", 0, n);
  } catch (e) {
    return { why: `cannot read the daemon's answer (${e.code || e.message})` };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Starts a daemon in <home>/BUILD, making both directories (private) when missing; `home` is the
 * user's directory when open already. Not when one was started lately (START_BACKOFF_MS): a
 * daemon that cannot start (stale data, a full disk) costs one spawn per interval, not per call.
 */
function startDaemon(shown, home) {
  if (home === undefined) {
    try {
      fs.mkdirSync(shown, { mode: 0o700 });
    } catch (e) {
      if (e.code !== "EEXIST") return;
    }
    const h = openPrivate(shown);
    if (h.fd === undefined) return;
    home = h.fd;
  }
  try {
    const dir = at(home, BUILD);
    try {
      fs.mkdirSync(dir, { mode: 0o700 });
    } catch (e) {
      if (e.code !== "EEXIST") return;
    }
    const marker = `${dir}/starting`;
    const st = fs.lstatSync(marker, { throwIfNoEntry: false });
    if (st && Math.abs(Date.now() - st.mtimeMs) < START_BACKOFF_MS) return;
    fs.writeFileSync(marker, "", { mode: 0o600 });
  } catch {
    return;
  }
  const { spawn } = require("node:child_process");
  spawn(process.execPath, [__filename, "daemon", path.join(shown, BUILD)], { detached: true, stdio: "ignore", cwd: "/" }).unref();
}

function hook() {
  const shown = daemonHome();
  if (!shown) return inProcess();
  const input = readStdin();
  if (!input.ok) return inProcess(input);
  const h = openPrivate(shown);
  const r = h.fd !== undefined ? askDaemon(h.fd, shown, input) : h.missing ? { restart: true } : { restart: false, why: h.why };
  if (r.answer) {
    try {
      if (r.answer.out) fs.writeSync(1, r.answer.out);
      if (r.answer.err) fs.writeSync(2, r.answer.err);
    } catch {
      // The agent stopped listening (EPIPE): nothing more to say.
    }
    process.exit(r.answer.code);
  }
  if (r.why) note(`${r.why}; deciding without the hook daemon`);
  if (r.restart) startDaemon(shown, h.fd);
  inProcess(input);
}

/** The daemon: `dir` is <user's directory>/<build>, both private (checked here, through descriptors). */
function daemon(dir) {
  if (!dir || !path.isAbsolute(dir) || path.basename(dir) !== BUILD) return;
  const h = openPrivate(path.dirname(dir));
  if (h.fd === undefined) return;
  const own = fs.lstatSync(at(h.fd, BUILD), { throwIfNoEntry: false });
  if (!own || !own.isDirectory() || own.uid !== process.getuid() || (own.mode & 0o077) !== 0) return;
  const { spawnSync } = require("node:child_process");
  // node cannot make a FIFO itself; mkfifo(1) gets the directory as its fd 3.
  const mkfifo = (name) => spawnSync("mkfifo", ["-m", "600", `/proc/self/fd/3/${BUILD}/${name}`], { stdio: ["ignore", "ignore", "ignore", h.fd] }).status === 0;
  const watch = (fd, onData, onEnd) => {
    const s = new (require("node:net").Socket)({ fd, readable: true, writable: false });
    s.on("data", onData).on("end", onEnd).on("error", onEnd);
  };
  const sha256 = (bytes) => require("node:crypto").createHash("sha256").update(bytes).digest("hex");
  try {
    const main = loadMain();
    main
      .daemon({ root, dir, at: at(h.fd, BUILD), homeFd: h.fd, build: BUILD, script: __filename, scriptBytes: fs.readFileSync(__filename), mainBytes: Buffer.from(mainCode), mkfifo, watch, sha256, loadLibrary: () => import("./index.js") })
      .catch(() => process.exit(0));
  } catch {
    process.exit(0);
  }
}

if (mode === "daemon") {
  daemon(rest[0]);
} else if (mode === "hook") {
  hook();
} else {
  inProcess();
}
