// The level lattice and the table of what each level admits, loaded from regions/levels.toml.
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { lazy, loadDataFile, parseDataFile } from "./datafile.ts";
import { KINDS, LEVELS, LOCI, OPS, type Effect, type Level, type Need } from "./model.ts";

function makeSchema() {
  const levelName = z.enum(LEVELS);
  const needName = z.union([levelName, z.literal("never")]);
  return z
    .object({
      fallback: needName,
      level: z
        .array(z.object({ name: levelName, above: z.array(levelName), summary: z.string() }).strict())
        .min(1),
      rule: z
        .array(
          z
            .object({
              op: z.enum(OPS),
              loci: z.array(z.enum(LOCI)).min(1).optional(),
              kinds: z.array(z.enum(KINDS)).min(1).optional(),
              level: needName,
            })
            .strict(),
        )
        .min(1),
    })
    .strict();
}
const schema = /* @__PURE__ */ lazy(makeSchema);

/** A levels file as validated (what prebuilt data stores). */
export type LevelsData = z.infer<ReturnType<typeof makeSchema>>;

export type LevelRule = LevelsData["rule"][number];

export interface LevelTable {
  file: string;
  fallback: Need;
  rules: LevelRule[];
  summaries: Record<Level, string>;
  /** leq[a] = every level at or above a (the levels that admit all that a admits). */
  upward: Record<Level, ReadonlySet<Level>>;
}

export const LEVELS_FILE = fileURLToPath(new URL("../../regions/levels.toml", import.meta.url));

export function loadLevels(file = LEVELS_FILE): LevelTable {
  return buildTable(file, loadDataFile(file, schema()));
}

/** The validated file, not yet turned into a table (prebuilt data stores this). */
export function loadLevelsData(file = LEVELS_FILE): LevelsData {
  return loadDataFile(file, schema());
}

export function parseLevels(file: string, text: string): LevelTable {
  return buildTable(file, parseDataFile(file, text, schema()));
}

/** The table from already validated data (see LevelsData). */
export function buildTable(file: string, data: LevelsData): LevelTable {
  const names = data.level.map((l) => l.name);
  for (const l of LEVELS) {
    if (!names.includes(l)) throw new Error(`${file}: level "${l}" is missing; every level in ${LEVELS.join(", ")} needs a [[level]] entry.`);
  }
  const below = new Map<Level, Level[]>(data.level.map((l) => [l.name, l.above]));
  // upward closure: b is in upward[a] when a is reachable from b through `above` links.
  const upward = {} as Record<Level, Set<Level>>;
  for (const a of LEVELS) upward[a] = new Set([a]);
  for (const b of LEVELS) {
    const stack = [...(below.get(b) ?? [])];
    const seen = new Set<Level>();
    while (stack.length) {
      const a = stack.pop()!;
      if (seen.has(a)) continue;
      seen.add(a);
      upward[a].add(b);
      stack.push(...(below.get(a) ?? []));
    }
  }
  const summaries = Object.fromEntries(data.level.map((l) => [l.name, l.summary])) as Record<Level, string>;
  return { file, fallback: data.fallback, rules: data.rule, summaries, upward };
}

/** The rule that decides an effect's need, or null when the fallback applies. */
const ruleMemo = new WeakMap<LevelTable, Map<string, Map<string, Map<string, LevelRule | null>>>>();

/** The first rule matching the effect (first match wins); remembered per table and op/locus/kind. */
export function ruleFor(table: LevelTable, effect: Pick<Effect, "op" | "locus" | "kind">): LevelRule | null {
  // Nested maps keyed by the (interned) names: no key string to build and hash per effect.
  let byOp = ruleMemo.get(table);
  if (!byOp) ruleMemo.set(table, (byOp = new Map()));
  let byLocus = byOp.get(effect.op);
  if (!byLocus) byOp.set(effect.op, (byLocus = new Map()));
  let byKind = byLocus.get(effect.locus);
  if (!byKind) byLocus.set(effect.locus, (byKind = new Map()));
  const kind = effect.kind ?? "";
  let hit = byKind.get(kind);
  if (hit === undefined) byKind.set(kind, (hit = firstRule(table, effect)));
  return hit;
}

function firstRule(table: LevelTable, effect: Pick<Effect, "op" | "locus" | "kind">): LevelRule | null {
  for (const r of table.rules) {
    if (r.op !== effect.op) continue;
    if (r.loci && !r.loci.includes(effect.locus)) continue;
    if (r.kinds && (!effect.kind || !r.kinds.includes(effect.kind))) continue;
    return r;
  }
  return null;
}

export function needOf(table: LevelTable, effect: Pick<Effect, "op" | "locus" | "kind">): Need {
  return ruleFor(table, effect)?.level ?? table.fallback;
}

/** Does the configured level admit something that needs `need`? */
export function admits(table: LevelTable, configured: Level, need: Need): boolean {
  return need !== "never" && table.upward[need].has(configured);
}

/** The least level that admits both (the lattice join); "never" absorbs. */
export function join(table: LevelTable, a: Need, b: Need): Need {
  if (a === "never" || b === "never") return "never";
  if (table.upward[a].has(b)) return b;
  if (table.upward[b].has(a)) return a;
  // least common upper bound: the common upper bound that every other one is above
  const common = LEVELS.filter((l) => table.upward[a].has(l) && table.upward[b].has(l));
  const least = common.find((c) => common.every((o) => table.upward[c].has(o)));
  return least ?? "never";
}

/** The levels that admit `need`, in LEVELS order. */
export function admittingLevels(table: LevelTable, need: Need): Level[] {
  return need === "never" ? [] : LEVELS.filter((l) => table.upward[need].has(l));
}
