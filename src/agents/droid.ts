// Factory Droid: Claude Code's PreToolUse contract with its shell tool named Execute, timeouts
// in seconds, and its own modes. Grant + review on silence: approved → allow; refused → nothing
// (Droid asks as usual), or ask with on_deny = "ask".
import path from "node:path";
import { modeEffect, optionalString } from "./envelope.ts";
import { preToolUseAnswer, PRE_TOOL_USE_DECISION, readClaudeShaped, silentSkip, type PreToolUseAnswer } from "./claude-shape.ts";
import type { Adapter } from "./types.ts";

/** Spec mode plans without changing anything, as plan does. */
const PLAN = ["plan", "spec"];
const OTHERS = ["default", "auto-low", "auto-medium", "auto-high", "auto-full", "acceptEdits", "bypassPermissions", "dontAsk"];

export const droid: Adapter<PreToolUseAnswer> = {
  name: "droid",
  title: "Factory Droid",
  caps: { grant: true, deny: true, escalate: true, reviewOnSilence: true },
  summary: "auto-approves; what it does not approve goes to Droid's own prompt (or an ask with the reason, on_deny = \"ask\")",
  decisionPaths: [PRE_TOOL_USE_DECISION],
  facts: {
    version: "Factory Droid CLI 1.21 (hooks reference, 2026)",
    sources: ["../shared/AGENTS.md", "https://docs.factory.ai/reference/hooks-reference", "https://docs.factory.ai/harness/hooks (hooks.json beside settings.json)"],
  },
  fallback: (why) => silentSkip<PreToolUseAnswer>(why).answer,
  parse(text, env) {
    const r = readClaudeShaped(text, { tool: "Execute", events: ["PreToolUse"], eventOptional: false });
    if (typeof r === "string") return silentSkip(r);
    const dir = optionalString(env.FACTORY_PROJECT_DIR);
    return {
      kind: "request",
      request: { command: r.command, cwd: r.cwd, projectRoots: dir?.startsWith("/") ? [dir] : [], mode: r.mode, modeEffect: modeEffect(r.mode, PLAN, OTHERS), session: r.session },
      answer: preToolUseAnswer,
    };
  },
  config: {
    kind: "json",
    dir: (_env, home) => path.join(home, ".factory"),
    // Droid reads ~/.factory/hooks.json (events at the top) and, only when that file is absent,
    // the `hooks` key of settings.json: write where it reads.
    file: (_env, home, exists) => {
      const hooks = path.join(home, ".factory", "hooks.json");
      return exists(hooks) ? hooks : path.join(home, ".factory", "settings.json");
    },
    slots: (file) => [
      {
        path: path.basename(file) === "hooks.json" ? ["PreToolUse"] : ["hooks", "PreToolUse"],
        matcher: "Execute",
        hook: { type: "command", command: "", timeout: 10 },
        commandKey: "command",
      },
    ],
  },
};
