// Antigravity CLI (agy): a PreToolUse hook on run_command, in a named entry of
// ~/.gemini/config/hooks.json. It fails closed on a missing decision, so every call gets one.
// An allow does not skip its prompt (its own auto-run policy decides); "ask" makes it prompt
// unless the user always-allowed the command; "force_ask" prompts regardless. So: approved →
// allow; not approved → ask (force_ask when the user chose on_deny = "ask"); anything shellfence
// cannot read → ask.
import path from "node:path";
import { absoluteList, isObject, readObject, shown } from "./envelope.ts";
import { answerReason, deniedByChoice, denyReason } from "./message.ts";
import type { Adapter, Outcome, Parsed, Reply } from "./types.ts";

export type AntigravityAnswer = { decision: "allow" | "ask" | "force_ask" | "deny"; reason: string };

const TOOL = "run_command";

function answer(o: Outcome): Reply<AntigravityAnswer> {
  if (deniedByChoice(o)) return { print: { decision: "deny", reason: denyReason(o) }, exit: 0 };
  const decision = o.kind === "approved" ? "allow" : o.kind === "refused" && o.onDeny === "ask" ? "force_ask" : "ask";
  return { print: { decision, reason: answerReason(o) }, exit: 0 };
}

function parse(text: string): Parsed<AntigravityAnswer> {
  const raw = readObject(text);
  const fail = (why: string): Parsed<AntigravityAnswer> => ({ kind: "skip", why, answer: answer({ kind: "undecided", why }) });
  if (typeof raw === "string") return fail(raw);
  const call = raw.toolCall;
  if (!isObject(call)) return fail("hook input has no toolCall object: it is not Antigravity's envelope");
  if (call.name !== TOOL) return fail(`tool ${shown(call.name)} is not ${TOOL}; shellfence only judges shell commands (check the hook's matcher)`);
  const args = call.args;
  if (!isObject(args) || typeof args.CommandLine !== "string") return fail("toolCall.args.CommandLine is missing or not a string");
  // The first workspace path is where the command runs (and a project root, with the others).
  const paths = absoluteList(raw.workspacePaths);
  if (paths === null || paths[0] === undefined || paths[0] !== (raw.workspacePaths as string[])[0]) return fail("workspacePaths[0] is not an absolute path");
  return { kind: "request", request: { command: args.CommandLine, cwd: paths[0]!, projectRoots: paths, mode: null, modeEffect: "as-configured", session: null }, answer };
}

export const antigravity: Adapter<AntigravityAnswer> = {
  name: "antigravity",
  title: "Antigravity CLI",
  caps: { grant: false, deny: true, escalate: true, reviewOnSilence: false },
  summary:
    "cannot auto-approve (an allow does not skip Antigravity's prompt); marks what it does not approve \"ask\" (\"force_ask\" with on_deny = \"ask\"), so Antigravity prompts for it even when its own policy would run it",
  decisionPaths: [["decision"]],
  facts: {
    version: "Antigravity CLI (agy) hooks, 2026",
    sources: ["../shared/AGENTS.md"],
  },
  parse,
  fallback: (why) => answer({ kind: "undecided", why }),
  config: {
    kind: "json",
    dir: (_env, home) => path.join(home, ".gemini", "config"),
    file: (_env, home) => path.join(home, ".gemini", "config", "hooks.json"),
    // Top-level keys are hook names.
    slots: () => [{ path: ["shellfence", "PreToolUse"], matcher: TOOL, hook: { type: "command", command: "" }, commandKey: "command" }],
  },
};
