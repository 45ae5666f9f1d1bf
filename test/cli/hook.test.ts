// The hook end to end in-process, with a fake classifier: what it prints for each input.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runHook } from "../../src/cli/hook.ts";
import { readBounded } from "../../src/cli/stdin.ts";
import { hookPayload, makeIo, tempDir } from "./helpers.ts";

let t: ReturnType<typeof tempDir>;
beforeEach(() => {
  t = tempDir();
});
afterEach(() => t.cleanup());

async function hook(stdin: string | Readable, opts: { allow?: string[]; env?: Record<string, string>; args?: string[] } = {}) {
  const { args, ...rest } = opts;
  const io = makeIo({ stdin, home: t.dir, ...rest });
  const code = await runHook(io, args);
  const out = io.stdout.join("");
  return { code, out, err: io.stderr.join(""), json: out ? JSON.parse(out) : null, io };
}

const payload = (over: Record<string, unknown> = {}) => hookPayload({ cwd: t.dir, ...over });

describe("shellfence hook", () => {
  it("approves an admitted Bash command with the allow envelope", async () => {
    const r = await hook(payload());
    expect(r.code).toBe(0);
    expect(r.json.hookSpecificOutput.hookEventName).toBe("PreToolUse");
    expect(r.json.hookSpecificOutput.permissionDecision).toBe("allow");
    expect(r.json.hookSpecificOutput.permissionDecisionReason).toMatch(/^shellfence: within developer \(needs reader: read worktree\)/);
    expect(r.err).toBe("");
  });

  it("prints nothing for a refused command", async () => {
    const r = await hook(payload({ tool_input: { command: "rm -rf ~" } }));
    expect(r).toMatchObject({ code: 0, out: "" });
  });

  it("passes cwd, env and the configured level to the classifier", async () => {
    const r = await hook(payload(), { env: { CLAUDE_PROJECT_DIR: t.dir } });
    expect(r.io.calls).toHaveLength(1);
    expect(r.io.calls[0]!.ctx).toMatchObject({ cwd: t.dir, level: "developer", home: t.dir });
    expect(r.io.calls[0]!.ctx!.env!.CLAUDE_PROJECT_DIR).toBe(t.dir);
  });

  it("asks with the reason when the user config says on_deny = ask", async () => {
    mkdirSync(path.join(t.dir, ".config/shellfence"), { recursive: true });
    writeFileSync(path.join(t.dir, ".config/shellfence/config.toml"), 'on_deny = "ask"\n');
    const r = await hook(payload({ tool_input: { command: "rm -rf ~" } }));
    expect(r.json.hookSpecificOutput.permissionDecision).toBe("ask");
    expect(r.json.hookSpecificOutput.permissionDecisionReason).toMatch(/^shellfence: never auto-approved: fake: rm -rf ~/);
  });

  it("uses the level from the user config, lowered by the project's .shellfence.toml", async () => {
    mkdirSync(path.join(t.dir, "xdg/shellfence"), { recursive: true });
    writeFileSync(path.join(t.dir, "xdg/shellfence/config.toml"), 'level = "local-admin"\n');
    const proj = path.join(t.dir, "proj");
    mkdirSync(path.join(proj, ".git"), { recursive: true });
    mkdirSync(path.join(proj, "sub"));
    writeFileSync(path.join(proj, ".shellfence.toml"), 'level = "editor"\n');
    const r = await hook(payload({ cwd: path.join(proj, "sub") }), { env: { XDG_CONFIG_HOME: path.join(t.dir, "xdg") } });
    expect(r.io.calls[0]!.ctx!.level).toBe("editor");
  });

  it("finds the repo-local file through CLAUDE_PROJECT_DIR", async () => {
    const proj = path.join(t.dir, "p");
    mkdirSync(proj);
    writeFileSync(path.join(proj, ".shellfence.toml"), 'level = "reader"\n');
    const r = await hook(payload({ cwd: proj }), { env: { CLAUDE_PROJECT_DIR: proj } });
    expect(r.io.calls[0]!.ctx!.level).toBe("reader");
  });

  it("never approves when the user config is broken, and says where", async () => {
    mkdirSync(path.join(t.dir, ".config/shellfence"), { recursive: true });
    writeFileSync(path.join(t.dir, ".config/shellfence/config.toml"), '\nlevel = "admin"\n');
    const r = await hook(payload());
    // No permission decision (the user's own allow rules still apply); a message the user sees.
    expect(r.code).toBe(0);
    expect(r.json).toEqual({ systemMessage: expect.stringMatching(/^shellfence: data file error: .*config\.toml:2: .*level.*Nothing is auto-approved until it is fixed \(`shellfence doctor` checks\)\.$/) });
    expect(r.err).toMatch(/config\.toml:2: .*level/);
    expect(r.io.calls).toHaveLength(0);
    // Other agents keep their answers: Qwen (Claude-shaped) says nothing.
    const q = await hook(hookPayload({ cwd: t.dir, tool_name: "run_shell_command" }), { args: ["--agent", "qwen"] });
    expect(q).toMatchObject({ code: 0, out: "" });
  });

  it("never approves when a repo-local file is broken", async () => {
    writeFileSync(path.join(t.dir, ".shellfence.toml"), "level = \n");
    const r = await hook(payload(), { env: { CLAUDE_PROJECT_DIR: t.dir } });
    expect(r.code).toBe(0);
    expect(r.json.hookSpecificOutput).toBeUndefined();
    expect(r.json.systemMessage).toMatch(/\.shellfence\.toml/);
    expect(r.err).toMatch(/\.shellfence\.toml/);
  });

  it("does not hang or approve when a repo's .shellfence.toml is a FIFO, and refuses a huge one", async () => {
    const fifo = path.join(t.dir, ".shellfence.toml");
    execFileSync("mkfifo", [fifo]);
    const r = await hook(payload(), { env: { CLAUDE_PROJECT_DIR: t.dir } });
    expect(r.code).toBe(0);
    expect(r.json).toEqual({ systemMessage: expect.stringMatching(/not a regular file/) });
    expect(r.err).toMatch(/not a regular file/);
    rmSync(fifo);
    writeFileSync(fifo, "# x\n".repeat(40_000));
    const big = await hook(payload(), { env: { CLAUDE_PROJECT_DIR: t.dir } });
    expect(big.code).toBe(0);
    expect(big.json).toEqual({ systemMessage: expect.stringMatching(/larger than/) });
    expect(big.err).toMatch(/larger than/);
  });

  it("never approves when the classifier throws", async () => {
    const io = makeIo({
      stdin: payload(),
      home: t.dir,
      classifier: async () => ({
        classify: () => {
          throw new Error("boom");
        },
      }),
    });
    expect(await runHook(io)).toBe(0);
    expect(io.stdout.join("")).toBe("");
    expect(io.stderr.join("")).toMatch(/internal error: boom/);
  });

  it("does not approve a verdict for another level than the configured one", async () => {
    const io = makeIo({
      stdin: payload(),
      home: t.dir,
      classifier: async () => ({
        classify: () => ({ decision: "allow", level: "reader", configuredLevel: "yolo", reasons: [], effects: [], commands: [] }),
      }),
    });
    await runHook(io);
    expect(io.stdout.join("")).toBe("");
  });

  it("approves only the exact decision \"allow\"", async () => {
    const io = makeIo({
      stdin: payload(),
      home: t.dir,
      classifier: async () => ({
        classify: () => ({ decision: "ALLOW" as "allow", level: "reader", configuredLevel: "developer", reasons: [], effects: [], commands: [] }),
      }),
    });
    await runHook(io);
    expect(io.stdout.join("")).toBe("");
  });

  it.each([
    ["empty stdin", ""],
    ["malformed JSON", "{not json"],
    ["truncated input", hookPayload().slice(0, 90)],
    ["another tool", hookPayload({ tool_name: "Edit", tool_input: { file_path: "/a" } })],
    ["a missing command", hookPayload({ tool_input: {} })],
    ["a non-string command", hookPayload({ tool_input: { command: { toString: "git status" } } })],
  ])("declines %s: exit 0, no output, one stderr line", async (_n, text) => {
    const r = await hook(text);
    expect(r.code).toBe(0);
    expect(r.out).toBe("");
    expect(r.err.trimEnd().split("\n")).toHaveLength(1);
    expect(r.err).toMatch(/^shellfence: .*not approved/);
    expect(r.io.calls).toHaveLength(0);
  });

  it("declines input over the size limit without reading it all", async () => {
    const big = hookPayload({ tool_input: { command: "git status" }, pad: "x".repeat(2 * 1024 * 1024) });
    const r = await hook(big);
    expect(r).toMatchObject({ code: 0, out: "" });
    expect(r.err).toMatch(/larger than/);
  });

  it("accepts input delivered in many small chunks", async () => {
    const text = payload();
    const chunks = text.match(/.{1,7}/gs)!.map((c) => Buffer.from(c));
    const r = await hook(Readable.from(chunks));
    expect(r.json.hookSpecificOutput.permissionDecision).toBe("allow");
  });
});

describe("readBounded", () => {
  it("gives up on a stdin that never ends", async () => {
    const s = new PassThrough();
    s.write("{");
    const r = await readBounded(s, { maxBytes: 100, timeoutMs: 30 });
    expect(r).toEqual({ ok: false, why: expect.stringMatching(/no end of hook input/) });
    expect(s.destroyed).toBe(true);
  });

  it("reads multi-byte text split across chunks", async () => {
    const b = Buffer.from("é€");
    const r = await readBounded(Readable.from([b.subarray(0, 1), b.subarray(1, 4), b.subarray(4)]), { maxBytes: 100, timeoutMs: 1000 });
    expect(r).toEqual({ ok: true, text: "é€" });
  });
});
