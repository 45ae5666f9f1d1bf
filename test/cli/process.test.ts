// The bundled CLI as a real process: exit codes, stdout JSON, hook envelopes. The bundle is
// built into a temp dir with the project's build script (so it also checks that the bundle
// finds regions/ and the registry). Cases that need the classifier run once src/index.ts
// exports classify.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildHookSnapshot, bundle } from "../../scripts/build.ts";
import { defaultHookCommand, readyBlob } from "../../src/cli/setup.ts";
import { SNAPSHOT_NODE_FLAGS } from "../../src/cli/snapshot-flags.ts";
import { hookPayload, tempDir } from "./helpers.ts";

const lib = (await import("../../src/index.ts")) as Record<string, unknown>;
const hasClassifier = typeof lib.classify === "function";

let t: ReturnType<typeof tempDir>;
let cliJs: string;
let blob: string | null = null;
let home: string;
beforeAll(async () => {
  t = tempDir("sf-proc-");
  cliJs = path.join(t.dir, "dist", "cli.js");
  home = path.join(t.dir, "home");
  mkdirSync(home);
  await bundle("src/cli/main.ts", cliJs, true);
  if (hasClassifier) blob = await buildHookSnapshot(path.dirname(cliJs));
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
    // The repo's own install: with the blob `npm run build` made, or without.
    expect([`node ${path.resolve("bin/shellfence.js")} hook`, `node --no-rehash-snapshot --snapshot-blob ${path.resolve("dist/hook.blob")} hook || node ${path.resolve("bin/shellfence.js")} hook`]).toContain(cmd);
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

describe.skipIf(!hasClassifier)("the hook from its V8 startup snapshot", () => {
  const repo = () => {
    const r = path.join(t.dir, "snaprepo");
    mkdirSync(r, { recursive: true });
    spawnSync("git", ["init", "-q", r]);
    return r;
  };

  it("the build made a blob that passes its self-test", () => {
    expect(blob).not.toBeNull();
  });

  it("approves, declines and reads env, HOME and config at run time, not build time", async () => {
    // In a shared checkout someone may edit registry/ meanwhile, and a stale blob rightly
    // declines; rebuild it once then, since staleness is not what this test is about.
    const probe = sf(["hook"], { node: [...SNAPSHOT_NODE_FLAGS, "--snapshot-blob", blob!], input: hookPayload({ cwd: "/", tool_input: { command: "true" } }) });
    if (/older than its data/.test(probe.err)) blob = await buildHookSnapshot(path.dirname(cliJs));
    const r = repo();
    const snap = { node: [...SNAPSHOT_NODE_FLAGS, "--snapshot-blob", blob!] };
    const ok = sf(["hook"], { ...snap, input: hookPayload({ cwd: r, tool_input: { command: "ls -la" } }), env: { CLAUDE_PROJECT_DIR: r } });
    expect(json(ok).hookSpecificOutput.permissionDecision).toBe("allow");
    expect(sf(["hook"], { ...snap, input: "{" })).toMatchObject({ code: 0, out: "" });
    // A config that only exists now, found through an env var set now.
    mkdirSync(path.join(home, "snapxdg", "shellfence"), { recursive: true });
    writeFileSync(path.join(home, "snapxdg", "shellfence", "config.toml"), 'on_deny = "ask"\nlevel = "reader"\n');
    const write = hookPayload({ cwd: r, tool_input: { command: "ls > listing.txt" } });
    const env = { CLAUDE_PROJECT_DIR: r };
    expect(json(sf(["hook"], { ...snap, input: write, env })).hookSpecificOutput.permissionDecision).toBe("allow");
    const asked = sf(["hook"], { ...snap, input: write, env: { ...env, XDG_CONFIG_HOME: path.join(home, "snapxdg") } });
    expect(json(asked).hookSpecificOutput).toMatchObject({ permissionDecision: "ask", permissionDecisionReason: expect.stringMatching(/editor/) });
  });

  it("setup remakes a blob node refuses (after a node upgrade, say), but not in --dry-run", () => {
    const bin = path.join(t.dir, "bin", "shellfence.js"); // the install whose dist/ the test built
    writeFileSync(blob!, "a blob from another node");
    expect(readyBlob(bin, true)).toMatchObject({ blob: null, note: expect.stringMatching(/would rebuild/) });
    const ready = readyBlob(bin, false);
    expect(ready).toMatchObject({ blob: blob, note: expect.stringMatching(/made a fresh hook snapshot/) });
    expect(readyBlob(bin, false)).toEqual({ blob, note: null });
  });

  it("setup's command falls back to the plain CLI when node refuses the blob", () => {
    const r = repo();
    const junk = path.join(t.dir, "junk.blob");
    writeFileSync(junk, "not a snapshot");
    // This test's own bundle stands in for bin/shellfence.js (the repo's dist may be stale).
    const command = defaultHookCommand(cliJs, junk);
    const res = spawnSync("sh", ["-c", command], {
      input: hookPayload({ cwd: r, tool_input: { command: "ls -la" } }),
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CLAUDE_PROJECT_DIR: r },
    });
    expect(res.status).toBe(0);
    expect(json({ out: res.stdout, err: res.stderr }).hookSpecificOutput.permissionDecision).toBe("allow");
  });
});
