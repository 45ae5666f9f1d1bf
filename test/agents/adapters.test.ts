// What each adapter may say, outcome by outcome: every decision value it can emit (and only
// those), written only in its declared field; the answers an agent fails open on cannot even be
// typed; where silence lets a command run, "not approved" is a deny that says what to do.
import { describe, expect, it } from "vitest";
import { ADAPTERS, AGENT_NAMES, agentArg, adapterFor, type Adapter, type AgentName, type Outcome } from "../../src/agents/index.ts";
import type { CodexAnswer } from "../../src/agents/codex.ts";
import type { CopilotAnswer } from "../../src/agents/copilot.ts";
import type { CursorAnswer } from "../../src/agents/cursor.ts";
import type { PreToolUseAnswer } from "../../src/agents/claude-shape.ts";
import type { GrokAnswer } from "../../src/agents/grok.ts";
import { usableRoot } from "../../src/cli/hook-decide.ts";
import { SHAPES, agentOf } from "./envelopes.ts";
import { leaves, levelClassifier, runAgentHook } from "./support.ts";

const OUTCOMES: Record<string, Outcome> = {
  approved: { kind: "approved", reason: "within developer (needs reader: read worktree)" },
  "refused (defer)": { kind: "refused", reason: "needs yolo, above developer: x", level: "developer", onDeny: "defer", configFile: "/h/.config/shellfence/config.toml" },
  "refused (ask)": { kind: "refused", reason: "needs yolo, above developer: x", level: "developer", onDeny: "ask", configFile: "/h/.config/shellfence/config.toml" },
  "refused (deny)": { kind: "refused", reason: "needs yolo, above developer: x", level: "developer", onDeny: "deny", configFile: "/h/.config/shellfence/config.toml", plain: "needs yolo, above developer: reads `~/.ssh/id_rsa`, a secret" },
  undecided: { kind: "undecided", why: "data file error: x" },
};

const DECISION_KEYS = new Set(["permissionDecision", "decision", "behavior", "permission"]);
const DECISION_WORDS = new Set(["allow", "deny", "ask", "force_ask", "approve", "block", "defer"]);

/** Each answer an adapter gives for each outcome, for each of its envelope shapes (and, for Codex, modes). */
function answers(agent: AgentName) {
  const out: { shape: string; outcome: string; print: object | null; exit: number; stderr?: string }[] = [];
  for (const shape of Object.keys(SHAPES) as (keyof typeof SHAPES)[]) {
    if (agentOf(shape) !== agent) continue;
    for (const mode of ["default", "bypassPermissions"]) {
      const env = { ...SHAPES[shape].make("git status", "/home/u/proj"), ...("permission_mode" in SHAPES[shape].make("", "/") ? { permission_mode: mode } : {}) };
      const p = ADAPTERS[agent].parse(JSON.stringify(env), {});
      if (p.kind !== "request") throw new Error(`${shape}: ${p.kind === "skip" ? p.why : "not a request"}`);
      for (const [name, o] of Object.entries(OUTCOMES)) out.push({ shape: `${shape} ${mode}`, outcome: name, ...p.answer(o) });
    }
  }
  return out;
}

/** The decision values an adapter emits, by outcome. */
const EXPECTED: Record<AgentName, Record<string, string[]>> = {
  "claude-code": { approved: ["allow"], "refused (defer)": [], "refused (ask)": ["ask"], "refused (deny)": ["deny"], undecided: [] },
  codex: { approved: ["allow"], "refused (defer)": ["deny"], "refused (ask)": ["deny"], "refused (deny)": ["deny"], undecided: ["deny"] },
  copilot: { approved: ["allow"], "refused (defer)": [], "refused (ask)": [], "refused (deny)": ["deny"], undecided: [] },
  cursor: { approved: ["allow"], "refused (defer)": ["deny"], "refused (ask)": ["deny"], "refused (deny)": ["deny"], undecided: ["deny"] },
  gemini: { approved: ["allow"], "refused (defer)": [], "refused (ask)": [], "refused (deny)": ["deny"], undecided: [] },
  antigravity: { approved: ["allow"], "refused (defer)": ["ask"], "refused (ask)": ["force_ask"], "refused (deny)": ["deny"], undecided: ["ask"] },
  grok: { approved: ["allow"], "refused (defer)": ["deny"], "refused (ask)": ["deny"], "refused (deny)": ["deny"], undecided: ["deny"] },
  qwen: { approved: ["allow"], "refused (defer)": [], "refused (ask)": ["ask"], "refused (deny)": ["deny"], undecided: [] },
  droid: { approved: ["allow"], "refused (defer)": [], "refused (ask)": ["ask"], "refused (deny)": ["deny"], undecided: [] },
  opencode: { approved: ["allow"], "refused (defer)": ["deny"], "refused (ask)": ["deny"], "refused (deny)": ["deny"], undecided: ["deny"] },
};

describe.each(AGENT_NAMES)("%s", (agent) => {
  const adapter: Adapter = ADAPTERS[agent];
  const all = answers(agent);

  it.each(Object.keys(OUTCOMES))("emits exactly its decision values for %s", (outcome) => {
    const values = new Set<string>();
    for (const a of all.filter((x) => x.outcome === outcome)) {
      for (const l of leaves(a.print)) if (adapter.decisionPaths.some((p) => p.join(".") === l.path.join("."))) values.add(String(l.value));
    }
    expect([...values].sort()).toEqual([...EXPECTED[agent][outcome]!].sort());
  });

  it("on_deny = deny tells the agent the plain reason in one line", () => {
    // (Codex's PermissionRequest comes after its PreToolUse, which denied already: it stays silent.)
    const printed = all.filter((x) => x.outcome === "refused (deny)" && x.print !== null);
    expect(printed.length).toBeGreaterThan(0);
    for (const a of printed) {
      const texts = leaves(a.print).map((l) => String(l.value));
      expect(texts.some((x) => x === "shellfence: blocked, needs yolo, above developer: reads `~/.ssh/id_rsa`, a secret. Do not retry it in another form; if it is needed, ask the user to run it.")).toBe(true);
    }
  });

  it("writes its decision nowhere but its declared field", () => {
    for (const a of all) {
      for (const l of leaves(a.print)) {
        const key = l.path[l.path.length - 1] ?? "";
        if (!DECISION_KEYS.has(key) && !DECISION_WORDS.has(String(l.value))) continue;
        expect({ shape: a.shape, outcome: a.outcome, path: l.path }).toEqual({ shape: a.shape, outcome: a.outcome, path: expect.toSatisfy((p: string[]) => adapter.decisionPaths.some((d) => d.join(".") === p.join("."))) });
      }
    }
  });

  it("answers with one JSON line, exit 0, or a deny with exit 2 and its reason on stderr", () => {
    for (const a of all) {
      if (a.exit === 2) {
        expect(a.print).not.toBeNull();
        expect(a.stderr).toMatch(/blocked/);
      } else expect(a.exit).toBe(0);
      if (a.print !== null) expect(JSON.stringify(a.print)).not.toMatch(/\n/);
    }
  });

  it("where the agent runs what the hook does not stop, never stays silent about a command it did not approve", () => {
    if (adapter.caps.reviewOnSilence !== false) return;
    for (const a of all.filter((x) => x.outcome !== "approved")) expect({ outcome: a.outcome, print: a.print }).toEqual({ outcome: a.outcome, print: expect.anything() });
  });

  it("describes where setup installs it, and what shellfence does there", () => {
    expect(adapter.summary.length).toBeGreaterThan(20);
    expect(adapter.config.file({}, "/home/u", () => false)).toMatch(/^\/home\/u\//);
    expect(adapter.config.dir({}, "/home/u")).toMatch(/^\/home\/u\//);
  });
});

describe("answers an agent fails open on cannot be written", () => {
  it("is checked by the type checker (these lines must not compile)", () => {
    // @ts-expect-error Codex reports an allow at PreToolUse as an error and lets the call go on.
    const a: CodexAnswer = { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "" } };
    // @ts-expect-error ... and an ask.
    const b: CodexAnswer = { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "" } };
    // @ts-expect-error PermissionRequest takes allow or deny only, and shellfence only grants there.
    const c: CodexAnswer = { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "ask" } } };
    // @ts-expect-error Copilot honours allow and deny only.
    const d: CopilotAnswer = { permissionDecision: "ask", permissionDecisionReason: "" };
    // @ts-expect-error The Cursor CLI's handling of ask is not documented: never written.
    const e: CursorAnswer = { permission: "ask", user_message: "", agent_message: "" };
    // @ts-expect-error A Claude-shaped answer defers by silence, never by a word.
    const f: PreToolUseAnswer = { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "defer", permissionDecisionReason: "" } };
    // @ts-expect-error Grok knows allow and deny.
    const g: GrokAnswer = { decision: "ask", reason: "" };
    expect([a, b, c, d, e, f, g]).toHaveLength(7);
  });
});

describe("the permission mode rule", () => {
  const claude = (command: string, mode: string) => JSON.stringify({ ...SHAPES["claude-code"].make(command, "/home/u/proj"), permission_mode: mode });

  it.each([
    ["plan", "reader"],
    ["default", "developer"],
    ["acceptEdits", "developer"],
    ["bypassPermissions", "developer"],
    ["dontAsk", "developer"],
  ])("Claude Code in %s is judged at %s", async (mode, level) => {
    const calls: { command: string; level: string }[] = [];
    await runAgentHook("claude-code", claude("git status", mode), { classifier: levelClassifier(calls) });
    expect(calls).toEqual([{ command: "git status", level }]);
  });

  it("says so when plan mode lowered the level", async () => {
    const r = await runAgentHook("claude-code", claude("git status", "plan"));
    expect(r.json).toMatchObject({ hookSpecificOutput: { permissionDecision: "allow", permissionDecisionReason: expect.stringMatching(/within reader .*\(plan mode: judged at reader at most\)$/) } });
  });

  it("approves nothing in a mode it does not know, and says so", async () => {
    const calls: { command: string; level: string }[] = [];
    const r = await runAgentHook("claude-code", claude("git status", "warp"), { classifier: levelClassifier(calls) });
    expect(r.out).toBe("");
    expect(r.err).toMatch(/permission mode "warp" is not one shellfence knows/);
    expect(calls).toEqual([]);
  });

  it.each([
    ["qwen", "plan", "reader"],
    ["qwen", "yolo", "developer"],
    ["droid", "spec", "reader"],
    ["droid", "auto-full", "developer"],
    ["codex", "plan", "reader"],
  ] as const)("%s in %s is judged at %s", async (agent, mode, level) => {
    const calls: { command: string; level: string }[] = [];
    const shape = agent === "codex" ? "codex-permission" : agent;
    await runAgentHook(agent, JSON.stringify({ ...SHAPES[shape].make("git status", "/home/u/proj"), permission_mode: mode }), { classifier: levelClassifier(calls) });
    expect(calls).toEqual([{ command: "git status", level }]);
  });
});

describe("the hook's --agent", () => {
  it("reads --agent NAME and --agent=NAME; without it, Claude Code", () => {
    expect(agentArg(["--agent", "codex", "--no-daemon"])).toBe("codex");
    expect(agentArg(["--no-daemon", "--agent=grok"])).toBe("grok");
    expect(agentArg(["--no-daemon"])).toBeUndefined();
    expect(adapterFor(undefined)).toBe(ADAPTERS["claude-code"]);
    expect(adapterFor("vim")).toMatch(/unknown agent "vim"/);
  });

  it("prints nothing for an unknown agent, and says why", async () => {
    const r = await runAgentHook("vim", JSON.stringify(SHAPES["claude-code"].make("git status", "/home/u/proj")));
    expect(r).toMatchObject({ code: 0, out: "" });
    expect(r.err).toMatch(/unknown agent "vim".*not approved/);
  });

  it("answers a stdin it cannot read in the agent's words (a deny where silence would run it)", async () => {
    for (const agent of AGENT_NAMES) {
      const r = await runAgentHook(agent, "x".repeat(1024 * 1024 + 10));
      const a = ADAPTERS[agent];
      expect({ agent, approved: leaves(r.json).some((l) => l.value === "allow") }).toEqual({ agent, approved: false });
      if (a.caps.reviewOnSilence === false) expect({ agent, print: r.json }).toEqual({ agent, print: expect.anything() });
    }
  });
});

describe("project roots an agent names", () => {
  it("are used, unless they are /, HOME or above HOME", () => {
    expect(usableRoot("/home/u/proj", "/home/u")).toBe(true);
    expect(usableRoot("/home/u/proj/../other", "/home/u")).toBe(true);
    for (const r of ["/", "/home/u", "/home", "/home/u/", "/home/u/proj/.."]) expect({ r, ok: usableRoot(r, "/home/u") }).toEqual({ r, ok: false });
  });

  it("reach the classifier as roots; Claude Code's stay with $CLAUDE_PROJECT_DIR as before", async () => {
    const seen: unknown[] = [];
    const spy = async () => ({
      classify: (_c: string, ctx?: { roots?: string[] }) => {
        seen.push(ctx?.roots);
        return { decision: "ask" as const, level: "never" as const, configuredLevel: "developer" as const, reasons: [], effects: [], commands: [] };
      },
    });
    await runAgentHook("cursor", JSON.stringify({ ...SHAPES.cursor.make("ls", "/home/u/proj"), workspace_roots: ["/home/u/proj", "/home/u", "/"] }), { classifier: spy });
    await runAgentHook("gemini", JSON.stringify(SHAPES.gemini.make("ls", "/home/u/proj/sub")), { classifier: spy, env: { GEMINI_PROJECT_DIR: "/home/u/proj" } });
    await runAgentHook("claude-code", JSON.stringify(SHAPES["claude-code"].make("ls", "/home/u/proj")), { classifier: spy, env: { CLAUDE_PROJECT_DIR: "/home/u/proj" } });
    expect(seen).toEqual([["/home/u/proj"], ["/home/u/proj"], undefined]);
  });
});
