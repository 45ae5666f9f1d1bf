// The hook daemon (src/cli/hook-daemon.ts) and its thin client (dist/shellfence-hook.cjs) as
// real processes, in a built copy of the package with a private TMPDIR: the daemon answers as
// the bundle would in its own process, and every way it can be absent, foreign, stale, slow or
// exposed ends in the client deciding itself. (Its trust boundary: daemon-boundary.test.ts;
// under load and faults: daemon-load.test.ts.)
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { InstallCheck } from "../../src/cli/daemon-install.ts";
import { parseCall, parseRequest, respond, type Clients, type Sent } from "../../src/cli/hook-daemon.ts";
import { HOOK_ENV, MAX_HOOK_INPUT, STDIN_TIMEOUT_MS } from "../../src/cli/hook-decide.ts";
import { PREBUILT_FILE, readPrebuilt } from "../../src/cli/prebuilt.ts";
import { classify } from "../../src/index.ts";
import { TreeIndexes } from "../../src/analysis/treewatch.ts";
import { alive, builtPackage, daemonUp, entries, hook as run, pidIn, sleep, stopDaemon, uid, type HookOpts, type Pkg } from "./daemon-support.ts";
import { hookPayload, tempDir, VARIED_COMMANDS } from "./helpers.ts";
import { agentOf, SHAPES } from "../agents/envelopes.ts";

let p: Pkg;
let dir: string;
beforeAll(async () => {
  p = await builtPackage();
  dir = p.daemonDir;
}, 60_000);

const others: ChildProcess[] = [];
afterEach(async () => {
  for (const c of others.splice(0)) c.kill("SIGKILL");
  await stopDaemon(dir);
});
afterAll(() => p.cleanup());

const hook = (command: string, opts: HookOpts = {}) => run(p, command, opts);
const pidOf = () => pidIn(dir);

const COMMANDS = [
  ...VARIED_COMMANDS,
  // Writes into the daemon's own directory: never approved.
  "echo x > $TMPDIR/shellfence-0/wake",
  `echo x > ${path.join("/tmp", `shellfence-${uid}`, "1.out")}`,
];

describe("the daemon's protocol", () => {
  const tablesOf = (differs: (script: string) => string | null = () => null) => {
    const pre = readPrebuilt(path.join(p.root, "dist", PREBUILT_FILE), p.root);
    if (!pre.ok) throw new Error(pre.why);
    return { root: p.root, build: "b1", tables: pre.tables, install: { differs } };
  };
  const request = (command: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ v: 2, argv: [], script: p.client, env: { HOME: p.home, CLAUDE_PROJECT_DIR: p.repo }, home: p.home, cwd: p.repo, stdin: hookPayload({ cwd: p.repo, tool_input: { command } }), ...extra });
  const call = (build = "b1", pid = 5) => ({ pid, nonce: "n", build, fd: 9 });
  const clientsFor = (text: string | null | (() => string), foreign: string | null = null): Clients => ({
    sent: (c) => (c.pid === 7 ? "cannot read 7-n.in (EACCES)" : text === null ? null : ({ text: typeof text === "string" ? text : text(), id: { dev: 1, ino: 2 } } as Sent)),
    foreign: () => foreign,
  });

  it("reads a call line: protocol, pid, nonce, build and the client's descriptor of its request", () => {
    expect(parseCall("2 12 ab3 b1 21")).toEqual({ pid: 12, nonce: "ab3", build: "b1", fd: 21 });
    for (const bad of ["", "2 12 ab3 b1", "12 ab3 b1 in", '12 ab3 b1 {"x":1}', "2 0 ab b1 3", "2 12 AB b1 3", "2 12 ab b1 x", "3 12 ab b1 3", "2 12 ../x b1 3", "2 -1 ab b1 3", "2 12 ab b1 3 4"]) {
      expect({ bad, call: parseCall(bad) }).toEqual({ bad, call: null });
    }
  });

  it("refuses malformed requests, saying why, and keeps only the variables a decision reads", () => {
    expect(parseRequest("{")).toBe("the request is not JSON");
    expect(parseRequest("[]")).toBe("the request is not an object");
    expect(parseRequest(request("ls", { v: 1 }))).toMatch(/version 2/);
    expect(parseRequest(request("ls", { argv: "x" }))).toMatch(/argv/);
    expect(parseRequest(request("ls", { env: { HOME: 1 } }))).toMatch(/env/);
    expect(parseRequest(request("ls", { cwd: null }))).toMatch(/cwd/);
    expect(parseRequest(request("ls", { cwd: "repo" }))).toMatch(/absolute/);
    expect(parseRequest(request("ls", { script: "dist/x.cjs" }))).toMatch(/absolute/);
    expect(parseRequest(request("ls", { stdin: 5 }))).toMatch(/stdin/);
    const r = parseRequest(request("ls", { argv: ["--agent", "x"], env: { HOME: "/h", API_KEY: "secret", CDPATH: "/x" }, later: true }));
    expect(typeof r === "object" && r.env).toEqual({ HOME: "/h", CDPATH: "/x" });
    expect(typeof r === "object" && r.argv).toEqual(["--agent", "x"]);
  });

  it("indexes a tree a recursive read walked, and follows a secret made or removed between two calls", async () => {
    const barrier = tempDir("sf-barrier-");
    const trees = new TreeIndexes(path.join(barrier.dir, "b"));
    const d = { ...tablesOf(), trees };
    const big = path.join(p.repo, "big");
    const deep = path.join(big, "node_modules/p30/lib");
    try {
      for (let i = 0; i < 60; i++) mkdirSync(path.join(big, `node_modules/p${i}/lib`), { recursive: true });
      for (let i = 0; i < 60; i++) for (let f = 0; f < 20; f++) writeFileSync(path.join(big, `node_modules/p${i}/lib/f${f}.js`), "");
      const decision = async (command: string) => {
        const a = await respond(d, call(), clientsFor(request(command)));
        trees.indexWanted(); // as serve() does after each answer
        return a?.kind === "decided" && a.out ? JSON.parse(a.out).hookSpecificOutput.permissionDecision : "none";
      };
      expect(await decision("grep -rn foo big")).toBe("allow");
      expect(trees.roots).toEqual([big]);
      writeFileSync(path.join(deep, ".env"), "TOKEN=1");
      expect(await decision("grep -rn foo big")).not.toBe("allow");
      unlinkSync(path.join(deep, ".env"));
      expect(await decision("rg foo big")).toBe("allow");
      symlinkSync(path.join(p.home, ".ssh/id_rsa"), path.join(deep, "notes"));
      // -R follows symlinks below its operand (-r never opens them: observed, walkfilter.ts)
      expect(await decision("grep -Rn foo big")).not.toBe("allow");
    } finally {
      trees.close();
      barrier.cleanup();
      rmSync(big, { recursive: true, force: true });
    }
  });

  it("takes the agent a request names, and refuses one that is not a string", () => {
    expect(parseRequest(request("ls", { agent: "codex" }))).toMatchObject({ agent: "codex" });
    expect(parseRequest(request("ls"))).not.toHaveProperty("agent");
    expect(parseRequest(request("ls", { agent: 3 }))).toBe("agent is not a string");
  });

  it("decides as the hook would in the client's process", async () => {
    const d = tablesOf();
    const a = await respond(d, call(), clientsFor(request("ls -la")));
    expect(a).toMatchObject({ kind: "decided", code: 0, err: "" });
    expect(a?.kind === "decided" && JSON.parse(a.out).hookSpecificOutput.permissionDecision).toBe("allow");
    expect(await respond(d, call(), clientsFor(request("rm -rf ~")))).toEqual({ kind: "decided", code: 0, out: "", err: "" });
  });

  it("answers another build, a foreign or unprovable sender, another install's bytes, an unreadable or malformed request with a fallback, never a decision", async () => {
    const d = tablesOf();
    let read = 0;
    const counting = clientsFor(() => (read++, request("ls -la")));
    expect(await respond(d, call("b2"), counting)).toEqual({ kind: "fallback", why: "the daemon is of another build", restart: true, retire: true });
    expect(read).toBe(0);
    expect(await respond(d, call("b1", 7), counting)).toEqual({ kind: "fallback", why: "cannot read 7-n.in (EACCES)", restart: false });
    expect(await respond(d, call(), clientsFor("{}"))).toMatchObject({ kind: "fallback", restart: false, why: expect.stringMatching(/refused the request/) });
    expect(await respond(d, call(), clientsFor(request("ls -la"), "the client is in another mount namespace"))).toEqual({
      kind: "fallback",
      restart: false,
      why: "the daemon cannot decide for this process: the client is in another mount namespace",
    });
    // Another install: the client decides itself; the daemon's own install: it also retires.
    const other = path.join(p.dir, "elsewhere", "dist", "shellfence-hook.cjs");
    expect(await respond(tablesOf(() => "x differs"), call(), clientsFor(request("ls -la", { script: other })))).toEqual({ kind: "fallback", restart: false, why: "the daemon serves another install's bytes: x differs" });
    expect(await respond(tablesOf(() => "x differs"), call(), clientsFor(request("ls -la")))).toMatchObject({ kind: "fallback", restart: false, retire: true });
    // The client gave up and removed its request: nobody to answer.
    expect(await respond(d, call(), clientsFor(null))).toBe(null);
  });

  it("never throws on any line or request, and keeps nothing of the environment but HOOK_ENV", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string().map((x) => `2 12 ab b1 ${x}`)), (line) => {
        const c = parseCall(line);
        if (c) expect(Number.isInteger(c.fd)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          fc.record({ v: fc.constant(2), argv: fc.array(fc.string()), script: fc.string(), env: fc.dictionary(fc.string(), fc.string()), home: fc.string(), cwd: fc.string(), stdin: fc.string() }).map((r) => JSON.stringify(r)),
        ),
        (text) => {
          const r = parseRequest(text);
          if (typeof r !== "string") for (const k of Object.keys(r.env)) expect(HOOK_ENV).toContain(k);
        },
      ),
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

describe("an install's bytes", () => {
  const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
  it("are compared file by file, hashed again only when a file's identity or stamps moved", () => {
    const t = tempDir("sf-install-");
    try {
      const a = path.join(t.dir, "a");
      const b = path.join(t.dir, "b");
      writeFileSync(a, "one");
      writeFileSync(b, "two");
      let hashed = 0;
      const check = new InstallCheck(() => [[a, sha(Buffer.from("one"))], [b, sha(Buffer.from("two"))]], (x) => (hashed++, sha(x)));
      expect(check.differs("/x")).toBe(null);
      expect(check.differs("/x")).toBe(null);
      expect(hashed).toBe(2);
      // Same size, same mtime, other bytes: ctime moved.
      const st = statSync(b);
      writeFileSync(b, "TWO");
      utimesSync(b, st.atime, st.mtime);
      expect(check.differs("/x")).toBe(`${b} differs from the daemon's`);
      writeFileSync(b, "two");
      expect(check.differs("/x")).toBe(null);
      unlinkSync(a);
      expect(check.differs("/x")).toMatch(/cannot be read \(ENOENT\)/);
      spawnSync("mkfifo", [a]);
      expect(check.differs("/x")).toMatch(/is not a file of this install/);
    } finally {
      t.cleanup();
    }
  });
});

describe("the hook daemon", () => {
  it("is started by the first call, which decides itself; then it answers exactly as the bundle does", async () => {
    const expected = COMMANDS.map((c) => hook(c, { args: ["--no-daemon"] }));
    expect(expected[0]!.out).toMatch(/"permissionDecision":"allow"/);
    expect(hook("ls -la")).toEqual(expected[0]);
    const pid = await daemonUp(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    // The bundle's absence is real: deciding in this process now fails closed.
    expect(hook("ls -la", { args: ["--no-daemon"], daemonOnly: true }).err).toMatch(/hook-main\.js is missing/);
    COMMANDS.forEach((command, i) => expect({ command, ...hook(command, { daemonOnly: true }) }).toEqual({ command, ...expected[i]! }));
    expect(pidOf()).toBe(pid);
  });

  it("takes any size of stdin and any UTF-8", async () => {
    hook("true");
    const pid = await daemonUp(dir);
    const long = `cat <<'EOF' > notes.txt\n${"ünïcödé line\n".repeat(600)}EOF`;
    const commands = [long, `${long}\nrm -rf ~`, "echo 'héllo wörld' > greeting.txt", "rm -rf ~/ünïcödé", "echo '\u2028\u2029'"];
    const expected = commands.map((c) => hook(c, { args: ["--no-daemon"] }));
    expect(expected[0]!.out).toMatch(/"allow"/);
    commands.forEach((command, i) => expect({ i, ...hook(command, { daemonOnly: true }) }).toEqual({ i, ...expected[i]! }));
    expect(pidOf()).toBe(pid);
    // Nothing is left behind: requests and answers are removed once read.
    expect(entries(dir)).toEqual(["daemon.pid", "wake"]);
  });

  it("reads the config file on every request", async () => {
    hook("true");
    await daemonUp(dir);
    const xdg = path.join(p.home, "xdg");
    mkdirSync(path.join(xdg, "shellfence"), { recursive: true });
    expect(hook("ls > listing.txt", { env: { XDG_CONFIG_HOME: xdg }, daemonOnly: true }).out).toMatch(/"allow"/);
    writeFileSync(path.join(xdg, "shellfence", "config.toml"), 'level = "reader"\non_deny = "ask"\n');
    expect(hook("ls > listing.txt", { env: { XDG_CONFIG_HOME: xdg }, daemonOnly: true }).out).toMatch(/"permissionDecision":"ask".*editor/);
  });

  it("honours custom rules as the bundle does, and follows a changed config by its content", async () => {
    hook("true");
    await daemonUp(dir);
    const xdg = path.join(p.home, "xdg-rules");
    mkdirSync(path.join(xdg, "shellfence"), { recursive: true });
    const file = path.join(xdg, "shellfence", "config.toml");
    const declare = (name: string) =>
      `[[command]]\nname = "${name}"\nsummary = "the project's CLI"\nruns_in_base = true\nlax_flags = true\nlax_why = "its own flags"\noperands = "all:ignore"\neffects = [{ op = "exec", path = ".", why = "project code" }]\n\n[[allow]]\nargv = ["tool", "session", "*"]\nlevel = "developer"\n\n[[deny]]\nargv = ["git", "push", "**", "--force", "**"]\nmessage = "No force-push."\n`;
    writeFileSync(file, declare("myproj"));
    const env = { XDG_CONFIG_HOME: xdg };
    for (const [command, want] of [
      ["myproj session start", /"allow"/],
      ["tool session start", /"allow"/],
      ["tool session start; rm -rf ~", /^$/],
      ["git push --force", /"deny".*No force-push/],
    ] as const) {
      const own = hook(command, { env, args: ["--no-daemon"] });
      expect(own.out).toMatch(want);
      expect(own.err).toBe("");
      expect(hook(command, { env, daemonOnly: true })).toEqual(own);
    }
    // The same file with other bytes: compiled again (the old name is gone, the new one declared).
    writeFileSync(file, declare("ourproj"));
    expect(hook("myproj session start", { env, daemonOnly: true }).out).toBe("");
    expect(hook("ourproj session start", { env, daemonOnly: true }).out).toMatch(/"allow"/);
    // A broken declaration reaches the user, and approves nothing.
    writeFileSync(file, '[[command]]\nname = "x"\n');
    expect(hook("ls", { env, daemonOnly: true }).out).toMatch(/systemMessage.*config\.toml:1/);
  });

  it("sees the filesystem afresh for each command (a project that becomes a symlink to /etc)", async () => {
    const proj = path.join(p.dir, "moving");
    mkdirSync(path.join(proj, ".git"), { recursive: true });
    const runIn = (command: string) =>
      spawnSync(process.execPath, [p.client, "hook"], {
        input: hookPayload({ cwd: proj, tool_input: { command } }),
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: p.home, TMPDIR: p.tmp, NODE_OPTIONS: `--require ${p.noBundle}` },
      }).stdout;
    hook("true");
    await daemonUp(dir);
    expect(runIn("rm -rf build")).toMatch(/"allow"/);
    renameSync(proj, `${proj}.old`);
    symlinkSync("/etc", proj);
    // Now `build` is /etc/build: the daemon must not reuse what it saw of `moving` a moment ago.
    expect(runIn("rm -rf build")).toBe("");
  });

  it("is not used when its directory is open to other users, or not a directory of this user", () => {
    mkdirSync(p.userDir, { recursive: true });
    chmodSync(p.userDir, 0o755);
    try {
      const r = hook("ls -la");
      expect(r.out).toMatch(/"allow"/);
      expect(r.err).toMatch(/open to other users \(mode 755\); deciding without the hook daemon/);
      expect(existsSync(path.join(dir, "daemon.pid"))).toBe(false);
    } finally {
      chmodSync(p.userDir, 0o700);
    }
    // A symlink, even to a private directory of this user, is not the directory.
    const real = path.join(p.dir, "elsewhere");
    mkdirSync(real, { mode: 0o700 });
    renameSync(p.userDir, `${p.userDir}.saved`);
    symlinkSync(real, p.userDir);
    try {
      const r = hook("ls -la");
      expect(r.out).toMatch(/"allow"/);
      expect(r.err).toMatch(/is not a directory; deciding without the hook daemon/);
      expect(spawnSync("ls", ["-A", real], { encoding: "utf8" }).stdout).toBe("");
    } finally {
      unlinkSync(p.userDir);
      renameSync(`${p.userDir}.saved`, p.userDir);
    }
  });

  it("keeps one daemon per build, and removes a build's directory when its daemon stops", async () => {
    hook("true");
    const pid = await daemonUp(dir);
    expect(statSync(p.userDir).mode & 0o777).toBe(0o700);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    await stopDaemon(dir);
    expect(alive(pid)).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });

  it("is replaced when killed outright", async () => {
    hook("true");
    const first = await daemonUp(dir);
    process.kill(first, "SIGKILL");
    while (alive(first)) await sleep(10);
    // Its FIFO is still there, with no reader: the client decides and starts another daemon.
    const r = hook("ls -la");
    expect(r.out).toMatch(/"allow"/);
    expect(r.err).toBe("");
    const second = await daemonUp(dir, first);
    expect(second).not.toBe(first);
  });

  it("keeps a daemon per build: a client of another build starts its own, and neither retires the other", async () => {
    const old = path.join(p.root, "dist", "old-hook.cjs");
    writeFileSync(old, readFileSync(p.client, "utf8").replace(/const BUILD = "[0-9a-f]+";/, 'const BUILD = "0000000000000000";'));
    const oldDir = path.join(p.userDir, "0000000000000000");
    try {
      hook("true", { script: old });
      const oldPid = await daemonUp(oldDir);
      hook("true");
      const pid = await daemonUp(dir);
      expect(hook("ls -la", { script: old, daemonOnly: true }).out).toMatch(/"allow"/);
      expect(hook("ls -la", { daemonOnly: true }).out).toMatch(/"allow"/);
      expect([alive(oldPid), alive(pid)]).toEqual([true, true]);
    } finally {
      await stopDaemon(oldDir);
      unlinkSync(old);
    }
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
    expect(entries(dir)).toEqual(["wake"]);
  });

  it("is off with --no-daemon or SHELLFENCE_DAEMON=0", () => {
    expect(hook("ls -la", { args: ["--no-daemon"] }).out).toMatch(/"allow"/);
    expect(hook("ls -la", { env: { SHELLFENCE_DAEMON: "0" } }).out).toMatch(/"allow"/);
    expect(pidOf()).toBe(null);
  });

  it("serves every agent: the client passes --agent, and the answer is that adapter's, as the bundle gives it", async () => {
    hook("true");
    const pid = await daemonUp(dir);
    const runAgent = (agent: string, input: string, args: string[] = [], daemonOnly = false) => {
      const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: p.home, TMPDIR: p.tmp };
      if (daemonOnly) env.NODE_OPTIONS = `--require ${p.noBundle}`;
      const r = spawnSync(process.execPath, [p.client, "hook", "--agent", agent, ...args], { input, encoding: "utf8", cwd: p.repo, env });
      return { code: r.status, out: r.stdout, err: r.stderr };
    };
    const calls = (Object.keys(SHAPES) as (keyof typeof SHAPES)[]).flatMap((shape) =>
      ["ls -la", "rm -rf ~"].map((command) => ({ agent: agentOf(shape), input: JSON.stringify({ ...SHAPES[shape].make(command, p.repo), ...(shape === "codex" ? { permission_mode: "bypassPermissions" } : {}) }) })),
    );
    const expected = calls.map((c) => runAgent(c.agent, c.input, ["--no-daemon"]));
    // Approvals and denies both come through, in each agent's own words.
    expect(expected.some((e) => e.out.includes('"behavior":"allow"'))).toBe(true);
    expect(expected.some((e) => e.code === 2 && e.out.includes('"decision":"deny"'))).toBe(true);
    calls.forEach((c, i) => expect({ agent: c.agent, ...runAgent(c.agent, c.input, [], true) }).toEqual({ agent: c.agent, ...expected[i]! }));
    expect(pidOf()).toBe(pid);
  });

  it("serves another install with the same bytes, whatever its files' stamps", async () => {
    // A copy without -a: every file has new mtimes (its own fast hook would find its prebuilt data stale).
    const copy = path.join(p.dir, "copy");
    for (const d of ["dist", "registry", "regions", "bin"]) cpSync(path.join(p.root, d), path.join(copy, d), { recursive: true });
    hook("true");
    const pid = await daemonUp(dir);
    expect(hook("ls -la", { script: path.join(copy, "dist", "shellfence-hook.cjs"), daemonOnly: true }).out).toMatch(/"allow"/);
    expect(pidOf()).toBe(pid);
  });

  // Last: the prebuilt data stays stale for the rest of this file.
  it("steps aside when its own install's data changed after it started; the client then reads the TOML files", async () => {
    hook("true");
    const pid = await daemonUp(dir);
    const f = path.join(p.root, "registry", "text.toml");
    writeFileSync(f, readFileSync(f, "utf8") + "\n# edited\n");
    const r = hook("ls -la");
    expect(r.out).toMatch(/"allow"/);
    expect(r.err).toMatch(/registry\/text\.toml differs from the daemon's; deciding without the hook daemon/);
    expect(r.err).toMatch(/changed after the prebuilt data was made; reading the data files instead/);
    for (let i = 0; i < 100 && alive(pid); i++) await sleep(20);
    expect(alive(pid)).toBe(false);
  });
});
