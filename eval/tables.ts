// Terminal tables (cli-table3) for `npm run eval`.
import Table from "cli-table3";
import type { LevelTable } from "../src/policy/levels.ts";
import { LEVELS } from "../src/policy/model.ts";
import type { DerivationMismatch } from "./evaluate.ts";
import { breakdown, metricFor, type Metrics, type Miss } from "./metrics.ts";
import { fmtPct } from "./stats.ts";
import type { CaseResult } from "./types.ts";

const plain = { style: { head: [] as string[], border: [] as string[] } };

function clip(s: string, n: number): string {
  const one = s.replace(/\s*\n\s*/g, " ⏎ ");
  return one.length > n ? one.slice(0, n - 1) + "…" : one;
}

export function levelTables(m: Metrics): string {
  const out: string[] = [];
  for (const ds of [...new Set(m.levels.map((l) => l.dataset))]) {
    const c = m.counts.find((x) => x.dataset === ds);
    const t = new Table({ ...plain, head: ["level", "label admits", "approved", "approval", "misses", "over-denied"] });
    for (const l of LEVELS) {
      const r = metricFor(m, ds, l)!;
      t.push([l, r.eligible, r.approvedEligible, fmtPct(r.approvalRate), r.misses, r.overDenials]);
    }
    out.push(`${ds}: ${c?.cases ?? 0} cases (labels: ${c?.labelOracle ?? 0} oracle, ${c?.labelHand ?? 0} hand); unknown command ${c?.unknownCommand ?? 0}, parse failure ${c?.parseFailure ?? 0}, crashed ${c?.crashed ?? 0}, trusted-code residual ${c?.trustedResidual ?? 0}; latency median ${(c?.medianUs ?? 0).toFixed(1)} us, p99 ${(c?.p99Us ?? 0).toFixed(1)} us`);
    out.push(t.toString());
  }
  return out.join("\n");
}

export function breakdownTable(table: LevelTable, results: CaseResult[], tag: string, limit: number): string {
  const rows = breakdown(table, results, "developer", tag).slice(0, limit);
  const t = new Table({ ...plain, head: [tag, "cases", "label admits", "approved", "over-denied", "misses", "approval"] });
  for (const g of rows) t.push([g.key, g.cases, g.eligible, g.approvedEligible, g.overDenials, g.misses, fmtPct(g.approvalRate)]);
  return t.toString();
}

/** Label effects worth reading first: everything but plain reads of the project and system files. */
function notable<E extends { op: string; locus: string }>(effects: E[]): E[] {
  const keep = effects.filter((e) => !(e.op === "read" && (e.locus === "worktree" || e.locus === "system")));
  return keep.length ? keep : effects;
}

export function missTable(misses: Miss[], limit = 50): string {
  const t = new Table({ ...plain, head: ["case", "approved at", "label", "label effects", "classifier reasons"], colWidths: [46, 16, 12, 40, 46], wordWrap: true });
  for (const m of misses.slice(0, limit)) {
    t.push([
      `${m.dataset}/${m.id}\n${clip(m.command, 120)}`,
      m.levels.join("\n"),
      `${m.label} (need ${m.need})`,
      m.effects.length ? clip(notable(m.effects).map((e) => `${e.op} ${e.locus} ${e.target}${e.via ? " [trusted]" : ""}`).join("; "), 200) : m.source === "hand" ? `(hand) ${clip(m.labelReason, 160)}` : "(oracle: no effects)",
      clip([...m.reasons, m.classifierEffects.length ? `effects: ${m.classifierEffects.join("; ")}` : "effects: none found"].join("; "), 240),
    ]);
  }
  return t.toString() + (misses.length > limit ? `\n… and ${misses.length - limit} more` : "");
}

export function mismatchTable(ms: DerivationMismatch[], limit = 30): string {
  const t = new Table({ ...plain, head: ["case", "configured", "need (default ctx)", "derived", "classify said", "its level"] });
  for (const m of ms.slice(0, limit)) t.push([`${m.dataset}/${m.id}`, m.level, m.need, m.expected, m.got, m.gotLevel]);
  return t.toString();
}
