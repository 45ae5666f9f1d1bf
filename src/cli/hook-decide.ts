// The hook's decision, given where the classifier and the level lattice come from: the CLI's
// `shellfence hook` (hook.ts) loads the library; the fast bundle (hook-main.ts) passes its
// prebuilt tables. Exit 0 always; stdout carries the decision (or nothing); stderr gets one
// line whenever shellfence declines to decide. Never an allow on any doubt: bad input, other
// tools, config errors, internal errors.
import path from "node:path";
import { claudeOutput, parseClaudeInput } from "../hooks/claude-code.ts";
import type { Upward } from "../policy/config.ts";
import { resolveRun } from "./context.ts";
import type { Io } from "./io.ts";
import { shortWhy, type Classifier } from "./verdict.ts";

/** Claude Code payloads are a few KB; commands are judged up to 100 KB. */
export const MAX_HOOK_INPUT = 1024 * 1024;
/** Claude Code writes stdin at once and closes it; a writer silent this long is not coming back. */
export const STDIN_TIMEOUT_MS = 5000;

/**
 * The only variables a hook decision reads (the config's home, the roots, the temp dir, the
 * `self` anchors, cd's search path, the shell). Every path decides from these alone, so the
 * hook daemon, which reads just these of its client's environment, decides as the client's own
 * process would.
 */
export const HOOK_ENV = ["HOME", "CLAUDE_PROJECT_DIR", "TMPDIR", "CDPATH", "XDG_CONFIG_HOME", "CLAUDE_CONFIG_DIR", "SHELL"] as const;

export function hookEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of HOOK_ENV) {
    const v = env[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

export async function decideHook(io: Io, classifier: () => Promise<Classifier>, upward: () => Promise<Upward>): Promise<number> {
  const read = await io.readInput({ maxBytes: MAX_HOOK_INPUT, timeoutMs: STDIN_TIMEOUT_MS });
  if (!read.ok) return decline(io, read.why);
  const input = parseClaudeInput(read.text);
  if (input.kind === "skip") return decline(io, input.why);
  try {
    const env = hookEnv(io.env);
    const shell = env.SHELL ? path.basename(env.SHELL) : undefined;
    const { settings, ctx } = await resolveRun({ cwd: input.cwd, roots: [], env, home: io.home, upward, ...(shell ? { shell } : {}) });
    const { classify } = await classifier();
    const v = classify(input.command, ctx);
    // Only the exact string "allow", for the level we asked about, approves.
    const decision = v.decision === "allow" && v.configuredLevel === settings.level ? "allow" : "ask";
    const out = claudeOutput({ decision, reason: shortWhy(v) }, settings.onDeny);
    if (out !== null) io.out(out + "\n");
    return 0;
  } catch (e) {
    return decline(io, errorLine(e));
  }
}

export function decline(io: Io, why: string): number {
  io.err(`shellfence: ${why.replace(/\s*\n\s*/g, " ")}; not approved, the agent asks as usual\n`);
  return 0;
}

function errorLine(e: unknown): string {
  // DataFileError: the user's config, a repo's .shellfence.toml, or the install's registry/regions.
  if (e instanceof Error) return e.name === "DataFileError" ? `data file error: ${e.message}` : `internal error: ${e.message}`;
  return `internal error: ${String(e)}`;
}
