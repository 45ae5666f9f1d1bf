// The library API: `classify(command, ctx)` decides whether a shell command may be auto-approved
// at a permission level. Synchronous and pure given its context (the filesystem it may consult
// is part of the context). Data files load once per process.
import { loadLevels, type LevelTable } from "./policy/levels.ts";
import { loadRegions, type Regions } from "./policy/regions.ts";
import type { Verdict } from "./policy/verdict.ts";
import { explainText } from "./policy/explain.ts";
import { loadRegistry, type Registry } from "./analysis/registry/index.ts";
import { loadEnvVectors, type EnvVectors } from "./analysis/envvectors.ts";
import { classifyWith, type ClassifierTables, type ClassifyContext } from "./policy/classify.ts";

export { LEVELS, DEFAULT_LEVEL, OPS, LOCI, KINDS } from "./policy/model.ts";
export type { Level, Need, Op, Locus, Kind, Effect } from "./policy/model.ts";
export type { Verdict, VerdictEffect, VerdictCommand, Reason, Segment, ExplainData } from "./policy/verdict.ts";
export type { FsLike, StatLike, DirEntry } from "./analysis/fs.ts";
/** node:fs as the classifier reads it: `{ ...realFs }` is a view a host may reuse across calls. */
export { realFs } from "./analysis/fs.ts";
export { explainText };
export { loadRegistry } from "./analysis/registry/index.ts";
/** The config's [[command]] entries, validated and compiled beside a registry (custom rules). */
export { compileDeclared, type Declared } from "./policy/custom-commands.ts";
export type { CustomRules } from "./policy/custom.ts";
export type { PatternRule } from "./policy/config.ts";
export { loadLevels } from "./policy/levels.ts";
export type { Registry } from "./analysis/registry/index.ts";
export type { LevelTable } from "./policy/levels.ts";
export type { ClassifyContext } from "./policy/classify.ts";

let levels: LevelTable | null = null;
let regions: Regions | null = null;
let vectors: EnvVectors | null = null;
let registry: Registry | null = null;

/** The shipped data, each part loaded (and validated) on first use. */
function data(over: Partial<ClassifierTables> = {}): ClassifierTables {
  return {
    levels: over.levels ?? (levels ??= loadLevels()),
    regions: over.regions ?? (regions ??= loadRegions()),
    vectors: over.vectors ?? (vectors ??= loadEnvVectors()),
    registry: over.registry ?? (registry ??= loadRegistry()),
  };
}

/** Decides whether `command` may be auto-approved at `ctx.level` (default developer). */
export function classify(command: string, ctx: ClassifyContext = {}): Verdict {
  return classifyWith(data(), command, ctx);
}

/** Data a classifier can be built with instead of the shipped files (a custom or test registry). */
export interface ClassifierData {
  /** From `loadRegistry(dir)`: a registry other than registry/. */
  registry?: Registry;
  /** From `loadLevels(file)`: a level table other than regions/levels.toml. */
  levels?: LevelTable;
}

/** A `classify` bound to other data; anything not given is the shipped file. */
export function createClassifier(over: ClassifierData): (command: string, ctx?: ClassifyContext) => Verdict {
  return (command, ctx = {}) => classifyWith(data(over), command, ctx);
}

/** The `explain` renderer (the CLI picks it up by this name). */
export function explain(verdict: Verdict): string {
  return explainText(verdict);
}
