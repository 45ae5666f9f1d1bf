// A probe envelope per agent: what `shellfence doctor` sends an installed hook command to see it
// answer. Each is the agent's own shape for one shell command in `cwd`, asking the event that can
// grant (Codex: PermissionRequest), so a working hook answers `true` with an allow.
import type { AgentName } from "./types.ts";

type Json = Record<string, unknown>;

const claudeShape = (tool: string, event: string) => (command: string, cwd: string): Json => ({
  session_id: "shellfence-doctor",
  cwd,
  permission_mode: "default",
  hook_event_name: event,
  tool_name: tool,
  tool_input: { command },
});

export const PROBES: Readonly<Record<AgentName, (command: string, cwd: string) => Json>> = {
  "claude-code": claudeShape("Bash", "PreToolUse"),
  codex: claudeShape("Bash", "PermissionRequest"),
  copilot: (command, cwd) => ({ timestamp: 0, cwd, toolName: "bash", toolArgs: JSON.stringify({ command }) }),
  cursor: (command, cwd) => ({ hook_event_name: "beforeShellExecution", command, cwd, workspace_roots: [cwd] }),
  gemini: claudeShape("run_shell_command", "BeforeTool"),
  antigravity: (command, cwd) => ({ toolCall: { name: "run_command", args: { CommandLine: command } }, workspacePaths: [cwd] }),
  grok: (command, cwd) => ({ hookEventName: "PreToolUse", sessionId: "shellfence-doctor", toolName: "Bash", toolInput: { command }, cwd, workspaceRoot: cwd }),
  qwen: claudeShape("run_shell_command", "PreToolUse"),
  droid: claudeShape("Execute", "PreToolUse"),
  opencode: (command, cwd) => ({ shellfence: "opencode-plugin", version: 1, tool: "bash", command, workdir: null, directory: cwd, worktree: cwd, session: "shellfence-doctor" }),
};
