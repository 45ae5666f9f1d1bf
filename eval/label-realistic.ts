// Labels the realistic set with the sandbox oracle: every case marked `oracle: true` is run in the
// planted world and gets the observed level, effects and the level without trusted-code effects
// (source "oracle"). A case the oracle cannot observe faithfully (timed out, output cut, a tool
// missing in the sandbox) keeps its hand label, with the reason recorded.
//   npx tsx eval/label-realistic.ts [--missing] [--limit N] [--only ID,ID] [--concurrency N] [--dry-run]
// --missing: only cases without an oracle label yet (after a regeneration).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import type { Effect, Need } from "../src/policy/model.ts";
import { progressBar } from "./progress.ts";

const DIR = fileURLToPath(new URL("../datasets/realistic/", import.meta.url));
const REPORT = fileURLToPath(new URL("./.tmp/label-disagreements.jsonl", import.meta.url));
/** Effects kept per case in the dataset (levels are computed from all of them first). */
const MAX_EFFECTS = 40;
const CHUNK = 64;

interface RawCase {
  id: string;
  command: string;
  cwd?: string;
  label: Record<string, unknown> & { level: Need; source: string; reason?: string };
  tags: Record<string, unknown>;
  oracle?: boolean;
  [k: string]: unknown;
}

interface Observation {
  stdout: string;
  effects: Effect[];
  observedLevel: Need;
  observedLevelUntrusted: Need;
  disclosed: string[];
  timedOut: boolean;
  truncated: boolean;
  stderr: string;
  exitCode: number | null;
}

type OracleApi = {
  observeMany(items: { command: string; options?: { cwd?: string; timeoutMs?: number } }[], opts?: { concurrency?: number }): Promise<Observation[]>;
};

/** The hand label a case started with (kept beside the oracle's for comparison). */
function handOf(c: RawCase): { level: Need; reason: string } {
  const prev = c.label.hand as { level: Need; reason: string } | undefined;
  if (prev) return prev;
  return { level: c.label.level, reason: String(c.label.reason ?? "") };
}

/** Why an observation cannot be a label, or null when it can. */
export function unusable(o: Observation): string | null {
  if (o.timedOut) return "the oracle timed out";
  if (o.truncated) return "the oracle cut the output";
  // stderr may be redirected into stdout (`cmd 2>&1 | tail`), so look at both.
  const out = `${o.stderr}\n${o.stdout}`;
  if (o.exitCode === 127 || /: command not found$|failed to run command/m.test(out)) return `a program is missing in the sandbox (${out.split("\n").find((l) => /command not found|failed to run command/.test(l))?.slice(0, 120) ?? "exit 127"})`;
  return null;
}

export function oracleLabel(c: RawCase, o: Observation): RawCase["label"] {
  const effects = o.effects.slice(0, MAX_EFFECTS).map((e) => ({ op: e.op, locus: e.locus, target: e.target, ...(e.kind ? { kind: e.kind } : {}), ...(e.via ? { via: e.via } : {}) }));
  return {
    level: o.observedLevel,
    source: "oracle",
    levelUntrusted: o.observedLevelUntrusted,
    effects,
    ...(o.effects.length > MAX_EFFECTS ? { effectsOmitted: o.effects.length - MAX_EFFECTS } : {}),
    ...(o.disclosed.length ? { disclosed: o.disclosed } : {}),
    hand: handOf(c),
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (k: string) => {
    const i = args.indexOf(k);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const limit = Number(opt("--limit") ?? Infinity);
  const only = new Set((opt("--only") ?? "").split(",").filter(Boolean));
  const concurrency = Number(opt("--concurrency") ?? os.cpus().length);
  const dry = args.includes("--dry-run");

  const spec = new URL("../oracle/sandbox/index.ts", import.meta.url).href;
  const oracle = (await import(spec)) as OracleApi;

  const files = readdirSync(DIR).filter((f) => f.endsWith(".jsonl")).sort();
  const all: { file: string; cases: RawCase[] }[] = files.map((f) => ({
    file: f,
    cases: readFileSync(DIR + f, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as RawCase),
  }));
  const missing = args.includes("--missing");
  const todo = all
    .flatMap((f) => f.cases)
    .filter((c) => c.oracle && (only.size === 0 || only.has(c.id)))
    .filter((c) => !missing || (c.label.source !== "oracle" && !c.label.oracleSkipped))
    .slice(0, limit);
  console.log(`observing ${todo.length} cases with the sandbox oracle (concurrency ${concurrency})`);

  const bar = progressBar("label");
  const t0 = performance.now();
  let labelled = 0,
    skipped = 0;
  const disagreements: unknown[] = [];
  for (let i = 0; i < todo.length; i += CHUNK) {
    const chunk = todo.slice(i, i + CHUNK);
    const items = chunk.map((c) => ({ command: c.command, options: c.cwd ? { cwd: c.cwd } : {} }));
    let obs: (Observation | Error)[];
    try {
      obs = await oracle.observeMany(items, { concurrency });
    } catch {
      // one item failed and observeMany rejects the batch: observe one by one, keeping the error
      obs = [];
      for (const it of items) obs.push(await oracle.observeMany([it], { concurrency: 1 }).then((o) => o[0]!, (e: unknown) => (e instanceof Error ? e : new Error(String(e)))));
    }
    chunk.forEach((c, j) => {
      const o = obs[j]!;
      const why = o instanceof Error ? `the oracle failed (${o.message.split("\n")[0]!.slice(0, 120)})` : unusable(o);
      const hand = handOf(c);
      if (why) {
        c.label = { level: hand.level, source: "hand", reason: `${hand.reason}; not oracle-labelled: ${why}`, oracleSkipped: why, hand };
        skipped++;
        return;
      }
      if (o instanceof Error) return;
      c.label = oracleLabel(c, o);
      labelled++;
      if (o.observedLevel !== hand.level && o.observedLevelUntrusted !== hand.level) {
        disagreements.push({ id: c.id, command: c.command, hand: hand.level, oracle: o.observedLevel, oracleWithoutTrusted: o.observedLevelUntrusted, effects: c.label.effects, template: c.tags.template });
      }
    });
    bar.update(Math.min(i + CHUNK, todo.length), todo.length);
    if (!process.stderr.isTTY && (i / CHUNK) % 5 === 4) console.log(`  ${Math.min(i + CHUNK, todo.length)}/${todo.length} observed, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  bar.end();
  const secs = (performance.now() - t0) / 1000;
  console.log(`labelled ${labelled} from the oracle, ${skipped} kept their hand label; ${secs.toFixed(0)} s (${(todo.length / secs).toFixed(1)} commands/s)`);
  mkdirSync(fileURLToPath(new URL("./.tmp/", import.meta.url)), { recursive: true });
  writeFileSync(REPORT, disagreements.map((d) => JSON.stringify(d)).join("\n") + "\n");
  console.log(`${disagreements.length} cases where the oracle's level differs from the hand guess: eval/.tmp/label-disagreements.jsonl`);
  if (!dry) for (const f of all) writeFileSync(DIR + f.file, f.cases.map((c) => JSON.stringify(c)).join("\n") + "\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(`label-realistic: ${(e as Error).stack ?? e}`);
    process.exit(2);
  });
}
