// Large inputs (budget: any input of <= 100 KB decided in <= 50 ms, docs/DESIGN.md). Timed is
// classify() of the library bundle users import (dist/index.js, built from the current source
// into a temp dir), warm, with a fresh fs view per call as the hook daemon gives each request,
// in a small git project (a temp dir). The inputs: the three shapes that took up to 406 ms before
// the work limits (issue 18: 33,000 `;ls`, 25,000 `|cat`, 7,000 `cat README.md &&`), and the
// costliest shapes that stay just inside the limits (most commands, most paths, most words),
// besides ordinary big inputs (a 100 KB here-document, 100 KB of agent commands). Per input: the
// median and the worst of ROUNDS timed calls (each after warm-up), and what it decided.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundle, copyPackage } from "../scripts/build.ts";
import type { ClassifyContext, FsLike } from "../src/index.ts";
import { agentMix } from "./parse-mix.ts";

export const BUDGET_MS = 50;
const KB = 100 * 1024;
const ROUNDS = Number(process.env.LARGE_BENCH_ROUNDS ?? 15);

/** `unit` repeated after `head` while the whole stays within 100 KB (then `tail`). */
function fill(unit: string, head = "", tail = ""): string {
  const n = Math.floor((KB - head.length - tail.length) / unit.length);
  return head + unit.repeat(n) + tail;
}

/** Whole commands of the agent mix, one per line, up to 100 KB. */
function agentCommands(): string {
  let s = "";
  for (const c of agentMix(5000, 11)) {
    if (s.length + c.length + 1 > KB) break;
    s += c + "\n";
  }
  return s;
}

export function inputs(): Record<string, string> {
  return {
    "33,000 `;ls`": fill(";ls", "ls"),
    "25,000 `|cat`": fill("|cat", "cat README.md"),
    "7,000 `cat README.md &&`": fill("cat README.md && ", "", "true"),
    "3,999 `echo` of a word (most commands)": Array(3999).fill("echo abcdefghijklmnopq").join("; "),
    "3,999 `cat README.md` (most paths)": Array(3999).fill("cat README.md").join("; "),
    "`cat` of 50,000 names": fill(" f", "cat"),
    "`echo` of 50,000 words": fill(" a", "echo"),
    "a 100 KB here-document": "cat <<'EOF' > notes.txt\n" + fill("a line of notes, nothing more\n", "", "EOF\n"),
    "100 KB of agent commands, one per line": agentCommands(),
    "200 `cd src || cd lib` (working directories multiply)": Array(200).fill("cd src || cd lib").join("; "),
  };
}

type Classify = (command: string, ctx: ClassifyContext) => { decision: string; reasons: { message: string }[] };

export async function run() {
  const dir = mkdtempSync(path.join(tmpdir(), "sf-largebench-"));
  try {
    const pkg = path.join(dir, "pkg");
    copyPackage(pkg, ["src", "registry", "regions"]);
    const out = path.join(pkg, "dist", "index.js");
    await bundle(path.join(pkg, "src/index.ts"), out);
    const lib = (await import(pathToFileURL(out).href)) as { classify: Classify };
    const { realFs } = (await import("../src/analysis/fs.ts")) as { realFs: FsLike };
    const project = path.join(dir, "project");
    mkdirSync(path.join(project, "src"), { recursive: true });
    spawnSync("git", ["init", "-q", project]);
    writeFileSync(path.join(project, "README.md"), "# read me\n");
    writeFileSync(path.join(project, "src", "index.ts"), "export {};\n");
    const ctx: ClassifyContext = { cwd: project, roots: [project], level: "developer" };
    const once = (c: string) => lib.classify(c, { ...ctx, fs: { ...realFs } });
    const rows = Object.entries(inputs()).map(([name, text]) => {
      for (let i = 0; i < 3; i++) once(text);
      const ms: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t = performance.now();
        once(text);
        ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      const v = once(text);
      const medianMs = +ms[ms.length >> 1]!.toFixed(2);
      return {
        input: name,
        bytes: Buffer.byteLength(text),
        medianMs,
        maxMs: +ms[ms.length - 1]!.toFixed(2),
        withinBudget: medianMs <= BUDGET_MS,
        decision: v.decision,
        why: v.decision === "allow" ? "" : (v.reasons[0]?.message ?? "").replace(/\s+/g, " ").slice(0, 140),
      };
    });
    for (const r of rows) console.log(`${r.input}: ${r.bytes} bytes, median ${r.medianMs} ms (worst ${r.maxMs}), ${r.decision}; ${r.withinBudget ? "within" : "OVER"} the ${BUDGET_MS} ms budget`);
    return { name: "large-input", budgetMs: BUDGET_MS, rounds: ROUNDS, ok: rows.every((r) => r.withinBudget), inputs: rows, loadavg1m: +loadavg()[0]!.toFixed(2) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
}
