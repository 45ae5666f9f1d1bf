// `shellfence log`, `stats` and `suggest`: reading the audit log (audit.ts). Nothing here writes.
import { LEVELS, type Level } from "../policy/model.ts";
import type { Upward } from "../policy/config.ts";
import { logDir, readRecords, type AuditRecord } from "./audit.ts";
import { didYouMean } from "./didyoumean.ts";
import type { Io } from "./io.ts";

const DECISIONS = ["allow", "ask", "deny", "ran"] as const;

interface LogArgs {
  since: Date | null;
  decision: (typeof DECISIONS)[number] | null;
  json: boolean;
}

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `30m`, `2h`, `7d`, `1w` (before now), or a date or time Date understands (`2026-11-30`, ISO 8601). */
export function parseSince(given: string, now: Date): Date | null {
  const d = /^(\d+)([smhdw])$/.exec(given);
  if (d) return new Date(now.getTime() - Number(d[1]) * UNIT_MS[d[2]!]!);
  if (!/^\d{4}-\d{2}-\d{2}/.test(given)) return null;
  const t = Date.parse(given);
  return Number.isNaN(t) ? null : new Date(t);
}

type Parsed = { ok: true; value: LogArgs } | { ok: false; error: string };

function parseArgs(args: readonly string[], sub: string, allowed: readonly string[], now: Date): Parsed {
  const out: LogArgs = { since: null, decision: null, json: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.startsWith("--") ? a.indexOf("=") : -1;
    const name = eq > 0 ? a.slice(0, eq) : a;
    const value = (): string | null => (eq > 0 ? a.slice(eq + 1) : (args[++i] ?? null));
    if (!allowed.includes(name)) return { ok: false, error: `unknown ${name.startsWith("-") ? "option" : "argument"} ${name} for \`shellfence ${sub}\`${didYouMean(name, allowed)}` };
    if (name === "--json") {
      if (eq > 0) return { ok: false, error: "--json takes no value" };
      out.json = true;
    } else if (name === "--since") {
      const v = value();
      const d = v === null ? null : parseSince(v, now);
      if (d === null) return { ok: false, error: `--since needs a duration (30m, 2h, 7d, 1w) or a date (2026-11-30, ISO 8601)${v === null ? "" : `, not ${JSON.stringify(v)}`}` };
      out.since = d;
    } else if (name === "--decision") {
      const v = value();
      if (v === null || !(DECISIONS as readonly string[]).includes(v)) return { ok: false, error: `--decision needs one of ${DECISIONS.join(", ")}${v === null ? "" : `, not ${JSON.stringify(v)}${didYouMean(v, DECISIONS)}`}` };
      out.decision = v as LogArgs["decision"];
    }
  }
  return { ok: true, value: out };
}

function select(records: AuditRecord[], a: LogArgs): AuditRecord[] {
  const since = a.since?.getTime() ?? null;
  return records.filter((r) => (since === null || Date.parse(r.time) >= since) && (a.decision === null || r.decision === a.decision));
}

const oneLine = (s: string, max = 100): string => {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? t.slice(0, max - 3) + "..." : t;
};

/** `shellfence log [--since D] [--decision allow|ask|deny] [--json]`. */
export function runLog(args: readonly string[], io: Io): number {
  const p = parseArgs(args, "log", ["--since", "--decision", "--json"], io.now());
  if (!p.ok) return usage(io, "log", p.error);
  const dir = logDir(io.env, io.home);
  const { records, skipped } = readRecords(dir);
  const shown = select(records, p.value);
  if (p.value.json) {
    for (const r of shown) io.out(JSON.stringify(r) + "\n");
  } else {
    if (records.length === 0) io.err(`shellfence log: no decisions recorded in ${dir} yet (the hook writes them; \`[log] enabled = false\` turns that off)\n`);
    for (const r of shown) {
      if (r.decision === "ran") {
        io.out(`${r.time.replace("T", " ").replace(/\.\d+Z$/, "Z")}  ran    ${"-".padEnd(13)}  ${r.agent.padEnd(11)}  ${oneLine(r.command)}\n`);
        continue;
      }
      const need = r.need === null ? "-" : r.need === "never" ? "never" : r.need;
      io.out(`${r.time.replace("T", " ").replace(/\.\d+Z$/, "Z")}  ${r.decision.padEnd(5)}  ${need.padEnd(13)}  ${r.agent.padEnd(11)}  ${oneLine(r.command)}${r.decision === "allow" ? "" : `  # ${oneLine(r.reason, 120)}`}\n`);
    }
  }
  if (skipped) io.err(`shellfence log: ${skipped} line(s) of ${dir} are not decision records; skipped\n`);
  return 0;
}

function usage(io: Io, sub: string, error: string): number {
  io.err(`shellfence ${sub}: ${error}\n`);
  return 2;
}

// ---- stats and suggest

interface Rate {
  key: string;
  total: number;
  prompted: number;
}

export interface Prompted {
  command: string;
  count: number;
  /** The lowest level that would have approved it, or "never" (null: it was not judged). */
  need: string | null;
  /** The configured level it was judged at (most recent record). */
  level: string | null;
  reason: string;
}

export interface Stats {
  since: string | null;
  total: number;
  prompted: number;
  byAgent: Rate[];
  byLevel: Rate[];
  byDay: Rate[];
  top: Prompted[];
  /** Reports that a command ran (Claude Code's PostToolUse, `setup --post-tool-use`). */
  ran: number;
  /** Prompted commands that then ran: the user approved them (most frequent first). */
  approvedByYou: Prompted[];
}

const isDecision = (r: AuditRecord): boolean => r.decision !== "ran";

/**
 * The prompted commands the user then approved: a "ran" record paired with the decision before
 * it on the same tool call (its id), else the latest decision on the same command in the same
 * session; counted when that decision was not an allow.
 */
export function approvedAfterPrompt(records: AuditRecord[], limit = 10): Prompted[] {
  const byId = new Map<string, AuditRecord>();
  const byCommand = new Map<string, AuditRecord>();
  const key = (r: AuditRecord) => `${r.agent}\u0000${r.session ?? ""}\u0000${r.command.replace(/\s+/g, " ").trim()}`;
  const approved: AuditRecord[] = [];
  for (const r of records) {
    if (isDecision(r)) {
      if (r.toolUseId) byId.set(r.toolUseId, r);
      byCommand.set(key(r), r);
      continue;
    }
    const d = (r.toolUseId ? byId.get(r.toolUseId) : undefined) ?? byCommand.get(key(r));
    if (!d || d.decision === "allow") continue;
    approved.push(d);
    // One run answers one prompt.
    if (d.toolUseId) byId.delete(d.toolUseId);
    byCommand.delete(key(d));
  }
  return topPrompted(approved, limit);
}

function rates(records: AuditRecord[], key: (r: AuditRecord) => string): Rate[] {
  const m = new Map<string, Rate>();
  for (const r of records) {
    const k = key(r);
    let e = m.get(k);
    if (!e) m.set(k, (e = { key: k, total: 0, prompted: 0 }));
    e.total++;
    if (r.decision !== "allow") e.prompted++;
  }
  return [...m.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The commands not approved, most frequent first (the same redacted text is one command). */
export function topPrompted(records: AuditRecord[], limit = 10): Prompted[] {
  const m = new Map<string, Prompted>();
  for (const r of records) {
    if (r.decision === "allow") continue;
    const command = r.command.replace(/\s+/g, " ").trim();
    const e = m.get(command);
    // The latest record speaks for the command (the config or data may have changed since).
    if (e) Object.assign(e, { count: e.count + 1, need: r.need, level: r.level, reason: r.reason });
    else m.set(command, { command, count: 1, need: r.need, level: r.level, reason: r.reason });
  }
  return [...m.values()].sort((a, b) => b.count - a.count || (a.command < b.command ? -1 : 1)).slice(0, limit);
}

export function computeStats(all: AuditRecord[], since: Date | null, limit = 10): Stats {
  const records = all.filter(isDecision);
  return {
    since: since?.toISOString() ?? null,
    total: records.length,
    prompted: records.filter((r) => r.decision !== "allow").length,
    byAgent: rates(records, (r) => r.agent),
    byLevel: rates(records, (r) => r.judgedAt ?? r.level ?? "(no config)"),
    byDay: rates(records, (r) => r.time.slice(0, 10)),
    top: topPrompted(records, limit),
    ran: all.length - records.length,
    approvedByYou: approvedAfterPrompt(all, limit),
  };
}

const pct = (n: number, d: number): string => (d === 0 ? "-" : `${((100 * n) / d).toFixed(1)}%`);

function rateTable(title: string, rows: Rate[]): string {
  const w = Math.max(title.length, ...rows.map((r) => r.key.length));
  return [`${title.padEnd(w)}  commands  not approved  prompt rate`, ...rows.map((r) => `${r.key.padEnd(w)}  ${String(r.total).padStart(8)}  ${String(r.prompted).padStart(12)}  ${pct(r.prompted, r.total).padStart(11)}`)].join("\n") + "\n";
}

/** `shellfence stats [--since D] [--json]`. */
export function runStats(args: readonly string[], io: Io): number {
  const p = parseArgs(args, "stats", ["--since", "--json"], io.now());
  if (!p.ok) return usage(io, "stats", p.error);
  const dir = logDir(io.env, io.home);
  const records = select(readRecords(dir).records, p.value);
  const s = computeStats(records, p.value.since);
  if (p.value.json) {
    io.out(JSON.stringify(s) + "\n");
    return 0;
  }
  if (s.total === 0) {
    io.out(`No decisions recorded${p.value.since ? " since then" : ""} (${dir}).\n`);
    return 0;
  }
  io.out(`${s.total} agent commands${s.since ? ` since ${s.since}` : ""}; ${s.prompted} not approved (prompt rate ${pct(s.prompted, s.total)}).\n\n`);
  io.out(rateTable("agent", s.byAgent) + "\n" + rateTable("level", s.byLevel) + "\n" + rateTable("day", s.byDay) + "\n");
  if (s.top.length) {
    io.out("Most often sent to you (lowest level that would approve it):\n");
    for (const t of s.top) io.out(`  ${String(t.count).padStart(4)}x  ${(t.need ?? "-").padEnd(13)}  ${oneLine(t.command, 80)}\n`);
  }
  if (s.ran === 0) {
    io.out("\nWhich of them you approved: not recorded (`shellfence setup --post-tool-use` has Claude Code report each command that ran).\n");
  } else if (s.approvedByYou.length) {
    io.out("\nSent to you, then approved by you (`shellfence suggest` proposes rules for them):\n");
    for (const t of s.approvedByYou) io.out(`  ${String(t.count).padStart(4)}x  ${(t.need ?? "-").padEnd(13)}  ${oneLine(t.command, 80)}\n`);
  } else {
    io.out("\nNone of the prompted commands was then run (approved) in this period.\n");
  }
  return 0;
}

/** The proposed config lines for a log's prompted commands (suggest's text). */
export function suggestText(all: AuditRecord[], upward: Upward, configFile: string): string {
  const records = all.filter(isDecision);
  if (records.length === 0) return `# Nothing to suggest: no decisions recorded.\n`;
  const rules = allowRules(approvedAfterPrompt(all, Number.MAX_SAFE_INTEGER), (records[records.length - 1]!.level ?? "developer") as Level);
  const prompted = records.filter((r) => r.decision !== "allow");
  if (prompted.length === 0) return `# Nothing to suggest: every recorded command was approved.\n${rules.join("\n")}`;
  const current = (records[records.length - 1]!.level ?? "developer") as Level;
  const top = topPrompted(records, Number.MAX_SAFE_INTEGER);
  const lines = [`# shellfence suggest: ${prompted.length} of ${records.length} recorded commands went to you at "${current}".`, `# Proposed lines for ${configFile} (printed only: shellfence writes nothing).`];
  // Each level above the current one, by what it would have approved of the prompts.
  const above = LEVELS.filter((l) => l !== current && upward[current]?.has(l));
  for (const l of above) {
    const gained = top.filter((t) => t.need !== null && t.need !== "never" && upward[t.need as Level]?.has(l));
    // A level is worth proposing when it approves something its lower neighbours do not.
    const lower = above.filter((o) => o !== l && upward[o]?.has(l));
    const new_ = gained.filter((t) => !lower.some((o) => upward[t.need as Level]?.has(o)));
    if (new_.length === 0) continue;
    const n = gained.reduce((a, t) => a + t.count, 0);
    lines.push("", `# ${n} of ${prompted.length} prompts would have been approved at "${l}" (\`shellfence levels\` says what else it admits), e.g.:`);
    for (const t of new_.slice(0, 5)) lines.push(`#   ${String(t.count).padStart(4)}x  ${oneLine(t.command, 80)}  (${oneLine(t.reason, 80)})`);
    if (l === "yolo") lines.push("# (yolo also reads secrets and runs downloaded code: approving these few yourself may be the better choice)");
    lines.push(`level = "${l}"`);
  }
  const never = top.filter((t) => t.need === "never");
  if (never.length) {
    lines.push("", `# Never auto-approved at any level (${never.reduce((a, t) => a + t.count, 0)} prompts): no config line changes these; a command shellfence does not know needs an entry in its registry.`);
    for (const t of never.slice(0, 10)) lines.push(`#   ${String(t.count).padStart(4)}x  ${oneLine(t.command, 80)}  (${oneLine(t.reason, 80)})`);
  }
  if (rules.length) {
    lines.push("", "# Commands you approved after a prompt, as [[allow]] rules (each approves only these words,", "# run inside the project; check each before you copy it):");
    lines.push(...rules);
  }
  return lines.join("\n") + "\n";
}

/** How often a prompted-then-approved shape must recur before suggest proposes a rule for it. */
const MIN_REPEATS = 2;
const PLAIN_WORDS = /^[A-Za-z0-9_./:=@%+,-]+(?: [A-Za-z0-9_./:=@%+,-]+)*$/;

/**
 * [[allow]] rules for commands the user approved after a prompt: plain words only (one simple
 * command, nothing redacted), commands of the same first two words and length merged with `*`
 * where they differ, at the level the user was at. Not for what no level approves on purpose
 * (unbounded deletes, shellfence's own settings): only commands shellfence does not know or
 * that need a higher level.
 */
export function allowRules(approved: Prompted[], level: Level): string[] {
  const groups = new Map<string, { words: string[][]; count: number; reasons: Set<string> }>();
  for (const t of approved) {
    const text = t.command.trim().replace(/\s+/g, " ");
    if (!PLAIN_WORDS.test(text) || text.includes("***") || text.split(" ")[0]!.includes("/")) continue;
    if (t.need === "never" && !/unknown command/.test(t.reason)) continue;
    const words = text.split(" ");
    const k = `${words.slice(0, 2).join(" ")}\u0000${words.length}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { words: [], count: 0, reasons: new Set() }));
    g.words.push(words);
    g.count += t.count;
    g.reasons.add(oneLine(t.reason, 80));
  }
  const out: string[] = [];
  for (const g of [...groups.values()].sort((a, b) => b.count - a.count)) {
    if (g.count < MIN_REPEATS) continue;
    const first = g.words[0]!;
    const argv = first.map((w, i) => (g.words.every((x) => x[i] === w) ? w : "*"));
    out.push("", `# approved by you ${g.count}x (${[...g.reasons].slice(0, 2).join("; ")})`, "[[allow]]", `argv = [${argv.map((w) => JSON.stringify(w)).join(", ")}]`, `level = "${level}"`);
  }
  return out;
}

/** `shellfence suggest [--since D]`: proposed config lines, printed, never written. */
export async function runSuggest(args: readonly string[], io: Io, upward: () => Promise<Upward>): Promise<number> {
  const p = parseArgs(args, "suggest", ["--since"], io.now());
  if (!p.ok) return usage(io, "suggest", p.error);
  const records = select(readRecords(logDir(io.env, io.home)).records, p.value);
  if (records.length === 0) {
    io.out(`# No decisions recorded${p.value.since ? " since then" : ""}: nothing to suggest.\n`);
    return 0;
  }
  const { userConfigPath } = await import("../policy/config.ts");
  io.out(suggestText(records, await upward(), userConfigPath(io.env, io.home)));
  return 0;
}
