// `shellfence explain`: the walk, each command's effects and loci, and the rule that decided.
import type { Verdict } from "./verdict.ts";

export function explainText(v: Verdict): string {
  const x = v.explain;
  const lines: string[] = [];
  lines.push(`command: ${x.command}`);
  lines.push(
    `verdict: ${v.decision === "allow" ? "ALLOW" : "ASK"} at ${v.configuredLevel}; needs ${v.level === "never" ? "never (only a person may approve)" : v.level}` +
      (x.admittedAt.length ? ` (admitted at: ${x.admittedAt.join(", ")})` : ""),
  );
  lines.push(`context: shell ${x.shell}, cwd ${x.cwd}, roots ${x.roots.length ? x.roots.join(", ") : "(none)"}, home ${x.home}, tmp ${x.tmp.join(", ")}`);
  if (x.parseError) lines.push(`parse error at ${x.parseError.pos}: ${x.parseError.message}`);
  lines.push("");
  lines.push(v.commands.length ? "commands:" : "commands: (none)");
  v.commands.forEach((c, i) => {
    const argv = c.argv.map((a) => (a === null ? "<dynamic>" : /^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(" ");
    lines.push(`  [${i + 1}] ${argv}${c.via ? `   (via ${c.via})` : ""}`);
    lines.push(`      as: ${c.matched ?? "(not interpreted)"}; in: ${c.bases.length ? c.bases.join(" | ") : `<unknown: ${c.baseUnknown ?? "?"}>`}`);
    for (const e of v.effects.filter((e) => e.command === i)) lines.push(effectLine(e));
  });
  const loose = v.effects.filter((e) => e.command < 0);
  if (loose.length) {
    lines.push("other effects:");
    for (const e of loose) lines.push(effectLine(e));
  }
  lines.push("");
  if (v.reasons.length) {
    lines.push(v.decision === "allow" ? "why this level:" : "why not approved:");
    for (const r of v.reasons) lines.push(`  - ${r.message}`);
  } else lines.push("no effects beyond computation: admitted at every level");
  return lines.join("\n") + "\n";
}

function effectLine(e: Verdict["effects"][number]): string {
  return `      ${e.need.padEnd(13)} ${e.op}${e.kind ? `/${e.kind}` : ""} ${e.locus} ${e.target}   <- \`${e.source.text.replace(/\s+/g, " ").slice(0, 50)}\` ${e.why} [${e.rule}${e.region ? `; ${e.region}` : ""}]`;
}
