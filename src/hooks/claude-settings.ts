// Kept for importers of the old path: the settings edit is src/agents/config-file.ts, and the
// Claude Code entry it writes is described in src/agents/claude-code.ts.
import { claudeCode } from "../agents/claude-code.ts";
import { installHooks, type InstallResult } from "../agents/config-file.ts";

export { isShellfenceHook, jsonErrorOffset, shellQuote, type InstallResult } from "../agents/config-file.ts";

export const HOOK_TIMEOUT_SECONDS = 10;

/** Adds the Claude Code hook to a settings.json text, or updates the shellfence hook already there. */
export function installHook(text: string | null, command: string): InstallResult {
  const spec = claudeCode.config;
  if (spec.kind !== "json") throw new Error("Claude Code's config is a JSON settings file");
  return installHooks(text, spec.slots(""), command);
}
