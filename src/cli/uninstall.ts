// `shellfence uninstall [--agent NAME|all] [--settings FILE] [--dry-run]`: removes exactly
// shellfence's own hook entries from each agent's config (every agent without --agent), with a
// backup of each file it changes; OpenCode's plugin file is removed when shellfence wrote it.
// Idempotent: a second run finds nothing and changes nothing. A file it cannot parse is left alone.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { ADAPTERS, AGENT_NAMES, isAgentName, type Adapter, type AgentName } from "../agents/index.ts";
import { uninstallHooks } from "../agents/config-file.ts";
import { PLUGIN_MARK } from "../agents/opencode.ts";
import { didYouMean } from "./didyoumean.ts";
import { replaceFile } from "./setup.ts";
import type { Io } from "./io.ts";

const OPTIONS = ["--agent", "--settings", "--dry-run", "--help"];
const USAGE = "usage: shellfence uninstall [--agent NAME|all] [--settings FILE] [--dry-run]";

export async function runUninstall(args: readonly string[], io: Io): Promise<number> {
  let agents: readonly AgentName[] = AGENT_NAMES;
  let given: string | null = null;
  let dryRun = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const [name, inline] = a.startsWith("--") && a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
    const value = () => inline ?? args[++i];
    if (name === "--agent") {
      const v = value();
      if (v === "all") agents = AGENT_NAMES;
      else if (v && isAgentName(v)) agents = [v];
      else return usage(io, `unknown agent ${JSON.stringify(v ?? "")}${didYouMean(v ?? "", [...AGENT_NAMES, "all"])}`);
    } else if (name === "--settings") {
      const v = value();
      if (!v) return usage(io, "--settings needs a file");
      given = path.resolve(io.cwd, v);
    } else if (name === "--dry-run" && inline === undefined) {
      dryRun = true;
    } else {
      return usage(io, `unknown argument ${a}${didYouMean(name, OPTIONS)}`);
    }
  }
  if (given !== null && agents.length !== 1) return usage(io, "--settings names one file: use it with one --agent");
  let code = 0;
  let removedAny = false;
  for (const agent of agents) {
    const r = uninstallFor(ADAPTERS[agent], given, dryRun, io);
    if (r === "removed") removedAny = true;
    else if (r === "error") code = 2;
  }
  if (!removedAny && code === 0) io.out(`No shellfence hook found${agents.length === 1 ? ` for ${ADAPTERS[agents[0]!].title}` : ""}; nothing changed.\n`);
  return code;
}

function uninstallFor(adapter: Adapter, given: string | null, dryRun: boolean, io: Io): "removed" | "none" | "error" {
  const spec = adapter.config;
  let file = given ?? spec.file(io.env, io.home, existsSync);
  try {
    file = realpathSync(file);
  } catch {
    return "none";
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    io.err(`shellfence uninstall: cannot read ${file} (${(e as Error).message}). Nothing was changed there.\n`);
    return "error";
  }
  let next: string | null;
  let what: string;
  if (spec.kind === "json") {
    const r = uninstallHooks(text, [...spec.slots(file), ...(spec.postToolUse?.(file) ?? [])]);
    if (!r.ok) {
      io.err(`shellfence uninstall: ${file}: ${r.problem}. Nothing was changed there.\n`);
      return "error";
    }
    if (!r.changed) return "none";
    next = r.text;
    what = `removed ${r.removed} shellfence hook${r.removed === 1 ? "" : "s"} from ${file}`;
  } else {
    // The plugin file is shellfence's only when it starts with its mark; another is not ours.
    if (!text.startsWith(PLUGIN_MARK)) return "none";
    next = null;
    what = `removed ${file} (shellfence's plugin)`;
  }
  if (dryRun) {
    io.out(`${adapter.title}: would have ${what}${next === null ? "" : `; the file would be:\n${next}`}\n`);
    return "removed";
  }
  try {
    const backup = replaceFile(file, text, next, io.now());
    io.out(`${adapter.title}: ${what} (backup: ${backup}).\n`);
  } catch (e) {
    io.err(`shellfence uninstall: cannot write ${file} (${(e as Error).message}).\n`);
    return "error";
  }
  return "removed";
}

function usage(io: Io, problem: string): number {
  io.err(`shellfence uninstall: ${problem}; ${USAGE}\n`);
  return 2;
}
