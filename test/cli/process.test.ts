// The bundled CLI as a real process: exit codes, stdout JSON, hook envelopes. The bundle is
// built into a temp dir with the project's build script (so it also checks that the bundle
// finds regions/ and the registry). Cases that need the classifier run once src/index.ts
// exports classify.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFastHook, bundle, copyPackage, ZOD_MARKERS } from "../../scripts/build.ts";
import { defaultHookCommand, readyFastHook } from "../../src/cli/setup.ts";
import { hookPayload, tempDir, VARIED_COMMANDS } from "./helpers.ts";

const lib = (await import("../../src/index.ts")) as Record<string, unknown>;
const hasClassifier = typeof lib.classify === "function";

let t: ReturnType<typeof tempDir>;
let cliJs: string;
let fastHook: string;
let home: string;
beforeAll(async () => {
  t = tempDir("sf-proc-");
  // A copy of the package (its data files are what the fast hook's prebuilt data is checked against).
  copyPackage(t.dir);
  cliJs = path.join(t.dir, "dist", "cli.js");
  home = path.join(t.dir, "home");
  mkdirSync(home);
  await bundle(path.join(t.dir, "src/cli/main.ts"), cliJs, true);
  if (hasClassifier) {
    await bundle(path.join(t.dir, "src/index.ts"), path.join(t.dir, "dist", "index.js"));
    await buildFastHook(path.join(t.dir, "dist"), t.dir);
  }
  fastHook = path.join(t.dir, "dist", "shellfence-hook.cjs");
});
afterAll(() => t.cleanup());

function sf(args: string[], opts: { input?: string; env?: Record<string, string>; cwd?: string; node?: string[] } = {}) {
  const r = spawnSync(process.execPath, [...(opts.node ?? [cliJs]), ...args], {
    input: opts.input ?? "",
    encoding: "utf8",
    cwd: opts.cwd ?? home,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, ...opts.env },
    timeout: 20_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr + (r.signal ? ` [signal ${r.signal}]` : "") };
}

/** stdout as JSON, or a failure that shows stderr (the reason the CLI printed nothing). */
function json(r: { out: string; err: string }) {
  try {
    return JSON.parse(r.out) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
  } catch {
    throw new Error(`no JSON on stdout; stderr: ${JSON.stringify(r.err.trim().slice(-400))}`);
  }
}

describe("bundled CLI: usage and config errors", () => {
  it("exits 2 with the level list for an unknown level", () => {
    const r = sf(["check", "--level", "root", "ls"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown level "root".*paranoid, reader, editor, developer, local-admin, network-admin, yolo/);
  });

  it("exits 2 for an unknown flag, a missing command, an unknown subcommand", () => {
    expect(sf(["check", "--nope", "ls"]).code).toBe(2);
    expect(sf(["check"]).code).toBe(2);
    expect(sf(["explain"]).code).toBe(2);
    expect(sf(["nope"]).code).toBe(2);
  });

  it("exits 2 on a bad config file", () => {
    mkdirSync(path.join(home, "xdg", "shellfence"), { recursive: true });
    writeFileSync(path.join(home, "xdg", "shellfence", "config.toml"), 'level = "sudo"\n');
    const r = sf(["check", "ls"], { env: { XDG_CONFIG_HOME: path.join(home, "xdg") } });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/xdg\/shellfence\/config\.toml:1/);
  });

  it("levels reads regions/levels.toml from the bundle", () => {
    const r = sf(["levels", "--json"]);
    expect(r.code).toBe(0);
    expect(json(r).levels).toHaveLength(7);
  });

  it("setup writes the hook with this install's absolute bin path", () => {
    const file = path.join(home, "s.json");
    expect(sf(["setup", "--settings", file]).code).toBe(0);
    const cmd = JSON.parse(readFileSync(file, "utf8")).hooks.PreToolUse[0].hooks[0].command as string;
    // This test's install (the package copy): its fast hook once built, else the plain CLI.
    const script = hasClassifier ? path.join(t.dir, "dist", "shellfence-hook.cjs") : path.join(t.dir, "bin", "shellfence.js");
    expect(cmd).toBe(`[ -f ${script} ] && [ -x ${process.execPath} ] || exit 0; exec ${process.execPath} ${script} hook`);
    expect(sf(["setup", "--settings", file]).out).toMatch(/already installed/);
    writeFileSync(file, "{oops");
    expect(sf(["setup", "--settings", file]).code).toBe(2);
    expect(readFileSync(file, "utf8")).toBe("{oops");
  });
});

describe("bundled CLI: hook input it declines", () => {
  it.each([
    ["empty stdin", ""],
    ["malformed JSON", "{]"],
    ["truncated input", hookPayload().slice(0, 70)],
    ["another tool", hookPayload({ tool_name: "Read", tool_input: { file_path: "/etc/passwd" } })],
    ["a missing command", hookPayload({ tool_input: {} })],
    ["a non-string command", hookPayload({ tool_input: { command: 7 } })],
    ["huge input", hookPayload({ tool_input: { command: "ls" }, junk: "a".repeat(3 * 1024 * 1024) })],
  ])("%s: exit 0, empty stdout, one stderr line", (_n, input) => {
    const r = sf(["hook"], { input });
    expect(r.code).toBe(0);
    expect(r.out).toBe("");
    expect(r.err.trimEnd().split("\n")).toHaveLength(1);
  });
});

describe.skipIf(!hasClassifier)("bundled CLI with the classifier", () => {
  it("check: reading the project is approved at developer, exit 0 with the JSON contract", () => {
    const repo = path.join(t.dir, "repo");
    mkdirSync(repo, { recursive: true });
    spawnSync("git", ["init", "-q", repo]);
    writeFileSync(path.join(repo, "a.txt"), "a\n");
    const r = sf(["check", "--json", "--cwd", repo, "cat a.txt | wc -l"]);
    expect(r.code).toBe(0);
    const j = json(r);
    expect(j.decision).toBe("allow");
    // The temp repo sits under /tmp, which regions may place as tmp (paranoid) or worktree (reader).
    expect(["paranoid", "reader"]).toContain(j.level);
    expect(j.configuredLevel).toBe("developer");
    expect(Array.isArray(j.reasons)).toBe(true);
    expect(j.commands.map((c: { argv: string[] }) => c.argv)).toEqual([["cat", "a.txt"], ["wc", "-l"]]);
    expect(j.commands[0].bases).toEqual([repo]);
    expect(j.effects).toContainEqual(expect.objectContaining({ op: "read", target: path.join(repo, "a.txt") }));
    for (const e of j.effects) expect(Object.keys(e).sort()).toEqual(["locus", "op", "source", "target"]);
  });

  it('check "git status" in a repo exits 0 (the README example)', () => {
    const repo = path.join(t.dir, "gitrepo");
    mkdirSync(repo, { recursive: true });
    spawnSync("git", ["init", "-q", repo]);
    const r = sf(["check", "--cwd", repo, "git status"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^allow: /);
  });

  it("check: a dynamic word is null in argv and not approved", () => {
    const r = sf(["check", "--json", "cat $X"]);
    const j = json(r);
    expect(j.commands[0].argv).toEqual(["cat", null]);
    expect(r.code).toBe(1);
  });

  it("check: rm -rf ~ is not approved at any level, exit 1", () => {
    const r = sf(["check", "--json", "--level", "yolo", "rm -rf ~"]);
    expect(r.code).toBe(1);
    expect(json(r)).toMatchObject({ decision: "ask", level: "never" });
  });

  it("check: the level flag decides between exit 0 and 1", () => {
    const repo = path.join(t.dir, "repo2");
    mkdirSync(repo, { recursive: true });
    spawnSync("git", ["init", "-q", repo]);
    expect(sf(["check", "--cwd", repo, "--level", "reader", "ls > listing.txt"]).code).toBe(1);
    expect(sf(["check", "--cwd", repo, "--level", "editor", "ls > listing.txt"]).code).toBe(0);
  });

  it("hook: approves reading the project, stays silent for rm -rf ~", () => {
    const repo = path.join(t.dir, "repo3");
    mkdirSync(repo, { recursive: true });
    spawnSync("git", ["init", "-q", repo]);
    const ok = sf(["hook"], { input: hookPayload({ cwd: repo, tool_input: { command: "ls -la" } }), env: { CLAUDE_PROJECT_DIR: repo } });
    expect(ok.code).toBe(0);
    const out = json(ok);
    expect(out.hookSpecificOutput).toMatchObject({ hookEventName: "PreToolUse", permissionDecision: "allow" });
    expect(out.hookSpecificOutput.permissionDecisionReason).toMatch(/^shellfence: /);
    const no = sf(["hook"], { input: hookPayload({ cwd: repo, tool_input: { command: "rm -rf ~" } }), env: { CLAUDE_PROJECT_DIR: repo } });
    expect(no).toMatchObject({ code: 0, out: "" });
  });

  it("explain names the commands and the decision", () => {
    const r = sf(["explain", "ls | rm -rf ~"]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/rm/);
    expect(r.out).toMatch(/ls/);
  });
});

describe.skipIf(!hasClassifier)("the fast hook (dist/shellfence-hook.cjs)", () => {
  // The bundle deciding in its own process; the daemon has its tests in daemon.test.ts.
  const fast = (input: string, env: Record<string, string> = {}) => sf(["hook", "--no-daemon"], { node: [fastHook], input, env });
  const repo = (name: string) => {
    const r = path.join(t.dir, name);
    mkdirSync(r, { recursive: true });
    spawnSync("git", ["init", "-q", r]);
    return r;
  };

  it("has no zod in its bundle, and a code cache node accepts", () => {
    const code = readFileSync(path.join(t.dir, "dist", "hook-main.js"), "utf8");
    for (const m of ZOD_MARKERS) expect(code).not.toContain(m);
    const probe = spawnSync(process.execPath, ["-e", `const fs=require("fs"),vm=require("vm");const m=process.argv[1];const s=new vm.Script(fs.readFileSync(m,"utf8"),{filename:m,cachedData:fs.readFileSync(m+".cache")});console.log(s.cachedDataRejected)`, path.join(t.dir, "dist", "hook-main.js")], { encoding: "utf8" });
    expect(probe.stdout.trim()).toBe("false");
  });

  it("decides exactly as `shellfence hook` does", () => {
    const r = repo("fastrepo");
    writeFileSync(path.join(r, "a.txt"), "a\n");
    const env = { CLAUDE_PROJECT_DIR: r };
    const commands = VARIED_COMMANDS;
    for (const command of commands) {
      const input = hookPayload({ cwd: r, tool_input: { command } });
      const a = fast(input, env);
      const b = sf(["hook"], { input, env });
      expect({ command, code: a.code, out: a.out }).toEqual({ command, code: b.code, out: b.out });
    }
    expect(json(fast(hookPayload({ cwd: r, tool_input: { command: "ls -la" } }), env)).hookSpecificOutput.permissionDecision).toBe("allow");
  });

  it("declines bad input with exit 0, empty stdout and one stderr line", () => {
    for (const input of ["", "{]", hookPayload({ tool_name: "Read", tool_input: { file_path: "/etc/passwd" } }), hookPayload({ tool_input: {} })]) {
      const r = fast(input);
      expect(r.code).toBe(0);
      expect(r.out).toBe("");
      expect(r.err.trimEnd().split("\n")).toHaveLength(1);
    }
  });

  it("reads env, HOME and config at run time", () => {
    const r = repo("fastcfg");
    mkdirSync(path.join(home, "fastxdg", "shellfence"), { recursive: true });
    writeFileSync(path.join(home, "fastxdg", "shellfence", "config.toml"), 'on_deny = "ask"\nlevel = "reader"\n');
    const write = hookPayload({ cwd: r, tool_input: { command: "ls > listing.txt" } });
    expect(json(fast(write, { CLAUDE_PROJECT_DIR: r })).hookSpecificOutput.permissionDecision).toBe("allow");
    const asked = fast(write, { CLAUDE_PROJECT_DIR: r, XDG_CONFIG_HOME: path.join(home, "fastxdg") });
    expect(json(asked).hookSpecificOutput).toMatchObject({ permissionDecision: "ask", permissionDecisionReason: expect.stringMatching(/editor/) });
  });

  it("falls back to the data files (same verdict, a note on stderr) when their bytes changed after the build, not their mtimes", () => {
    const r = repo("fastwhenstale");
    const f = path.join(t.dir, "registry", "text.toml");
    const original = readFileSync(f);
    const later = new Date(Date.now() + 10_000);
    utimesSync(f, later, later);
    try {
      // A new mtime alone (what npm install gives every file) is not a change: the fast path.
      const touched = fast(hookPayload({ cwd: r, tool_input: { command: "ls -la" } }), { CLAUDE_PROJECT_DIR: r });
      expect(json(touched).hookSpecificOutput.permissionDecision).toBe("allow");
      expect(touched.err).toBe("");
      // Same size, other bytes: stale.
      const text = original.toString("utf8");
      const i = text.lastIndexOf("#");
      expect(i).toBeGreaterThanOrEqual(0);
      writeFileSync(f, text.slice(0, i) + (text[i + 1] === "x" ? "#y" : "#x") + text.slice(i + 2));
      const ok = fast(hookPayload({ cwd: r, tool_input: { command: "ls -la" } }), { CLAUDE_PROJECT_DIR: r });
      expect(json(ok).hookSpecificOutput.permissionDecision).toBe("allow");
      expect(ok.err).toMatch(/registry\/text\.toml changed after the prebuilt data was made/);
      expect(fast(hookPayload({ cwd: r, tool_input: { command: "rm -rf ~" } }), { CLAUDE_PROJECT_DIR: r })).toMatchObject({ code: 0, out: "" });
    } finally {
      writeFileSync(f, original);
    }
  });

  it("still decides when node refuses the code cache, and declines when its bundle is missing", () => {
    const r = repo("fastcache");
    const cache = path.join(t.dir, "dist", "hook-main.js.cache");
    const saved = readFileSync(cache);
    writeFileSync(cache, "a cache from another node");
    try {
      expect(json(fast(hookPayload({ cwd: r, tool_input: { command: "ls -la" } }), { CLAUDE_PROJECT_DIR: r })).hookSpecificOutput.permissionDecision).toBe("allow");
    } finally {
      writeFileSync(cache, saved);
    }
    const main = path.join(t.dir, "dist", "hook-main.js");
    const code = readFileSync(main);
    rmSync(main);
    try {
      const res = fast(hookPayload({ cwd: r, tool_input: { command: "ls -la" } }));
      expect(res).toMatchObject({ code: 0, out: "" });
      expect(res.err).toMatch(/hook-main\.js is missing.*not approved/);
    } finally {
      writeFileSync(main, code);
    }
  });

  it("setup installs it after its self-test, and the installed command approves", () => {
    const bin = path.join(t.dir, "bin", "shellfence.js");
    expect(readyFastHook(bin)).toEqual({ hook: fastHook, note: null });
    const r = repo("fastsetup");
    expect(defaultHookCommand(bin, fastHook)).toBe(`[ -f ${fastHook} ] && [ -x ${process.execPath} ] || exit 0; exec ${process.execPath} ${fastHook} hook`);
    // (The daemon that form starts is daemon.test.ts's; this one decides in its own process.)
    const command = defaultHookCommand(bin, fastHook, false);
    expect(command).toMatch(/ hook --no-daemon$/);
    const res = spawnSync("sh", ["-c", command], {
      input: hookPayload({ cwd: r, tool_input: { command: "ls -la" } }),
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CLAUDE_PROJECT_DIR: r },
    });
    expect(res.status).toBe(0);
    expect(json({ out: res.stdout, err: res.stderr }).hookSpecificOutput.permissionDecision).toBe("allow");
  });
});
