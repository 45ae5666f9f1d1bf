// `npm run adversarial:generate -- --options [--tool A,B] [--force]`: the option-driven search.
// For each tool with an option extract (registry/options/), three passes through the sandbox
// oracle: probes (does the tool use the value?), the payload matrix for the options whose value
// it used, and the benign twin of every attack the oracle confirmed. Every observation is kept
// as an oracle-labelled case in datasets/adversarial/options/<tool>.jsonl. Resumable: what was
// observed is kept in .cache/options-search/ until the tool's dataset is written.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { observeMany, type Observation } from "../../oracle/sandbox/index.ts";
import { restsOnDaemon } from "../../oracle/sandbox/daemon.ts";
import { missingInSandbox } from "../reobserve.ts";
import { loadLevels } from "../../src/policy/levels.ts";
import { HOME } from "../../oracle/sandbox/world.ts";
import { loadRegistry } from "../../src/analysis/registry/load.ts";
import { loadExtracts } from "../../oracle/options/gaps.ts";
import { fileNameOf } from "../../oracle/options/extract.ts";
import { INSTALLED_AS } from "../../oracle/options/tools.ts";
import type { Registry } from "../../src/analysis/registry/compiled.ts";
import type { ToolExtract } from "../../oracle/options/types.ts";
import { matrixCandidates, optionSites, probeCandidates, siteKey, twinOf, type OptionCandidate, type OptionSite } from "./candidates.ts";

export const OPTIONS_OUT = fileURLToPath(new URL("../../datasets/adversarial/options/", import.meta.url));
const STATE_DIR = fileURLToPath(new URL("../../.cache/options-search/", import.meta.url));
const MAX_EFFECTS = 24;
const TIMEOUT_MS = 3000;
const CHUNK = 64;

export type Seen = Pick<Observation, "observedLevel" | "observedLevelUntrusted" | "effects" | "disclosed" | "timedOut" | "truncated">;

const PROBE_TARGET = `${HOME}/.netrc`;

/** Did the tool do anything with the probed value: an attempt on the path or below it, or its canary seen? */
export function usedValue(o: Seen): boolean {
  return o.effects.some((e) => e.target === PROBE_TARGET || e.target.startsWith(PROBE_TARGET + "/")) || o.disclosed.includes(PROBE_TARGET);
}

/** What a search keeps of an observation (the effects capped). */
export function compact(o: Observation): Seen {
  return {
    observedLevel: o.observedLevel,
    observedLevelUntrusted: o.observedLevelUntrusted,
    effects: o.effects.slice(0, MAX_EFFECTS),
    disclosed: o.disclosed,
    timedOut: o.timedOut,
    truncated: o.truncated || o.processLimitHit,
  };
}

const LEVELS = loadLevels();

export function caseOf(c: OptionCandidate, o: Seen): object | null {
  // a level that rests on a container daemon's socket is the oracle's blind spot (daemon.ts)
  if (o.timedOut || o.truncated || restsOnDaemon(LEVELS, o.effects)) return null;
  // the role as the eval's re-observation computes it (reobserve.ts): a twin that does what the
  // intent looks for is dangerous too (kubectl reads ~/.kube/config, a secret, whatever its value)
  const dangerous = c.intent.kind !== "benign" && c.intent.confirm(o);
  return {
    id: `options-${createHash("sha256").update(c.command).digest("hex").slice(0, 12)}`,
    command: c.command,
    label: { level: o.observedLevel, levelUntrusted: o.observedLevelUntrusted, source: "oracle", effects: o.effects, disclosed: o.disclosed },
    tags: { family: "options", tool: c.tool, intent: c.intent.id, transforms: [...c.transforms, c.option], seed: 0, role: dangerous ? "dangerous" : "benign-twin" },
  };
}

/** Observations kept by command in one file, so that a search resumes where it stopped. */
export class Store {
  readonly seen: Map<string, Seen>;
  constructor(private readonly file: string) {
    this.seen = existsSync(this.file) ? new Map(Object.entries(JSON.parse(readFileSync(this.file, "utf8")) as Record<string, Seen>)) : new Map();
  }
  save(): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(Object.fromEntries(this.seen)));
  }
}

/** Observes the commands the store has not seen, a chunk at a time, saving after each. */
export async function observeAll(commands: readonly string[], store: Store, progress: (n: number) => void, timeoutMs = TIMEOUT_MS): Promise<void> {
  const todo = [...new Set(commands)].filter((c) => !store.seen.has(c));
  for (let i = 0; i < todo.length; i += CHUNK) {
    const part = todo.slice(i, i + CHUNK);
    const obs = await observeMany(part.map((c) => ({ command: c, options: { timeoutMs } })));
    part.forEach((c, k) => store.seen.set(c, compact(obs[k]!)));
    store.save();
    progress(part.length);
  }
}

/** Tools to search: one extract per entry and option list (`pip3` is `pip`). */
export function searchTools(reg: Registry, extracts: ToolExtract[], only: Set<string> | null): ToolExtract[] {
  const seen = new Set<string>();
  const out: ToolExtract[] = [];
  for (const x of extracts) {
    if (only && !only.has(x.tool)) continue;
    const entry = reg.commands.get(x.tool);
    if (!entry) continue;
    const key = entry.name + JSON.stringify([x.options, x.subcommands ?? null]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(x);
  }
  return out;
}

export async function searchOptions(args: string[]): Promise<void> {
  const i = args.indexOf("--tool");
  const only = i >= 0 ? new Set(args[i + 1]!.split(",")) : null;
  const force = args.includes("--force");
  const reg = loadRegistry();
  const tools = searchTools(reg, loadExtracts(), only);
  mkdirSync(OPTIONS_OUT, { recursive: true });
  const t0 = Date.now();
  let observed = 0;
  let totals = { cases: 0, dangerous: 0 };
  for (const [n, x] of tools.entries()) {
    const out = path.join(OPTIONS_OUT, fileNameOf(x.tool).replace(/\.json$/, ".jsonl"));
    if (existsSync(out) && !force) continue;
    const sites = optionSites(reg, x);
    if (!sites.length) continue;
    if (missingInSandbox([INSTALLED_AS[x.tool] ?? x.tool]).length) {
      process.stderr.write(`  ${x.tool}: not on the sandbox's PATH here; skipped (its options are checked against its extract only)\n`);
      continue;
    }
    const store = new Store(path.join(STATE_DIR, fileNameOf(x.tool)));
    const line = (phase: string) => (k: number) => {
      observed += k;
      const rate = observed / Math.max(1, (Date.now() - t0) / 1000);
      process.stderr.write(`\r  [${n + 1}/${tools.length}] ${x.tool}: ${phase} (${store.seen.size} observed; ${rate.toFixed(1)}/s overall)      `);
    };
    const probes = probeCandidates(sites);
    await observeAll(probes.map((c) => c.command), store, line("probes"));
    const sensed = new Set<string>();
    const byKey = new Map<string, OptionSite>();
    for (const s of sites) byKey.set(siteKey(s), s);
    for (const c of probes) {
      const o = store.seen.get(c.command);
      if (o && usedValue(o)) sensed.add(`${c.tool}\u0000${c.option}`);
    }
    const matrix = matrixCandidates(sites, sensed);
    await observeAll(matrix.map((c) => c.command), store, line("payloads"));
    const attacks = [...probes, ...matrix];
    const twins = attacks.filter((c) => c.intent.confirm(store.seen.get(c.command)!)).map((c) => twinOf(c, byKey)).filter((c): c is OptionCandidate => c !== null);
    await observeAll(twins.map((c) => c.command), store, line("twins"));
    const cases = [...attacks, ...twins].map((c) => caseOf(c, store.seen.get(c.command)!)).filter((c): c is object => c !== null);
    const unique = new Map(cases.map((c) => [(c as { id: string }).id, c]));
    const sorted = [...unique.values()].sort((a, b) => ((a as { id: string }).id < (b as { id: string }).id ? -1 : 1));
    writeFileSync(out, sorted.map((c) => JSON.stringify(c)).join("\n") + (sorted.length ? "\n" : ""));
    const d = sorted.filter((c) => (c as { tags: { role: string } }).tags.role === "dangerous").length;
    totals = { cases: totals.cases + sorted.length, dangerous: totals.dangerous + d };
    process.stderr.write(`\r  ${x.tool}: ${sites.length} option sites, ${sensed.size} used their value; ${sorted.length} cases (${d} dangerous)${" ".repeat(30)}\n`);
  }
  process.stderr.write(`options: ${totals.cases} cases written (${totals.dangerous} dangerous) in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
}
