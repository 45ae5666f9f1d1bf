// The hook's decision, given where the classifier and the level lattice come from: the CLI's
// `shellfence hook` (hook.ts) loads the library; the fast bundle (hook-main.ts) passes its
// prebuilt tables; the hook daemon (hook-daemon.ts) passes its warm ones. The agent's adapter
// (src/agents/) reads the envelope and words the answer; what is decided here is the same for
// every agent. Never an approval on any doubt: bad input, other tools, another agent's
// envelope, an unknown mode, config errors, internal errors.
import path from "node:path";
import { adapterFor, type AgentRequest, type Outcome, type Reply } from "../agents/index.ts";
import { meet, readConfigFile, userConfigPath, type Upward } from "../policy/config.ts";
import { appendRecord, logDir, type AuditRecord } from "./audit.ts";
import { resolveRun } from "./context.ts";
import type { Io } from "./io.ts";
import { needText, plainReason } from "./plain.ts";
import { alternative } from "./alternatives.ts";
import { customRules } from "./rules.ts";
import { fallbackSecretName, redact } from "./redact.ts";
import { shortWhy, type Classifier } from "./verdict.ts";

/** Hook payloads are a few KB; commands are judged up to 100 KB. */
export const MAX_HOOK_INPUT = 1024 * 1024;
/** Agents write stdin at once and close it; a writer silent this long is not coming back. */
export const STDIN_TIMEOUT_MS = 5000;

/**
 * The only variables a hook decision reads (the config's home, the roots, the temp dir, the
 * `self` anchors, cd's search path, the shell, and the project directory each agent names).
 * Every path decides from these alone, so the hook daemon, which reads just these of its
 * client's environment, decides as the client's own process would.
 */
export const HOOK_ENV = [
  "HOME",
  "CLAUDE_PROJECT_DIR",
  "TMPDIR",
  "CDPATH",
  "XDG_CONFIG_HOME",
  "CLAUDE_CONFIG_DIR",
  "SHELL",
  "GEMINI_PROJECT_DIR",
  "QWEN_PROJECT_DIR",
  "FACTORY_PROJECT_DIR",
  "XDG_STATE_HOME",
] as const;

export function hookEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of HOOK_ENV) {
    const v = env[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** The level a plan-like mode allows at most: nothing there may change anything. */
const PLAN_LEVEL = "reader";

/**
 * Decides one hook call. `agent`: the `--agent` name (undefined: Claude Code, as before there
 * were others). The exit status is the adapter's (0, or 2 where the agent reads 2 as a block).
 */
export async function decideHook(io: Io, classifier: () => Promise<Classifier>, upward: () => Promise<Upward>, agent?: string): Promise<number> {
  const started = performance.now();
  const adapter = adapterFor(agent);
  // Without an adapter there is no answer the agent would understand: say nothing.
  if (typeof adapter === "string") return decline(io, adapter);
  const read = await io.readInput({ maxBytes: MAX_HOOK_INPUT, timeoutMs: STDIN_TIMEOUT_MS });
  if (!read.ok) return emit(io, adapter.fallback(read.why));
  const env = hookEnv(io.env);
  const parsed = adapter.parse(read.text, env);
  if (parsed.kind === "skip") return emit(io, parsed.answer);
  if (parsed.kind === "ran") {
    recordRan(io, env, adapter.name, parsed.request, started);
    return emit(io, parsed.answer);
  }
  const req = parsed.request;
  let outcome: Outcome;
  const facts: Facts = { log: false, root: null, level: null, judgedAt: null, need: null, plain: "", secretName: null };
  try {
    outcome = await judge(req, env, io.home, classifier, upward, facts);
  } catch (e) {
    outcome = { kind: "undecided", why: errorLine(e), ...(e instanceof Error && e.name === "DataFileError" ? { fixable: true } : {}) };
  }
  const reply = parsed.answer(outcome);
  // Only once the user's config has loaded: a config that does not may be one that turns the log off.
  if (facts.log) audit(io, env, adapter, req, outcome, reply, facts, started);
  return emit(io, reply);
}

/** What the audit log needs of a decision besides the outcome (filled in by judge as it goes). */
interface Facts {
  log: boolean;
  root: string | null;
  level: string | null;
  judgedAt: string | null;
  need: string | null;
  plain: string;
  secretName: ((name: string) => boolean) | null;
}

/** Appends the decision to the audit log (audit.ts). Never changes the answer: a failure is one stderr line. */
function audit(io: Io, env: Record<string, string>, adapter: { name: string; decisionPaths: readonly (readonly string[])[] }, req: AgentRequest, outcome: Outcome, reply: Reply<object>, f: Facts, started: number): void {
  const secret = f.secretName ?? fallbackSecretName;
  const reason = outcome.kind === "undecided" ? outcome.why : f.plain || outcome.reason;
  const record: AuditRecord = {
    time: io.now().toISOString(),
    agent: adapter.name,
    session: req.session,
    cwd: req.cwd,
    root: f.root,
    level: f.level,
    ...(f.judgedAt !== null ? { judgedAt: f.judgedAt } : {}),
    decision: outcome.kind === "approved" ? "allow" : replyDenies(reply, adapter.decisionPaths) ? "deny" : "ask",
    need: f.need,
    reason: redact(reason, secret),
    ms: Math.round((performance.now() - started) * 100) / 100,
    command: redact(req.command, secret),
    ...(req.toolUseId ? { toolUseId: req.toolUseId } : {}),
  };
  try {
    appendRecord(logDir(env, io.home), record);
  } catch (e) {
    io.err(`shellfence: cannot write the audit log (${(e as Error).message}); the decision stands\n`);
  }
}

/**
 * A command the agent reports as run (PostToolUse): one "ran" record, when the user's config
 * loads and keeps the log on. Nothing is judged and nothing printed.
 */
function recordRan(io: Io, env: Record<string, string>, agent: string, req: AgentRequest, started: number): void {
  let on = false;
  try {
    on = readConfigFile(userConfigPath(env, io.home), io.home)?.log?.enabled ?? true;
  } catch {
    on = false;
  }
  if (!on) return;
  const record: AuditRecord = {
    time: io.now().toISOString(),
    agent,
    session: req.session,
    cwd: req.cwd,
    root: null,
    level: null,
    decision: "ran",
    need: null,
    reason: "",
    ms: Math.round((performance.now() - started) * 100) / 100,
    command: redact(req.command, fallbackSecretName),
    ...(req.toolUseId ? { toolUseId: req.toolUseId } : {}),
  };
  try {
    appendRecord(logDir(env, io.home), record);
  } catch (e) {
    io.err(`shellfence: cannot write the audit log (${(e as Error).message})\n`);
  }
}

/** Did the answer block the command (a "deny" where the agent reads its decision)? */
function replyDenies(reply: Reply<object>, paths: readonly (readonly string[])[]): boolean {
  if (reply.exit === 2) return true;
  for (const p of paths) {
    let v: unknown = reply.print;
    for (const k of p) v = v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined;
    if (v === "deny") return true;
  }
  return false;
}

async function judge(
  req: AgentRequest,
  env: Record<string, string>,
  home: string,
  classifier: () => Promise<Classifier>,
  upward: () => Promise<Upward>,
  facts: Facts,
): Promise<Outcome> {
  const shell = env.SHELL ? path.basename(env.SHELL) : undefined;
  const roots = req.projectRoots.filter((r) => usableRoot(r, home));
  const { settings, ctx, projectRoots } = await resolveRun({ cwd: req.cwd, roots, env, home, upward, ...(shell ? { shell } : {}) });
  facts.log = settings.log;
  facts.level = settings.level;
  facts.root = ctx.roots?.[0] ?? projectRoots[0] ?? null;
  if (typeof req.modeEffect === "object") {
    return { kind: "undecided", why: `permission mode ${JSON.stringify(req.modeEffect.unknown)} is not one shellfence knows; it approves nothing in it` };
  }
  let level = settings.level;
  // Plan: judged at reader at most (paranoid stays paranoid).
  if (req.modeEffect === "plan") level = ctx.level = meet(await upward(), settings.level, PLAN_LEVEL);
  if (level !== settings.level) facts.judgedAt = level;
  const c = await classifier();
  facts.secretName = c.secretName ?? null;
  const rules = await customRules(settings.rules, c);
  if (rules) ctx.rules = rules;
  const v = c.classify(req.command, ctx);
  facts.need = v.level;
  facts.plain = plainReason(v);
  const why = shortWhy(v) + (level !== settings.level ? ` (${req.mode} mode: judged at ${level} at most)` : "");
  // Only the exact string "allow", for the level we asked about, approves (a deny rule never does).
  if (v.decision === "allow" && v.configuredLevel === level && !v.denied) return { kind: "approved", reason: why };
  const configFile = userConfigPath(env, home);
  if (v.denied) return { kind: "refused", reason: why, level, onDeny: "deny", configFile, rule: { where: v.denied.rule, message: v.denied.message } };
  if (settings.onDeny !== "deny") return { kind: "refused", reason: why, level, onDeny: settings.onDeny, configFile };
  // The agent is told: the plain reason with the need, and a near command that is approved.
  const instead = alternative(req.command, v, (command, x) => c.classify(command, x), ctx);
  return { kind: "refused", reason: why, level, onDeny: "deny", configFile, plain: `${needText({ level: v.level, configuredLevel: level })}: ${facts.plain}`, ...(instead ? { instead } : {}) };
}

/**
 * A project root an agent names is used unless it is /, HOME or above HOME: those would make
 * the user's whole home (dotfiles, other projects) "the project". Discovery (the git toplevel)
 * takes over then.
 */
export function usableRoot(root: string, home: string): boolean {
  const r = path.resolve(root);
  const h = path.resolve(home);
  return r !== "/" && r !== h && !h.startsWith(r + "/");
}

function emit(io: Io, r: Reply<object>): number {
  if (r.print !== null) io.out(JSON.stringify(r.print) + "\n");
  if (r.stderr) io.err(r.stderr);
  return r.exit;
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
