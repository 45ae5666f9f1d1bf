// `shellfence check` and `shellfence explain`: one verdict for one command.
// Exit 0 auto-approved, 1 not, 2 usage or config error.
import path from "node:path";
import { parseCheckArgs } from "./args.ts";
import { resolveRun } from "./context.ts";
import { shippedUpward } from "./shipped-levels.ts";
import type { Io } from "./io.ts";
import { loadClassifier } from "./shipped-classifier.ts";
import { plainReason } from "./plain.ts";
import { customRules } from "./rules.ts";
import { reasonText, verdictJson, type VerdictLike } from "./verdict.ts";

export async function runCheck(args: readonly string[], io: Io, sub: "check" | "explain"): Promise<number> {
  const parsed = parseCheckArgs(args, sub);
  if (!parsed.ok) {
    io.err(`shellfence ${sub}: ${parsed.error}\n`);
    return 2;
  }
  const a = parsed.value;
  const cwd = path.resolve(io.cwd, a.cwd ?? ".");
  let resolved;
  try {
    resolved = await resolveRun({ ...(a.level ? { flagLevel: a.level } : {}), cwd, roots: a.roots.map((r) => path.resolve(io.cwd, r)), env: io.env, home: io.home, upward: shippedUpward });
  } catch (e) {
    io.err(`shellfence: config error: ${(e as Error).message}\n`);
    return 2;
  }
  for (const n of resolved.settings.notes) io.err(`shellfence: note: ${n}\n`);
  let v: VerdictLike;
  let explainText: string | null = null;
  try {
    const c = await (io.classifier ?? loadClassifier)();
    const rules = await customRules(resolved.settings.rules, c);
    v = c.classify(a.command, rules ? { ...resolved.ctx, rules } : resolved.ctx);
    if (sub === "explain") explainText = c.explain ? c.explain(v) : renderExplain(v, a.command);
  } catch (e) {
    // A broken data file of the install (registry, regions) is a configuration problem (2);
    // anything else is a bug: reported, and not approved (1).
    if (e instanceof Error && e.name === "DataFileError") {
      io.err(`shellfence: data file error: ${e.message}\n`);
      return 2;
    }
    io.err(`shellfence: internal error: ${(e as Error).message}; not approved\n`);
    return 1;
  }
  if (a.json) io.out(JSON.stringify(verdictJson(v)) + "\n");
  else if (explainText !== null) io.out(explainText.endsWith("\n") ? explainText : explainText + "\n");
  else io.out(summary(v));
  if (sub === "explain") io.err(`shellfence: level ${v.configuredLevel} from ${describeFrom(resolved.settings.levelFrom)}\n`);
  return v.decision === "allow" ? 0 : 1;
}

/** `allow: needs reader, configured developer` and the reasons, one per line. */
function summary(v: VerdictLike): string {
  const need = v.level === "never" ? "never auto-approved" : `needs ${v.level}`;
  const head = `${v.decision === "allow" ? "allow" : "ask"}: ${need}, configured ${v.configuredLevel}${v.reasons.length ? `: ${plainReason(v)}` : ""}\n`;
  return head + v.reasons.map((r) => `  - ${reasonText(r)}\n`).join("");
}

function describeFrom(from: string): string {
  return from === "flag" ? "--level" : from === "default" ? "the default" : from;
}

/** Used when the library ships no explain renderer of its own. */
export function renderExplain(v: VerdictLike, command: string): string {
  const lines = [`command: ${command}`, `decision: ${v.decision} (needs ${v.level}, configured ${v.configuredLevel})`, "commands:"];
  v.commands.forEach((c, i) => {
    lines.push(`  ${i + 1}. ${c.argv.map((w) => (w === null ? "<dynamic>" : JSON.stringify(w))).join(" ")}`);
    lines.push(`     base: ${c.bases.length ? c.bases.join(" | ") : "<unknown>"}`);
  });
  lines.push("effects:");
  for (const e of v.effects) {
    const src = e.source ? `  <- ${JSON.stringify(e.source.text)} [${e.source.pos}-${e.source.end}]` : "";
    lines.push(`  ${e.op} ${e.locus} ${e.target || "-"}${src}`);
  }
  if (!v.effects.length) lines.push("  (none)");
  lines.push("reasons:");
  for (const r of v.reasons) lines.push(`  - ${reasonText(r)}`);
  return lines.join("\n") + "\n";
}
