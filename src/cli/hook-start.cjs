"use strict";
// dist/shellfence-hook.cjs: the command `shellfence setup` installs as the Claude Code hook.
// A plain CommonJS script (node starts it faster than an ES module).
//
// `hook`: reads stdin, sends it with what else a decision reads of this process to the warm
// daemon of this build (src/cli/hook-daemon.ts), and prints its answer. Only synchronous
// fs calls: no event loop, no sockets, nothing more to load. Without a daemon, or on any doubt
// about it (a directory that is not private, no answer in time, a malformed answer), it decides
// in this process: it runs dist/hook-main.js (a function expression, written by
// scripts/build.ts) through V8's code cache made at build time, and starts a daemon for the next
// call. `--no-daemon` (or SHELLFENCE_DAEMON=0), and any system but Linux, always decide here.
// `daemon <dir>`: the daemon itself (started detached by a client).
const fs = require("node:fs");
const path = require("node:path");

/** Replaced by the build with a digest of the bundle and its data: a daemon serves only its own build. */
const BUILD = "__SHELLFENCE_BUILD__";
/** As HOOK_ENV, MAX_HOOK_INPUT and STDIN_TIMEOUT_MS in hook-decide.ts (a test holds them equal). */
const HOOK_ENV = ["HOME", "CLAUDE_PROJECT_DIR", "TMPDIR", "CDPATH", "XDG_CONFIG_HOME", "CLAUDE_CONFIG_DIR", "SHELL", "GEMINI_PROJECT_DIR", "QWEN_PROJECT_DIR", "FACTORY_PROJECT_DIR"];
const MAX_INPUT = 1024 * 1024;
const STDIN_TIMEOUT_MS = 5000;
/** A warm daemon answers in about a millisecond; past this the client stops waiting. */
const ANSWER_TIMEOUT_MS = 1000;

const root = path.dirname(__dirname);
const [mode, ...rest] = process.argv.slice(2);

function note(s) {
  try {
    fs.writeSync(2, `shellfence: ${s}\n`);
  } catch {
    // stderr closed: nothing to tell
  }
}

function loadMain() {
  const main = path.join(__dirname, "hook-main.js");
  let code;
  try {
    code = fs.readFileSync(main, "utf8");
  } catch (e) {
    note(`${main} is missing (${e && e.code}); run \`npm run build\` in ${root}; not approved, the agent asks as usual`);
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
  new vm.Script(code, { filename: main, cachedData }).runInThisContext()(mod.exports, require, mod, main, __dirname);
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

/** "missing", "private" (a directory only this user can enter), or why it cannot be trusted. */
function dirState(dir) {
  const st = fs.lstatSync(dir, { throwIfNoEntry: false });
  if (!st) return "missing";
  if (!st.isDirectory()) return `${dir} is not a directory`;
  if (st.uid !== process.getuid()) return `${dir} belongs to uid ${st.uid}`;
  if ((st.mode & 0o077) !== 0) return `${dir} is open to other users (mode ${(st.mode & 0o777).toString(8)})`;
  return "private";
}

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

/** Lines up to this size reach the daemon in one piece (PIPE_BUF): the request can ride along. */
const ATOMIC_LINE = 4096;

/** The daemon's answer to `input` (stdin as read), or { restart, why } when there is none. */
function askDaemon(dir, input) {
  const nonce = Math.random().toString(36).slice(2, 10) || "0";
  const name = path.join(dir, `${process.pid}-${nonce}`);
  let wake;
  try {
    wake = fs.openSync(path.join(dir, "wake"), fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
  } catch (e) {
    // No FIFO, or a FIFO nobody reads: no daemon is running.
    if (e.code === "ENOENT" || e.code === "ENXIO") return { restart: true };
    return { restart: false, why: `cannot reach the daemon (${e.code || e.message})` };
  }
  // What the hook reads in this process: stdin, cwd, HOME (os.homedir() is $HOME when set; os
  // itself costs more than the rest of the call) and, of the environment, only HOOK_ENV. On the
  // line when it fits one atomic write, else in <name>.in.
  const env = {};
  for (const k of HOOK_ENV) if (process.env[k] !== undefined) env[k] = process.env[k];
  const home = process.env.HOME || require("node:os").homedir();
  let cwd;
  try {
    cwd = process.cwd();
  } catch (e) {
    fs.closeSync(wake);
    return { restart: false, why: `no working directory (${e.code || e.message})` };
  }
  // The hook's --agent name, which picks the adapter (as agentArg in src/agents/index.ts).
  let agent;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === "--agent") agent = rest[++i] ?? "";
    else if (rest[i].startsWith("--agent=")) agent = rest[i].slice(8);
  }
  const request = JSON.stringify({ env, home, cwd, stdin: input.text, agent });
  const call = `${process.pid} ${nonce} ${BUILD}`;
  let line = `${call} ${request}\n`;
  let sent = false;
  try {
    if (Buffer.byteLength(line) > ATOMIC_LINE) {
      const fd = fs.openSync(`${name}.in`, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
      sent = true;
      try {
        fs.writeSync(fd, request);
      } finally {
        fs.closeSync(fd);
      }
      line = `${call} in\n`;
    }
    fs.writeSync(wake, line);
  } catch (e) {
    if (sent) unlink(`${name}.in`);
    return { restart: false, why: `cannot reach the daemon (${e.code || e.message})` };
  } finally {
    fs.closeSync(wake);
  }
  const r = awaitAnswer(`${name}.out`);
  if (sent) unlink(`${name}.in`);
  return r;
}

function awaitAnswer(outFile) {
  // A look costs a failed stat (about a microsecond): look often while an answer is likely.
  const deadline = Date.now() + ANSWER_TIMEOUT_MS;
  let text = null;
  for (let looks = 0; ; looks++) {
    if (fs.statSync(outFile, { throwIfNoEntry: false })) {
      text = fs.readFileSync(outFile, "utf8");
      unlink(outFile);
      break;
    }
    if (Date.now() > deadline) return { restart: false, why: `the daemon did not answer within ${ANSWER_TIMEOUT_MS} ms` };
    Atomics.wait(sleeper, 0, 0, looks < 400 ? 0.025 : 1);
  }
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

/** Starts a daemon in home/BUILD, making both directories (private) when missing. */
function startDaemon(home) {
  const dir = path.join(home, BUILD);
  for (const d of [home, dir]) {
    try {
      fs.mkdirSync(d, { mode: 0o700 });
    } catch (e) {
      if (e.code !== "EEXIST") return;
    }
    if (dirState(d) !== "private") return;
  }
  const { spawn } = require("node:child_process");
  spawn(process.execPath, [__filename, "daemon", dir], { detached: true, stdio: "ignore", cwd: "/" }).unref();
}

function hook() {
  const home = daemonHome();
  if (!home) return inProcess();
  // Only the user's directory needs checking: only its owner can make anything inside it.
  const state = dirState(home);
  const input = readStdin();
  if (!input.ok) return inProcess(input);
  const r = state === "private" ? askDaemon(path.join(home, BUILD), input) : state === "missing" ? { restart: true } : { restart: false, why: state };
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
  if (r.restart) startDaemon(home);
  inProcess(input);
}

if (mode === "daemon") {
  const dir = rest[0];
  if (dir && path.isAbsolute(dir) && dirState(path.dirname(dir)) === "private" && dirState(dir) === "private") {
    // node cannot make a FIFO itself.
    const mkfifo = (p) => require("node:child_process").spawnSync("mkfifo", ["-m", "600", p], { stdio: "ignore" }).status === 0;
    const watch = (fd, onData, onEnd) => {
      const s = new (require("node:net").Socket)({ fd, readable: true, writable: false });
      s.on("data", onData).on("end", onEnd).on("error", onEnd);
    };
    try {
      loadMain()
        .daemon({ root, dir, build: BUILD, mkfifo, watch })
        .catch(() => process.exit(0));
    } catch {
      process.exit(0);
    }
  }
} else if (mode === "hook") {
  hook();
} else {
  inProcess();
}
