// `npm run options:extract [-- --tool NAME[,NAME]]`: ask every tool the registry models for its
// options (its --help and its man page, inside a sandbox) and write registry/options/<name>.json.
// The extracts are committed: the completeness test (test/analysis/registry/options.test.ts)
// reads them without the tools installed, and a tool upgrade shows as a diff.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadRegistry } from "../../src/analysis/registry/load.ts";
import type { CNode } from "../../src/analysis/registry/compiled.ts";
import { mergeOptions, parseOptions, type ToolOption } from "./parse.ts";
import { runHelp, toolStamp, versionOf } from "./run.ts";
import { INSTALLED_AS, MODULE_ENTRIES, NOT_OPTIONS, recipeFor, type OptionFact } from "./tools.ts";
import type { OptionsNode, ToolExtract } from "./types.ts";

type Conflict = NonNullable<OptionsNode["conflicts"]>[number];

export const OPTIONS_DIR = fileURLToPath(new URL("../../registry/options/", import.meta.url));

/** How bash resolves a name here: builtin, keyword, file, or null (not installed). */
export function kindOf(name: string): "builtin" | "keyword" | "file" | null {
  if (MODULE_ENTRIES[name]) return kindOf("python3") === "file" ? "file" : null;
  const r = spawnSync("bash", ["--norc", "--noprofile", "-c", `type -t -- ${JSON.stringify(INSTALLED_AS[name] ?? name)}`], { encoding: "utf8" });
  const t = r.stdout.trim();
  return t === "builtin" || t === "keyword" || t === "file" ? t : null;
}

function extractNode(name: string, sub: string[], node: CNode, builtin: boolean, stamp: string, descend = true): OptionsNode {
  const recipe = recipeFor(name, builtin);
  const sources: string[] = [];
  const lists: ToolOption[][] = [];
  for (const cmd of recipe.help(name, sub)) {
    const r = runHelp(cmd, stamp);
    const style = typeof recipe.style === "function" ? recipe.style(cmd) : recipe.style;
    // a line a fact says is no definition goes before the lists merge
    const opts = parseOptions(r.text, style).filter((o) => !o.names.some((n) => dropped(factFor(recipe.facts, sub, n))));
    if (opts.length === 0) continue; // no help there (no man page, or the tool has no such flag)
    sources.push(cmd);
    lists.push(opts);
  }
  const merged = mergeOptions(lists);
  const { options, conflicts } = settle(merged, recipe.facts, sub);
  const out: OptionsNode = { sources, options };
  if (conflicts.length) out.conflicts = conflicts;
  if (!builtin && descend && node.subList.length) {
    const subs: Record<string, OptionsNode> = {};
    for (const s of node.subList) {
      const leaf = s.path.split(" ").pop()!;
      subs[leaf] = extractNode(name, [...sub, leaf], s, false, stamp);
      // a subcommand alias shares the node (`docker logs` reads as `docker ps`): its own options
      // must be declared there too. Its own list only: nested subcommands come from the name.
      // A list equal to the parent's is no help of its own (`docker ps ls` prints `docker ps`'s,
      // an uninstalled docker plugin docker's own).
      const echo = new Set([JSON.stringify(options), JSON.stringify(subs[leaf].options)]);
      for (const a of s.aliases) {
        const x = extractNode(name, [...sub, a], s, false, stamp, false);
        if (x.options.length && !echo.has(JSON.stringify(x.options))) subs[a] = x;
      }
    }
    out.subcommands = subs;
  }
  return out;
}

/** The fact about spelling `name` at node `sub`: the node's own (`"sub --x"`) before the tool's (`"--x"`). */
export function factFor(facts: Record<string, OptionFact> | undefined, sub: string[], name: string): OptionFact | undefined {
  return facts?.[[...sub, name].join(" ")] ?? facts?.[name];
}

const dropped = (f: OptionFact | undefined): boolean => f !== undefined && "drop" in f;

/**
 * Applies a recipe's arity facts (tools.ts) to the merged list of one node: the fact wins over
 * what the texts said (their conflict on it is settled), and the option is marked with the run.
 */
export function settle(merged: { options: ToolOption[]; conflicts: Conflict[] }, facts: Record<string, OptionFact> | undefined, sub: string[]): { options: ToolOption[]; conflicts: Conflict[] } {
  let { conflicts } = merged;
  const arityOf = (n: string) => {
    const f = factFor(facts, sub, n);
    return f && !("drop" in f) ? f : undefined;
  };
  const options = merged.options.flatMap((o): ToolOption[] => {
    const fix = o.names.map(arityOf).find((f) => f);
    if (!fix) return [o];
    conflicts = conflicts.filter((c) => !o.names.includes(c.name));
    const [moved, kept] = fix.only ? [o.names.filter(arityOf), o.names.filter((n) => !arityOf(n))] : [o.names, []];
    // a flag has no placeholder
    const { arg, ...bare } = o;
    const settled: ToolOption = { ...(fix.arity === 0 ? bare : o), names: moved, arity: fix.arity, fixed: fix.why };
    return kept.length ? [{ ...o, names: kept }, settled] : [settled];
  });
  return { options, conflicts };
}

export function extractTool(name: string, entry: CNode & { name: string }, withSubs: boolean): ToolExtract | null {
  const kind = kindOf(name);
  if (kind === null) return null;
  const builtin = kind !== "file";
  // the binary the help runs: asked in the sandbox, where a tool the host finds may be missing
  // (then it is not installed here, and its committed extract stays)
  const program = builtin ? "bash" : MODULE_ENTRIES[name] ? "python3" : (INSTALLED_AS[name] ?? name);
  const stamp = toolStamp(program);
  if (!stamp) return null;
  const recipe = recipeFor(name, builtin);
  const node = extractNode(name, [], withSubs ? entry : { ...entry, subList: [] }, builtin, stamp);
  return {
    tool: name,
    entry: entry.name,
    version: builtin ? `bash ${spawnSync("bash", ["-c", "echo $BASH_VERSION"], { encoding: "utf8" }).stdout.trim()}` : versionOf(program, MODULE_ENTRIES[name] ? undefined : recipe.version, stamp),
    kind,
    ...node,
  };
}

/** A file name for a command name (`.`, `[` and `:` are commands too). */
export function fileNameOf(name: string): string {
  const safe = name.replace(/^\.$/, "dot").replace(/^\[$/, "lbracket").replace(/^:$/, "colon").replace(/[^A-Za-z0-9._+-]/g, "_");
  return `${safe}.json`;
}

/** One option per line, so an upgrade's diff reads as options added, dropped or changed. */
export function serialize(x: ToolExtract): string {
  const node = (n: OptionsNode, ind: string): string => {
    const lines = [`${ind}"sources": ${JSON.stringify(n.sources)},`, `${ind}"options": [`];
    n.options.forEach((o, i) => lines.push(`${ind}  ${JSON.stringify(o)}${i < n.options.length - 1 ? "," : ""}`));
    lines.push(`${ind}]`);
    if (n.conflicts) lines[lines.length - 1] += `,\n${ind}"conflicts": ${JSON.stringify(n.conflicts)}`;
    if (n.subcommands) {
      lines[lines.length - 1] += ",";
      lines.push(`${ind}"subcommands": {`);
      const subs = Object.entries(n.subcommands);
      subs.forEach(([k, v], i) => lines.push(`${ind}  ${JSON.stringify(k)}: {`, node(v, ind + "    "), `${ind}  }${i < subs.length - 1 ? "," : ""}`));
      lines.push(`${ind}}`);
    }
    return lines.join("\n");
  };
  const head = { tool: x.tool, entry: x.entry, version: x.version, kind: x.kind };
  const h = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`).join("\n");
  return `{\n${h}\n${node(x, "  ")}\n}\n`;
}

function main() {
  const args = process.argv.slice(2);
  const i = args.indexOf("--tool");
  const only = i >= 0 ? new Set(args[i + 1]!.split(",")) : null;
  const reg = loadRegistry();
  mkdirSync(OPTIONS_DIR, { recursive: true });
  let done = 0;
  const missing: string[] = [];
  for (const entry of reg.entries) {
    const names = [entry.name, ...entry.aliases];
    let subsDone = false;
    for (const name of names) {
      if (only && !only.has(name) && !only.has(entry.name)) continue;
      if (NOT_OPTIONS[name]) continue;
      const x = extractTool(name, entry, !subsDone);
      if (!x) {
        missing.push(name);
        continue;
      }
      if (x.subcommands) subsDone = true;
      writeFileSync(path.join(OPTIONS_DIR, fileNameOf(name)), serialize(x));
      done++;
      process.stderr.write(`\r  ${done} tools extracted (${name})${" ".repeat(20)}`);
    }
  }
  process.stderr.write(`\n  not installed here: ${missing.join(" ")}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
