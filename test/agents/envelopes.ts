// Valid envelopes of every agent, built from (command, cwd), and where in each the tool, the
// command and the cwd live, so properties can mutate exactly those.
import type { AgentName } from "../../src/agents/index.ts";

type Json = Record<string, unknown>;

export interface EnvelopeShape {
  /** A valid envelope asking about `command` run in `cwd` (absolute). */
  make(command: string, cwd: string): Json;
  /** Path of the field that names the tool (or event) this adapter answers. */
  tool: string[];
  /** Path of the command. */
  command: string[];
  /** Path of the cwd (or what stands for it). */
  cwd: string[];
}

const claude = (tool: string, event: string, extra: Json = {}) => (command: string, cwd: string): Json => ({
  session_id: "s-1",
  transcript_path: "/home/u/t.jsonl",
  cwd,
  permission_mode: "default",
  hook_event_name: event,
  tool_name: tool,
  tool_input: { command },
  ...extra,
});

export const SHAPES: Record<AgentName | "codex-permission", EnvelopeShape> = {
  "claude-code": { make: claude("Bash", "PreToolUse", { tool_use_id: "toolu_1" }), tool: ["tool_name"], command: ["tool_input", "command"], cwd: ["cwd"] },
  codex: { make: claude("Bash", "PreToolUse", { model: "gpt-5-codex", turn_id: "t-1", tool_use_id: "call_1" }), tool: ["tool_name"], command: ["tool_input", "command"], cwd: ["cwd"] },
  "codex-permission": { make: claude("Bash", "PermissionRequest", { model: "gpt-5-codex", turn_id: "t-1" }), tool: ["tool_name"], command: ["tool_input", "command"], cwd: ["cwd"] },
  copilot: {
    make: (command, cwd) => ({ timestamp: 1, cwd, toolName: "bash", toolArgs: JSON.stringify({ command }) }),
    tool: ["toolName"],
    command: ["toolArgs"],
    cwd: ["cwd"],
  },
  cursor: {
    make: (command, cwd) => ({ conversation_id: "c", generation_id: "g", hook_event_name: "beforeShellExecution", command, cwd, workspace_roots: [cwd] }),
    tool: ["hook_event_name"],
    command: ["command"],
    cwd: ["cwd"],
  },
  gemini: { make: claude("run_shell_command", "BeforeTool", { timestamp: "2026-08-01T00:00:00Z" }), tool: ["tool_name"], command: ["tool_input", "command"], cwd: ["cwd"] },
  antigravity: {
    make: (command, cwd) => ({ toolCall: { name: "run_command", args: { CommandLine: command } }, workspacePaths: [cwd] }),
    tool: ["toolCall", "name"],
    command: ["toolCall", "args", "CommandLine"],
    cwd: ["workspacePaths"],
  },
  grok: {
    make: (command, cwd) => ({ hookEventName: "PreToolUse", sessionId: "s", toolName: "Bash", toolInput: { command }, cwd, workspaceRoot: cwd }),
    tool: ["toolName"],
    command: ["toolInput", "command"],
    cwd: ["cwd"],
  },
  qwen: { make: claude("run_shell_command", "PreToolUse", { timestamp: "2026-08-01T00:00:00Z", tool_use_id: "toolu_1" }), tool: ["tool_name"], command: ["tool_input", "command"], cwd: ["cwd"] },
  droid: { make: claude("Execute", "PreToolUse"), tool: ["tool_name"], command: ["tool_input", "command"], cwd: ["cwd"] },
  opencode: {
    make: (command, cwd) => ({ shellfence: "opencode-plugin", version: 1, tool: "bash", command, workdir: null, directory: cwd, worktree: cwd, session: "ses" }),
    tool: ["tool"],
    command: ["command"],
    cwd: ["directory"],
  },
};

/** The agent whose adapter reads a shape. */
export const agentOf = (shape: keyof typeof SHAPES): AgentName => (shape === "codex-permission" ? "codex" : shape);

/** A deep copy of `v` with the value at `at` replaced (or removed when `to` is undefined). */
export function setAt(v: Json, at: readonly string[], to: unknown): Json {
  const copy = structuredClone(v);
  let o: Json = copy;
  for (const k of at.slice(0, -1)) o = o[k] as Json;
  const last = at[at.length - 1]!;
  if (to === undefined) delete o[last];
  else o[last] = to;
  return copy;
}
