// The hook daemon (src/cli/hook-daemon.ts) and its thin client (dist/shellfence-hook.cjs) as
// real processes, in a built copy of the package with a private TMPDIR: the daemon answers as
// the bundle would in its own process, and every way it can be absent, foreign, stale, slow or
// exposed ends in the client deciding itself.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, closeSync, constants, existsSync, openSync, mkdirSync, readFileSync, renameSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildFastHook, bundle, copyPackage, hookBuildId } from "../../scripts/build.ts";
import { parseCall, parseRequest, respond, type Clients } from "../../src/cli/hook-daemon.ts";
import { HOOK_ENV, MAX_HOOK_INPUT, STDIN_TIMEOUT_MS } from "../../src/cli/hook-decide.ts";
import { PREBUILT_FILE, readPrebuilt } from "../../src/cli/prebuilt.ts";
import { classify } from "../../src/index.ts";
import { hookPayload, tempDir, VARIED_COMMANDS } from "./helpers.ts";
import { agentOf, SHAPES } from "../agents/envelopes.ts";

const uid = process.getuid!();
let t: ReturnType<typeof tempDir>;
let client: string;
let home: string;
let tmp: string;
let userDir: string;
let dir: string;
let repo: string;
beforeAll(async () => {
  t = tempDir("sf-daemon-");
  copyPackage(t.dir);
  await bundle(path.join(t.dir, "src/index.ts"), path.join(t.dir, "dist", "index.js"));
  await buildFastHook(path.join(t.dir, "dist"), t.dir);
  client = path.join(t.dir, "dist", "shellfence-hook.cjs");
  home = path.join(t.dir, "home");
  tmp = path.join(t.dir, "tmp");
  repo = path.join(t.dir, "repo");
  mkdirSync(home);
  mkdirSync(tmp);
  mkdirSync(repo);
  spawnSync("git", ["init", "-q", repo]);
  writeFileSync(path.join(repo, "a.txt"), "a\n");
  // The user's directory holds one directory per build.
  userDir = path.join(tmp, `shellfence-${uid}`);
  dir = path.join(userDir, hookBuildId(client));
}, 60_000);

const others: ChildProcess[] = [];
afterEach(async () => {
  for (const c of others.splice(0)) c.kill("SIGKILL");
  await stopDaemon();
});
afterAll(() => t.cleanup());

function hook(command: string, opts: { args?: string[]; env?: Record<string, string>; script?: string } = {}) {
  const r = spawnSync(process.execPath, [opts.script ?? client, "hook", ...(opts.args ?? [])], {
    input: hookPayload({ cwd: repo, tool_input: { command } }),
    encoding: "utf8",
    cwd: repo,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, TMPDIR: tmp, CLAUDE_PROJECT_DIR: repo, ...opts.env },
    timeout: 20_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const pidOf = (): number | null => {
  try {
    return Number(readFileSync(path.join(dir, "daemon.pid"), "utf8"));
  } catch {
    return null;
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A process reads the FIFO (a client's own test: opening it for writing fails without one). */
function served(): boolean {
  try {
    closeSync(openSync(path.join(dir, "wake"), constants.O_WRONLY | constants.O_NONBLOCK));
    return true;
  } catch {
    return false;
  }
}

/** Until a daemon other than `not` serves `dir` (after its warm-up). */
async function daemonUp(not: number | null = null): Promise<number> {
  for (let i = 0; i < 300; i++) {
    const pid = pidOf();
    if (pid !== null && pid !== not && alive(pid) && served()) return pid;
    await sleep(50);
  }
  throw new Error(`no daemon in ${dir}`);
}

async function stopDaemon(): Promise<void> {
  const pid = pidOf();
  if (pid === null || !alive(pid)) return;
  process.kill(pid, "SIGTERM");
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(20);
}

/** Without the bundle, only a daemon can decide: an answer then proves who gave it. */
async function withoutBundle<T>(f: () => T | Promise<T>): Promise<T> {
  const main = path.join(t.dir, "dist", "hook-main.js");
  renameSync(main, `${main}.away`);
  try {
    return await f();
  } finally {
    renameSync(`${main}.away`, main);
  }
}

const COMMANDS = [
  ...VARIED_COMMANDS,
  // Writes into the daemon's own directory: never approved.
  "echo x > $TMPDIR/shellfence-0/wake",
  `echo x > ${path.join("/tmp", `shellfence-${uid}`, "1.out")}`,
];

describe("the daemon's protocol", () => {
  const tablesOf = () => {
    const pre = readPrebuilt(path.join(t.dir, "dist", PREBUILT_FILE), t.dir);
    if (!pre.ok) throw new Error(pre.why);
    return { root: t.dir, build: "b1", tables: pre.tables, stamps: pre.stamps };
  };
  const request = (command: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ env: { HOME: home, CLAUDE_PROJECT_DIR: repo }, home, cwd: repo, stdin: hookPayload({ cwd: repo, tool_input: { command } }), ...extra });
  const files: string[] = [];
  const clients: Clients = { sent: (call) => (files.push(`${call.pid}-${call.nonce}.in`), call.pid === 7 ? "cannot read 7-n.in (ENOENT)" : { text: request("ls -la") }) };

  it("reads a call line: pid, nonce, build, and the request inline or in a file", () => {
    expect(parseCall('12 ab3 b1 {"x":1}')).toEqual({ pid: 12, nonce: "ab3", build: "b1", request: '{"x":1}' });
    expect(parseCall("12 ab3 b1 in")).toEqual({ pid: 12, nonce: "ab3", build: "b1", request: null });
    expect(parseCall('12 ab3 b1 {"s":"a\u2028b"}')).toMatchObject({ request: '{"s":"a\u2028b"}' });
    for (const bad of ["", "12 ab3 b1", "0 ab b1 in", "12 AB b1 in", '12 ab b1 "x"', "12 ab b1 42", "12 ../x b1 in", "-1 ab b1 in"]) {
      expect({ bad, call: parseCall(bad) }).toEqual({ bad, call: null });
    }
  });

  it("refuses malformed requests, saying why, and keeps only the variables a decision reads", () => {
    expect(parseRequest("{")).toBe("the request is not JSON");
    expect(parseRequest("[]")).toBe("the request is not an object");
    expect(parseRequest(request("ls", { env: { HOME: 1 } }))).toMatch(/env/);
    expect(parseRequest(request("ls", { cwd: null }))).toMatch(/cwd/);
    expect(parseRequest(request("ls", { stdin: 5 }))).toMatch(/stdin/);
    const r = parseRequest(request("ls", { env: { HOME: "/h", API_KEY: "secret", CDPATH: "/x" } }));
    expect(typeof r === "object" && r.env).toEqual({ HOME: "/h", CDPATH: "/x" });
  });

  it("takes the agent a request names, and refuses one that is not a string", () => {
    expect(parseRequest(request("ls", { agent: "codex" }))).toMatchObject({ agent: "codex" });
    expect(parseRequest(request("ls"))).not.toHaveProperty("agent");
    expect(parseRequest(request("ls", { agent: 3 }))).toBe("agent is not a string");
  });

  it("decides as the hook would in the client's process", async () => {
    const d = tablesOf();
    const a = await respond(d, { pid: 5, nonce: "n", build: "b1", request: request("ls -la") }, clients);
    expect(a).toMatchObject({ kind: "decided", code: 0, err: "" });
    expect(a.kind === "decided" && JSON.parse(a.out).hookSpecificOutput.permissionDecision).toBe("allow");
    expect(await respond(d, { pid: 5, nonce: "n", build: "b1", request: request("rm -rf ~") }, clients)).toEqual({ kind: "decided", code: 0, out: "", err: "" });
    expect(await respond(d, { pid: 5, nonce: "n", build: "b1", request: null }, clients)).toMatchObject({ kind: "decided" });
    expect(files).toEqual(["5-n.in"]);
  });

  it("answers another build, an unreadable or malformed request with a fallback, never a decision", async () => {
    const d = tablesOf();
    files.length = 0;
    expect(await respond(d, { pid: 5, nonce: "n", build: "b2", request: null }, clients)).toEqual({ kind: "fallback", why: "the daemon is of another build", restart: true, retire: true });
    expect(files).toEqual([]);
    expect(await respond(d, { pid: 7, nonce: "n", build: "b1", request: null }, clients)).toEqual({ kind: "fallback", why: "cannot read 7-n.in (ENOENT)", restart: false });
    expect(await respond(d, { pid: 5, nonce: "n", build: "b1", request: "{}" }, clients)).toMatchObject({ kind: "fallback", restart: false, why: expect.stringMatching(/refused the request/) });
  });

  it("never throws on any line or request, and keeps nothing of the environment but HOOK_ENV", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string().map((x) => `12 ab b1 ${x}`), fc.json().map((j) => `12 ab b1 ${j}`)), (line) => {
        const call = parseCall(line);
        if (call) expect(call.request === null || call.request.startsWith("{")).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.record({ env: fc.dictionary(fc.string(), fc.string()), home: fc.string(), cwd: fc.string(), stdin: fc.string() }).map((r) => JSON.stringify(r))), (text) => {
        const r = parseRequest(text);
        if (typeof r !== "string") for (const k of Object.keys(r.env)) expect(HOOK_ENV).toContain(k);
      }),
    );
  });

  it("is sent exactly the variables a decision reads, with the same input limits", () => {
    const text = readFileSync(path.resolve("src/cli/hook-start.cjs"), "utf8");
    expect(JSON.parse(/const HOOK_ENV = (\[[^\]]*\]);/.exec(text)?.[1] ?? "null")).toEqual([...HOOK_ENV]);
    expect(MAX_HOOK_INPUT).toBe(1024 * 1024);
    expect(text).toContain("const MAX_INPUT = 1024 * 1024;");
    expect(text).toContain(`const STDIN_TIMEOUT_MS = ${STDIN_TIMEOUT_MS};`);
  });

  it("lives in a directory no approved command writes or deletes", () => {
    for (const command of [`echo x > /tmp/shellfence-${uid}/wake`, `touch /tmp/shellfence-${uid}/1.out`, `rm -rf /tmp/shellfence-${uid}`, `mv /tmp/x /tmp/shellfence-${uid}/1.out`]) {
      expect({ command, level: classify(command, { level: "yolo", cwd: "/tmp", fs: null }).level }).toEqual({ command, level: "never" });
    }
  });
});

describe("the hook daemon", () => {
  it("is started by the first call, which decides itself; then it answers exactly as the bundle does", async () => {
    const expected = COMMANDS.map((c) => hook(c, { args: ["--no-daemon"] }));
    expect(expected[0]!.out).toMatch(/"permissionDecision":"allow"/);
    expect(hook("ls -la")).toEqual(expected[0]);
    const pid = await daemonUp();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    await withoutBundle(() => {
      // The bundle's absence is real: deciding in this process now fails closed.
      expect(hook("ls -la", { args: ["--no-daemon"] }).err).toMatch(/hook-main\.js is missing/);
      COMMANDS.forEach((command, i) => expect({ command, ...hook(command) }).toEqual({ command, ...expected[i]! }));
    });
    expect(pidOf()).toBe(pid);
  });

  it("takes stdin too long for one line as a file, and any UTF-8", async () => {
    hook("true");
    const pid = await daemonUp();
    // Over 4 KB: the client writes <pid>-<nonce>.in.
    const long = `cat <<'EOF' > notes.txt\n${"ünïcödé line\n".repeat(600)}EOF`;
    const commands = [long, `${long}\nrm -rf ~`, "echo 'héllo wörld' > greeting.txt", "rm -rf ~/ünïcödé"];
    const expected = commands.map((c) => hook(c, { args: ["--no-daemon"] }));
    expect(expected[0]!.out).toMatch(/"allow"/);
    await withoutBundle(() => {
      commands.forEach((command, i) => expect({ i, ...hook(command) }).toEqual({ i, ...expected[i]! }));
    });
    expect(pidOf()).toBe(pid);
    // Nothing is left behind: requests and answers are removed once read.
    expect(spawnSync("ls", [dir], { encoding: "utf8" }).stdout.trim().split("\n").sort()).toEqual(["daemon.pid", "wake"]);
  });

  it("reads the config file on every request", async () => {
    hook("true");
    await daemonUp();
    const xdg = path.join(home, "xdg");
    mkdirSync(path.join(xdg, "shellfence"), { recursive: true });
    await withoutBundle(() => {
      expect(hook("ls > listing.txt", { env: { XDG_CONFIG_HOME: xdg } }).out).toMatch(/"allow"/);
      writeFileSync(path.join(xdg, "shellfence", "config.toml"), 'level = "reader"\non_deny = "ask"\n');
      expect(hook("ls > listing.txt", { env: { XDG_CONFIG_HOME: xdg } }).out).toMatch(/"permissionDecision":"ask".*editor/);
    });
  });

  it("sees the filesystem afresh for each command (a project that becomes a symlink to /etc)", async () => {
    const proj = path.join(t.dir, "moving");
    mkdirSync(path.join(proj, ".git"), { recursive: true });
    const run = (command: string) =>
      spawnSync(process.execPath, [client, "hook"], {
        input: hookPayload({ cwd: proj, tool_input: { command } }),
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, TMPDIR: tmp },
      }).stdout;
    run("true");
    await daemonUp();
    expect(run("rm -rf build")).toMatch(/"allow"/);
    renameSync(proj, `${proj}.old`);
    symlinkSync("/etc", proj);
    // Now `build` is /etc/build: the daemon must not reuse what it saw of `moving` a moment ago.
    expect(run("rm -rf build")).toBe("");
  });

  it("is not used when its directory is open to other users, or not a directory of this user", () => {
    mkdirSync(userDir, { recursive: true });
    chmodSync(userDir, 0o755);
    try {
      const r = hook("ls -la");
      expect(r.out).toMatch(/"allow"/);
      expect(r.err).toMatch(/open to other users \(mode 755\); deciding without the hook daemon/);
      expect(existsSync(path.join(dir, "daemon.pid"))).toBe(false);
    } finally {
      chmodSync(userDir, 0o700);
    }
    // A symlink, even to a private directory of this user, is not the directory.
    const real = path.join(t.dir, "elsewhere");
    mkdirSync(real, { mode: 0o700 });
    renameSync(userDir, `${userDir}.saved`);
    symlinkSync(real, userDir);
    try {
      const r = hook("ls -la");
      expect(r.out).toMatch(/"allow"/);
      expect(r.err).toMatch(/is not a directory; deciding without the hook daemon/);
      expect(spawnSync("ls", ["-A", real], { encoding: "utf8" }).stdout).toBe("");
    } finally {
      unlinkSync(userDir);
      renameSync(`${userDir}.saved`, userDir);
    }
  });

  it("keeps one daemon per build, and removes a build's directory when its daemon stops", async () => {
    hook("true");
    const pid = await daemonUp();
    expect(statSync(userDir).mode & 0o777).toBe(0o700);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    await stopDaemon();
    expect(alive(pid)).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });

  it("is replaced when killed outright", async () => {
    hook("true");
    const first = await daemonUp();
    process.kill(first, "SIGKILL");
    while (alive(first)) await sleep(10);
    // Its FIFO is still there, with no reader: the client decides and starts another daemon.
    const r = hook("ls -la");
    expect(r.out).toMatch(/"allow"/);
    expect(r.err).toBe("");
    const second = await daemonUp(first);
    expect(second).not.toBe(first);
  });

  it("steps aside for a client of another build, which decides itself and starts its own", async () => {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const old = path.join(t.dir, "dist", "old-hook.cjs");
    writeFileSync(old, readFileSync(client, "utf8").replace(/const BUILD = "[0-9a-f]+";/, 'const BUILD = "0000000000000000";'));
    const oldDaemon = spawn(process.execPath, [old, "daemon", dir], { stdio: "ignore" });
    others.push(oldDaemon);
    const oldPid = await daemonUp();
    const r = hook("ls -la");
    expect(r.out).toMatch(/"allow"/);
    expect(r.err).toMatch(/the daemon is of another build; deciding without the hook daemon/);
    await daemonUp(oldPid);
    expect(alive(oldPid)).toBe(false);
  });

  it("gives up on a daemon that does not answer within 1 s, and decides itself", async () => {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    spawnSync("mkfifo", [path.join(dir, "wake")]);
    // A reader that never answers.
    const mute = spawn("sh", ["-c", 'exec 3<>"$0"; exec sleep 30', path.join(dir, "wake")], { stdio: "ignore" });
    others.push(mute);
    await sleep(200);
    const started = Date.now();
    const r = hook("ls -la");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(r.out).toMatch(/"allow"/);
    expect(r.err).toMatch(/the daemon did not answer within 1000 ms; deciding without the hook daemon/);
    expect(spawnSync("ls", [dir], { encoding: "utf8" }).stdout.trim().split("\n")).toEqual(["wake"]);
  });

  it("is off with --no-daemon or SHELLFENCE_DAEMON=0", () => {
    expect(hook("ls -la", { args: ["--no-daemon"] }).out).toMatch(/"allow"/);
    expect(hook("ls -la", { env: { SHELLFENCE_DAEMON: "0" } }).out).toMatch(/"allow"/);
    expect(pidOf()).toBe(null);
  });

  it("serves every agent: the client passes --agent, and the answer is that adapter's, as the bundle gives it", async () => {
    hook("true");
    const pid = await daemonUp();
    const run = (agent: string, input: string, args: string[] = []) => {
      const r = spawnSync(process.execPath, [client, "hook", "--agent", agent, ...args], { input, encoding: "utf8", cwd: repo, env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, TMPDIR: tmp } });
      return { code: r.status, out: r.stdout, err: r.stderr };
    };
    const calls = (Object.keys(SHAPES) as (keyof typeof SHAPES)[]).flatMap((shape) =>
      ["ls -la", "rm -rf ~"].map((command) => ({ agent: agentOf(shape), input: JSON.stringify({ ...SHAPES[shape].make(command, repo), ...(shape === "codex" ? { permission_mode: "bypassPermissions" } : {}) }) })),
    );
    const expected = calls.map((c) => run(c.agent, c.input, ["--no-daemon"]));
    // Approvals and denies both come through, in each agent's own words.
    expect(expected.some((e) => e.out.includes('"behavior":"allow"'))).toBe(true);
    expect(expected.some((e) => e.code === 2 && e.out.includes('"decision":"deny"'))).toBe(true);
    await withoutBundle(() => {
      calls.forEach((c, i) => expect({ agent: c.agent, ...run(c.agent, c.input) }).toEqual({ agent: c.agent, ...expected[i]! }));
    });
    expect(pidOf()).toBe(pid);
  });

  // Last: a data file's stamp cannot be put back exactly, so the prebuilt data stays stale.
  it("steps aside when a data file changed after it started; the client then reads the TOML files", async () => {
    hook("true");
    const pid = await daemonUp();
    const f = path.join(t.dir, "registry", "text.toml");
    const later = new Date(Date.now() + 10_000);
    utimesSync(f, later, later);
    const r = hook("ls -la");
    expect(r.out).toMatch(/"allow"/);
    expect(r.err).toMatch(/registry\/text\.toml changed after the daemon started; deciding without the hook daemon/);
    expect(r.err).toMatch(/changed after the prebuilt data was made; reading the data files instead/);
    for (let i = 0; i < 100 && alive(pid); i++) await sleep(20);
    expect(alive(pid)).toBe(false);
  });
});
