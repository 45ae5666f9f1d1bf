// `npx tsx fuzz/differential-cli.ts [count] [seed]`: the parser differential at any size, printing
// the counts and every disagreement that is not a known mvdan-sh error class.
import { sampleCommands } from "./grammar/command-arb.ts";
import { runDifferential, type ObserveFn } from "./differential.ts";
import { mvdanParse } from "../test/shell/mvdan-reference.ts";
import { observeArgv } from "../oracle/argv/index.ts";
import { classify, loadKnownErrors } from "./differential.ts";

const count = Number(process.argv[2] ?? 10_000);
const seed = Number(process.argv[3] ?? 20261130);
const observe: ObserveFn = async (command, status) => observeArgv(command, { status, timeoutMs: 3000 });
const t0 = performance.now();
const report = await runDifferential(sampleCommands(count, seed), mvdanParse, observe);
const known = loadKnownErrors();
if (process.env.DIFF_DUMP) (await import("node:fs")).writeFileSync(process.env.DIFF_DUMP, JSON.stringify(report.triaged, null, 1));
const seconds = ((performance.now() - t0) / 1000).toFixed(1);
console.log(JSON.stringify({ ...report, triaged: undefined, unsafe: report.unsafe.length, seconds }, null, 2));
const classes = new Map<string, number>();
for (const t of report.triaged) {
  const cls = t.verdict === "parser-bug" ? null : classify(known, t);
  if (cls) {
    classes.set(cls.id, (classes.get(cls.id) ?? 0) + 1);
    continue;
  }
  console.log(`\n[${t.verdict}${t.unsafe ? ", UNSAFE" : ""}] ${t.kind}\n  command: ${JSON.stringify(t.command)}\n  ours: ${JSON.stringify(t.ours)}\n  mvdan: ${JSON.stringify(t.ref)}\n  bash: ${t.evidence}`);
}
console.log("\nknown mvdan-sh error classes:", JSON.stringify(Object.fromEntries(classes)));
