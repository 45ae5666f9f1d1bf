// `shellfence setup --agent NAME|all` and `--list-agents`: each agent's file, with the guarantees
// Claude Code's setup has (idempotent, a backup, every other key kept, --dry-run, a file it
// cannot parse left alone), and OpenCode's plugin, which really blocks what is not approved.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSetup } from "../../src/cli/setup.ts";
import { renderPlugin } from "../../src/agents/opencode.ts";
import { AGENT_NAMES } from "../../src/agents/index.ts";
import { makeIo, tempDir } from "./helpers.ts";

let t: ReturnType<typeof tempDir>;
beforeEach(() => {
  t = tempDir();
});
afterEach(() => t.cleanup());

async function setup(...args: string[]) {
  const io = makeIo({ home: t.dir });
  const code = await runSetup(args, io);
  return { code, out: io.stdout.join(""), err: io.stderr.join("") };
}
const at = (...p: string[]) => path.join(t.dir, ...p);
const read = (...p: string[]) => JSON.parse(readFileSync(at(...p), "utf8"));
const N = process.execPath;
const CMD = (agent: string) => `[ -f /opt/shellfence/bin/shellfence.js ] && [ -x ${N} ] || exit 0; exec ${N} /opt/shellfence/bin/shellfence.js hook --agent ${agent}`;

describe("setup --agent", () => {
  it("codex: both events in ~/.codex/hooks.json, under the top-level hooks object, and the trust review it asks for", async () => {
    const r = await setup("--agent", "codex");
    expect(r.code).toBe(0);
    const hook = { type: "command", command: CMD("codex"), timeout: 10 };
    expect(read(".codex", "hooks.json")).toEqual({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [hook] }], PermissionRequest: [{ matcher: "Bash", hooks: [hook] }] } });
    expect(r.out).toMatch(/review a new or changed hook once/);
  });

  it.each([
    ["copilot", [".copilot", "hooks", "shellfence.json"], { version: 1, hooks: { preToolUse: [{ type: "command", bash: CMD("copilot"), timeoutSec: 10 }] } }],
    ["cursor", [".cursor", "hooks.json"], { version: 1, hooks: { beforeShellExecution: [{ command: CMD("cursor") }] } }],
    ["gemini", [".gemini", "settings.json"], { hooks: { BeforeTool: [{ matcher: "run_shell_command", hooks: [{ type: "command", command: CMD("gemini"), timeout: 10000 }] }] } }],
    ["antigravity", [".gemini", "config", "hooks.json"], { shellfence: { PreToolUse: [{ matcher: "run_command", hooks: [{ type: "command", command: CMD("antigravity") }] }] } }],
    ["grok", [".grok", "hooks", "shellfence.json"], { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: CMD("grok") }] }] } }],
    ["qwen", [".qwen", "settings.json"], { hooks: { PreToolUse: [{ matcher: "^run_shell_command$", hooks: [{ type: "command", command: CMD("qwen"), timeout: 10000 }] }] } }],
    ["droid", [".factory", "settings.json"], { hooks: { PreToolUse: [{ matcher: "Execute", hooks: [{ type: "command", command: CMD("droid"), timeout: 10 }] }] } }],
  ] as const)("%s: writes its own file and shape", async (agent, file, doc) => {
    expect((await setup("--agent", agent)).code).toBe(0);
    expect(read(...file)).toEqual(doc);
  });

  it("claude-code: --agent claude-code is the setup without --agent", async () => {
    await setup("--agent", "claude-code", "--settings", at("a.json"));
    await setup("--settings", at("b.json"));
    expect(readFileSync(at("a.json"), "utf8")).toBe(readFileSync(at("b.json"), "utf8"));
    expect(read("a.json").hooks.PreToolUse[0].hooks[0].command).toBe(CMD("x").replace(" --agent x", ""));
  });

  it("droid: into ~/.factory/hooks.json (events at the top) when that file exists, since Droid then reads only it", async () => {
    mkdirSync(at(".factory"));
    writeFileSync(at(".factory", "hooks.json"), JSON.stringify({ PostToolUse: [{ matcher: "Create", hooks: [{ type: "command", command: "fmt" }] }] }));
    expect((await setup("--agent", "droid")).code).toBe(0);
    const doc = read(".factory", "hooks.json");
    expect(doc.PostToolUse).toHaveLength(1);
    expect(doc.PreToolUse).toEqual([{ matcher: "Execute", hooks: [{ type: "command", command: CMD("droid"), timeout: 10 }] }]);
    expect(existsSync(at(".factory", "settings.json"))).toBe(false);
  });

  it("keeps every other key and hook, backs the file up, and is idempotent", async () => {
    mkdirSync(at(".cursor"));
    const before = JSON.stringify({ version: 1, hooks: { afterFileEdit: [{ command: "./fmt.sh" }], beforeShellExecution: [{ command: "./audit.sh" }] }, other: true }, null, 4);
    writeFileSync(at(".cursor", "hooks.json"), before);
    expect((await setup("--agent", "cursor")).code).toBe(0);
    const doc = read(".cursor", "hooks.json");
    expect(doc.other).toBe(true);
    expect(doc.hooks.afterFileEdit).toEqual([{ command: "./fmt.sh" }]);
    expect(doc.hooks.beforeShellExecution).toEqual([{ command: "./audit.sh" }, { command: CMD("cursor") }]);
    const backups = readdirSync(at(".cursor")).filter((f) => f.startsWith("hooks.json.bak-"));
    expect(backups).toHaveLength(1);
    expect(readFileSync(at(".cursor", backups[0]!), "utf8")).toBe(before);
    const written = readFileSync(at(".cursor", "hooks.json"), "utf8");
    const again = await setup("--agent", "cursor");
    expect(again.out).toMatch(/already installed/);
    expect(readFileSync(at(".cursor", "hooks.json"), "utf8")).toBe(written);
    expect(readdirSync(at(".cursor")).filter((f) => f.startsWith("hooks.json.bak-"))).toHaveLength(1);
  });

  it("updates an older shellfence command in place (say, a --no-daemon one)", async () => {
    await setup("--agent", "qwen", "--command", "node /old/dist/shellfence-hook.cjs hook --agent qwen --no-daemon");
    await setup("--agent", "qwen");
    expect(read(".qwen", "settings.json").hooks.PreToolUse).toEqual([{ matcher: "^run_shell_command$", hooks: [{ type: "command", command: CMD("qwen"), timeout: 10000 }] }]);
  });

  it("refuses a file it cannot parse or whose format it does not know, and changes nothing", async () => {
    mkdirSync(at(".copilot", "hooks"), { recursive: true });
    writeFileSync(at(".copilot", "hooks", "shellfence.json"), '{"version": 2, "hooks": {}}');
    const r = await setup("--agent", "copilot");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/`version` is 2, not 1/);
    mkdirSync(at(".gemini"));
    writeFileSync(at(".gemini", "settings.json"), '{\n  "theme": "x",\n}');
    const g = await setup("--agent", "gemini");
    expect(g.code).toBe(2);
    expect(g.err).toMatch(/line 3/);
    expect(readFileSync(at(".gemini", "settings.json"), "utf8")).toBe('{\n  "theme": "x",\n}');
  });

  it("--dry-run prints the file and writes nothing", async () => {
    const r = await setup("--agent", "grok", "--dry-run");
    expect(JSON.parse(r.out).hooks.PreToolUse[0].matcher).toBe("Bash");
    expect(existsSync(at(".grok"))).toBe(false);
  });

  it("says what shellfence can and cannot do on that agent", async () => {
    expect((await setup("--agent", "grok")).out).toMatch(/On Grok CLI, shellfence cannot auto-approve/);
    expect((await setup("--agent", "cursor")).out).toMatch(/you lose Cursor's own prompt/);
  });

  it("rejects an unknown agent, and --settings or --command with all", async () => {
    expect((await setup("--agent", "vim")).err).toMatch(/unknown agent "vim"; the agents are claude-code, codex/);
    expect((await setup("--agent", "all", "--settings", "x.json")).code).toBe(2);
    expect((await setup("--agent", "all", "--command", "x hook")).code).toBe(2);
    expect(readdirSync(t.dir)).toEqual([]);
  });
});

describe("setup --agent all and --list-agents", () => {
  it("on a machine with none of the agents says so, and changes nothing", async () => {
    for (const args of [["--agent", "all"], ["--agent", "all", "--dry-run"]]) {
      const r = await setup(...args);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^No coding agent's configuration directory was found here; looked for ~\/\.claude \(Claude Code\), ~\/\.codex \(Codex CLI\)/);
      expect(r.out).toMatch(/Nothing to install; nothing was changed\./);
      expect(r.out).toMatch(/--agent <name>/);
    }
    expect(readdirSync(t.dir)).toEqual([]);
  });

  it("installs for each agent whose directory exists, and only those", async () => {
    mkdirSync(at(".claude"));
    mkdirSync(at(".codex"));
    const r = await setup("--agent", "all");
    expect(r.code).toBe(0);
    expect(read(".claude", "settings.json").hooks.PreToolUse[0].hooks[0].command).toBe(CMD("x").replace(" --agent x", ""));
    expect(read(".codex", "hooks.json").hooks.PermissionRequest[0].hooks[0].command).toBe(CMD("codex"));
    expect(readdirSync(t.dir).sort()).toEqual([".claude", ".codex"]);
    expect((await setup("--agent", "all")).out.match(/already installed/g)).toHaveLength(2);
  });

  it("--dry-run with all names each file", async () => {
    mkdirSync(at(".qwen"));
    mkdirSync(at(".grok"));
    const r = await setup("--agent", "all", "--dry-run");
    expect(r.out).toMatch(/== Grok CLI: .*\.grok\/hooks\/shellfence\.json \(hook added\) ==/);
    expect(r.out).toMatch(/== Qwen Code: .*\.qwen\/settings\.json \(hook added\) ==/);
    expect(existsSync(at(".qwen", "settings.json"))).toBe(false);
  });

  it("--list-agents names every agent, where its hook goes, and whether it is here", async () => {
    mkdirSync(at(".cursor"));
    const r = await setup("--list-agents");
    expect(r.code).toBe(0);
    for (const a of AGENT_NAMES) expect(r.out).toMatch(new RegExp(`^${a} `, "m"));
    expect(r.out).toMatch(/^cursor +found +~\/\.cursor\/hooks\.json$/m);
    expect(r.out).toMatch(/^codex +not found +~\/\.codex\/hooks\.json$/m);
  });
});

describe("setup --agent opencode: the plugin", () => {
  it("is written whole, idempotently, and a file of that name shellfence did not write is left alone", async () => {
    const file = at(".config", "opencode", "plugins", "shellfence.js");
    expect((await setup("--agent", "opencode")).code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(renderPlugin(CMD("opencode")));
    expect((await setup("--agent", "opencode")).out).toMatch(/already installed/);
    writeFileSync(file, "export const Mine = async () => ({});\n");
    const r = await setup("--agent", "opencode");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/not a file shellfence wrote/);
  });

  /** Loads the plugin with `command` as its hook, and runs its tool.execute.before. */
  async function plugin(command: string) {
    const file = at(`plugin-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(file, renderPlugin(command));
    const mod = await import(pathToFileURL(file).href);
    const hooks = await mod.Shellfence({ directory: t.dir, worktree: t.dir });
    return (tool: string, args: Record<string, unknown>) => hooks["tool.execute.before"]({ tool, sessionID: "ses", callID: "c" }, { args });
  }

  it("lets an approved command through, and blocks a denied one with shellfence's reason", async () => {
    const allow = await plugin(`cat > ${at("sent.json")}; echo '{"decision":"allow","reason":"shellfence: ok"}'`);
    await expect(allow("bash", { command: "git status", workdir: "sub" })).resolves.toBeUndefined();
    expect(JSON.parse(readFileSync(at("sent.json"), "utf8"))).toEqual({
      shellfence: "opencode-plugin",
      version: 1,
      tool: "bash",
      command: "git status",
      workdir: "sub",
      directory: t.dir,
      worktree: t.dir,
      session: "ses",
    });
    const deny = await plugin(`cat >/dev/null; echo '{"decision":"deny","reason":"blocked: ask the user"}'`);
    await expect(deny("bash", { command: "rm -rf ~" })).rejects.toThrow("blocked: ask the user");
  });

  it("blocks when shellfence gives no answer, a malformed one, or cannot start; other tools are not asked about", async () => {
    for (const command of ["cat >/dev/null", "cat >/dev/null; echo '{\"decision\":\"ALLOW\"}'", "exit 3", "/nonexistent/shellfence hook"]) {
      const run = await plugin(command);
      await expect(run("bash", { command: "ls" })).rejects.toThrow(/shellfence could not judge this command/);
    }
    const never = await plugin(`touch ${at("asked")}; echo '{"decision":"deny","reason":"x"}'`);
    await expect(never("read", { filePath: "/etc/passwd" })).resolves.toBeUndefined();
    expect(existsSync(at("asked"))).toBe(false);
  });
});
