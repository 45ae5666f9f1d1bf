// Codex CLI: two hooks with one command. PermissionRequest (Codex is about to ask the user) is
// where an approval is real: approved → behavior "allow", anything else → nothing, and Codex
// asks as usual. PreToolUse honours only a deny (an allow or ask there is reported as an error
// and the call goes on: fail open), so it never carries anything else; it denies what is not
// approved only when Codex will not ask anyone: permission_mode "bypassPermissions", which is
// how Codex reports the approval policy "never". Otherwise Codex's own sandbox and approval
// flow (and so the PermissionRequest hook) take the command.
import path from "node:path";
import { absolute, isObject, modeEffect, optionalString, readObject, shown } from "./envelope.ts";
import { declineLine, deniedByChoice, denyMessage, denyReason } from "./message.ts";
import type { Adapter, HookEnvView, Outcome, Parsed, Reply } from "./types.ts";

export type CodexAnswer =
  | { hookSpecificOutput: { hookEventName: "PreToolUse"; permissionDecision: "deny"; permissionDecisionReason: string } }
  | { hookSpecificOutput: { hookEventName: "PermissionRequest"; decision: { behavior: "allow" } } };

const EVENTS = ["PreToolUse", "PermissionRequest"] as const;
type CodexEvent = (typeof EVENTS)[number];

const PLAN = ["plan"];
const OTHERS = ["default", "acceptEdits", "dontAsk", "bypassPermissions"];
/** How the user can approve such a command in Codex when it runs without an approval policy. */
const APPROVE = "to start Codex with an approval policy (for example `codex --ask-for-approval on-request`) so they can approve it";

function codexHome(env: HookEnvView, home: string): string {
  const d = env.CODEX_HOME;
  return d && path.isAbsolute(d) ? d : path.join(home, ".codex");
}

const quiet = (why: string): Reply<CodexAnswer> => ({ print: null, exit: 0, stderr: declineLine(why, "Codex asks as usual") });

function deny(o: Exclude<Outcome, { kind: "approved" }>): Reply<CodexAnswer> {
  const reason = deniedByChoice(o) ? denyReason(o) : denyMessage(o, APPROVE);
  return { print: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } }, exit: 0 };
}

function answerFor(event: CodexEvent, bypass: boolean) {
  return (o: Outcome): Reply<CodexAnswer> => {
    if (event === "PermissionRequest") {
      if (o.kind === "approved") return { print: { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } } }, exit: 0 };
      return o.kind === "undecided" ? quiet(o.why) : { print: null, exit: 0 };
    }
    // PreToolUse: silence lets Codex's own flow decide, unless nobody reviews it (bypass).
    if (o.kind === "approved") return { print: null, exit: 0 };
    // on_deny = "deny" (or a deny rule): PreToolUse's deny is honoured, so the agent is told.
    if (bypass || deniedByChoice(o)) return deny(o);
    return o.kind === "undecided" ? quiet(o.why) : { print: null, exit: 0 };
  };
}

function parse(text: string): Parsed<CodexAnswer> {
  const raw = readObject(text);
  if (typeof raw === "string") return { kind: "skip", why: raw, answer: quiet(raw) };
  const event = raw.hook_event_name;
  if (!EVENTS.includes(event as CodexEvent)) return skip(`hook event ${shown(event)} is not PreToolUse or PermissionRequest; nothing to decide`);
  if (raw.tool_name !== "Bash") return skip(`tool ${shown(raw.tool_name)} is not Bash; shellfence only judges shell commands (check the hook's matcher)`);
  const ev = event as CodexEvent;
  const mode = optionalString(raw.permission_mode);
  const bypass = ev === "PreToolUse" && mode === "bypassPermissions";
  // A shell call Codex runs unreviewed that cannot be read is blocked, not waved through.
  const fail = (why: string): Parsed<CodexAnswer> => ({ kind: "skip", why, answer: bypass ? deny({ kind: "undecided", why }) : quiet(why) });
  // `model` is in every Codex envelope and in none of Claude Code's: it says whose shape this is.
  if (typeof raw.model !== "string") return fail("hook input has no model: it is not Codex's envelope (install with `shellfence setup --agent <name>` for your agent)");
  if (typeof raw.permission_mode !== "string") return fail("hook input has no permission_mode string");
  const input = raw.tool_input;
  if (!isObject(input) || typeof input.command !== "string") return fail("tool_input.command is missing or not a string");
  const cwd = absolute(raw.cwd);
  if (cwd === null) return fail("hook input has no absolute cwd");
  return {
    kind: "request",
    request: { command: input.command, cwd, projectRoots: [], mode, modeEffect: modeEffect(mode, PLAN, OTHERS), session: optionalString(raw.session_id) },
    answer: answerFor(ev, bypass),
  };
}

function skip(why: string): Parsed<CodexAnswer> {
  return { kind: "skip", why, answer: quiet(why) };
}

export const codex: Adapter<CodexAnswer> = {
  name: "codex",
  title: "Codex CLI",
  caps: { grant: true, deny: true, escalate: false, reviewOnSilence: "depends on mode" },
  summary:
    "auto-approves through PermissionRequest (when Codex would ask); with approval policy \"never\" (bypassPermissions) it denies what it does not approve, with a reason; otherwise Codex's sandbox and prompt take the rest",
  decisionPaths: [
    ["hookSpecificOutput", "permissionDecision"],
    ["hookSpecificOutput", "decision", "behavior"],
  ],
  facts: {
    version: "Codex CLI 0.144 (hook schemas pre-tool-use / permission-request .command.input/.output)",
    sources: ["../shared/AGENTS.md", "github.com/openai/codex codex-rs/hooks/schema/generated/*.schema.json", "github.com/openai/codex pull 17563 (PermissionRequest hooks)"],
  },
  parse,
  fallback: quiet,
  config: {
    kind: "json",
    dir: codexHome,
    file: (env, home) => path.join(codexHome(env, home), "hooks.json"),
    slots: () =>
      EVENTS.map((e) => ({ path: ["hooks", e], matcher: "Bash", hook: { type: "command", command: "", timeout: 10 }, commandKey: "command" })),
    note: "Codex asks you to review a new or changed hook once before it runs it (`/hooks` in Codex).",
  },
};
