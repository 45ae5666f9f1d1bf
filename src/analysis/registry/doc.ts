// Renders docs/commands.md from the compiled registry (pure, so a test can check the file is current).
import path from "node:path";
import type { CCommand, CFlag, CNode, Registry } from "./compiled.ts";

const ROLE_WORDS: Record<string, string> = {
  read: "reads", "name-or-read": "a name, or reads a file when it has a `/`", "attr-read": "reads it and the .gitattributes along it", write: "writes", delete: "deletes", exec: "runs (path)", source: "sources",
  cwd: "sets the base directory", url: "fetches URL", "send-url": "sends to URL", data: "request body (@file reads)",
  code: "inline code", script: "shell script", "script-args": "shell script (more words appended)", words: "command line (split by the tool)", "words-args": "command line (split by the tool, more words appended)", cmd: "command", cmd1: "program (unknown args)",
  pid: "signals", procname: "signals", unknown: "not modelled",
};

function esc(s: string): string {
  return s.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** Flags that do something: a role other than ignore, a mode, effects, or unknown. */
function notableFlags(node: CNode): string[] {
  const seen = new Map<CFlag, string[]>();
  const add = (name: string, f: CFlag) => seen.set(f, [...(seen.get(f) ?? []), name]);
  for (const [n, f] of node.short) add(n, f);
  for (const [n, f] of node.long) add(n, f);
  for (const [n, f] of node.wordFlags) add(n, f);
  for (const [n, f] of node.prefixFlags) add(n + "*", f);
  const out: string[] = [];
  for (const [f, names] of seen) {
    const parts: string[] = [];
    if (f.unknown) parts.push(`not modelled (${f.unknown})`);
    else {
      if (f.role !== "ignore" && f.role !== "pattern") parts.push(ROLE_WORDS[f.role] ?? f.role);
      if (f.recursive) parts.push("recursive");
      if (f.modes.length) parts.push(`mode ${f.modes.join(", ")}`);
      if (f.rest) parts.push(`rest: ${f.rest}`);
      for (const e of f.effects) parts.push(e.why);
    }
    if (parts.length) out.push(`\`${names.join("` `")}\`: ${parts.join("; ")}`);
  }
  return out.sort();
}

function operandsText(node: CNode): string {
  const p = node.policy;
  const parts: string[] = [];
  p.slots.forEach((r, i) => r && parts.push(`${i + 1}: ${r}`));
  if (p.last) parts.push(`last: ${p.last}`);
  if (p.rest) parts.push(`${p.slots.length || p.last ? "rest" : "all"}: ${p.rest}`);
  if (p.min) parts.push(`min ${p.min}`);
  if (p.max !== Infinity && p.max !== p.slots.length) parts.push(`max ${p.max}`);
  if (!parts.length) return "none";
  return parts.join(", ") + (node.implicit ? ` (default \`${node.implicit}\`)` : "");
}

function effectsText(node: CNode): string {
  return node.effects
    .map((e) => `${e.op}${e.kind ? ` (${e.kind})` : ""} ${e.path ? `\`${e.path}\`` : e.locus ?? "none"}${e.when ? ` when ${e.when}` : ""}${e.unless ? ` unless ${e.unless}` : ""}`)
    .join("; ");
}

function renderNode(node: CNode, depth: number, lines: string[]): void {
  const name = node.path.split(" ").slice(1).join(" ");
  const aliases = node.aliases.length ? ` (also ${node.aliases.map((a) => `\`${a}\``).join(", ")})` : "";
  const bits = [esc(node.summary)];
  if (node.unknown) bits.push(`**not modelled**: ${esc(node.unknown)}`);
  else {
    const fx = effectsText(node);
    if (fx) bits.push(`effects: ${fx}`);
    if (node.policy.max !== 0 || node.subs.size === 0) bits.push(`operands: ${operandsText(node)}`);
    if (node.handler) bits.push(`handler \`${node.handler}\``);
  }
  lines.push(`${"  ".repeat(depth)}- \`${name}\`${aliases}: ${bits.join(". ")}`);
  for (const s of node.subList) renderNode(s, depth + 1, lines);
}

function renderCommand(cmd: CCommand, lines: string[]): void {
  lines.push(`### ${cmd.name}`, "");
  lines.push(esc(cmd.summary) + ".", "");
  const facts: string[] = [];
  if (cmd.aliases.length) facts.push(`Also: ${cmd.aliases.map((a) => `\`${a}\``).join(", ")}.`);
  if (cmd.role !== "plain") facts.push(`Role: ${cmd.role}.`);
  if (cmd.unknown) facts.push(`**Not modelled**: ${esc(cmd.unknown)} (always asks).`);
  else {
    if (!cmd.subs.size || cmd.policy.max !== 0) facts.push(`Operands: ${operandsText(cmd)}.`);
    const fx = effectsText(cmd);
    if (fx) facts.push(`Effects: ${fx}.`);
    if (cmd.handler) facts.push(`Analysed by the \`${cmd.handler}\` handler.`);
  }
  if (facts.length) lines.push(facts.join(" "), "");
  const flags = notableFlags(cmd);
  if (flags.length) {
    lines.push("Flags that matter:", "");
    for (const f of flags) lines.push(`- ${esc(f)}`);
    lines.push("");
  }
  if (cmd.subList.length) {
    lines.push("Subcommands:", "");
    for (const s of cmd.subList) renderNode(s, 0, lines);
    lines.push("");
  }
  if (cmd.examples.length) {
    lines.push("| example | lowest level | why |", "|---|---|---|");
    for (const e of cmd.examples) lines.push(`| \`${esc(e.command)}\` | ${e.level} | ${esc(e.why ?? "")} |`);
    lines.push("");
  }
}

export function renderCommandsDoc(reg: Registry): string {
  let subs = 0;
  const count = (n: CNode) => n.subList.forEach((s) => (subs++, count(s)));
  reg.entries.forEach(count);
  const examples = reg.entries.reduce((a, c) => a + c.examples.length, 0);
  const lines = [
    "# Commands shellfence knows",
    "",
    "Generated from `registry/*.toml` by `npm run docs:commands`; do not edit by hand. The schema is",
    "in `registry/README.md`. A command, subcommand or flag not listed here is not auto-approved.",
    "",
    `${reg.entries.length} entries (${reg.commands.size} names with aliases), ${subs} subcommands, ${examples} examples.`,
    "",
  ];
  const byFile = new Map<string, CCommand[]>();
  for (const c of reg.entries) {
    const f = path.basename(c.file);
    byFile.set(f, [...(byFile.get(f) ?? []), c]);
  }
  lines.push("## Contents", "");
  for (const [f, cmds] of byFile) lines.push(`- \`${f}\`: ${cmds.map((c) => `[${c.name}](#${anchor(c.name)})`).join(", ")}`);
  lines.push("");
  for (const [f, cmds] of byFile) {
    lines.push(`## ${f}`, "");
    for (const c of cmds) renderCommand(c, lines);
  }
  return lines.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd() + "\n";
}

function anchor(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9 -]/g, "").replace(/ /g, "-");
}
