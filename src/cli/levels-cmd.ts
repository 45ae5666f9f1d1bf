// `shellfence levels [--json]`: the levels, tightest first, and what each admits (levels.toml).
import { loadLevels, type LevelRule } from "../policy/levels.ts";
import { DEFAULT_LEVEL, LEVELS } from "../policy/model.ts";
import { resolveRun } from "./context.ts";
import { shippedUpward } from "./shipped-levels.ts";
import { didYouMean } from "./didyoumean.ts";
import type { Io } from "./io.ts";

export async function runLevels(args: readonly string[], io: Io): Promise<number> {
  const json = args.includes("--json");
  const bad = args.find((a) => a !== "--json");
  if (bad !== undefined) {
    io.err(`shellfence levels: unknown argument ${bad}${didYouMean(bad, ["--json", "--help"])}; usage: shellfence levels [--json]\n`);
    return 2;
  }
  let current: { level: string; from: string } | null = null;
  try {
    const r = await resolveRun({ cwd: io.cwd, roots: [], env: io.env, home: io.home, upward: shippedUpward });
    current = { level: r.settings.level, from: r.settings.levelFrom };
  } catch (e) {
    io.err(`shellfence: config error: ${(e as Error).message}\n`);
    return 2;
  }
  const table = loadLevels();
  const rows = LEVELS.map((name) => ({
    name,
    summary: table.summaries[name],
    // The levels this one admits everything of (besides itself), from the lattice.
    includes: LEVELS.filter((l) => l !== name && table.upward[l].has(name)),
    // The rules of levels.toml whose lowest admitting level is this one.
    admits: table.rules.filter((r) => r.level === name).map(ruleText),
    default: name === DEFAULT_LEVEL,
    current: name === current!.level,
  }));
  const never = table.rules.filter((r) => r.level === "never").map(ruleText);
  if (json) {
    io.out(JSON.stringify({ levels: rows, never, fallback: table.fallback, current: current.level, from: current.from }) + "\n");
    return 0;
  }
  const width = Math.max(...LEVELS.map((l) => l.length));
  for (const r of rows) {
    const mark = r.current ? "*" : " ";
    const tags = [r.default ? "default" : "", r.includes.length ? `includes ${r.includes.join(", ")}` : ""].filter(Boolean).join("; ");
    io.out(`${mark} ${r.name.padEnd(width)}  ${r.summary}${tags ? ` [${tags}]` : ""}\n`);
    if (r.admits.length) io.out(`  ${" ".repeat(width)}  adds: ${r.admits.join("; ")}\n`);
  }
  io.out(`\n  never (always asks): ${never.join("; ")}; anything no rule covers needs ${table.fallback}.\n`);
  const from = current.from === "default" ? "the default" : current.from;
  io.out(`\n* your level: ${current.level} (from ${from}).\n`);
  return 0;
}

/** `write worktree|tmp`, `exec (project-code|inline-code)`, `privilege`. */
function ruleText(r: LevelRule): string {
  return [r.op, r.loci?.join("|"), r.kinds ? `(${r.kinds.join("|")})` : undefined].filter(Boolean).join(" ");
}
