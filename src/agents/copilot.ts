// GitHub Copilot CLI: a preToolUse hook with no matcher (every tool call comes here; shellfence
// answers only toolName "bash"). toolArgs is a JSON string holding {command}. Grant + review on
// silence: approved → allow, anything else → nothing and Copilot asks as usual. It honours
// allow and deny only, so no ask is ever written.
import path from "node:path";
import { absolute, isObject, readObject, shown } from "./envelope.ts";
import { declineLine, answerReason, deniedByChoice, denyReason } from "./message.ts";
import type { Adapter, HookEnvView, Outcome, Parsed, Reply } from "./types.ts";

export type CopilotAnswer = { permissionDecision: "allow" | "deny"; permissionDecisionReason: string };

function copilotHome(env: HookEnvView, home: string): string {
  const d = env.COPILOT_HOME;
  return d && path.isAbsolute(d) ? d : path.join(home, ".copilot");
}

const quiet = (why: string): Reply<CopilotAnswer> => ({ print: null, exit: 0, stderr: declineLine(why, "Copilot asks as usual") });

function answer(o: Outcome): Reply<CopilotAnswer> {
  if (o.kind === "approved") return { print: { permissionDecision: "allow", permissionDecisionReason: answerReason(o) }, exit: 0 };
  if (deniedByChoice(o)) return { print: { permissionDecision: "deny", permissionDecisionReason: denyReason(o) }, exit: 0 };
  return o.kind === "undecided" ? quiet(o.why) : { print: null, exit: 0 };
}

function parse(text: string): Parsed<CopilotAnswer> {
  const raw = readObject(text);
  if (typeof raw === "string") return { kind: "skip", why: raw, answer: quiet(raw) };
  // Every tool call reaches this hook: another tool is no news, and says nothing on stderr.
  if (typeof raw.toolName === "string" && raw.toolName !== "bash") return { kind: "skip", why: `tool ${shown(raw.toolName)} is not bash`, answer: { print: null, exit: 0 } };
  if (raw.toolName !== "bash") return skip("hook input has no toolName: it is not Copilot CLI's envelope");
  if (typeof raw.toolArgs !== "string") return skip("toolArgs is not a JSON string");
  let args: unknown;
  try {
    args = JSON.parse(raw.toolArgs);
  } catch {
    return skip("toolArgs is not valid JSON");
  }
  if (!isObject(args) || typeof args.command !== "string") return skip("toolArgs has no string command");
  const cwd = absolute(raw.cwd);
  if (cwd === null) return skip("hook input has no absolute cwd");
  return { kind: "request", request: { command: args.command, cwd, projectRoots: [], mode: null, modeEffect: "as-configured", session: null }, answer };
}

function skip(why: string): Parsed<CopilotAnswer> {
  return { kind: "skip", why, answer: quiet(why) };
}

export const copilot: Adapter<CopilotAnswer> = {
  name: "copilot",
  title: "GitHub Copilot CLI",
  caps: { grant: true, deny: true, escalate: false, reviewOnSilence: true },
  summary: "auto-approves; what it does not approve goes to Copilot's own prompt (Copilot cannot be asked to prompt, so on_deny = \"ask\" changes nothing)",
  decisionPaths: [["permissionDecision"]],
  facts: {
    version: "GitHub Copilot CLI (hooks, version 1 file format, 2026)",
    sources: ["../shared/AGENTS.md", "https://docs.github.com/en/copilot (Copilot CLI hooks)"],
  },
  parse,
  fallback: quiet,
  config: {
    kind: "json",
    dir: copilotHome,
    file: (env, home) => path.join(copilotHome(env, home), "hooks", "shellfence.json"),
    slots: () => [{ path: ["hooks", "preToolUse"], matcher: null, hook: { type: "command", bash: "", timeoutSec: 10 }, commandKey: "bash" }],
    required: { version: 1 },
  },
};
