// Kept for importers of the old path: Claude Code's adapter is src/agents/claude-code.ts.
import { claudeCode } from "../agents/claude-code.ts";
import { preToolUseAnswer } from "../agents/claude-shape.ts";

export type ClaudeInput =
  | { kind: "bash"; command: string; cwd: string; sessionId: string | null }
  /** Not something shellfence approves; `why` is the one stderr line. */
  | { kind: "skip"; why: string };

export function parseClaudeInput(text: string): ClaudeInput {
  const p = claudeCode.parse(text, {});
  if (p.kind === "skip") return { kind: "skip", why: p.why };
  // A PostToolUse report (the command ran already) is nothing to decide.
  if (p.kind === "ran") return { kind: "skip", why: 'hook event "PostToolUse" is not PreToolUse; nothing to decide' };
  return { kind: "bash", command: p.request.command, cwd: p.request.cwd, sessionId: p.request.session };
}

export type HookDecision = { decision: "allow" | "ask"; reason: string };

/** The stdout for a decision, or null to print nothing (the agent's normal prompt follows). */
export function claudeOutput(d: HookDecision, onDeny: "defer" | "ask"): string | null {
  const r = preToolUseAnswer(d.decision === "allow" ? { kind: "approved", reason: d.reason } : { kind: "refused", reason: d.reason, level: "", onDeny, configFile: "" });
  return r.print === null ? null : JSON.stringify(r.print);
}
