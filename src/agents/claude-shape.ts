// Claude Code's PreToolUse contract, which Qwen Code and Factory Droid also speak: the envelope
// {hook_event_name, tool_name, tool_input: {command}, cwd, session_id, permission_mode} and the
// answer hookSpecificOutput.permissionDecision. Each of those adapters names its own tool.
import { absolute, isObject, optionalString, readObject, shown, type Json } from "./envelope.ts";
import { declineLine, answerReason, deniedByChoice, denyReason } from "./message.ts";
import type { Outcome, Reply } from "./types.ts";

/** The only answers shellfence gives these agents: allow, an ask with the reason, or (on_deny = "deny", a deny rule) a deny with it. */
export type PreToolUseAnswer = {
  hookSpecificOutput: { hookEventName: "PreToolUse"; permissionDecision: "allow" | "ask" | "deny"; permissionDecisionReason: string };
};

export const PRE_TOOL_USE_DECISION = ["hookSpecificOutput", "permissionDecision"] as const;

/** Approved: allow. Refused: nothing (the agent's prompt), or an ask when the user chose on_deny = "ask". */
export function preToolUseAnswer(o: Outcome): Reply<PreToolUseAnswer> {
  if (o.kind === "undecided") return { print: null, exit: 0, stderr: declineLine(o.why, "the agent asks as usual") };
  if (deniedByChoice(o)) return { print: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: denyReason(o) } }, exit: 0 };
  if (o.kind === "refused" && o.onDeny === "defer") return { print: null, exit: 0 };
  const permissionDecision = o.kind === "approved" ? "allow" : "ask";
  return { print: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision, permissionDecisionReason: answerReason(o) } }, exit: 0 };
}

/** A skip: nothing printed (the agent asks as usual) and one stderr line. */
export function silentSkip<Out>(why: string): { kind: "skip"; why: string; answer: Reply<Out> } {
  return { kind: "skip", why, answer: { print: null, exit: 0, stderr: declineLine(why, "the agent asks as usual") } };
}

export interface ClaudeShaped {
  raw: Json;
  command: string;
  cwd: string;
  session: string | null;
  mode: string | null;
  /** hook_event_name as sent (absent from shellfence's own callers). */
  event: string | null;
  toolUseId: string | null;
}

/**
 * The fields every Claude-shaped envelope has, checked; a string says why it is not one.
 * `event`: the hook event names this adapter answers (undefined allowed only when `eventOptional`).
 */
export function readClaudeShaped(text: string, o: { tool: string; events: readonly string[]; eventOptional: boolean }): ClaudeShaped | string {
  const raw = readObject(text);
  if (typeof raw === "string") return raw;
  const event = raw.hook_event_name;
  if (!(event === undefined && o.eventOptional) && !o.events.includes(event as string)) {
    return event === undefined ? "hook input has no hook_event_name" : `hook event ${JSON.stringify(event)} is not ${o.events.join(" or ")}; nothing to decide`;
  }
  if (raw.tool_name !== o.tool) return `tool ${shown(raw.tool_name)} is not ${o.tool}; shellfence only judges shell commands (check the hook's matcher)`;
  const input = raw.tool_input;
  if (!isObject(input)) return "hook input has no tool_input object";
  if (typeof input.command !== "string") return "tool_input.command is missing or not a string";
  const cwd = absolute(raw.cwd);
  if (cwd === null) return "hook input has no absolute cwd";
  if (raw.permission_mode !== undefined && typeof raw.permission_mode !== "string") return "permission_mode is not a string";
  return { raw, command: input.command, cwd, session: optionalString(raw.session_id), mode: optionalString(raw.permission_mode), event: optionalString(event), toolUseId: optionalString(raw.tool_use_id) };
}
