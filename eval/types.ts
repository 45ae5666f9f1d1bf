// The dataset contract every eval set follows (realistic, adversarial, ...), and the shapes the
// eval core passes around. A dataset is a folder of JSONL files under datasets/<name>/.
import { z } from "zod";
import { KINDS, LEVELS, LOCI, OPS, type Level, type Need } from "../src/policy/model.ts";

const need = z.union([z.enum(LEVELS), z.literal("never")]);

export const labelEffectSchema = z
  .object({
    op: z.enum(OPS),
    locus: z.enum(LOCI),
    target: z.string(),
    kind: z.enum(KINDS).optional(),
    via: z.literal("trusted-code").optional(),
  })
  .passthrough();

export const caseSchema = z
  .object({
    id: z.string().min(1),
    command: z.string().min(1),
    /** Relative to the project root, or absolute inside the oracle's world. */
    cwd: z.string().optional(),
    label: z
      .object({
        level: need,
        source: z.enum(["oracle", "hand"]),
        reason: z.string().optional(),
        effects: z.array(labelEffectSchema).optional(),
      })
      .passthrough()
      .refine((l) => l.source !== "hand" || (l.reason ?? "").length > 0, {
        message: 'a hand label needs a "reason" saying why the level is right',
      }),
    tags: z
      .object({ tool: z.string().optional(), family: z.string().optional(), ecosystem: z.string().optional() })
      .passthrough()
      .default({}),
  })
  .passthrough();

export type EvalCase = z.infer<typeof caseSchema>;
export type LabelEffect = z.infer<typeof labelEffectSchema>;

/** `datasets/<name>/dataset.json`: what a set needs beyond its cases (optional). */
export const manifestSchema = z
  .object({
    /** The world the set's labels were observed in and its cases are classified in (eval/worlds.ts); default: the planted world. */
    world: z.enum(["planted", "real-size"]).default("planted"),
    description: z.string().optional(),
  })
  .strict();
export type Manifest = z.infer<typeof manifestSchema>;

export interface Dataset {
  name: string;
  /** The world its cases are classified in (eval/worlds.ts). */
  world?: Manifest["world"];
  /** sha256 over the dataset's files, in name order. */
  hash: string;
  files: string[];
  cases: EvalCase[];
}

/** What eval needs from the classifier (a structural subset of src/index.ts's result). */
export interface ClassifierResult {
  decision: "allow" | "ask";
  level: Need;
  reasons: unknown[];
  effects?: unknown[];
  commands?: unknown[];
}

export interface ClassifyContext {
  level?: Level;
  cwd?: string;
  roots?: string[];
  home?: string;
  tmp?: string | string[];
  env?: Record<string, string | undefined>;
  fs?: unknown;
  shell?: string;
}

export type Classifier = (command: string, ctx: ClassifyContext) => ClassifierResult;

/** One case after classification: what the classifier needs, and what went wrong if anything. */
export interface CaseResult {
  dataset: string;
  id: string;
  /** Short hash of command + cwd + label: a changed case is a different case for the ratchet. */
  caseHash: string;
  command: string;
  tags: EvalCase["tags"];
  label: EvalCase["label"];
  need: Need;
  /** The classifier threw: treated as "never" (fail closed) and reported. */
  crashed: string | null;
  unknownCommand: boolean;
  parseFailure: boolean;
  reasons: string[];
  /** The classifier's effects, as "op (kind) locus target". */
  effects: string[];
  /** Best-pass latency for this case, microseconds. */
  latencyUs: number;
}
