// Re-observe a seeded sample of committed adversarial cases with the sandbox oracle, so the
// committed labels cannot drift from what bash really does on this machine.
import { spawnSync } from "node:child_process";
import { observeMany } from "../oracle/sandbox/index.ts";
import { sandboxEnv } from "../oracle/sandbox/sandbox.ts";
import { intentById } from "./intents.ts";
import { makeRng } from "./rng.ts";

export interface LabelledCase {
  id: string;
  command: string;
  label: { level: string; levelUntrusted?: string };
  tags: { intent?: string; role?: string; pty?: boolean } & Record<string, unknown>;
}

export interface Drift {
  id: string;
  command: string;
  expected: string;
  observed: string;
}

/** Picks `n` cases with a seeded shuffle (stable for a seed and a dataset). */
export function sample<T>(cases: readonly T[], n: number, seed: number): T[] {
  const rng = makeRng(seed);
  const idx = cases.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx.slice(0, n).map((i) => cases[i]!);
}

/** The program a case is about (`git log` -> git), when the tags name one. */
function programOf(c: LabelledCase): string | null {
  const t = c.tags.tool;
  return typeof t === "string" && t ? t.split(" ")[0]! : null;
}

/** Programs the picked cases run that this machine lacks: re-observing them would only measure the missing tool. */
export function missingPrograms(cases: readonly LabelledCase[]): string[] {
  return missingInSandbox([...new Set(cases.map(programOf).filter((x): x is string => x !== null))]);
}

/**
 * The names bash inside the sandbox would not find: the sandbox's own PATH, not this process's
 * (a pyenv shim or a user's ~/.local/bin is not there, and a case run without its program would
 * only observe "command not found").
 */
export function missingInSandbox(names: readonly string[]): string[] {
  if (!names.length) return [];
  const env = { PATH: sandboxEnv(false).PATH! };
  const r = spawnSync("bash", ["--norc", "--noprofile", "-c", 'for n; do type -t -- "$n" >/dev/null || echo "$n"; done', "_", ...names], { encoding: "utf8", env });
  return r.stdout.split("\n").filter(Boolean);
}

export async function reobserve(cases: readonly LabelledCase[], n: number, seed: number): Promise<{ checked: number; drifts: Drift[]; missing: string[] }> {
  // Cases whose program this machine lacks are set aside (and named), the rest re-observed:
  // one uninstalled tool in the sample must not switch the whole check off.
  const drawn = sample(cases, n, seed);
  const missing = missingPrograms(drawn);
  const picked = missing.length ? drawn.filter((c) => !missing.includes(programOf(c) ?? "")) : drawn;
  const obs = await observeMany(picked.map((c) => (c.tags.pty ? { command: c.command, options: { pty: true } } : c.command)));
  const drifts: Drift[] = [];
  picked.forEach((c, i) => {
    const o = obs[i]!;
    const role = c.tags.intent ? (intentById(c.tags.intent).kind !== "benign" && intentById(c.tags.intent).confirm(o) ? "dangerous" : "benign-twin") : c.tags.role;
    const expected = `${c.label.level}/${c.label.levelUntrusted ?? "-"}/${c.tags.role ?? "-"}`;
    const observed = o.timedOut ? "timed out" : `${o.observedLevel}/${c.label.levelUntrusted ? o.observedLevelUntrusted : "-"}/${role ?? "-"}`;
    if (expected !== observed) drifts.push({ id: c.id, command: c.command, expected, observed });
  });
  return { checked: picked.length, drifts, missing };
}
