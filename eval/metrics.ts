// Pure metrics over classified cases: per level and dataset approval, misses, over-denials,
// breakdowns by tool and family, and the residual risk of trusted code.
import { admits, join, needOf, type LevelTable } from "../src/policy/levels.ts";
import { LEVELS, type Level, type Need } from "../src/policy/model.ts";
import { pct, percentile } from "./stats.ts";
import type { CaseResult, EvalCase, LabelEffect } from "./types.ts";

export const ALL = "all";

export interface LevelMetrics {
  dataset: string;
  level: Level;
  cases: number;
  /** Cases whose label level is admitted at this level (they should be approved). */
  eligible: number;
  approved: number;
  approvedEligible: number;
  misses: number;
  overDenials: number;
  /** approvedEligible / eligible, in percent. */
  approvalRate: number;
}

export interface DatasetCounts {
  dataset: string;
  cases: number;
  unknownCommand: number;
  parseFailure: number;
  crashed: number;
  labelOracle: number;
  labelHand: number;
  /** Cases whose trusted code touched secret, self or a never locus (residual risk at developer+). */
  trustedResidual: number;
  /** Distinct cases missed at one level or more. */
  missedCases: number;
  /** Over each case's best time (microseconds). */
  medianUs: number;
  p99Us: number;
}

export interface Miss {
  dataset: string;
  id: string;
  command: string;
  /** Levels that approved it although the label is above them. */
  levels: Level[];
  need: Need;
  label: Need;
  effects: LabelEffect[];
  reasons: string[];
  classifierEffects: string[];
  source: "oracle" | "hand";
  labelReason: string;
}

export interface GroupRow {
  key: string;
  cases: number;
  eligible: number;
  approvedEligible: number;
  overDenials: number;
  misses: number;
  approvalRate: number;
}

export interface Metrics {
  levels: LevelMetrics[];
  counts: DatasetCounts[];
  misses: Miss[];
}

/** Levels at or above developer: there, effects inside trusted code do not count (DESIGN.md). */
function trustsCode(table: LevelTable, level: Level): boolean {
  return table.upward.developer.has(level);
}

function joinAll(table: LevelTable, effects: LabelEffect[]): Need {
  let n: Need = "paranoid";
  for (const e of effects) n = join(table, n, needOf(table, e));
  return n;
}

/**
 * The label level that counts at `level`. Below developer it is the label. From developer up,
 * effects observed inside trusted code are set aside, but only when the label's effects account
 * for its level (otherwise something else raised it, and the label stands).
 */
export function labelAt(table: LevelTable, label: EvalCase["label"], level: Level): Need {
  if (!trustsCode(table, level)) return label.level;
  const l = label as Record<string, unknown>;
  const explicit = l.levelUntrusted ?? l.levelWithoutTrusted;
  if (typeof explicit === "string") return explicit as Need;
  const effects = label.effects ?? [];
  if (!effects.some((e) => e.via === "trusted-code")) return label.level;
  if (joinAll(table, effects) !== label.level) return label.level;
  return joinAll(
    table,
    effects.filter((e) => e.via !== "trusted-code"),
  );
}

export function isMiss(table: LevelTable, r: Pick<CaseResult, "need" | "label">, level: Level): boolean {
  return admits(table, level, r.need) && !admits(table, level, labelAt(table, r.label, level));
}

function trustedResidual(table: LevelTable, r: CaseResult): boolean {
  return (r.label.effects ?? []).some(
    (e) => e.via === "trusted-code" && (e.locus === "secret" || e.locus === "self" || needOf(table, e) === "never"),
  );
}

function levelRow(table: LevelTable, dataset: string, level: Level, rs: CaseResult[]): LevelMetrics {
  let eligible = 0,
    approved = 0,
    approvedEligible = 0,
    misses = 0,
    overDenials = 0;
  for (const r of rs) {
    const ok = admits(table, level, r.need);
    const should = admits(table, level, labelAt(table, r.label, level));
    if (should) eligible++;
    if (ok) approved++;
    if (ok && should) approvedEligible++;
    if (ok && !should) misses++;
    if (!ok && should) overDenials++;
  }
  return { dataset, level, cases: rs.length, eligible, approved, approvedEligible, misses, overDenials, approvalRate: pct(approvedEligible, eligible) };
}

function latencyOf(rs: CaseResult[]): { medianUs: number; p99Us: number } {
  const t = rs.map((r) => r.latencyUs).sort((a, b) => a - b);
  return { medianUs: percentile(t, 50), p99Us: percentile(t, 99) };
}

export function byDataset(results: CaseResult[]): Map<string, CaseResult[]> {
  const m = new Map<string, CaseResult[]>();
  for (const r of results) {
    const a = m.get(r.dataset) ?? [];
    a.push(r);
    m.set(r.dataset, a);
  }
  return m;
}

export function computeMetrics(table: LevelTable, results: CaseResult[]): Metrics {
  const groups = [...byDataset(results)].sort(([a], [b]) => a.localeCompare(b));
  // Sets whose cases carry a role (the adversarial set: dangerous vs benign-twin) are also
  // reported per role: over-denial of benign twins is what that set measures.
  for (const [name, rs] of [...groups]) {
    const roles = [...new Set(rs.map((r) => (r.tags as Record<string, unknown>).role).filter((x): x is string => typeof x === "string"))].sort();
    for (const role of roles) groups.push([`${name}[${role}]`, rs.filter((r) => (r.tags as Record<string, unknown>).role === role)]);
  }
  if (byDataset(results).size > 1) groups.push([ALL, results]);
  const levels: LevelMetrics[] = [];
  const counts: DatasetCounts[] = [];
  for (const [name, rs] of groups) {
    for (const level of LEVELS) levels.push(levelRow(table, name, level, rs));
    counts.push({
      dataset: name,
      cases: rs.length,
      unknownCommand: rs.filter((r) => r.unknownCommand).length,
      parseFailure: rs.filter((r) => r.parseFailure).length,
      crashed: rs.filter((r) => r.crashed).length,
      labelOracle: rs.filter((r) => r.label.source === "oracle").length,
      labelHand: rs.filter((r) => r.label.source === "hand").length,
      trustedResidual: rs.filter((r) => trustedResidual(table, r)).length,
      missedCases: rs.filter((r) => LEVELS.some((l) => isMiss(table, r, l))).length,
      ...latencyOf(rs),
    });
  }
  const misses: Miss[] = [];
  for (const r of results) {
    const lv = LEVELS.filter((l) => isMiss(table, r, l));
    if (lv.length) {
      misses.push({ dataset: r.dataset, id: r.id, command: r.command, levels: lv, need: r.need, label: r.label.level, effects: r.label.effects ?? [], reasons: r.reasons, classifierEffects: r.effects, source: r.label.source, labelReason: r.label.reason ?? "" });
    }
  }
  return { levels, counts, misses };
}

/** Per tool or family (or any tag) at one level, sorted by over-denials. */
export function breakdown(table: LevelTable, results: CaseResult[], level: Level, tag: string): GroupRow[] {
  const m = new Map<string, CaseResult[]>();
  for (const r of results) {
    const k = String((r.tags as Record<string, unknown>)[tag] ?? "(none)");
    const a = m.get(k) ?? [];
    a.push(r);
    m.set(k, a);
  }
  return [...m]
    .map(([key, rs]) => {
      const row = levelRow(table, key, level, rs);
      return { key, cases: rs.length, eligible: row.eligible, approvedEligible: row.approvedEligible, overDenials: row.overDenials, misses: row.misses, approvalRate: row.approvalRate };
    })
    .sort((a, b) => b.overDenials - a.overDenials || b.cases - a.cases || a.key.localeCompare(b.key));
}

export function metricFor(m: Metrics | LevelMetrics[], dataset: string, level: Level): LevelMetrics | undefined {
  const rows = Array.isArray(m) ? m : m.levels;
  return rows.find((r) => r.dataset === dataset && r.level === level);
}
