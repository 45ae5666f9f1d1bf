// Claude Code PreToolUse adapter: the hook's stdin JSON in, the hook's stdout JSON out. Pure.
//
// Claude Code sends {session_id, transcript_path, cwd, permission_mode, hook_event_name,
// tool_name, tool_input: {command, ...}} and reads hookSpecificOutput.permissionDecision from
// stdout. Printing nothing (exit 0) leaves the decision to Claude Code's own rules and prompt.

export type ClaudeInput =
  | { kind: "bash"; command: string; cwd: string; sessionId: string | null }
  /** Not something shellfence approves; `why` is the one stderr line. */
  | { kind: "skip"; why: string };

export function parseClaudeInput(text: string): ClaudeInput {
  if (text.trim() === "") return skip("empty hook input on stdin");
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return skip(`hook input is not valid JSON (${(e as Error).message}); is the input truncated?`);
  }
  if (!isObject(raw)) return skip("hook input is not a JSON object");
  const event = raw.hook_event_name;
  if (event !== undefined && event !== "PreToolUse") return skip(`hook event ${JSON.stringify(event)} is not PreToolUse; nothing to decide`);
  if (raw.tool_name !== "Bash") return skip(`tool ${JSON.stringify(raw.tool_name)} is not Bash; shellfence only judges shell commands (check the hook's matcher)`);
  const input = raw.tool_input;
  if (!isObject(input)) return skip("hook input has no tool_input object");
  if (typeof input.command !== "string") return skip("tool_input.command is missing or not a string");
  // A relative or missing cwd would make every relative path unplaceable: decide nothing.
  if (typeof raw.cwd !== "string" || !raw.cwd.startsWith("/")) return skip("hook input has no absolute cwd");
  const sessionId = typeof raw.session_id === "string" ? raw.session_id : null;
  return { kind: "bash", command: input.command, cwd: raw.cwd, sessionId };
}

export type HookDecision = { decision: "allow" | "ask"; reason: string };

/** The stdout for a decision, or null to print nothing (the agent's normal prompt follows). */
export function claudeOutput(d: HookDecision, onDeny: "defer" | "ask"): string | null {
  if (d.decision === "ask" && onDeny === "defer") return null;
  return JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: d.decision,
      permissionDecisionReason: `shellfence: ${d.reason}`,
    },
  });
}

function skip(why: string): ClaudeInput {
  return { kind: "skip", why };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
