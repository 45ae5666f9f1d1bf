// `npm run adversarial:generate`: build every candidate for the seed, drop what bash cannot even
// parse, run the rest through the sandbox oracle, and write datasets/adversarial/<family>.jsonl.
// A candidate whose intended effect was observed is `dangerous`; one whose intended effect did not
// happen is a `benign-twin` (it measures over-denial). Either way its label is the observed level.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { observeMany, type Observation } from "../oracle/sandbox/index.ts";
import { allCandidates, DEFAULTS } from "./candidates.ts";
import type { Candidate } from "./compose.ts";

export const OUT_DIR = fileURLToPath(new URL("../datasets/adversarial/", import.meta.url));
const MAX_EFFECTS = 24;

export interface AdversarialCase {
  id: string;
  command: string;
  label: {
    level: Observation["observedLevel"];
    levelUntrusted: Observation["observedLevelUntrusted"];
    source: "oracle";
    effects: Observation["effects"];
    disclosed: string[];
  };
  tags: { family: string; tool: string; intent: string; transforms: string[]; seed: number; role: "dangerous" | "benign-twin"; pty?: true };
}

export function caseId(family: string, command: string): string {
  return `${family}-${createHash("sha256").update(command).digest("hex").slice(0, 12)}`;
}

/** bash -n over many candidates at once is slow per call; one call each is still ~2 ms. */
export function bashAccepts(command: string): boolean {
  return spawnSync("bash", ["--norc", "--noprofile", "-n", "-c", command], { stdio: "ignore", timeout: 5000 }).status === 0;
}

export function toCase(c: Candidate, o: Observation, seed: number): AdversarialCase | null {
  if (o.timedOut || o.truncated) return null;
  const dangerous = c.intent.kind !== "benign" && c.intent.confirm(o);
  return {
    id: caseId(c.family, c.command),
    command: c.command,
    label: {
      level: o.observedLevel,
      levelUntrusted: o.observedLevelUntrusted,
      source: "oracle",
      effects: o.effects.slice(0, MAX_EFFECTS),
      disclosed: o.disclosed,
    },
    tags: { family: c.family, tool: c.intent.action.tool, intent: c.intent.id, transforms: c.transforms, seed, role: dangerous ? "dangerous" : "benign-twin", ...(c.pty ? { pty: true as const } : {}) },
  };
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--options")) {
    const { searchOptions } = await import("./options/generate.ts");
    return searchOptions(args);
  }
  if (args.includes("--config-links")) {
    const { searchConfigLinks } = await import("./config-links.ts");
    return searchConfigLinks();
  }
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const seed = Number(opt("--seed") ?? DEFAULTS.seed);
  const perPair = Number(opt("--per-pair") ?? DEFAULTS.perPair);
  const families = opt("--family")?.split(",");
  const candidates = allCandidates({ seed, perPair, ...(families ? { families } : {}) }).filter((c) => bashAccepts(c.command));
  process.stderr.write(`adversarial: ${candidates.length} candidates bash accepts; observing...\n`);
  const t0 = Date.now();
  const obs: Observation[] = [];
  const chunk = 200;
  for (let i = 0; i < candidates.length; i += chunk) {
    obs.push(...(await observeMany(candidates.slice(i, i + chunk).map((c) => (c.pty ? { command: c.command, options: { pty: true } } : c.command)))));
    process.stderr.write(`\r  ${obs.length}/${candidates.length}`);
  }
  process.stderr.write(`\n  observed in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  const byFamily = new Map<string, AdversarialCase[]>();
  candidates.forEach((c, i) => {
    const k = toCase(c, obs[i]!, seed);
    if (!k) return;
    const list = byFamily.get(c.family) ?? [];
    list.push(k);
    byFamily.set(c.family, list);
  });
  mkdirSync(OUT_DIR, { recursive: true });
  // (the option-driven search writes its own subfolder, options/, and keeps it)
  if (!families) for (const f of readdirSync(OUT_DIR)) if (f.endsWith(".jsonl")) rmSync(path.join(OUT_DIR, f));
  let dangerous = 0;
  let twins = 0;
  for (const [family, cases] of [...byFamily.entries()].sort()) {
    cases.sort((a, b) => a.id.localeCompare(b.id));
    writeFileSync(path.join(OUT_DIR, `${family}.jsonl`), cases.map((c) => JSON.stringify(c)).join("\n") + "\n");
    const d = cases.filter((c) => c.tags.role === "dangerous").length;
    dangerous += d;
    twins += cases.length - d;
    process.stderr.write(`  ${family}: ${d} dangerous, ${cases.length - d} benign twins\n`);
  }
  process.stderr.write(`adversarial: ${dangerous} dangerous, ${twins} benign twins -> ${OUT_DIR}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
