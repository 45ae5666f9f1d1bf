// `npm run options:settle [-- --tool NAME[,NAME]] [--dry-run]`: writes each node's options that
// the tool lists and the entry does not declare into its `unmodelled_flags` line (registry/*.toml),
// so the registry knows every option: an unmodelled one makes the command unknown, and
// abbreviations and short-option clusters are read as the tool reads them. Arity disagreements
// are left for a person: they change what an existing declaration means.
import { readFileSync, writeFileSync } from "node:fs";
import { loadRegistry } from "../../src/analysis/registry/load.ts";
import { UNMODELLED_TOKEN } from "../../src/analysis/registry/schema.ts";
import type { Arity } from "../../src/analysis/registry/compiled.ts";
import { allGaps, loadExtracts } from "./gaps.ts";
import { runnerTreatment } from "./check.ts";
import type { OptionsNode, ToolExtract } from "./types.ts";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Whether an option that a lax node used to let through is inert: it takes no value or a value
 * that is data for the tool (a count, a name, a format), judged from the tool's own names for
 * it. Anything that may name a file, a program or a configuration is not. Non-lax nodes refused
 * every option they did not declare, and still do (unmodelled): nothing is loosened there.
 */
/** Names that change what a tool does to files or processes, whatever the option takes (matched per dash-separated word). */
const DESTRUCTIVE_NAME = /(^|-)(rm|remove|delete|del|unlink|purge|clean|prune|force|overwrite|in-?place|replace|truncate|wipe|erase|shred|kill|install|uninstall|upload|push|send|commit|apply|move|mv|rename|exec|execute|eval|run|spawn|write|save|dump|fix|update|upgrade|edit|modify|create|init|reset|restore|load|import|require|dereference)($|-)/i;
const RISKY_NAME = /file|path|dir|conf|config|output|(^|[-_])out$|^-o$|exec|command|cmd|script|log|sock|key|cert|plugin|module|load|lib|hook|editor|pager|shell|prog|rc$|profile|import|include|require|template|cache|tmp|temp|dump|save|write|record|trace|db|database|store|socket|device|mount|volume|root|chroot|home|env|eval|run|spawn|pipe|filter|proxy|program|pre$|post$|^rm$|remove|delete|unlink|purge|clean|prune|force|overwrite|in-?place|replace|truncate|wipe|erase|shred|kill|install|upload|push|send|commit|apply|move|rename/i;
/**
 * Names that move where a tool works or widen what it may do: a working directory, code loaded
 * before the program, a registry or server to talk to, a lock file, a debugger port, consent
 * given in advance, permissions or checks turned off.
 */
const WIDENING_NAME = /(^|-)(cwd|chdir|workdir|work-tree|preload|ca|cafile|capath|registry|url|uri|endpoint|server|remote|lock|lockfile|inspect|global|unsafe|allow|trust|trusted|insecure|verify|privileged|sudo|yes|assume-yes|sandbox|permission|permissions)($|-)/i;
const INERT_ARG = /^[<[{]?(n|num|number|count|int|integer|size|bytes?|secs?|seconds|ms|time|timeout|duration|delay|interval|level|levels|depth|width|height|lines|columns|cols|limit|max|min|port|pid|pids|uid|gid|user|username|uname|group|gname|name|namespace|ns|label|selector|tag|format|fmt|field|fields|sort|when|word|mode|type|style|colou?r|lang|locale|encoding|charset|signal|sig|priority|prio|unit|units|service|host|hostname|date|since|until|regex|regexp|pattern|pat|text|id|ref|rev|commit|branch|percent|ratio|rate|factor|threshold|seed|index|idx|offset|start|end|range|version|arch|platform|os|zone|region|kind|class|state|status|order|spec|specs|section|[a-z]+list)\.{0,3}[>\]}]?$/i;

/**
 * Placeholders that name a type or nothing at all, not a meaning: Go's flag and cobra help
 * (`--tail string`, `-n=''`), and the generic `<val>`, `VALUE`, `ARG`, `X` many tools print for
 * every option alike (bun's `--cwd=<val>`, `--preload=<val>`). The option's names must say.
 */
const TYPE_ARG = /^[<[{]?(string|strings|stringArray|stringToString|list|val|value|values|str|arg|args|argument|param|opt|option|[a-mo-z])[>\]}]?(\.{3})?$|^(''|""|\[\]|'[^']*'|"[^"]*")$/i;
/** Placeholders that can only be a number (cobra's `int`, `duration`; a default such as `-1`, `30s`). */
const NUMBER_ARG = /^[<[{]?(int|int32|int64|uint|uint8|uint16|uint32|uint64|float|float32|float64|duration|bytes|bool|-?\d+(\.\d+)?[a-z]*)[>\]}]?$/i;
/** Long option names whose value is data for the tool, when the placeholder says nothing. */
const INERT_NAME = /^(title|body|message|subject|description|comment|reason|namespace|all-namespaces|selector|field-selector|label-columns|tail|since|until|lines|limit|max|min|timeout|format|tag|name|label|labels|sort-by|chunk-size|request-timeout|context|cluster|user|platform|target|network|signal|time|interval|count|width|depth|level|quiet|verbose|color|colour|no-headers|show-labels|show-kind|watch|watch-only|follow|timestamps|details|all|seed|retry|retries|bail|shard|jobs|concurrency|max-concurrency|test-name-pattern|reporter)$/;

/**
 * Is an option inert for a lax node, judged by all of its names (`-c, --config` is one option:
 * the short name alone says nothing) and the tool's placeholder for its value?
 */
export function inertOption(names: string | readonly string[], arity: Arity, arg: string | undefined): boolean {
  const bares = (typeof names === "string" ? [names] : names).map((n) => n.replace(/^-+/, ""));
  // `--no-pager`, `--no-color`: a negation without a value turns something off
  // a flag without a value names nothing: only what it does counts (`--catalog`, `--paths` are fine)
  for (const bare of bares) {
    if (bare.startsWith("no-") && arity === 0) continue;
    if (DESTRUCTIVE_NAME.test(bare) || WIDENING_NAME.test(bare)) return false;
    if (arity !== 0 && RISKY_NAME.test(bare)) return false;
  }
  if (arity === 0 || arg === "bool") return true;
  if (arg === undefined) return false;
  const a = arg.trim();
  if (NUMBER_ARG.test(a)) return true;
  if (TYPE_ARG.test(a)) return bares.some((b) => b.length > 1 && INERT_NAME.test(b));
  // `<package-name-pattern>...`: the last word of a compound placeholder says what it is
  const last = a.replace(/[<>[\]{}.,]/g, "").split(/[-_\s]/).pop() ?? "";
  return INERT_ARG.test(a) || (last !== a && last.length > 1 && INERT_ARG.test(last));
}

/** Entries settled by hand, and why (another change is reworking their options). */
const HELD: Record<string, string> = {};
/** Alias names that are no separate tool (spellings such as `python3.11` of an extracted one need not be extracted). */
const NOT_TOOLS = new Set<string>();

const marker = (a: Arity) => (a === 1 ? "=" : a === "optional" ? "[=]" : "");

/** Placeable option names only: `-x`, `--long`, `-word`, `+x` (not `-5`, `-<n>`, `-NUM`). */
function placeable(name: string): boolean {
  return UNMODELLED_TOKEN.test(name) && !/^-\d\d+$/.test(name) && !/[<>{}|*,;'"`$\\]/.test(name) && name !== "--";
}

/** The lines of `text` that hold node `nodePath` (`git`, `git remote add`) of the entry `entry`: [header line, end). */
export function nodeSpan(lines: string[], entry: string, nodePath: string[]): [number, number] | null {
  let start = -1;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== "[[command]]") continue;
    for (let j = i + 1; j < lines.length && !lines[j]!.startsWith("["); j++) {
      if (new RegExp(`^name\\s*=\\s*"${entry.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"\\s*$`).test(lines[j]!)) start = i;
    }
    if (start >= 0) break;
  }
  if (start < 0) return null;
  let end = lines.findIndex((l, k) => k > start && l.trim() === "[[command]]");
  if (end < 0) end = lines.length;
  if (nodePath.length === 0) {
    const next = lines.findIndex((l, k) => k > start && k < end && /^\[/.test(l));
    return [start, next < 0 ? end : next];
  }
  const key = nodePath.map((s) => (/^[A-Za-z0-9_-]+$/.test(s) ? s : JSON.stringify(s))).join(".sub.");
  const header = `[command.sub.${key}]`;
  const h = lines.findIndex((l, k) => k > start && k < end && l.trim() === header);
  if (h < 0) return null;
  const next = lines.findIndex((l, k) => k > h && /^\[/.test(l));
  return [h, next < 0 || next > end ? end : next];
}

/** Sets (or removes) a node's `unmodelled_flags` or `inert_flags` line, after its `summary` line. */
export function setList(text: string, entry: string, nodePath: string[], key: "unmodelled_flags" | "inert_flags", tokens: string[]): string | null {
  const lines = text.split("\n");
  const span = nodeSpan(lines, entry, nodePath);
  if (!span) return null;
  const [a, b] = span;
  const existing = lines.findIndex((l, k) => k > a && k < b && l.startsWith(`${key} =`));
  const line = tokens.length ? `${key} = ${JSON.stringify(tokens.join(" "))}` : null;
  if (existing >= 0) {
    if (line) lines[existing] = line;
    else lines.splice(existing, 1);
    return lines.join("\n");
  }
  if (!line) return text;
  const summary = lines.findIndex((l, k) => k > a && k < b && /^summary\s*=/.test(l));
  if (summary < 0) return null;
  lines.splice(summary + 1, 0, line);
  return lines.join("\n");
}

/**
 * `--recheck`: judge again every option a lax node lists in `inert_flags` by today's rule, and
 * move those it no longer finds inert into `unmodelled_flags` (refused). A rule made stricter
 * reaches what earlier runs settled; nothing is ever moved the other way.
 */
function recheck(reg: ReturnType<typeof loadRegistry>, only: Set<string> | null, dry: boolean): void {
  const texts = new Map<string, string>();
  const moved: string[] = [];
  const visit = (entry: { name: string; file: string }, x: import("./types.ts").OptionsNode, node: import("../../src/analysis/registry/compiled.ts").CNode, sub: string[]) => {
    const text = texts.get(entry.file) ?? readFileSync(entry.file, "utf8");
    const inert = currentTokens(text, entry.name, sub, "inert_flags");
    const out = inert.filter((t) => {
      const name = t.replace(/(\[=\]|=)$/, "");
      const o = x.options.find((k) => k.names.includes(name));
      return o !== undefined && !inertOption(o.names, o.arity, o.arg);
    });
    if (out.length) {
      let next = setList(text, entry.name, sub, "inert_flags", inert.filter((t) => !out.includes(t)));
      if (next !== null) next = setList(next, entry.name, sub, "unmodelled_flags", [...new Set([...currentTokens(next, entry.name, sub, "unmodelled_flags"), ...out])].sort(byName));
      if (next !== null) {
        texts.set(entry.file, next);
        moved.push(`${[entry.name, ...sub].join(" ")}: ${out.join(" ")}`);
      }
    }
    for (const [leaf, xs] of Object.entries(x.subcommands ?? {})) {
      const s = node.subs.get(leaf);
      if (s) visit(entry, xs, s, [...sub, leaf]);
    }
  };
  for (const x of loadExtracts()) {
    const entry = reg.commands.get(x.tool);
    if (!entry || (only && !only.has(x.tool) && !only.has(entry.name))) continue;
    visit(entry, x, entry, []);
  }
  for (const [file, text] of texts) if (!dry) writeFileSync(file, text);
  process.stderr.write(`recheck: ${moved.length} nodes lose inert options${dry ? " (dry run)" : ""}\n${moved.map((m) => `  ${m}\n`).join("")}`);
}

function main() {
  const args = process.argv.slice(2);
  const i = args.indexOf("--tool");
  const only = i >= 0 ? new Set(args[i + 1]!.split(",")) : null;
  const dry = args.includes("--dry-run");
  const reg = loadRegistry();
  if (args.includes("--recheck")) return recheck(reg, only, dry);
  const extracted = new Set(loadExtracts().map((x) => x.tool));
  const skipped = new Map<string, string>();
  // node (file, entry, path) -> tokens already listed plus the missing ones
  const wanted = new Map<string, { file: string; entry: string; path: string[]; tokens: Map<string, string>; inert: Map<string, string> }>();
  const extracts = loadExtracts();
  for (const t of allGaps(reg, extracts)) {
    if (only && !only.has(t.tool) && !only.has(t.entry)) continue;
    const entry = reg.commands.get(t.tool)!;
    const unasked = entry.aliases.some((a) => !extracted.has(a) && !NOT_TOOLS.has(a));
    if (HELD[entry.name] && !(only && only.has(entry.name))) {
      skipped.set(entry.name, HELD[entry.name]!);
      continue;
    }
    const x = extracts.find((e) => e.tool === t.tool)!;
    for (const g of t.gaps) {
      if (g.kind !== "missing" || !placeable(g.option)) continue;
      let node = entry as import("../../src/analysis/registry/compiled.ts").CNode;
      for (const s of g.node.split(" ").slice(1)) node = node.subs.get(s)!;
      // a subcommand alias's gap (`docker logs`) is written on the node it shares (`docker ps`)
      const subPath = node.path.split(" ").slice(1);
      const key = `${entry.file}\u0000${entry.name}\u0000${subPath.join(" ")}`;
      const w = wanted.get(key) ?? { file: entry.file, entry: entry.name, path: subPath, tokens: new Map(), inert: new Map() };
      // Tool groups whose plugins add options keep the runner treatment (`lax_flags = "values"`:
      // every path-like value judged as a write and as code): their option lists are never complete.
      if (runnerTreatment(node)) continue;
      const lax = node.lax;
      // A lax node shared with a tool (or subcommand) whose options are not listed here would let
      // that tool's option through as inert when it is only inert for the listed one: split it
      // first (`npm run options:split`). A strict node only gains refusals (unmodelled), so the
      // listed tool's options are written whoever shares it: an alias without that option
      // refused it before and still does.
      const listed = (a: string) => subOf(x, [...subPath.slice(0, -1), a]) !== null;
      if (lax && (unasked || (subPath.length > 0 && node.aliases.some((a) => !listed(a)))) && !(only && only.has(entry.name))) {
        skipped.set(`${entry.name}${subPath.length ? " " + subPath.join(" ") : ""}`, "a lax node shared with a tool or subcommand whose options are not extracted here: split it first");
        continue;
      }
      // on a node several tools share, an option is inert only if it is inert for every one of them
      if (lax && inertOption(g.names ?? [g.option], g.arity, g.arg)) {
        if (!w.tokens.has(g.option) && !w.inert.has(g.option)) w.inert.set(g.option, g.option + marker(g.arity));
      } else if (!w.tokens.has(g.option)) {
        w.inert.delete(g.option);
        w.tokens.set(g.option, g.option + marker(g.arity));
      }
      wanted.set(key, w);
    }
  }
  const texts = new Map<string, string>();
  let nodes = 0;
  let options = 0;
  let inert = 0;
  const failed: string[] = [];
  for (const w of wanted.values()) {
    let text: string | null = texts.get(w.file) ?? readFileSync(w.file, "utf8");
    // keep what the lines already list (the gaps are only what is still missing)
    for (const [key, add] of [["unmodelled_flags", w.tokens], ["inert_flags", w.inert]] as const) {
      if (text === null || add.size === 0) continue;
      const listed = currentTokens(text, w.entry, w.path, key);
      text = setList(text, w.entry, w.path, key, [...new Set([...listed, ...add.values()])].sort(byName));
    }
    const next = text;
    if (next === null) {
      failed.push(`${w.entry} ${w.path.join(" ")} (${path.basename(w.file)})`);
      continue;
    }
    texts.set(w.file, next);
    nodes++;
    options += w.tokens.size + w.inert.size;
    inert += w.inert.size;
  }
  for (const [file, text] of texts) if (!dry) writeFileSync(file, text);
  process.stderr.write(`settled ${options} options (${inert} inert) on ${nodes} nodes in ${texts.size} files${dry ? " (dry run)" : ""}\n`);
  if (failed.length) process.stderr.write(`could not place: ${failed.join("; ")}\n`);
  if (skipped.size) process.stderr.write(`left for a person (name them with --tool to settle anyway):\n${[...skipped].map(([e, w]) => `  ${e}: ${w}`).join("\n")}\n`);
}

/** The extract's node at `path` (subcommand names), or null when the tool was not asked about it. */
function subOf(x: ToolExtract, path: string[]): OptionsNode | null {
  let n: OptionsNode | undefined = x;
  for (const s of path) n = n?.subcommands?.[s];
  return n ?? null;
}

function currentTokens(text: string, entry: string, nodePath: string[], key: string): string[] {
  const lines = text.split("\n");
  const span = nodeSpan(lines, entry, nodePath);
  if (!span) return [];
  const l = lines.slice(span[0], span[1]).find((x) => x.startsWith(`${key} =`));
  if (!l) return [];
  return (JSON.parse(l.slice(l.indexOf("=") + 1).trim()) as string).split(/\s+/).filter(Boolean);
}

const byName = (a: string, b: string) => a.replace(/^-+/, "").localeCompare(b.replace(/^-+/, "")) || a.localeCompare(b);

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
