// `npm run options:split -- --node NAME [--alias A,B] [--dry-run]`: gives aliases of a registry
// entry their own [[command]] blocks, so each tool's options can be its own. `npm run
// options:settle` leaves an entry alone while an alias it cannot ask (not installed here) shares
// it: an option inert for the installed tool may name a file for the other one (sdiff's `-w` is a
// width; delta's is not sdiff's). After a split the installed tool is settled from its own list.
//
// What each new block keeps: everything the entry says (summary, role, flags, operands, effects,
// sub tables), except what was specific to the original tool: its settled `inert_flags` and
// `unmodelled_flags` (written from the original's extract), its `lax_why` (a claim about the
// original), its examples (an example moves with the tool it names). Aliases with an extract
// get one block each (settle them next); the aliases that cannot be asked here share one block,
// and that block loses `lax_flags = true`: nothing says which of their options are harmless, so
// an option the entry does not declare is refused (fail closed).
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadExtracts } from "./gaps.ts";

const REGISTRY_DIR = fileURLToPath(new URL("../../registry/", import.meta.url));

const quoted = (s: string) => JSON.stringify(s);

/** [start, end) of the [[command]] block named `name`; trailing blank and comment lines belong to what follows. */
export function entrySpan(lines: string[], name: string): [number, number] | null {
  const nameLine = new RegExp(`^name\\s*=\\s*${quoted(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== "[[command]]") continue;
    let end = lines.findIndex((l, k) => k > i && (l.trim() === "[[command]]" || (/^\[/.test(l) && !l.startsWith("[command."))));
    if (end < 0) end = lines.length;
    if (!lines.slice(i + 1, end).some((l) => nameLine.test(l))) continue;
    while (end > i + 1 && (lines[end - 1]!.trim() === "" || lines[end - 1]!.trim().startsWith("#"))) end--;
    return [i, end];
  }
  return null;
}

/** The command an example line names, or null for a line that is no example entry. */
function exampleCommand(line: string): string | null {
  const m = /\{\s*command\s*=\s*("(?:[^"\\]|\\.)*")/.exec(line);
  return m ? (JSON.parse(m[1]!) as string) : null;
}

const firstWord = (cmd: string) => cmd.trim().split(/\s+/)[0] ?? "";

/**
 * The block's lines with `keep(example)` deciding which one-line examples stay; an example array
 * left empty is dropped. Examples must be one per line (`example = [` ... `]`) or one inline line.
 */
function filterExamples(block: string[], keep: (cmd: string) => boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < block.length; i++) {
    const l = block[i]!;
    if (!/^example\s*=\s*\[/.test(l)) {
      out.push(l);
      continue;
    }
    if (/\]\s*$/.test(l) && exampleCommand(l) !== null && !/^example\s*=\s*\[\s*$/.test(l)) {
      // inline: example = [{ ... }, { ... }]
      const items = [...l.matchAll(/\{[^{}]*\}/g)].map((m) => m[0]).filter((it) => keep(exampleCommand(it) ?? ""));
      if (items.length) out.push(`example = [${items.join(", ")}]`);
      continue;
    }
    const items: string[] = [];
    let j = i + 1;
    for (; j < block.length && block[j]!.trim() !== "]"; j++) {
      const c = exampleCommand(block[j]!);
      if (c === null || keep(c)) items.push(block[j]!);
    }
    if (items.some((x) => exampleCommand(x) !== null)) out.push(l, ...items, "]");
    i = j;
  }
  return out;
}

/** Lines of the entry's own table (before its first `[command.sub...]` table). */
const headLength = (block: string[]) => {
  const i = block.findIndex((l) => l.startsWith("[command."));
  return i < 0 ? block.length : i;
};

/** The names the entry's `aliases = [...]` line lists (sub tables' aliases are subcommand names). */
function aliasesOf(block: string[]): string[] {
  const l = block.slice(0, headLength(block)).find((x) => /^aliases\s*=/.test(x));
  return l ? (JSON.parse(l.slice(l.indexOf("=") + 1).trim()) as string[]) : [];
}

/** Lines that said something about the original tool only (in the entry and in its sub tables). */
const TOOL_SPECIFIC = /^(inert_flags|unmodelled_flags|lax_why)\s*=/;

function newBlock(block: string[], name: string, aliases: string[], examplesOf: Set<string>, asked: boolean): string[] {
  let b = filterExamples(block, (c) => examplesOf.has(firstWord(c)));
  const head = headLength(b);
  b = b.filter((l, i) => !TOOL_SPECIFIC.test(l) && !(i < head && /^aliases\s*=/.test(l)));
  b = b.map((l) => (/^name\s*=/.test(l) ? `name = ${quoted(name)}` : l));
  if (aliases.length) {
    const at = b.findIndex((l) => /^name\s*=/.test(l));
    b.splice(at + 1, 0, `aliases = ${JSON.stringify(aliases).replace(/","/g, '", "')}`);
  }
  if (!asked) {
    const names = [name, ...aliases].join(", ");
    const lax = b.some((l) => /^lax_flags\s*=\s*true\s*$/.test(l));
    b = b.filter((l) => !/^lax_flags\s*=\s*true\s*$/.test(l));
    b.splice(1, 0, `# ${names}: not installed here, so no option list to settle against; ${lax ? "split from a lax group, an option not declared is refused" : "options from the group's declarations only"}.`);
  }
  return b;
}

export interface SplitResult {
  text: string;
  /** Names that got a block of their own (settle them). */
  asked: string[];
  /** The block for the aliases that could not be asked, by its name. */
  unasked: string | null;
}

/**
 * Moves `move` (aliases of entry `name`) into new blocks right after the entry. `extracted`:
 * tools with an option list here.
 */
export function splitEntry(text: string, name: string, move: string[], extracted: Set<string>): SplitResult | null {
  const lines = text.split("\n");
  const span = entrySpan(lines, name);
  if (!span) return null;
  const block = lines.slice(span[0], span[1]);
  const have = aliasesOf(block);
  const bad = move.filter((a) => !have.includes(a));
  if (bad.length) throw new Error(`${name} has no alias ${bad.join(", ")} (aliases: ${have.join(", ") || "none"})`);
  if (!move.length) return { text, asked: [], unasked: null };
  const stay = have.filter((a) => !move.includes(a));
  // the entry keeps its other aliases and the examples that do not name a moved tool
  let kept = filterExamples(block, (c) => !move.includes(firstWord(c)));
  const head = headLength(kept);
  kept = kept.flatMap((l, i) => (i < head && /^aliases\s*=/.test(l) ? (stay.length ? [`aliases = ${JSON.stringify(stay).replace(/","/g, '", "')}`] : []) : [l]));
  const asked = move.filter((a) => extracted.has(a));
  const unasked = move.filter((a) => !extracted.has(a));
  const added: string[][] = asked.map((a) => newBlock(block, a, [], new Set([a]), true));
  if (unasked.length) added.push(newBlock(block, unasked[0]!, unasked.slice(1), new Set(unasked), false));
  const out = [...lines.slice(0, span[0]), ...kept, ...added.flatMap((b) => ["", ...b]), ...lines.slice(span[1])];
  return { text: out.join("\n"), asked, unasked: unasked[0] ?? null };
}

function main() {
  const args = process.argv.slice(2);
  const opt = (k: string) => {
    const i = args.indexOf(k);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const name = opt("--node");
  if (!name) throw new Error("usage: npm run options:split -- --node NAME [--alias A,B] [--dry-run]");
  const extracted = new Set(loadExtracts().map((x) => x.tool));
  for (const f of readdirSync(REGISTRY_DIR).filter((x) => x.endsWith(".toml"))) {
    const file = path.join(REGISTRY_DIR, f);
    const text = readFileSync(file, "utf8");
    const span = entrySpan(text.split("\n"), name);
    if (!span) continue;
    const move = opt("--alias")?.split(",") ?? aliasesOf(text.split("\n").slice(span[0], span[1]));
    const r = splitEntry(text, name, move, extracted)!;
    if (!args.includes("--dry-run")) writeFileSync(file, r.text);
    process.stderr.write(
      `${f}: ${name} split: ${r.asked.length ? `own entries for ${r.asked.join(", ")} (next: npm run options:settle -- --tool ${[name, ...r.asked].join(",")})` : "no alias with an option list"}` +
        `${r.unasked ? `; not installed here, one strict entry: ${r.unasked}` : ""}${args.includes("--dry-run") ? " (dry run)" : ""}\n`,
    );
    return;
  }
  throw new Error(`no [[command]] named ${name} in registry/*.toml`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
