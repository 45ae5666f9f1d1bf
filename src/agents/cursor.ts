// Cursor (the CLI and the IDE read the same ~/.cursor/hooks.json): beforeShellExecution. The CLI
// runs a command the hook says nothing about, and ignores an allow (its own allowlist still
// prompts); it honours deny. So: approved → allow (a real grant in the IDE), anything else →
// deny, with a message that tells the agent to ask the user. The IDE user loses its prompt for
// those commands: they run them themselves or raise the level.
import path from "node:path";
import { absolute, absoluteList, readObject, optionalString, shown } from "./envelope.ts";
import { denyMessage, deniedByChoice, denyReason } from "./message.ts";
import type { Adapter, Outcome, Parsed, Reply } from "./types.ts";

export type CursorAnswer = { permission: "allow" } | { permission: "deny"; user_message: string; agent_message: string };

const EVENT = "beforeShellExecution";

function deny(o: Exclude<Outcome, { kind: "approved" }>): Reply<CursorAnswer> {
  const short = o.kind === "undecided" ? `shellfence could not judge this command: ${o.why}` : `shellfence did not auto-approve this command: ${o.reason}`;
  if (deniedByChoice(o)) return { print: { permission: "deny", user_message: denyReason(o), agent_message: denyReason(o) }, exit: 0 };
  return { print: { permission: "deny", user_message: short, agent_message: denyMessage(o, null) }, exit: 0 };
}

function answer(o: Outcome): Reply<CursorAnswer> {
  return o.kind === "approved" ? { print: { permission: "allow" }, exit: 0 } : deny(o);
}

function parse(text: string): Parsed<CursorAnswer> {
  const raw = readObject(text);
  const fail = (why: string): Parsed<CursorAnswer> => ({ kind: "skip", why, answer: deny({ kind: "undecided", why }) });
  if (typeof raw === "string") return fail(raw);
  // Another event is not a shell command: say nothing about it.
  if (typeof raw.hook_event_name === "string" && raw.hook_event_name !== EVENT) {
    const why = `hook event ${shown(raw.hook_event_name)} is not ${EVENT}; nothing to decide`;
    return { kind: "skip", why, answer: { print: null, exit: 0 } };
  }
  if (raw.hook_event_name !== EVENT) return fail(`hook input has no hook_event_name "${EVENT}": it is not Cursor's envelope`);
  if (typeof raw.command !== "string") return fail("command is missing or not a string");
  const roots = absoluteList(raw.workspace_roots ?? []);
  if (roots === null) return fail("workspace_roots is not a list of paths");
  // Cursor has been seen sending an empty cwd; its agent's shell starts in the workspace root,
  // which is then the cwd when there is exactly one.
  const cwd = absolute(raw.cwd) ?? ((raw.cwd === "" || raw.cwd === undefined) && roots.length === 1 ? roots[0]! : null);
  if (cwd === null) return fail("hook input has no absolute cwd (and not exactly one workspace root to take for it)");
  return {
    kind: "request",
    request: { command: raw.command, cwd, projectRoots: roots, mode: null, modeEffect: "as-configured", session: optionalString(raw.conversation_id) },
    answer,
  };
}

export const cursor: Adapter<CursorAnswer> = {
  name: "cursor",
  title: "Cursor (CLI and IDE)",
  caps: { grant: true, deny: true, escalate: false, reviewOnSilence: false },
  summary:
    "auto-approves in the IDE (the CLI ignores an allow); denies what it does not approve, with a reason that tells the agent to ask you: you lose Cursor's own prompt for those commands",
  decisionPaths: [["permission"]],
  facts: {
    version: "Cursor 1.7+ hooks (version 1 hooks.json, 2026)",
    sources: ["../shared/AGENTS.md", "https://cursor.com/docs/agent/hooks"],
  },
  parse,
  fallback: (why) => deny({ kind: "undecided", why }),
  config: {
    kind: "json",
    dir: (_env, home) => path.join(home, ".cursor"),
    file: (_env, home) => path.join(home, ".cursor", "hooks.json"),
    slots: () => [{ path: ["hooks", EVENT], matcher: null, hook: { command: "" }, commandKey: "command" }],
    required: { version: 1 },
  },
};
