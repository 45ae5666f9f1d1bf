// The one interface every coding agent's adapter implements (one file per agent in this folder).
// An adapter turns the agent's hook envelope into a request (what to judge, where) and turns
// shellfence's outcome into exactly the answer that agent honours. Nothing here decides: the
// decision is agent-neutral (src/cli/hook-decide.ts). Pure: text and env in, values out.

/** The agents shellfence has an adapter for, by the name `--agent` takes. */
export const AGENT_NAMES = [
  "claude-code",
  "codex",
  "copilot",
  "cursor",
  "gemini",
  "antigravity",
  "grok",
  "qwen",
  "droid",
  "opencode",
] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

/** The only variables an adapter reads (a subset of the hook's HOOK_ENV). */
export type HookEnvView = Readonly<Record<string, string | undefined>>;

/** What the hook judges: one shell command and where it runs. */
export interface AgentRequest {
  command: string;
  /** Absolute. */
  cwd: string;
  /**
   * Project roots the agent names (absolute). Empty: discover them as the CLI does
   * ($CLAUDE_PROJECT_DIR, else the git toplevel of cwd).
   */
  projectRoots: string[];
  /** The agent's permission mode as sent, or null when it sends none. */
  mode: string | null;
  /** How that mode bears on the level (the adapter knows the agent's words for its modes). */
  modeEffect: ModeEffect;
  /** The agent's session id, when it sends one (for messages and logs only). */
  session: string | null;
  /** The agent's id of this tool call, when it sends one (pairs a decision with the report that it ran). */
  toolUseId?: string;
}

/**
 * `plan`: the user expects nothing to change, so nothing above `reader` is approved.
 * `as-configured`: the configured level (bypass-like modes too: the agent decides what to do
 * with the answer). `unknown`: a mode shellfence does not know; nothing is approved.
 */
export type ModeEffect = "plan" | "as-configured" | { unknown: string };

/** What shellfence concluded about one request, for the adapter to put into the agent's words. */
export type Outcome =
  | { kind: "approved"; reason: string }
  /**
   * Judged and not approved at `level`. `onDeny` is the user's choice for agents that can ask
   * (or deny: then `plain`, `instead` and `rule` make the agent's one-line reason). A deny rule
   * of the config always comes as "deny" with its `rule`.
   */
  | {
      kind: "refused";
      reason: string;
      level: string;
      onDeny: "defer" | "ask" | "deny";
      configFile: string;
      /** The first reason in plain words, with the need in front ("needs yolo, above developer: reads `~/.ssh/id_rsa`, a secret"). */
      plain?: string;
      /** A near command that is approved at `level` (cli/alternatives.ts). */
      instead?: string;
      /** The deny rule that matched: where it is, and its message for the agent. */
      rule?: { where: string; message: string };
    }
  /** Nothing could be judged (a config error, an internal error, an unknown mode). */
  | {
      kind: "undecided";
      why: string;
      /**
       * The user must fix something (a config or data file that does not load): agents that have
       * a channel the user sees without a decision (Claude Code's systemMessage) use it.
       */
      fixable?: boolean;
    };

/**
 * What the hook process does: print one JSON document (or nothing), optionally one stderr
 * line, and exit. Exit 2 only where the agent documents it as a block, and always with a body.
 */
export type Reply<Out> = { print: Out | null; exit: 0; stderr?: string } | { print: Out; exit: 2; stderr: string };

/** The result of reading an envelope. `answer` carries what the adapter learnt from it (event, mode). */
export type Parsed<Out> =
  | { kind: "request"; request: AgentRequest; answer(outcome: Outcome): Reply<Out> }
  /** The agent reports that a command ran (Claude Code's PostToolUse): recorded, never answered. */
  | { kind: "ran"; request: AgentRequest; answer: Reply<Out> }
  /** Not a request shellfence judges (malformed, another tool, another agent's shape). */
  | { kind: "skip"; why: string; answer: Reply<Out> };

/** The four questions of ../shared/AGENTS.md, answered for one agent. */
export interface Capabilities {
  /** A hook "allow" really skips the agent's own prompt. */
  grant: boolean;
  /** A hook "deny" blocks the command and shows the reason to the model. */
  deny: boolean;
  /** A hook can force a human prompt. */
  escalate: boolean;
  /** When the hook says nothing, a human still reviews the command. */
  reviewOnSilence: boolean | "depends on mode";
}

/** One list in a JSON config file that holds hook entries. */
export interface HookSlot {
  /** Keys from the top of the document to the list. */
  path: readonly string[];
  /** Matcher groups ({matcher, hooks: [...]}) with this matcher, or null: hook objects directly in the list. */
  matcher: string | null;
  /** The hook object setup writes; `commandKey` holds the command. */
  hook: Readonly<Record<string, unknown>>;
  commandKey: string;
}

/** Where and how `shellfence setup --agent <name>` installs the hook. */
export type ConfigSpec =
  | {
      kind: "json";
      /** The directory whose presence means the agent is installed here. */
      dir(env: HookEnvView, home: string): string;
      /** The file setup edits (it may depend on which files exist). */
      file(env: HookEnvView, home: string, exists: (p: string) => boolean): string;
      /** The slots of that file (they may depend on which file it is). */
      slots(file: string): readonly HookSlot[];
      /**
       * Slots for the hook after a command ran (Claude Code's PostToolUse), installed only with
       * `setup --post-tool-use`: the audit log then learns which prompted commands the user approved.
       */
      postToolUse?(file: string): readonly HookSlot[];
      /** Top-level keys the file must carry (e.g. a format version), set when missing. */
      required?: Readonly<Record<string, unknown>>;
      /** Said after a successful install (e.g. a trust review the agent asks for). */
      note?: string;
    }
  | {
      kind: "plugin";
      dir(env: HookEnvView, home: string): string;
      file(env: HookEnvView, home: string, exists: (p: string) => boolean): string;
      /** The whole file, given the hook command it runs. */
      render(command: string): string;
      note?: string;
    };

/** An adapter: `Out` is the union of exactly the answers the agent honours. */
export interface Adapter<Out extends object = object> {
  name: AgentName;
  title: string;
  caps: Capabilities;
  /** In a sentence: what shellfence can do on this agent, and what the user loses. */
  summary: string;
  /** Where the decision is written in `Out` (one path per answer shape). */
  decisionPaths: readonly (readonly string[])[];
  /** The agent version and sources each fact was checked against. */
  facts: { version: string; sources: readonly string[] };
  parse(text: string, env: HookEnvView): Parsed<Out>;
  /** The answer when there is no envelope to read (stdin too large, too slow, unreadable). */
  fallback(why: string): Reply<Out>;
  config: ConfigSpec;
}
