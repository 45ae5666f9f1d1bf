// Grok CLI: a PreToolUse hook (matcher Bash) in ~/.grok/hooks/<name>.json, camelCase envelope.
// A command the hook says nothing about runs, and an allow only declines to deny. A deny is the
// top-level decision plus exit status 2 (any other non-zero exit fails open), so: approved →
// allow; anything else → deny, exit 2, with a reason that tells the agent to ask the user.
import path from "node:path";
import { absolute, isObject, optionalString, readObject, shown } from "./envelope.ts";
import { denyMessage, answerReason, deniedByChoice, denyReason } from "./message.ts";
import type { Adapter, Outcome, Parsed, Reply } from "./types.ts";

export type GrokAnswer = { decision: "allow" | "deny"; reason: string };

/** Its shell tool, by the matcher's name and by its own. */
const TOOLS = ["Bash", "run_terminal_command"];

function deny(o: Exclude<Outcome, { kind: "approved" }>): Reply<GrokAnswer> {
  const reason = deniedByChoice(o) ? denyReason(o) : denyMessage(o, null);
  return { print: { decision: "deny", reason }, exit: 2, stderr: reason + "\n" };
}

function answer(o: Outcome): Reply<GrokAnswer> {
  return o.kind === "approved" ? { print: { decision: "allow", reason: answerReason(o) }, exit: 0 } : deny(o);
}

function parse(text: string): Parsed<GrokAnswer> {
  const raw = readObject(text);
  const fail = (why: string): Parsed<GrokAnswer> => ({ kind: "skip", why, answer: deny({ kind: "undecided", why }) });
  if (typeof raw === "string") return fail(raw);
  if (raw.hookEventName !== undefined && raw.hookEventName !== "PreToolUse") {
    const why = `hook event ${shown(raw.hookEventName)} is not PreToolUse; nothing to decide`;
    return { kind: "skip", why, answer: { print: null, exit: 0 } };
  }
  if (typeof raw.toolName === "string" && !TOOLS.includes(raw.toolName)) {
    const why = `tool ${shown(raw.toolName)} is not Bash; shellfence only judges shell commands (check the hook's matcher)`;
    return { kind: "skip", why, answer: { print: null, exit: 0 } };
  }
  if (typeof raw.toolName !== "string") return fail("hook input has no toolName: it is not Grok's envelope");
  const input = raw.toolInput;
  if (!isObject(input) || typeof input.command !== "string") return fail("toolInput.command is missing or not a string");
  const cwd = absolute(raw.cwd);
  if (cwd === null) return fail("hook input has no absolute cwd");
  const root = absolute(raw.workspaceRoot);
  return {
    kind: "request",
    request: { command: input.command, cwd, projectRoots: root ? [root] : [], mode: null, modeEffect: "as-configured", session: optionalString(raw.sessionId) },
    answer,
  };
}

export const grok: Adapter<GrokAnswer> = {
  name: "grok",
  title: "Grok CLI",
  caps: { grant: false, deny: true, escalate: false, reviewOnSilence: false },
  summary: "cannot auto-approve (Grok runs what no hook denies); denies what it does not approve, with a reason that tells the agent to ask you",
  decisionPaths: [["decision"]],
  facts: {
    version: "Grok CLI hooks, 2026",
    sources: ["../shared/AGENTS.md"],
  },
  parse,
  fallback: (why) => deny({ kind: "undecided", why }),
  config: {
    kind: "json",
    dir: (_env, home) => path.join(home, ".grok"),
    file: (_env, home) => path.join(home, ".grok", "hooks", "shellfence.json"),
    slots: () => [{ path: ["hooks", "PreToolUse"], matcher: "Bash", hook: { type: "command", command: "" }, commandKey: "command" }],
    note: "Grok also loads Claude Code's hooks by default; the Claude Code hook stays silent for Grok's envelopes.",
  },
};
