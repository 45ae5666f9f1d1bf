// Claude Code: a PreToolUse hook on the Bash tool. Grant + review on silence: approved → allow,
// refused → nothing (Claude Code's own rules and prompt), or an ask with the reason when the
// user set on_deny = "ask" (an explicit ask also overrides their own allow rules).
import path from "node:path";
import { modeEffect } from "./envelope.ts";
import { preToolUseAnswer, PRE_TOOL_USE_DECISION, readClaudeShaped, silentSkip, type PreToolUseAnswer } from "./claude-shape.ts";
import type { Adapter, HookEnvView, Outcome, Reply } from "./types.ts";

/**
 * Claude Code shows a hook's `systemMessage` to the user; without a permission decision it
 * changes nothing about the command (the user's own allow rules still apply). A config that does
 * not load reaches the user this way at the next command, not only on the hook's stderr.
 */
export type ClaudeNotice = { systemMessage: string };

function answer(o: Outcome): Reply<PreToolUseAnswer | ClaudeNotice> {
  if (o.kind === "undecided" && o.fixable) {
    const r = preToolUseAnswer(o);
    return { print: { systemMessage: `shellfence: ${o.why}. Nothing is auto-approved until it is fixed (\`shellfence doctor\` checks).` }, exit: 0, ...(r.stderr ? { stderr: r.stderr } : {}) };
  }
  return preToolUseAnswer(o);
}

/** Claude Code's permission modes; `auto` is its classifier-approved mode. */
const PLAN = ["plan"];
const OTHERS = ["default", "acceptEdits", "bypassPermissions", "dontAsk", "auto"];

export function claudeConfigDir(env: HookEnvView, home: string): string {
  // $CLAUDE_CONFIG_DIR when set (absolute), else ~/.claude.
  const d = env.CLAUDE_CONFIG_DIR;
  return d && path.isAbsolute(d) ? d : path.join(home, ".claude");
}

export const claudeCode: Adapter<PreToolUseAnswer | ClaudeNotice> = {
  name: "claude-code",
  title: "Claude Code",
  caps: { grant: true, deny: true, escalate: true, reviewOnSilence: true },
  summary: "auto-approves; what it does not approve goes to Claude Code's own prompt (or an ask with the reason, on_deny = \"ask\")",
  decisionPaths: [PRE_TOOL_USE_DECISION],
  facts: {
    version: "Claude Code 2.x (hooks reference, 2026)",
    sources: ["../shared/AGENTS.md", "https://docs.claude.com/en/docs/claude-code/hooks"],
  },
  fallback: (why) => silentSkip<PreToolUseAnswer | ClaudeNotice>(why).answer,
  parse(text) {
    // The event name is optional: shellfence's own callers (setup's self-test, old scripts) send none.
    const r = readClaudeShaped(text, { tool: "Bash", events: ["PreToolUse", "PostToolUse"], eventOptional: true });
    if (typeof r === "string") return silentSkip(r);
    // Codex's envelope is Claude-shaped too; its turn_id says whose it is.
    if (r.raw.turn_id !== undefined) return silentSkip("hook input carries turn_id: it is Codex's envelope, not Claude Code's (install with `shellfence setup --agent codex`)");
    const request = { command: r.command, cwd: r.cwd, projectRoots: [], mode: r.mode, modeEffect: modeEffect(r.mode, PLAN, OTHERS), session: r.session, ...(r.toolUseId ? { toolUseId: r.toolUseId } : {}) };
    // PostToolUse: the command ran (approved by shellfence or by the user): recorded, nothing printed.
    if (r.event === "PostToolUse") return { kind: "ran", request, answer: { print: null, exit: 0 } };
    return { kind: "request", request, answer };
  },
  config: {
    kind: "json",
    dir: claudeConfigDir,
    file: (env, home) => path.join(claudeConfigDir(env, home), "settings.json"),
    slots: () => [{ path: ["hooks", "PreToolUse"], matcher: "Bash", hook: { type: "command", command: "", timeout: 10 }, commandKey: "command" }],
    postToolUse: () => [{ path: ["hooks", "PostToolUse"], matcher: "Bash", hook: { type: "command", command: "", timeout: 10 }, commandKey: "command" }],
  },
};
