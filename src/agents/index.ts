// Every agent adapter, by the name `--agent` takes. `shellfence hook` without --agent is
// Claude Code's, as it always was.
import { antigravity } from "./antigravity.ts";
import { claudeCode } from "./claude-code.ts";
import { codex } from "./codex.ts";
import { copilot } from "./copilot.ts";
import { cursor } from "./cursor.ts";
import { droid } from "./droid.ts";
import { gemini } from "./gemini.ts";
import { grok } from "./grok.ts";
import { opencode } from "./opencode.ts";
import { qwen } from "./qwen.ts";
import { AGENT_NAMES, type Adapter, type AgentName } from "./types.ts";

export type { Adapter, AgentName, AgentRequest, Outcome, Parsed, Reply, ModeEffect, HookSlot, ConfigSpec, Capabilities } from "./types.ts";
export { AGENT_NAMES } from "./types.ts";

export const DEFAULT_AGENT: AgentName = "claude-code";

export const ADAPTERS: Readonly<Record<AgentName, Adapter>> = {
  "claude-code": claudeCode,
  codex,
  copilot,
  cursor,
  gemini,
  antigravity,
  grok,
  qwen,
  droid,
  opencode,
};

export function isAgentName(name: string): name is AgentName {
  return (AGENT_NAMES as readonly string[]).includes(name);
}

/** The adapter for `--agent NAME` (undefined: Claude Code), or why there is none. */
export function adapterFor(name: string | undefined): Adapter | string {
  if (name === undefined) return ADAPTERS[DEFAULT_AGENT];
  return isAgentName(name) ? ADAPTERS[name] : `unknown agent ${JSON.stringify(name)}; the agents are ${AGENT_NAMES.join(", ")}`;
}

/** `--agent NAME` or `--agent=NAME` among a hook's arguments (the last one wins), or undefined. */
export function agentArg(args: readonly string[]): string | undefined {
  let name: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--agent") name = args[++i] ?? "";
    else if (a.startsWith("--agent=")) name = a.slice("--agent=".length);
  }
  return name;
}
