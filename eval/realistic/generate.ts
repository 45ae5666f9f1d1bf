// Generates datasets/realistic/*.jsonl from the templates, seeded, so the set regenerates byte
// for byte. Labels start as hand labels; `npx tsx eval/label-realistic.ts` then replaces them
// with the sandbox oracle's observation for every case it can observe faithfully.
//   npx tsx eval/realistic/generate.ts [--count N] [--seed S]
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Ecosystem } from "./layout.ts";
import { rng } from "./rng.ts";
import { familyOf, toolOf } from "./shape.ts";
import { LONG_TEMPLATES } from "./long.ts";
import { TEMPLATES, type Spec, type Template } from "./templates.ts";

export const OUT_DIR = fileURLToPath(new URL("../../datasets/realistic/", import.meta.url));
/** Template tools kept as declared (the shape is the point, not the first word). */
const DECLARED = new Set(["for", "cd", "(script)", "(env)", "git", "python3", "python", "npm", "pytest"]);

export interface RealisticCase {
  id: string;
  command: string;
  cwd?: string;
  label: { level: Spec["level"]; source: "hand" | "oracle"; reason?: string; unobservable?: string; [k: string]: unknown };
  tags: { tool: string; family: string; ecosystem: Ecosystem; template: string };
  /** Whether the oracle can observe this case faithfully in its planted world. */
  oracle: boolean;
}

/** Templates whose commands agents also run with output trimming, timeouts and CI env prefixes. */
const DECORATE = new Set(["pytest", "py-project-runners", "py-lint", "pip", "npm-scripts", "npx", "npm-install", "other-js-pms", "tsc", "cargo", "go", "java", "c-cpp", "ruby", "project-shell", "git-read", "git-network", "gh", "docker", "kubectl", "terraform", "cloud", "node", "python-script"]);

/** Same effects, different shape: stdout/stderr trimming, a timeout, an exit-status echo. */
function decorate(r: ReturnType<typeof rng>, cmd: string): string {
  if (cmd.includes("\n") || cmd.includes("|") || cmd.includes("&&")) return cmd;
  switch (r.int(0, 9)) {
    case 0: return `${cmd} 2>&1 | tail -${r.pick([20, 30, 40, 50, 80])}`;
    case 1: return `${cmd} 2>&1 | head -${r.pick([20, 40, 60, 100])}`;
    case 2: return /^[A-Za-z_][A-Za-z0-9_]*=|^(cd|source|\.|export) /.test(cmd) ? cmd : `timeout ${r.pick([60, 120, 300, 600])} ${cmd}`;
    case 3: return `${cmd}; echo "exit: $?"`;
    case 4: return `${cmd} 2>/dev/null`;
    case 5: return `${cmd} || true`;
    case 6: return `${cmd} 2>&1 | grep -i ${r.pick(["error", "fail", "warn"])}`;
    default: return cmd;
  }
}

/**
 * The base templates draw from `seed` and the long ones from their own stream (seed + 1), so
 * adding a template family does not reshuffle (and force re-labelling of) the others.
 */
export function generate(count: number, seed: number, longCount = Math.round(count / 14)): RealisticCase[] {
  const seen = new Set<string>();
  const out: RealisticCase[] = [];
  draw(TEMPLATES, count, rng(seed), seen, out);
  draw(LONG_TEMPLATES, longCount, rng(seed + 1), seen, out);
  return out;
}

function draw(templates: Template[], count: number, r: ReturnType<typeof rng>, seen: Set<string>, out: RealisticCase[]): void {
  const TEMPLATES = templates;
  const total = TEMPLATES.reduce((s, t) => s + t.weight, 0);
  const start = out.length;
  const add = (t: (typeof TEMPLATES)[number]): boolean => {
    const s = t.make(r);
    if (DECORATE.has(t.name) && r.chance(0.5)) s.command = decorate(r, s.command);
    const key = `${s.cwd ?? ""}\0${s.command}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const id = "rl-" + createHash("sha256").update(key).digest("hex").slice(0, 12);
    out.push({
      id,
      command: s.command,
      ...(s.cwd ? { cwd: s.cwd } : {}),
      label: s.oracle === true ? { level: s.level, source: "hand", reason: s.reason } : { level: s.level, source: "hand", reason: `${s.reason}; not oracle-labelled: ${s.oracle}`, unobservable: s.oracle },
      tags: { tool: DECLARED.has(s.tool) ? s.tool : toolOf(s.command), family: familyOf(s.command), ecosystem: s.eco, template: t.name },
      oracle: s.oracle === true,
    });
    return true;
  };
  // Each template gets its share of the count (fewer when it runs out of distinct commands)...
  for (const t of TEMPLATES) {
    const quota = Math.round((count * t.weight) / total);
    let made = 0;
    for (let tries = 0; made < quota && tries < quota * 30; tries++) if (add(t)) made++;
  }
  // ...and the rest is drawn by weight.
  for (let misses = 0; out.length - start < count && misses < count * 20; ) {
    let x = r.next() * total;
    const t = TEMPLATES.find((tt) => (x -= tt.weight) < 0) ?? TEMPLATES[TEMPLATES.length - 1]!;
    if (!add(t)) misses++;
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const opt = (k: string, d: number) => {
    const i = args.indexOf(k);
    return i >= 0 ? Number(args[i + 1]) : d;
  };
  const cases = generate(opt("--count", 3400), opt("--seed", 20261130));
  mkdirSync(OUT_DIR, { recursive: true });
  // Keep the labels of cases that did not change (same id = same command and cwd), so a
  // regeneration only needs the oracle for new cases (label-realistic.ts --missing).
  const previous = new Map<string, RealisticCase["label"]>();
  for (const f of readdirSync(OUT_DIR)) {
    if (!f.endsWith(".jsonl")) continue;
    for (const line of readFileSync(OUT_DIR + f, "utf8").split("\n")) {
      if (!line.trim()) continue;
      const c = JSON.parse(line) as RealisticCase;
      if ((c.label as { source: string }).source === "oracle" || (c.label as { oracleSkipped?: string }).oracleSkipped) previous.set(c.id, c.label);
    }
    rmSync(OUT_DIR + f);
  }
  let kept = 0;
  for (const c of cases) {
    const old = previous.get(c.id);
    if (old && c.oracle) {
      c.label = old;
      kept++;
    }
  }
  const byEco = new Map<string, RealisticCase[]>();
  for (const c of cases) byEco.set(c.tags.ecosystem, [...(byEco.get(c.tags.ecosystem) ?? []), c]);
  for (const [eco, cs] of [...byEco].sort()) writeFileSync(`${OUT_DIR}${eco}.jsonl`, cs.map((c) => JSON.stringify(c)).join("\n") + "\n");
  const oracle = cases.filter((c) => c.oracle).length;
  console.log(`wrote ${cases.length} cases to datasets/realistic/ (${[...byEco].map(([e, c]) => `${e} ${c.length}`).join(", ")}); ${oracle} observable by the oracle (${kept} keep their earlier oracle labels), ${cases.length - oracle} hand-only`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
