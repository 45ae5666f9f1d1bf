import { describe, expect, it } from "vitest";
import { claudeOutput, parseClaudeInput } from "../../src/hooks/claude-code.ts";
import { hookPayload } from "../cli/helpers.ts";

describe("parseClaudeInput", () => {
  it("accepts a Bash PreToolUse payload", () => {
    expect(parseClaudeInput(hookPayload())).toEqual({ kind: "bash", command: "git status", cwd: "/repo", sessionId: "s1" });
  });

  it("keeps a multi-line command byte for byte", () => {
    const command = "python3 - <<'EOF'\nprint(1)\nEOF";
    const r = parseClaudeInput(hookPayload({ tool_input: { command } }));
    expect(r.kind === "bash" && r.command).toBe(command);
  });

  it.each([
    ["empty", ""],
    ["whitespace", "  \n"],
    ["malformed", "{tool_name: Bash}"],
    ["truncated", hookPayload().slice(0, 60)],
    ["array", "[]"],
    ["null", "null"],
    ["string", JSON.stringify(hookPayload())],
    ["other tool", hookPayload({ tool_name: "Write", tool_input: { file_path: "/x", content: "" } })],
    ["tool name case", hookPayload({ tool_name: "bash" })],
    ["missing tool_name", hookPayload({ tool_name: undefined })],
    ["other event", hookPayload({ hook_event_name: "PostToolUse" })],
    ["missing tool_input", hookPayload({ tool_input: undefined })],
    ["tool_input not object", hookPayload({ tool_input: "git status" })],
    ["missing command", hookPayload({ tool_input: { description: "x" } })],
    ["numeric command", hookPayload({ tool_input: { command: 42 } })],
    ["array command", hookPayload({ tool_input: { command: ["git", "status"] } })],
    ["missing cwd", hookPayload({ cwd: undefined })],
    ["relative cwd", hookPayload({ cwd: "repo" })],
  ])("declines %s input with a reason", (_name, text) => {
    const r = parseClaudeInput(text);
    expect(r.kind).toBe("skip");
    if (r.kind === "skip") expect(r.why.length).toBeGreaterThan(5);
  });
});

describe("claudeOutput", () => {
  it("prints an allow envelope for an approved command", () => {
    const out = claudeOutput({ decision: "allow", reason: "within developer" }, "defer");
    expect(JSON.parse(out!)).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "shellfence: within developer" },
    });
  });

  it("prints nothing for a refused command by default", () => {
    expect(claudeOutput({ decision: "ask", reason: "needs yolo" }, "defer")).toBeNull();
  });

  it("prints an ask envelope with the reason when on_deny = ask", () => {
    const out = JSON.parse(claudeOutput({ decision: "ask", reason: "needs yolo" }, "ask")!);
    expect(out.hookSpecificOutput.permissionDecision).toBe("ask");
    expect(out.hookSpecificOutput.permissionDecisionReason).toBe("shellfence: needs yolo");
  });

  it("is a single line of JSON", () => {
    expect(claudeOutput({ decision: "allow", reason: "a\nb" }, "defer")).not.toMatch(/\n/);
  });
});
