// From located effects to a verdict: each effect's need through levels.toml, the command's need
// as the join over all of them, and the decision at the configured level. Reasons name the
// segment (with its byte range), the effect and the rule that decided.
import { byteOffset } from "../shell/errors.ts";
import type { CommandRecord, LocatedEffect } from "../analysis/types.ts";
import { admits, join, ruleFor, type LevelRule, type LevelTable } from "./levels.ts";
import { LEVELS, type Kind, type Level, type Locus, type Need, type Op } from "./model.ts";

export interface Segment {
  /** String offsets into the command (UTF-16 code units). */
  pos: number;
  end: number;
  /** UTF-8 byte offsets of the same range. */
  bytes: [number, number];
  text: string;
}

export interface VerdictEffect {
  op: Op;
  locus: Locus;
  target: string;
  kind?: Kind;
  source: Segment;
  why: string;
  need: Need;
  /** The levels.toml rule that decided the need, as text. */
  rule: string;
  /** The regions pattern that placed the path (null: the regions fallback; absent: not a path). */
  region?: string | null;
  command: number;
}

export interface Reason {
  /** One line for people. */
  message: string;
  need: Need;
  op: Op;
  locus: Locus;
  target: string;
  kind?: Kind;
  segment: Segment;
  rule: string;
  region?: string | null;
}

export interface VerdictCommand {
  argv: (string | null)[];
  bases: string[];
  baseUnknown?: string;
  source: Segment;
  matched: string | null;
  via: string;
}

export interface Verdict {
  decision: "allow" | "ask";
  /** The lowest level that admits the command, or "never". */
  level: Need;
  configuredLevel: Level;
  reasons: Reason[];
  effects: VerdictEffect[];
  commands: VerdictCommand[];
  explain: ExplainData;
  /** A deny rule of the user's or the repository's config matched (policy/custom.ts): never approved, and the agent is told `message`. */
  denied?: { rule: string; message: string };
}

export interface ExplainData {
  command: string;
  shell: string;
  cwd: string;
  roots: string[];
  home: string;
  tmp: string[];
  parseError: { message: string; pos: number; code: string } | null;
  /** Levels that admit the command (empty for "never"). */
  admittedAt: Level[];
}

const ruleText = new WeakMap<object, string>();

export function describeRule(table: LevelTable, rule: LevelRule | null): string {
  const key = rule ?? table;
  const hit = ruleText.get(key);
  if (hit !== undefined) return hit;
  const text = describeRuleUncached(table, rule);
  ruleText.set(key, text);
  return text;
}

function describeRuleUncached(table: LevelTable, rule: LevelRule | null): string {
  if (!rule) return `${shortFile(table.file)}: no rule matches, fallback ${table.fallback}`;
  const n = table.rules.indexOf(rule) + 1;
  const parts = [`op=${rule.op}`];
  if (rule.loci) parts.push(`loci=[${rule.loci.join(",")}]`);
  if (rule.kinds) parts.push(`kinds=[${rule.kinds.join(",")}]`);
  return `${shortFile(table.file)} rule #${n} (${parts.join(" ")}) -> ${rule.level}`;
}

function shortFile(f: string): string {
  const i = f.lastIndexOf("/regions/");
  return i >= 0 ? f.slice(i + 1) : f;
}

function segment(command: string, ascii: boolean, s: { pos: number; end: number; text: string }): Segment {
  // In ASCII text a string offset is a byte offset.
  const bytes: [number, number] = ascii ? [s.pos, s.end] : [byteOffset(command, s.pos), byteOffset(command, s.end)];
  return { pos: s.pos, end: s.end, bytes, text: s.text };
}

const ORDER: Need[] = [...LEVELS, "never"];

export function decide(
  table: LevelTable,
  configured: Level,
  command: string,
  effects: LocatedEffect[],
  commands: CommandRecord[],
  explain: Omit<ExplainData, "admittedAt">,
  /** Effects whose need a custom rule sets (policy/custom.ts): their need, rule text and shown target. */
  custom?: (e: LocatedEffect) => { need: Need; rule: string; target: string } | null,
): Verdict {
  const ascii = !/[^\x00-\x7f]/.test(command);
  const out: VerdictEffect[] = effects.map((e) => {
    const c = custom?.(e);
    if (c) return verdictEffect({ ...e, target: c.target }, c.need, c.rule, segment(command, ascii, e.source));
    const rule = ruleFor(table, e);
    return verdictEffect(e, rule?.level ?? table.fallback, describeRule(table, rule), segment(command, ascii, e.source));
  });
  let level: Need = "paranoid";
  for (const e of out) level = join(table, level, e.need);
  const decision = admits(table, configured, level) ? "allow" : "ask";
  // Reasons: what blocks at the configured level; when allowed, what sets the level.
  const chosen = decision === "ask" ? out.filter((e) => !admits(table, configured, e.need)) : out.filter((e) => e.need === level);
  chosen.sort((a, b) => ORDER.indexOf(b.need) - ORDER.indexOf(a.need));
  const reasons: Reason[] = chosen.slice(0, 12).map(reason);
  const cmds: VerdictCommand[] = commands.map((c) => {
    const source = segment(command, ascii, c.source);
    return c.baseUnknown
      ? { argv: c.argv, bases: c.bases, baseUnknown: c.baseUnknown, source, matched: c.matched, via: c.via }
      : { argv: c.argv, bases: c.bases, source, matched: c.matched, via: c.via };
  });
  const admittedAt = level === "never" ? [] : LEVELS.filter((l) => admits(table, l, level));
  const { command: c, shell, cwd, roots, home, tmp, parseError } = explain;
  return { decision, level, configuredLevel: configured, reasons, effects: out, commands: cmds, explain: { command: c, shell, cwd, roots, home, tmp, parseError, admittedAt } };
}

// The objects below are written out once per shape (optional keys present or not), so their
// keys keep the documented order without spreading a literal per key: spreads were a tenth of
// a verdict's cost.

function verdictEffect(e: LocatedEffect, need: Need, rule: string, source: Segment): VerdictEffect {
  const { op, locus, target, kind, why, region, command } = e;
  if (kind) return region !== undefined ? { op, locus, target, kind, source, why, need, rule, region, command } : { op, locus, target, kind, source, why, need, rule, command };
  return region !== undefined ? { op, locus, target, source, why, need, rule, region, command } : { op, locus, target, source, why, need, rule, command };
}

function reason(e: VerdictEffect): Reason {
  const message = `${e.need === "never" ? "never auto-approved" : `needs ${e.need}`}: ${e.op}${e.kind ? ` (${e.kind})` : ""} ${e.locus} \`${e.target}\` at \`${clip(e.source.text)}\` (bytes ${e.source.bytes[0]}-${e.source.bytes[1]}): ${e.why} [${e.rule}${e.region ? `; regions ${e.region}` : ""}]`;
  const { need, op, locus, target, kind, source: segment, rule, region } = e;
  if (kind) return region !== undefined ? { message, need, op, locus, target, kind, segment, rule, region } : { message, need, op, locus, target, kind, segment, rule };
  return region !== undefined ? { message, need, op, locus, target, segment, rule, region } : { message, need, op, locus, target, segment, rule };
}

function clip(s: string): string {
  // Only the first 57 characters survive a long text: collapse a prefix, the whole only if short.
  if (s.length > 240) {
    const head = collapse(s.slice(0, 240));
    if (head.length > 60) return head.slice(0, 57) + "...";
  }
  const one = collapse(s);
  return one.length > 60 ? one.slice(0, 57) + "..." : one;
}

function collapse(s: string): string {
  return /[^\S ]| {2}/.test(s) ? s.replace(/\s+/g, " ") : s;
}
