// `npm run fuzz -- --target <name> --time <seconds>`: coverage-guided fuzzing of one target in
// fuzz/targets/ with jazzer.js. Patches the jazzer addon first if this machine needs it, seeds
// from the target's corpus, prints executions per second and total executions, and on a finding
// minimizes the input into fuzz/regressions/<target>/ (replayed by `npm test`).
//
// Exit codes: 0 no finding, 1 finding (kept in fuzz/regressions), 2 usage or toolchain error.

import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createRequire } from "node:module";
import { setupJazzer } from "./setup-jazzer.ts";
import { writeSeeds } from "./seeds.ts";

const fuzzDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(fuzzDir);
const buildDir = path.join(fuzzDir, ".build");
/**
 * Longest input per target, in bytes. The parser and the hook take anything up to 4 KB; the two
 * policy properties get commands up to 1 KB (an agent's command is rarely longer, and a long
 * input costs seven to ten classify() calls per execution without reaching new constructs: the
 * grammar mode builds the deep structures).
 */
const MAX_LEN: Record<string, number> = { "level-monotonic": 1024, composition: 1024 };

/** Targets whose fuzz function returns a promise; the rest run with jazzer's faster --sync. */
const ASYNC_TARGETS = new Set(["hook-envelope"]);

export function targetNames(): string[] {
  return fs
    .readdirSync(path.join(fuzzDir, "targets"))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => f.slice(0, -3))
    .sort();
}

function usage(msg: string): never {
  console.error(`${msg}\nusage: npm run fuzz -- --target <${targetNames().join("|")}> --time <seconds> [--runs N] [--seed N] [--no-minimize]`);
  process.exit(2);
}

export interface RunStats {
  executions: number;
  /** Executions per second over the mutation phase (after libFuzzer's INITED line). */
  execPerSec: number;
  /** Executions spent replaying the seed corpus (before INITED). */
  seedExecutions: number;
  seconds: number;
  totalSeconds: number;
  newUnits: number;
  artifact: string | null;
}

/** Runs jazzer, streaming its output to stderr, and collects the numbers from libFuzzer's stats. */
function runJazzer(args: string[], label: string): Promise<{ code: number; stats: RunStats; log: string }> {
  const cli = createRequire(import.meta.url).resolve("@jazzer.js/core/dist/cli.js");
  return new Promise((resolve, reject) => {
    // NODE_OPTIONS, not execArgv: libFuzzer's crash minimizer re-launches the process through a
    // script, and the TypeScript loader must be there too.
    const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import tsx`.trim() };
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    let initedAt: number | null = null;
    let initedExecs = 0;
    const start = Date.now();
    const onData = (chunk: Buffer): void => {
      const text = chunk.toString();
      const inited = initedAt === null ? /#(\d+)\s+INITED\b/.exec(text) : null;
      if (inited) {
        initedAt = Date.now();
        initedExecs = Number(inited[1]);
      }
      log += text;
      if (log.length > 4_000_000) log = log.slice(-2_000_000);
      process.stderr.write(text.replace(/^/gm, `[${label}] `).replace(/\[[^\]]*\] $/, ""));
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", reject);
    child.on("close", (code) => {
      const end = Date.now();
      const num = (re: RegExp): number => Number(re.exec(log)?.[1] ?? 0);
      // Final stats are sometimes not printed (the run ends on -max_total_time): fall back to the
      // last status line's execution count.
      const lastStatus = [...log.matchAll(/#(\d+)\s+(?:DONE|NEW|REDUCE|pulse|RELOAD)/g)].pop();
      const executions = num(/stat::number_of_executed_units:\s*(\d+)/) || Number(lastStatus?.[1] ?? 0);
      // Seed replay happens before INITED; the rate is over the mutation phase only.
      const seconds = (end - (initedAt ?? start)) / 1000;
      const mutated = Math.max(0, executions - initedExecs);
      const artifact = /Test unit written to (\S+)/.exec(log)?.[1] ?? null;
      resolve({
        code: code ?? 1,
        log,
        stats: {
          executions,
          execPerSec: seconds > 0 ? Math.round(mutated / seconds) : 0,
          seedExecutions: initedExecs,
          totalSeconds: (end - start) / 1000,
          seconds,
          newUnits: num(/stat::new_units_added:\s*(\d+)/),
          artifact: artifact && fs.existsSync(artifact) ? artifact : null,
        },
      });
    });
  });
}

/** jazzer appends ".js" to targets without a JS extension, so each TS target gets an .mjs stub. */
function stubFor(target: string): string {
  fs.mkdirSync(buildDir, { recursive: true });
  const stub = path.join(buildDir, `${target}.mjs`);
  fs.writeFileSync(stub, `export { fuzz } from "../targets/${target}.ts";\n`);
  return path.relative(root, stub);
}

async function minimize(target: string, stub: string, artifact: string): Promise<string> {
  const outDir = path.join(fuzzDir, "regressions", target);
  fs.mkdirSync(outDir, { recursive: true });
  const tmp = path.join(buildDir, "artifacts", target, `min-${process.pid}`);
  const r = await runJazzer(
    [stub, ...(ASYNC_TARGETS.has(target) ? [] : ["--sync"]), "--disable_bug_detectors=.*", "--", "-minimize_crash=1", "-runs=20000", "-max_total_time=120", `-exact_artifact_path=${tmp}`, artifact],
    `${target}:minimize`,
  );
  // The minimizer may fail to shrink (or not run); the raw finding is still a regression case.
  const bytes = fs.existsSync(tmp) && r.log.includes("CRASH_MIN") ? fs.readFileSync(tmp) : fs.readFileSync(artifact);
  fs.rmSync(tmp, { force: true });
  const name = `crash-${crypto.createHash("sha1").update(bytes).digest("hex").slice(0, 16)}`;
  const dest = path.join(outDir, name);
  fs.writeFileSync(dest, bytes);
  return dest;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      target: { type: "string" },
      time: { type: "string", default: "60" },
      runs: { type: "string" },
      // A fixed libFuzzer seed with --runs makes a run repeatable (CI uses one).
      seed: { type: "string" },
      "no-minimize": { type: "boolean", default: false },
    },
    strict: true,
  });
  const target = values.target ?? usage("missing --target");
  if (!targetNames().includes(target)) usage(`unknown target ${JSON.stringify(target)}`);
  const time = Number(values.time);
  if (!Number.isFinite(time) || time <= 0) usage(`--time must be a positive number of seconds, got ${values.time}`);

  const setup = setupJazzer();
  if (setup.status === "failed") {
    console.error(`jazzer.js cannot run here: ${setup.reason}\nfix: apt-get install -y g++ patchelf, then npm ci`);
    process.exit(2);
  }
  console.error(`jazzer addon: ${setup.status} (glibc ${setup.glibc})`);

  const stub = stubFor(target);
  const workCorpus = path.join(buildDir, "corpus", target);
  const artifacts = path.join(buildDir, "artifacts", target);
  fs.mkdirSync(workCorpus, { recursive: true });
  fs.mkdirSync(artifacts, { recursive: true });
  const seeds = writeSeeds(target, path.join(buildDir, "seeds", target));
  console.error(`seeds: ${seeds.count} (${seeds.sources.join(", ")})`);

  const libFuzzer = [
    `-max_total_time=${Math.ceil(time)}`,
    "-print_final_stats=1",
    `-artifact_prefix=${artifacts}/`,
    `-max_len=${MAX_LEN[target] ?? 4096}`,
    // --runs counts executions after the seed corpus is replayed (libFuzzer's -runs counts both).
    ...(values.runs ? [`-runs=${seeds.count + Number(values.runs)}`] : []),
    ...(values.seed ? [`-seed=${Number(values.seed)}`] : []),
  ];
  // The first corpus directory receives new inputs; the seed directory is read only.
  const sync = ASYNC_TARGETS.has(target) ? [] : ["--sync"];
  // jazzer's bug detectors hook fs/path/child_process; the targets check explicit properties, and
  // the path-traversal detector reports the classifier's lexical path normalisation (no file is
  // touched) as an attack.
  const detectors = ["--disable_bug_detectors=.*"];
  // Coverage feedback from the code under test only: instrumenting the grammar generator and the
  // property code (fuzz/) made every execution about twice as slow and guided nothing.
  const instrument = ["--includes=/src/"];
  const r = await runJazzer([stub, path.relative(root, workCorpus), path.relative(root, seeds.dir), ...sync, ...detectors, ...instrument, "--timeout=10000", "--", ...libFuzzer], target);
  const s = r.stats;
  console.log(`target: ${target}`);
  console.log(`executions: ${s.executions}`);
  console.log(`executions/second: ${s.execPerSec}`);
  console.log(`seed-replay executions: ${s.seedExecutions}`);
  console.log(`fuzzing seconds (after seed replay): ${s.seconds.toFixed(1)} of ${s.totalSeconds.toFixed(1)}`);
  console.log(`new corpus units: ${s.newUnits}`);
  if (r.code === 0 && !s.artifact) {
    console.log("findings: 0");
    return;
  }
  if (!s.artifact) {
    console.error(`jazzer exited with ${r.code} without writing a finding; see the log above`);
    process.exit(2);
  }
  const kept = values["no-minimize"] ? s.artifact : await minimize(target, stub, s.artifact);
  console.log(`findings: 1`);
  console.log(`regression case: ${path.relative(root, kept)}`);
  process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
