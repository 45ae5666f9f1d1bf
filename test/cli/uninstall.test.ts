import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSetup } from "../../src/cli/setup.ts";
import { runUninstall } from "../../src/cli/uninstall.ts";
import { makeIo, tempDir } from "./helpers.ts";

let t: ReturnType<typeof tempDir>;
beforeEach(() => (t = tempDir()));
afterEach(() => t.cleanup());

const at = (...p: string[]) => path.join(t.dir, ...p);
async function cli(fn: typeof runSetup, ...args: string[]) {
  const io = makeIo({ home: t.dir });
  const code = await fn(args, io);
  return { code, out: io.stdout.join(""), err: io.stderr.join("") };
}
const backups = (dir: string) => readdirSync(dir).filter((f) => f.includes(".bak-"));
const USER_HOOK = { type: "command", command: "my-linter --check" };

describe("shellfence uninstall", () => {
  it("removes exactly shellfence's entries, with a backup, and is idempotent", async () => {
    const file = at(".claude", "settings.json");
    mkdirSync(path.dirname(file));
    const original = {
      model: "sonnet",
      permissions: { allow: ["Bash(ls:*)"] },
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [USER_HOOK] }], Stop: [{ hooks: [{ type: "command", command: "notify" }] }] },
    };
    writeFileSync(file, JSON.stringify(original));
    expect((await cli(runSetup, "--command", "node /opt/sf/dist/shellfence-hook.cjs hook")).code).toBe(0);
    // A second shellfence hook beside the user's, in the user's own group.
    const doc = JSON.parse(readFileSync(file, "utf8"));
    doc.hooks.PreToolUse[0].hooks.push({ type: "command", command: "npx --yes shellfence hook" });
    writeFileSync(file, JSON.stringify(doc));
    const before = readFileSync(file, "utf8");
    const nBackups = backups(path.dirname(file)).length;

    const r = await cli(runUninstall);
    expect(r).toMatchObject({ code: 0, err: "" });
    expect(r.out).toMatch(/Claude Code: removed 2 shellfence hooks from .*settings\.json \(backup: /);
    // Exactly the original document: the group setup made is gone, the user's group keeps its hook.
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(original);
    const made = backups(path.dirname(file));
    expect(made.length).toBe(nBackups + 1);
    expect(made.map((b) => readFileSync(path.join(path.dirname(file), b), "utf8"))).toContain(before);

    const again = await cli(runUninstall);
    expect(again).toEqual({ code: 0, out: "No shellfence hook found; nothing changed.\n", err: "" });
    expect(backups(path.dirname(file)).length).toBe(nBackups + 1);
  });

  it("--agent picks one agent; codex loses both events; --dry-run changes nothing", async () => {
    await cli(runSetup, "--agent", "codex", "--command", "node /opt/sf/bin/shellfence.js hook --agent codex");
    await cli(runSetup, "--agent", "cursor", "--command", "node /opt/sf/bin/shellfence.js hook --agent cursor");
    const codex = at(".codex", "hooks.json");
    const cursor = at(".cursor", "hooks.json");
    const text = readFileSync(codex, "utf8");
    const dry = await cli(runUninstall, "--agent", "codex", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/would have removed 2 shellfence hooks/);
    expect(readFileSync(codex, "utf8")).toBe(text);
    expect((await cli(runUninstall, "--agent", "codex")).code).toBe(0);
    expect(JSON.parse(readFileSync(codex, "utf8"))).toEqual({ hooks: { PreToolUse: [], PermissionRequest: [] } });
    // Cursor's is untouched until asked.
    expect(readFileSync(cursor, "utf8")).toMatch(/shellfence\.js hook --agent cursor/);
    expect((await cli(runUninstall, "--agent", "all")).out).toMatch(/Cursor.*removed 1 shellfence hook /);
    expect(JSON.parse(readFileSync(cursor, "utf8"))).toEqual({ version: 1, hooks: { beforeShellExecution: [] } });
  });

  it("removes OpenCode's plugin only when shellfence wrote it", async () => {
    await cli(runSetup, "--agent", "opencode", "--command", "node /opt/sf/bin/shellfence.js hook --agent opencode");
    const plugin = readdirSync(at(".config", "opencode"), { recursive: true }).map(String).find((f) => f.endsWith(".js"))!;
    const file = at(".config", "opencode", plugin);
    expect((await cli(runUninstall, "--agent", "opencode")).code).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect(backups(path.dirname(file)).length).toBe(1);
    writeFileSync(file, "// someone else's plugin\n");
    expect((await cli(runUninstall, "--agent", "opencode")).out).toMatch(/No shellfence hook found/);
    expect(readFileSync(file, "utf8")).toBe("// someone else's plugin\n");
  });

  it("leaves a file it cannot parse alone and exits 2; rejects unknown options with a suggestion", async () => {
    mkdirSync(at(".claude"));
    writeFileSync(at(".claude", "settings.json"), "{oops");
    const r = await cli(runUninstall, "--agent", "claude-code");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/not valid JSON .*line 1/);
    expect(readFileSync(at(".claude", "settings.json"), "utf8")).toBe("{oops");
    expect((await cli(runUninstall, "--dryrun")).err).toMatch(/did you mean --dry-run\?/);
    expect((await cli(runUninstall, "--agent", "claud-code")).err).toMatch(/did you mean claude-code\?/);
  });
});
