// Labels the session set with the sandbox oracle in the real-size layout (eval/sessions/world.ts
// oracleWorld(): the planted world plus node_modules, .venv, target/ and toolchains, at the
// oracle's scale): every case marked `oracle: true` gets the observed level, effects and level
// without trusted-code effects (source "oracle"); one the oracle cannot observe faithfully keeps
// its hand label with the reason. Same rules as eval/label-realistic.ts.
//   npx tsx eval/sessions/label.ts [--concurrency N] [--dry-run]
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { observeMany, type Observation } from "../../oracle/sandbox/index.ts";
import { oracleLabel, unusable } from "../label-realistic.ts";
import { progressBar } from "../progress.ts";
import { OUT_DIR, type SessionCase } from "./generate.ts";
import { oracleWorld } from "./world.ts";

/** npm and node under strace in a world copy take seconds on a loaded machine. */
const TIMEOUT_MS = 30_000;
const CHUNK = 32;

function handOf(c: SessionCase): { level: SessionCase["label"]["level"]; reason: string } {
  const prev = c.label.hand as { level: SessionCase["label"]["level"]; reason: string } | undefined;
  return prev ?? { level: c.label.level, reason: String(c.label.reason ?? "") };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const i = args.indexOf("--concurrency");
  const concurrency = i >= 0 ? Number(args[i + 1]) : os.cpus().length;
  const world = oracleWorld();
  const files = readdirSync(OUT_DIR).filter((f) => f.endsWith(".jsonl")).sort();
  const all = files.map((f) => ({ file: f, cases: readFileSync(OUT_DIR + f, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as SessionCase) }));
  const todo = all.flatMap((f) => f.cases).filter((c) => c.oracle);
  console.log(`observing ${todo.length} cases in the oracle world ${world.id} (concurrency ${concurrency})`);
  const bar = progressBar("label");
  let labelled = 0;
  let kept = 0;
  const disagree: string[] = [];
  for (let k = 0; k < todo.length; k += CHUNK) {
    const chunk = todo.slice(k, k + CHUNK);
    const items = chunk.map((c) => ({ command: c.command, options: { world, timeoutMs: TIMEOUT_MS, ...(c.cwd ? { cwd: c.cwd } : {}) } }));
    let obs: (Observation | Error)[];
    try {
      obs = await observeMany(items, { concurrency });
    } catch {
      obs = [];
      for (const it of items) obs.push(await observeMany([it], { concurrency: 1 }).then((o) => o[0]!, (e: unknown) => (e instanceof Error ? e : new Error(String(e)))));
    }
    chunk.forEach((c, j) => {
      const o = obs[j]!;
      const hand = handOf(c);
      const why = o instanceof Error ? `the oracle failed (${o.message.split("\n")[0]!.slice(0, 120)})` : unusable(o);
      if (why || o instanceof Error) {
        c.label = { level: hand.level, source: "hand", reason: `${hand.reason}; not oracle-labelled: ${why}`, oracleSkipped: why, hand };
        kept++;
        return;
      }
      c.label = { ...oracleLabel(c as never, o), world: world.id } as SessionCase["label"];
      labelled++;
      if (o.observedLevel !== hand.level && o.observedLevelUntrusted !== hand.level) disagree.push(`${c.id} hand ${hand.level} oracle ${o.observedLevel}: ${c.command.split("\n")[0]!.slice(0, 100)}`);
    });
    bar.update(Math.min(k + CHUNK, todo.length), todo.length);
  }
  bar.end();
  console.log(`labelled ${labelled} from the oracle, ${kept} kept their hand label; ${disagree.length} differ from the hand guess:`);
  for (const d of disagree) console.log(`  ${d}`);
  if (!args.includes("--dry-run")) for (const f of all) writeFileSync(OUT_DIR + f.file, f.cases.map((c) => JSON.stringify(c)).join("\n") + "\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(`sessions/label: ${(e as Error).stack ?? e}`);
    process.exit(2);
  });
}
