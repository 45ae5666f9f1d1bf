// Qwen Code: Claude Code's PreToolUse contract, with its own tool id (run_shell_command), its
// own modes (default, plan, auto_edit, yolo) and timeouts in milliseconds. Grant + review on
// silence: approved → allow; refused → nothing (Qwen asks as usual), or ask with on_deny = "ask".
import path from "node:path";
import { modeEffect, optionalString } from "./envelope.ts";
import { preToolUseAnswer, PRE_TOOL_USE_DECISION, readClaudeShaped, silentSkip, type PreToolUseAnswer } from "./claude-shape.ts";
import type { Adapter } from "./types.ts";

const TOOL = "run_shell_command";

export const qwen: Adapter<PreToolUseAnswer> = {
  name: "qwen",
  title: "Qwen Code",
  caps: { grant: true, deny: true, escalate: true, reviewOnSilence: true },
  summary: "auto-approves; what it does not approve goes to Qwen Code's own prompt (or an ask with the reason, on_deny = \"ask\")",
  decisionPaths: [PRE_TOOL_USE_DECISION],
  facts: {
    version: "Qwen Code 0.26 (docs/users/features/hooks.md)",
    sources: ["../shared/AGENTS.md (says matcher ^Bash$; Qwen's own docs name the tool run_shell_command)", "github.com/QwenLM/qwen-code docs/users/features/hooks.md"],
  },
  fallback: (why) => silentSkip<PreToolUseAnswer>(why).answer,
  parse(text, env) {
    const r = readClaudeShaped(text, { tool: TOOL, events: ["PreToolUse"], eventOptional: false });
    if (typeof r === "string") return silentSkip(r);
    const dir = optionalString(env.QWEN_PROJECT_DIR);
    return {
      kind: "request",
      request: {
        command: r.command,
        cwd: r.cwd,
        projectRoots: dir?.startsWith("/") ? [dir] : [],
        mode: r.mode,
        modeEffect: modeEffect(r.mode, ["plan"], ["default", "auto_edit", "yolo"]),
        session: r.session,
      },
      answer: preToolUseAnswer,
    };
  },
  config: {
    kind: "json",
    dir: (_env, home) => path.join(home, ".qwen"),
    file: (_env, home) => path.join(home, ".qwen", "settings.json"),
    slots: () => [{ path: ["hooks", "PreToolUse"], matcher: `^${TOOL}$`, hook: { type: "command", command: "", timeout: 10_000 }, commandKey: "command" }],
  },
};
