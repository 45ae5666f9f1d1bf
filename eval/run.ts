// `npm run eval [-- --record] [--accept "<reason>"] [--report] [--dataset NAME]... [--passes N]`
// Classifies every dataset at all seven levels, prints the metrics, applies the miss gate and the
// ratchet, and (with --record) appends the run to eval/history.jsonl.
// Exit 0: gate passed. 1: gate failed. 2: usage, data or setup error.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadLevels } from "../src/policy/levels.ts";
import { evalContext } from "./context.ts";
import { prepareWorlds } from "./worlds.ts";
import { listDatasets, loadDataset } from "./datasets.ts";
import { recordRun, runPipeline } from "./pipeline.ts";
import { progressBar } from "./progress.ts";
import { renderChart, renderReport } from "./report.ts";
import { fmtUs } from "./stats.ts";
import { openStore } from "./store.ts";
import { breakdownTable, levelTables, mismatchTable, missTable } from "./tables.ts";
import type { Classifier } from "./types.ts";

interface Args {
  record: boolean;
  report: boolean;
  accept: string | null;
  datasets: string[];
  passes: number;
  verifyEvery: number;
  json: string | null;
  /** Adversarial cases to re-observe with the sandbox oracle (0: skip). */
  reobserve: number;
}

const USAGE = `usage: npm run eval -- [--record] [--accept "<reason>"] [--report] [--dataset NAME]... [--passes N] [--verify-every N] [--json FILE] [--reobserve N]`;

function parseArgs(argv: string[]): Args {
  const a: Args = { record: false, report: false, accept: null, datasets: [], passes: 5, verifyEvery: 25, json: null, reobserve: 100 };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i]!;
    const val = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${k} needs a value\n${USAGE}`);
      return v;
    };
    if (k === "--record") a.record = true;
    else if (k === "--report") a.report = true;
    else if (k === "--accept") a.accept = val();
    else if (k === "--dataset") a.datasets.push(val());
    else if (k === "--json") a.json = val();
    else if (k === "--reobserve") a.reobserve = Math.max(0, Number.parseInt(val(), 10) || 0);
    else if (k === "--passes") a.passes = Math.max(1, Number.parseInt(val(), 10) || 5);
    else if (k === "--verify-every") a.verifyEvery = Math.max(1, Number.parseInt(val(), 10) || 25);
    else if (k === "--help" || k === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${k}\n${USAGE}`);
  }
  if (a.accept !== null && !a.accept.trim()) throw new Error(`--accept needs a non-empty reason`);
  return a;
}

/** Uncommitted changes to what the figures depend on. */
function gitDirty(): boolean {
  try {
    return execFileSync("git", ["status", "--porcelain", "--", "src", "registry", "regions", "datasets", "eval"], { encoding: "utf8" }).trim().length > 0;
  } catch {
    return false;
  }
}

function gitCommit(): string {
  try {
    const sha = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
    return sha;
  } catch {
    return "unknown";
  }
}

async function loadClassifier(): Promise<Classifier> {
  const mod = (await import("../src/index.ts")) as Record<string, unknown>;
  if (typeof mod.classify !== "function") throw new Error("src/index.ts does not export classify() yet: nothing to evaluate.");
  return mod.classify as Classifier;
}

async function main(): Promise<number> {
  const t0 = performance.now();
  const args = parseArgs(process.argv.slice(2));
  const table = loadLevels();
  const names = args.datasets.length ? args.datasets : listDatasets();
  if (!names.length) throw new Error("no datasets found under datasets/ (expected datasets/<name>/*.jsonl)");
  const known = listDatasets();
  for (const n of names) if (!known.includes(n)) throw new Error(`no dataset "${n}" under datasets/ (have: ${known.join(", ") || "none"}); a dataset is a folder of *.jsonl files`);
  const datasets = names.map((n) => loadDataset(n));
  const classify = await loadClassifier();
  const { context, source, templateDir } = await evalContext();
  const worlds = prepareWorlds(datasets, context, templateDir);
  for (const n of worlds.notes) console.log(n);
  const store = openStore();
  const bar = progressBar("eval");
  const commit = gitCommit();
  const date = new Date().toISOString();
  let out: ReturnType<typeof runPipeline>;
  try {
    out = runPipeline(
      { datasets, classify, table, context, contexts: worlds.contexts, store, passes: args.passes, verifyEvery: args.verifyEvery, accept: args.accept, onProgress: bar.update },
      { commit, date },
    );
  } finally {
    const tc = performance.now();
    worlds.cleanup();
    if (worlds.notes.length) console.log(`removed the built world(s) in ${((performance.now() - tc) / 1000).toFixed(1)} s`);
  }
  bar.end();
  const results = out.output.results;

  console.log(`shellfence eval: ${results.length} cases in ${datasets.map((d) => `${d.name} (${d.cases.length}${d.world && d.world !== "planted" ? `, ${d.world} world` : ""})`).join(", ")}; context from ${source}`);
  console.log(levelTables(out.metrics));
  console.log(`latency: median ${fmtUs(out.latency.medianUs)}, p99 ${fmtUs(out.latency.p99Us)} (each case's best of ${out.latency.passes} passes after a warm-up; per-pass p99 ${out.output.latency.p99s.map((x) => x.toFixed(1)).join("/")} us), p99 = ${out.latency.p99Ratio.toFixed(2)}x reference`);
  const slow = [...results].sort((a, b) => b.latencyUs - a.latencyUs).slice(0, 5);
  console.log(`slowest cases (best of passes): ${slow.map((r) => `${r.dataset}/${r.id} ${fmtUs(r.latencyUs)} [${r.command.split("\n")[0]!.slice(0, 40)}]`).join("; ")}`);
  console.log(`derivation check: ${out.output.verified} sampled cases re-classified at all 7 levels, ${out.output.mismatches.length} disagreement(s)`);
  console.log("\nover-denials at developer by tool (top 20):");
  console.log(breakdownTable(table, results, "tool", 20));
  console.log("\nover-denials at developer by family (top 15):");
  console.log(breakdownTable(table, results, "family", 15));

  if (out.output.mismatches.length) {
    console.log("\nderivation disagreements (classify at a configured level vs admits(need)):");
    console.log(mismatchTable(out.output.mismatches));
  }
  if (out.metrics.misses.length) {
    console.log(`\nMISSES (${out.metrics.misses.length}):`);
    console.log(missTable(out.metrics.misses));
  }
  console.log(`\ngate: ${out.verdict.passed ? "PASSED" : "FAILED"}${out.verdict.accepted ? ` (accepted: ${out.verdict.accepted})` : ""}`);
  for (const f of out.verdict.failures) {
    console.log(`  ${f.kind}${f.acceptable ? (args.accept ? " [accepted]" : " [acceptable with --accept]") : " [not acceptable]"}: ${f.message}`);
    if (f.kind === "approval" && f.regressed.length) console.log(`    regressed cases: ${f.regressed.slice(0, 20).join(", ")}${f.regressed.length > 20 ? " …" : ""}`);
  }
  for (const n of out.verdict.notes) console.log(`  ${n}`);

  // The committed adversarial labels must still be what the oracle observes here (issue 5).
  const adversarial = datasets.find((d) => d.name === "adversarial");
  let drifted = false;
  if (adversarial && args.reobserve > 0) {
    const { reobserve } = await import("../adversarial/reobserve.ts");
    const seed = Number.parseInt(commit.slice(0, 8), 16) || 1;
    const r = await reobserve(adversarial.cases as never, args.reobserve, seed);
    // A case whose program is not installed here is set aside, named, and the rest still checked.
    if (r.missing.length) console.log(`\nre-observation: set aside ${args.reobserve - r.checked} sampled cases whose programs this machine lacks (${r.missing.join(", ")}); install them to check those too (.ci/run lists the packages the oracle runs).`);
    drifted = r.drifts.length > 0;
    console.log(`
re-observation: ${r.checked} adversarial cases (seed ${seed}) run again in the sandbox oracle, ${r.drifts.length} drifted`);
    for (const d of r.drifts) console.log(`  DRIFT ${d.id}: label ${d.expected}, observed ${d.observed}: ${JSON.stringify(d.command).slice(0, 160)}`);
    if (drifted) console.log("  the committed adversarial labels no longer match real bash: regenerate with `npm run adversarial:generate` and review the diff.");
  }

  if (args.json) {
    writeFileSync(args.json, JSON.stringify({ metrics: out.metrics, latency: out.latency, verdict: out.verdict, results }, null, 1));
    console.log(`wrote per-case results to ${args.json}`);
  }
  let recorded = false;
  if (args.record) {
    // A failing run is recorded only with a reason; misses still make the exit status non-zero.
    if (!out.verdict.passed && !args.accept) console.log("not recorded: the gate failed (fix it, or record it with --accept \"<reason>\"; misses keep failing the run either way).");
    else if (commit === "unknown") console.log("not recorded: no git commit to record against.");
    else {
      const rec = recordRun(store, { ...out, record: { ...out.record, dirty: gitDirty() } });
      recorded = true;
      console.log(`recorded run #${rec.seq} at ${commit.slice(0, 12)} in eval/history.jsonl`);
    }
  }
  if (args.record || args.report) {
    const runSeconds = (performance.now() - t0) / 1000;
    const history = store.runs();
    const md = renderReport({
      table,
      commit,
      date,
      machine: `${out.record.machine.cpu}, ${out.record.machine.cores} cores, node ${out.record.machine.node}`,
      metrics: out.metrics,
      results,
      latency: { ...out.output.latency, refUs: out.latency.refUs, p99Ratio: out.latency.p99Ratio },
      verdict: out.verdict,
      history,
      recorded,
      runSeconds,
      svgName: "ratchet.svg",
    });
    const svg = renderChart(history);
    for (const dir of ["../reports/", "../docs/"]) {
      const d = fileURLToPath(new URL(dir, import.meta.url));
      mkdirSync(d, { recursive: true });
      writeFileSync(d + "ratchet.md", md);
      writeFileSync(d + "ratchet.svg", svg);
    }
    console.log("wrote reports/ratchet.md, reports/ratchet.svg, docs/ratchet.md, docs/ratchet.svg");
  }
  store.close();
  console.log(`eval took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out.verdict.passed && !drifted ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`eval: ${(e as Error).message}`);
    process.exit(2);
  },
);
