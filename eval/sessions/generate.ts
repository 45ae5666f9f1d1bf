// Generates datasets/realistic-sessions/*.jsonl (one file per template) from eval/sessions/templates.ts,
// seeded, so the set regenerates byte for byte. Labels start as hand labels; `npx tsx
// eval/sessions/label.ts` then replaces them with the sandbox oracle's observation in the
// real-size layout for every case it can observe faithfully.
//   npx tsx eval/sessions/generate.ts [--seed S]
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { rng } from "../realistic/rng.ts";
import { familyOf, toolOf } from "../realistic/shape.ts";
import { TEMPLATES, type SessionSpec } from "./templates.ts";

export const OUT_DIR = fileURLToPath(new URL("../../datasets/realistic-sessions/", import.meta.url));

export interface SessionCase {
  id: string;
  command: string;
  cwd?: string;
  label: { level: SessionSpec["level"]; source: "hand" | "oracle"; reason?: string; unobservable?: string; [k: string]: unknown };
  tags: { tool: string; family: string; template: string; world: "real-size" };
  /** Whether the oracle can observe this case faithfully in the real-size layout. */
  oracle: boolean;
}

export function generate(seed: number): Map<string, SessionCase[]> {
  const seen = new Set<string>();
  const out = new Map<string, SessionCase[]>();
  for (const [k, t] of TEMPLATES.entries()) {
    // each template draws from its own stream: adding one does not reshuffle the others
    const r = rng(seed * 1000 + k);
    const cases: SessionCase[] = [];
    for (let tries = 0; cases.length < t.count && tries < t.count * 30; tries++) {
      const s = t.make(r);
      const key = `${s.cwd ?? ""}\0${s.command}`;
      if (seen.has(key)) continue;
      seen.add(key);
      cases.push({
        id: "rs-" + createHash("sha256").update(key).digest("hex").slice(0, 12),
        command: s.command,
        ...(s.cwd ? { cwd: s.cwd } : {}),
        label: {
          ...(s.oracle === true ? { level: s.level, source: "hand" as const, reason: s.reason } : { level: s.level, source: "hand" as const, reason: `${s.reason}; not oracle-labelled: ${s.oracle}`, unobservable: s.oracle }),
          ...(s.levelUntrusted ? { levelUntrusted: s.levelUntrusted } : {}),
        },
        tags: { tool: toolOf(s.command), family: familyOf(s.command), template: t.name, world: "real-size" },
        oracle: s.oracle === true,
      });
    }
    out.set(t.name, cases);
  }
  return out;
}

function main(): void {
  const args = process.argv.slice(2);
  const i = args.indexOf("--seed");
  const seed = i >= 0 ? Number(args[i + 1]) : 15;
  const sets = generate(seed);
  mkdirSync(OUT_DIR, { recursive: true });
  for (const f of readdirSync(OUT_DIR)) if (f.endsWith(".jsonl")) rmSync(OUT_DIR + f);
  let n = 0;
  for (const [name, cases] of sets) {
    writeFileSync(`${OUT_DIR}${name}.jsonl`, cases.map((c) => JSON.stringify(c)).join("\n") + "\n");
    n += cases.length;
  }
  const observable = [...sets.values()].flat().filter((c) => c.oracle).length;
  console.log(`wrote ${n} cases (${observable} observable by the oracle) to datasets/realistic-sessions/`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
