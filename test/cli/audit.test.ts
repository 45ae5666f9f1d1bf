// The audit log: what the hook appends for each decision, where, when it does not, rotation,
// the [log] switch, and the log directory as a place no approved command may write.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendRecord, LOG_FILE, logDir, readRecords, type AuditRecord } from "../../src/cli/audit.ts";
import { runHook } from "../../src/cli/hook.ts";
import { DataFileError } from "../../src/policy/datafile.ts";
import { parseConfig, resolveSettings } from "../../src/policy/config.ts";
import { classify } from "../../src/index.ts";
import { hookPayload, makeIo, tempDir } from "./helpers.ts";

let t: ReturnType<typeof tempDir>;
beforeEach(() => {
  t = tempDir();
});
afterEach(() => t.cleanup());

const rec = (over: Partial<AuditRecord> = {}): AuditRecord => ({
  time: "2026-11-30T00:00:00.000Z",
  agent: "claude-code",
  session: null,
  cwd: "/p",
  root: "/p",
  level: "developer",
  decision: "allow",
  need: "reader",
  reason: "reads `a`, in the project",
  ms: 1,
  command: "cat a",
  ...over,
});

async function hook(command: string, opts: { env?: Record<string, string>; agent?: string; allow?: string[]; payload?: string } = {}) {
  const io = makeIo({ stdin: opts.payload ?? hookPayload({ cwd: t.dir, tool_input: { command } }), home: t.dir, allow: opts.allow ?? ["git status"], ...(opts.env ? { env: opts.env } : {}) });
  const code = await runHook(io, opts.agent ? ["--agent", opts.agent] : []);
  return { code, out: io.stdout.join(""), err: io.stderr.join("") };
}

const logged = (dir = path.join(t.dir, ".local", "state", "shellfence")) => readRecords(dir).records;

describe("the hook's audit record", () => {
  it("records an approval with the envelope's facts, in ~/.local/state/shellfence, private", async () => {
    await hook("git status");
    const [r, ...more] = logged();
    expect(more).toEqual([]);
    expect(r).toMatchObject({ time: "2026-11-30T01:02:03.456Z", agent: "claude-code", session: "s1", cwd: t.dir, level: "developer", decision: "allow", need: "reader", command: "git status" });
    expect(typeof r!.ms).toBe("number");
    const dir = path.join(t.dir, ".local", "state", "shellfence");
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, LOG_FILE)).mode & 0o777).toBe(0o600);
  });

  it("records a refusal as ask, with the need, the first reason, and the command redacted", async () => {
    await hook("GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123 curl -H 'Authorization: Bearer abc' https://u:pw@x");
    const [r] = logged();
    expect(r).toMatchObject({ decision: "ask", need: "never", command: "GITHUB_TOKEN=*** curl -H 'Authorization: ***' https://u:***@x" });
    expect(r!.reason).toMatch(/^fake: /);
    expect(r!.reason).not.toContain("ghp_abc");
    expect(JSON.stringify(r)).not.toMatch(/ghp_abc|Bearer abc|pw@/);
  });

  it("records a block as deny (Grok: exit 2)", async () => {
    const payload = JSON.stringify({ hookEventName: "PreToolUse", sessionId: "g1", toolName: "Bash", toolInput: { command: "rm -rf /" }, cwd: t.dir, workspaceRoot: t.dir });
    const r = await hook("", { agent: "grok", payload });
    expect(r.code).toBe(2);
    expect(logged()[0]).toMatchObject({ agent: "grok", session: "g1", decision: "deny", command: "rm -rf /" });
  });

  it("goes to $XDG_STATE_HOME/shellfence when that is absolute, and ignores a relative one", async () => {
    await hook("git status", { env: { XDG_STATE_HOME: path.join(t.dir, "st") } });
    expect(logged(path.join(t.dir, "st", "shellfence"))).toHaveLength(1);
    await hook("git status", { env: { XDG_STATE_HOME: "rel" } });
    expect(logged()).toHaveLength(1);
    expect(logDir({ XDG_STATE_HOME: "rel" }, "/h")).toBe("/h/.local/state/shellfence");
  });

  it("writes nothing with [log] enabled = false, and nothing while the config does not load", async () => {
    const cfg = path.join(t.dir, ".config", "shellfence");
    mkdirSync(cfg, { recursive: true });
    writeFileSync(path.join(cfg, "config.toml"), "[log]\nenabled = false\n");
    await hook("git status");
    expect(existsSync(path.join(t.dir, ".local", "state", "shellfence"))).toBe(false);
    writeFileSync(path.join(cfg, "config.toml"), "[log]\nenabled = nope\n");
    await hook("git status");
    expect(existsSync(path.join(t.dir, ".local", "state", "shellfence"))).toBe(false);
    writeFileSync(path.join(cfg, "config.toml"), "[log]\nenabled = true\n");
    await hook("git status");
    expect(logged()).toHaveLength(1);
  });

  it("keeps the decision when the log cannot be written, and says so on stderr", async () => {
    mkdirSync(path.join(t.dir, ".local", "state"), { recursive: true });
    writeFileSync(path.join(t.dir, ".local", "state", "shellfence"), "a file, not a directory");
    const r = await hook("git status");
    expect(JSON.parse(r.out).hookSpecificOutput.permissionDecision).toBe("allow");
    expect(r.err).toMatch(/cannot write the audit log/);
  });

  it("logs nothing for an envelope it does not judge (another tool)", async () => {
    await hook("", { payload: hookPayload({ cwd: t.dir, tool_name: "Read", tool_input: { file_path: "/x" } }) });
    expect(existsSync(path.join(t.dir, ".local", "state", "shellfence"))).toBe(false);
  });
});

describe("rotation", () => {
  it("keeps the live file under the cap and three rotated files, dropping the oldest", () => {
    const dir = path.join(t.dir, "log");
    const line = JSON.stringify(rec({ command: "cmd 00" })).length + 1;
    // Four records fit one file; 20 records make five files' worth.
    for (let i = 0; i < 20; i++) appendRecord(dir, rec({ command: `cmd ${String(i).padStart(2, "0")}` }), { maxBytes: line * 4 + 2, keep: 3 });
    expect(readdirSync(dir).sort()).toEqual([LOG_FILE, `${LOG_FILE}.1`, `${LOG_FILE}.2`, `${LOG_FILE}.3`]);
    for (const f of readdirSync(dir)) expect(statSync(path.join(dir, f)).size).toBeLessThanOrEqual(line * 4 + 2);
    const kept = readRecords(dir).records.map((r) => r.command);
    // Oldest first, contiguous, ending with the last one written; the first four are gone.
    expect(kept).toEqual(Array.from({ length: 16 }, (_, i) => `cmd ${String(i + 4).padStart(2, "0")}`));
    expect(readFileSync(path.join(dir, `${LOG_FILE}.3`), "utf8")).toContain("cmd 04");
  });

  it("skips lines that are not records", () => {
    const dir = path.join(t.dir, "log");
    appendRecord(dir, rec());
    writeFileSync(path.join(dir, LOG_FILE), "not json\n{}\n", { flag: "a" });
    appendRecord(dir, rec({ command: "b" }));
    expect(readRecords(dir)).toMatchObject({ skipped: 2, records: [{ command: "cat a" }, { command: "b" }] });
  });
});

describe("[log] in the config", () => {
  it("reads enabled = false; a repository's [log] is ignored with a note", () => {
    const user = parseConfig("/u.toml", "[log]\nenabled = false\n", "/h");
    expect(user.log).toEqual({ enabled: false });
    expect(resolveSettings({ user, repo: [], upward: () => ({}) as never }).log).toBe(false);
    expect(resolveSettings({ user: null, repo: [], upward: () => ({}) as never }).log).toBe(true);
    const repo = parseConfig("/r/.shellfence.toml", "[log]\nenabled = false\n", "/h");
    const s = resolveSettings({ user: null, repo: [repo], upward: () => ({}) as never });
    expect(s.log).toBe(true);
    expect(s.notes.join("\n")).toMatch(/\[log\]` ignored/);
  });

  it.each([
    ['level = "editor"\n[log]\nenabled = "no"\n', 3, /`enabled` in \[log\] must be true or false/],
    ["[log]\nenabeld = false\n", 2, /unknown key `enabeld` in \[log\]/],
    ['log = "off"\n', 1, /`log` must be a table/],
  ])("rejects %j naming file and line", (text, line, msg) => {
    let err: unknown;
    try {
      parseConfig("/c.toml", text, "/h");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataFileError);
    expect((err as DataFileError).message).toMatch(msg);
    expect((err as DataFileError).message).toContain(`/c.toml:${line}`);
  });
});

describe("the log directory is self: no approved command writes or deletes it", () => {
  const base = { cwd: "/home/u/proj", roots: ["/home/u/proj"], home: "/home/u", fs: null, level: "yolo" as const };
  it.each([
    "echo x >> ~/.local/state/shellfence/decisions.jsonl",
    "rm -rf ~/.local/state/shellfence",
    "rm ~/.local/state/shellfence/decisions.jsonl.1",
    "truncate -s 0 ~/.local/state/shellfence/decisions.jsonl",
    "cp /dev/null /home/u/.local/state/shellfence/decisions.jsonl",
    "mv ~/.local/state/shellfence /tmp/gone",
  ])("%s is never approved, even at yolo", (cmd) => {
    expect(classify(cmd, { ...base, env: {} })).toMatchObject({ decision: "ask", level: "never" });
  });

  it("follows $XDG_STATE_HOME", () => {
    const cmd = "rm -rf /srv/state/shellfence";
    expect(classify(cmd, { ...base, env: { XDG_STATE_HOME: "/srv/state" } })).toMatchObject({ decision: "ask", level: "never" });
    const v = classify("echo x > /srv/state/shellfence/decisions.jsonl", { ...base, env: { XDG_STATE_HOME: "/srv/state" } });
    expect(v.effects).toContainEqual(expect.objectContaining({ op: "write", locus: "self" }));
    // Elsewhere in the state home is an ordinary place.
    expect(classify("echo x > ~/.local/state/other/f", { ...base, env: {} }).level).not.toBe("never");
  });
});
