import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backupName, defaultHookCommand, readyFastHook, runSetup } from "../../src/cli/setup.ts";
import { makeIo, tempDir } from "./helpers.ts";
import { isShellfenceHook } from "../../src/hooks/claude-settings.ts";

let t: ReturnType<typeof tempDir>;
let file: string;
beforeEach(() => {
  t = tempDir();
  file = path.join(t.dir, ".claude", "settings.json");
});
afterEach(() => t.cleanup());

async function setup(...args: string[]) {
  const io = makeIo({ home: t.dir });
  const code = await runSetup(args, io);
  return { code, out: io.stdout.join(""), err: io.stderr.join("") };
}
const backups = () => readdirSync(path.dirname(file)).filter((f) => f.startsWith("settings.json.bak-"));
const settings = () => JSON.parse(readFileSync(file, "utf8"));

describe("shellfence setup", () => {
  it.runIf(process.platform === "linux")("says when the hook it installed will start a daemon, and how to do without", async () => {
    const withDaemon = await setup("--command", "node /opt/sf/dist/shellfence-hook.cjs hook");
    expect(withDaemon.out).toMatch(/starts a background daemon.*--no-daemon/);
    const without = await setup("--command", "node /opt/sf/dist/shellfence-hook.cjs hook --no-daemon");
    expect(without.out).toMatch(/Command: node \/opt\/sf\/dist\/shellfence-hook\.cjs hook --no-daemon/);
    expect(without.out).not.toMatch(/daemon on its first call/);
    expect((await setup("--command", "node /opt/shellfence/bin/shellfence.js hook")).out).not.toMatch(/daemon on its first call/);
  });

  it("creates ~/.claude/settings.json when missing, with no backup", async () => {
    const r = await setup();
    expect(r.code).toBe(0);
    expect(settings().hooks.PreToolUse).toEqual([
      { matcher: "Bash", hooks: [{ type: "command", command: `[ -f /opt/shellfence/bin/shellfence.js ] && [ -x ${process.execPath} ] || exit 0; exec ${process.execPath} /opt/shellfence/bin/shellfence.js hook`, timeout: 10 }] },
    ]);
    expect(backups()).toEqual([]);
  });

  it("says why it writes the plain CLI when the fast hook is missing; --plain (or --no-snapshot) asks for the plain CLI", async () => {
    const r = await setup("--dry-run");
    expect(r.err).toMatch(/no fast hook \(.*shellfence-hook\.cjs is missing/);
    expect(r.out).toContain(`exec ${process.execPath} /opt/shellfence/bin/shellfence.js hook`);
    for (const flag of ["--plain", "--no-snapshot"]) {
      const p = await setup("--dry-run", flag);
      expect(p.code).toBe(0);
      expect(p.err).toBe("");
      expect(p.out).toContain(`exec ${process.execPath} /opt/shellfence/bin/shellfence.js hook`);
    }
  });

  it("installs the PostToolUse hook only when asked (--post-tool-use), and uninstall removes it too", async () => {
    await setup();
    expect(settings().hooks.PostToolUse).toBeUndefined();
    const r = await setup("--post-tool-use");
    expect(r.code).toBe(0);
    expect(settings().hooks.PostToolUse).toEqual([{ matcher: "Bash", hooks: [{ type: "command", command: settings().hooks.PreToolUse[0].hooks[0].command, timeout: 10 }] }]);
    expect((await setup("--post-tool-use")).out).toMatch(/already installed/);
    const { runUninstall } = await import("../../src/cli/uninstall.ts");
    const io = makeIo({ home: t.dir });
    expect(await runUninstall([], io)).toBe(0);
    expect(settings().hooks?.PostToolUse ?? []).toEqual([]);
    expect(settings().hooks?.PreToolUse ?? []).toEqual([]);
  });

  it("backs the file up, keeps other keys, and is idempotent", async () => {
    mkdirSync(path.dirname(file), { recursive: true });
    const original = JSON.stringify({ model: "sonnet", permissions: { allow: ["Bash(ls:*)"] }, hooks: { Stop: [] } }, null, 4);
    writeFileSync(file, original);
    expect((await setup()).code).toBe(0);
    expect(backups()).toEqual(["settings.json.bak-20261130T010203Z"]);
    expect(readFileSync(path.join(path.dirname(file), backups()[0]!), "utf8")).toBe(original);
    const after = settings();
    expect(after.model).toBe("sonnet");
    expect(after.permissions).toEqual({ allow: ["Bash(ls:*)"] });
    expect(after.hooks.Stop).toEqual([]);
    const written = readFileSync(file, "utf8");

    const again = await setup();
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/already installed/);
    expect(readFileSync(file, "utf8")).toBe(written);
    expect(backups()).toHaveLength(1);
  });

  it("refuses a malformed file, leaves it untouched, exits 2", async () => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{\n  "model": "opus",\n}\n');
    const r = await setup();
    expect(r.code).toBe(2);
    expect(r.err).toContain(file);
    expect(r.err).toMatch(/line 3/);
    expect(readFileSync(file, "utf8")).toBe('{\n  "model": "opus",\n}\n');
    expect(backups()).toEqual([]);
  });

  it("edits a symlinked settings file where it points, keeping the link and the mode", async () => {
    const real = path.join(t.dir, "dotfiles", "claude-settings.json");
    mkdirSync(path.dirname(real), { recursive: true });
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(real, '{"model": "opus"}', { mode: 0o640 });
    symlinkSync(real, file);
    expect((await setup()).code).toBe(0);
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(real, "utf8"))).toMatchObject({ model: "opus", hooks: { PreToolUse: [{ matcher: "Bash" }] } });
    expect(statSync(real).mode & 0o777).toBe(0o640);
    expect(readdirSync(path.dirname(real)).some((f) => f.startsWith("claude-settings.json.bak-"))).toBe(true);
  });

  it("targets --settings FILE and honours --command", async () => {
    const other = path.join(t.dir, "proj", ".claude", "settings.local.json");
    const r = await setup("--settings", other, "--command", "shellfence hook");
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(other, "utf8")).hooks.PreToolUse[0].hooks[0].command).toBe("shellfence hook");
    expect(existsSync(file)).toBe(false);
  });

  it("--dry-run prints the result and writes nothing", async () => {
    const r = await setup("--dry-run");
    expect(JSON.parse(r.out).hooks.PreToolUse[0].matcher).toBe("Bash");
    expect(existsSync(file)).toBe(false);
  });

  it("rejects unknown arguments", async () => {
    expect((await setup("--force")).code).toBe(2);
    expect(existsSync(file)).toBe(false);
  });
});

describe("setup helpers", () => {
  it("uses this install's absolute path, or npx from npx's cache", () => {
    const N = "/usr/bin/node";
    expect(defaultHookCommand("/usr/lib/node_modules/shellfence/bin/shellfence.js", null, true, "claude-code", N)).toBe("[ -f /usr/lib/node_modules/shellfence/bin/shellfence.js ] && [ -x /usr/bin/node ] || exit 0; exec /usr/bin/node /usr/lib/node_modules/shellfence/bin/shellfence.js hook");
    expect(defaultHookCommand("/Users/a b/sf/bin/shellfence.js", null, true, "claude-code", "/opt/my node/node")).toBe(
      "[ -f '/Users/a b/sf/bin/shellfence.js' ] && [ -x '/opt/my node/node' ] || exit 0; exec '/opt/my node/node' '/Users/a b/sf/bin/shellfence.js' hook",
    );
    // The node that runs setup, by its absolute path, unless another is given.
    expect(defaultHookCommand("/opt/sf/bin/shellfence.js", null)).toContain(`exec ${process.execPath} /opt/sf/bin/shellfence.js hook`);
    expect(defaultHookCommand("/home/u/.npm/_npx/1f2e/node_modules/shellfence/bin/shellfence.js", "/home/u/.npm/_npx/1f2e/node_modules/shellfence/dist/shellfence-hook.cjs")).toBe(
      "npx --yes shellfence hook",
    );
  });

  it("prefers the fast hook, else the plain CLI", () => {
    const bin = "/opt/sf/bin/shellfence.js";
    // An install without a built fast hook has none to offer, and says why.
    expect(readyFastHook(bin)).toEqual({ hook: null, note: expect.stringMatching(/shellfence-hook\.cjs is missing/) });
    const N = "/usr/bin/node";
    expect(defaultHookCommand(bin, "/opt/sf/dist/shellfence-hook.cjs", true, "claude-code", N)).toBe("[ -f /opt/sf/dist/shellfence-hook.cjs ] && [ -x /usr/bin/node ] || exit 0; exec /usr/bin/node /opt/sf/dist/shellfence-hook.cjs hook");
    expect(defaultHookCommand(bin, null, true, "claude-code", N)).toBe("[ -f /opt/sf/bin/shellfence.js ] && [ -x /usr/bin/node ] || exit 0; exec /usr/bin/node /opt/sf/bin/shellfence.js hook");
    // --no-daemon: the fast hook without its daemon; the plain CLI never has one.
    expect(defaultHookCommand(bin, "/opt/sf/dist/shellfence-hook.cjs", false, "claude-code", N)).toBe("[ -f /opt/sf/dist/shellfence-hook.cjs ] && [ -x /usr/bin/node ] || exit 0; exec /usr/bin/node /opt/sf/dist/shellfence-hook.cjs hook --no-daemon");
    expect(defaultHookCommand(bin, null, false, "claude-code", N)).toBe("[ -f /opt/sf/bin/shellfence.js ] && [ -x /usr/bin/node ] || exit 0; exec /usr/bin/node /opt/sf/bin/shellfence.js hook");
    expect(defaultHookCommand(bin, null, true, "codex", N)).toBe("[ -f /opt/sf/bin/shellfence.js ] && [ -x /usr/bin/node ] || exit 0; exec /usr/bin/node /opt/sf/bin/shellfence.js hook --agent codex");
    expect(isShellfenceHook("node /opt/sf/dist/shellfence-hook.cjs hook --no-daemon")).toBe(true);
    expect(isShellfenceHook(defaultHookCommand(bin, "/opt/sf/dist/shellfence-hook.cjs", false, "codex", N))).toBe(true);
  });

  it("a hook whose install has gone away says nothing and exits 0", () => {
    for (const [script, fast] of [["/nonexistent/sf/bin/shellfence.js", null], ["/nonexistent/sf/bin/shellfence.js", "/nonexistent/sf/dist/shellfence-hook.cjs"]] as const) {
      const r = spawnSync("sh", ["-c", defaultHookCommand(script, fast, true, "codex")], { input: "{}", encoding: "utf8" });
      expect([r.status, r.stdout, r.stderr]).toEqual([0, "", ""]);
    }
    // A node that went away (a removed version manager's node) too.
    const r = spawnSync("sh", ["-c", defaultHookCommand(process.argv[1]!, null, true, "claude-code", "/nonexistent/node")], { input: "{}", encoding: "utf8" });
    expect([r.status, r.stdout, r.stderr]).toEqual([0, "", ""]);
  });

  it("never reuses a backup name", () => {
    const taken = new Set(["/s.json.bak-20261130T010203Z", "/s.json.bak-20261130T010203Z-2"]);
    expect(backupName("/s.json", new Date("2026-11-30T01:02:03Z"), (p) => taken.has(p))).toBe("/s.json.bak-20261130T010203Z-3");
  });
});
