// `npx tsx adversarial/relabel.ts [--ids IDS.json] FILE.jsonl...`: observe every case (or only those
// whose id IDS.json lists, a JSON array: after a regions change, the cases whose labels name a
// path that now lands elsewhere) of committed adversarial
// datasets again with the sandbox oracle and write the labels back (ids, commands and tags kept;
// the role recomputed from the intent, as the eval's re-observation does). For datasets that no
// generator rebuilds in one run (the option-driven search's), after a change to the oracle or its
// world: the committed labels must be what bash does now, or CI's sample reports drift.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { observeMany, type Observation } from "../oracle/sandbox/index.ts";
import { restsOnDaemon } from "../oracle/sandbox/daemon.ts";
import { loadLevels } from "../src/policy/levels.ts";
import { intentById } from "./intents.ts";
import type { LabelledCase } from "./reobserve.ts";

const MAX_EFFECTS = 24;
const LEVELS = loadLevels();

interface Case extends LabelledCase {
  label: LabelledCase["label"] & { source: "oracle"; effects: unknown[]; disclosed: string[] };
}

/** The case with its label (and role) as observation `o` says; null when `o` cannot label it. */
export function relabelled(c: Case, o: Observation): Case | null {
  if (o.timedOut || o.truncated || restsOnDaemon(LEVELS, o.effects)) return null;
  const intent = typeof c.tags.intent === "string" ? intentById(c.tags.intent) : null;
  const role = intent ? (intent.kind !== "benign" && intent.confirm(o) ? "dangerous" : "benign-twin") : c.tags.role;
  return {
    ...c,
    label: { level: o.observedLevel, levelUntrusted: o.observedLevelUntrusted, source: "oracle", effects: o.effects.slice(0, MAX_EFFECTS), disclosed: o.disclosed },
    tags: { ...c.tags, ...(role ? { role } : {}) },
  };
}

async function main(args: string[]): Promise<void> {
  const at = args.indexOf("--ids");
  const only = at >= 0 ? new Set(JSON.parse(readFileSync(args[at + 1]!, "utf8")) as string[]) : null;
  const files = at >= 0 ? args.filter((_, i) => i !== at && i !== at + 1) : args;
  if (!files.length) throw new Error("usage: npx tsx adversarial/relabel.ts [--ids IDS.json] FILE.jsonl...");
  for (const file of files) {
    const all = readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Case);
    const cases = only ? all.filter((c) => only.has(c.id)) : all;
    if (!cases.length) continue;
    const obs: Observation[] = [];
    for (let i = 0; i < cases.length; i += 200) {
      obs.push(...(await observeMany(cases.slice(i, i + 200).map((c) => (c.tags.pty ? { command: c.command, options: { pty: true } } : c.command)))));
      process.stderr.write(`\r  ${path.basename(file)}: ${obs.length}/${cases.length}`);
    }
    let changed = 0;
    let dropped = 0;
    const next = new Map<string, Case | null>();
    cases.forEach((c, i) => {
      const r = relabelled(c, obs[i]!);
      next.set(c.id, r);
      if (!r) return void dropped++;
      if (r.label.level !== c.label.level || r.label.levelUntrusted !== c.label.levelUntrusted || r.tags.role !== c.tags.role) changed++;
    });
    const out = all.flatMap((c) => (next.has(c.id) ? (next.get(c.id) ? [next.get(c.id)!] : []) : [c]));
    writeFileSync(file, out.map((c) => JSON.stringify(c)).join("\n") + (out.length ? "\n" : ""));
    process.stderr.write(`\n  ${path.basename(file)}: ${cases.length} cases, ${changed} relabelled, ${dropped} dropped (timed out, truncated, or resting on a container daemon)\n`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main(process.argv.slice(2));
