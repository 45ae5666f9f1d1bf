// Gemini CLI: a BeforeTool hook on run_shell_command. Its answer is a top-level decision; the
// reference documents "deny" as the block and says nothing of an "allow" skipping Gemini's own
// confirmation, so shellfence's allow is passed on but is not counted as a grant. What is not
// approved gets nothing: Gemini confirms shell commands itself.
import path from "node:path";
import { optionalString } from "./envelope.ts";
import { readClaudeShaped, silentSkip } from "./claude-shape.ts";
import { declineLine, answerReason, deniedByChoice, denyReason } from "./message.ts";
import type { Adapter, Outcome, Reply } from "./types.ts";

export type GeminiAnswer = { decision: "allow" | "deny"; reason: string };

function answer(o: Outcome): Reply<GeminiAnswer> {
  if (o.kind === "approved") return { print: { decision: "allow", reason: answerReason(o) }, exit: 0 };
  if (deniedByChoice(o)) return { print: { decision: "deny", reason: denyReason(o) }, exit: 0 };
  return o.kind === "undecided" ? { print: null, exit: 0, stderr: declineLine(o.why, "Gemini asks as usual") } : { print: null, exit: 0 };
}

export const gemini: Adapter<GeminiAnswer> = {
  name: "gemini",
  title: "Gemini CLI",
  caps: { grant: false, deny: true, escalate: false, reviewOnSilence: true },
  summary: "passes its approval on as an allow, which Gemini's docs do not say skips its confirmation; what it does not approve goes to Gemini's own prompt",
  decisionPaths: [["decision"]],
  facts: {
    version: "Gemini CLI 0.2x hooks (docs/hooks/reference.md, 2026)",
    sources: ["../shared/AGENTS.md", "https://geminicli.com/docs/hooks/reference"],
  },
  fallback: (why) => answer({ kind: "undecided", why }),
  parse(text, env) {
    const r = readClaudeShaped(text, { tool: "run_shell_command", events: ["BeforeTool"], eventOptional: false });
    if (typeof r === "string") return silentSkip(r);
    const dir = optionalString(env.GEMINI_PROJECT_DIR);
    return {
      kind: "request",
      request: { command: r.command, cwd: r.cwd, projectRoots: dir?.startsWith("/") ? [dir] : [], mode: null, modeEffect: "as-configured", session: r.session },
      answer,
    };
  },
  config: {
    kind: "json",
    dir: (_env, home) => path.join(home, ".gemini"),
    file: (_env, home) => path.join(home, ".gemini", "settings.json"),
    // Gemini's timeouts are in milliseconds.
    slots: () => [{ path: ["hooks", "BeforeTool"], matcher: "run_shell_command", hook: { type: "command", command: "", timeout: 10_000 }, commandKey: "command" }],
  },
};
