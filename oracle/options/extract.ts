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
import { mergeOptions, parseOptions, type Arity, type ToolOption } from "./parse.ts";
import { runHelp, versionOf } from "./run.ts";
import { MODULE_ENTRIES, NOT_OPTIONS, recipeFor } from "./tools.ts";
import type { OptionsNode, ToolExtract } from "./types.ts";

export const OPTIONS_DIR = fileURLToPath(new URL("../../registry/options/", import.meta.url));

/** How bash resolves a name here: builtin, keyword, file, or null (not installed). */
export function kindOf(name: string): "builtin" | "keyword" | "file" | null {
  if (MODULE_ENTRIES[name]) return kindOf("python3") === "file" ? "file" : null;
  const r = spawnSync("bash", ["--norc", "--noprofile", "-c", `type -t -- ${JSON.stringify(name)}`], { encoding: "utf8" });
  const t = r.stdout.trim();
  return t === "builtin" || t === "keyword" || t === "file" ? t : null;
}

function extractNode(name: string, sub: string[], node: CNode, builtin: boolean, descend = true): OptionsNode {
  const recipe = recipeFor(name, builtin);
  const sources: string[] = [];
  const lists: ToolOption[][] = [];
  for (const cmd of recipe.help(name, sub)) {
    const r = runHelp(cmd);
    const opts = parseOptions(r.text, recipe.style?.(cmd));
    if (opts.length === 0) continue; // no help there (no man page, or the tool has no such flag)
    sources.push(cmd);
    lists.push(opts);
  }
  const { options, conflicts } = mergeOptions(lists);
  // a correction names the spellings it is about: sudo's `-h` is not its `--help`
  const fixes = recipe.corrections?.(sub) ?? {};
  const corrected = options.flatMap((o): ToolOption[] => {
    const moved = o.names.filter((n) => fixes[n] && fixes[n].arity !== o.arity);
    if (!moved.length) return [o];
    const kept: ToolOption[] = moved.length < o.names.length ? [{ ...o, names: o.names.filter((n) => !moved.includes(n)) }] : [];
    const byArity = new Map<Arity, string[]>();
    for (const n of moved) byArity.set(fixes[n]!.arity, [...(byArity.get(fixes[n]!.arity) ?? []), n]);
    return [...kept, ...[...byArity].map(([arity, names]) => ({ names, arity, ...(arity !== 0 && o.arg ? { arg: o.arg } : {}) }))];
  });
  const out: OptionsNode = { sources, options: corrected };
  if (conflicts.length) out.conflicts = conflicts;
  if (!builtin && descend && node.subList.length) {
    const subs: Record<string, OptionsNode> = {};
    for (const s of node.subList) {
      const leaf = s.path.split(" ").pop()!;
      subs[leaf] = extractNode(name, [...sub, leaf], s, false);
      // a subcommand alias shares the node (`docker logs` reads as `docker ps`): its own options
      // must be declared there too. Its own list only: nested subcommands come from the name.
      // A list equal to the parent's is no help of its own (`docker ps ls` prints `docker ps`'s,
      // an uninstalled docker plugin docker's own).
      const echo = new Set([JSON.stringify(out.options), JSON.stringify(subs[leaf].options)]);
      for (const a of s.aliases) {
        const x = extractNode(name, [...sub, a], s, false, false);
        if (x.options.length && !echo.has(JSON.stringify(x.options))) subs[a] = x;
      }
    }
    out.subcommands = subs;
  }
  return out;
}

export function extractTool(name: string, entry: CNode & { name: string }, withSubs: boolean): ToolExtract | null {
  const kind = kindOf(name);
  if (kind === null) return null;
  const builtin = kind !== "file";
  const recipe = recipeFor(name, builtin);
  const node = extractNode(name, [], withSubs ? entry : { ...entry, subList: [] }, builtin);
  return {
    tool: name,
    entry: entry.name,
    version: builtin ? `bash ${spawnSync("bash", ["-c", "echo $BASH_VERSION"], { encoding: "utf8" }).stdout.trim()}` : MODULE_ENTRIES[name] ? versionOf("python3") : versionOf(name, recipe.version),
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
