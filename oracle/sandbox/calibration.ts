// The calibration set: commands with hand-written expected effects and levels, and the check
// that an observation matches them exactly (every expected effect seen, nothing unexpected).
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { KINDS, LEVELS, LOCI, OPS, type Effect } from "../../src/policy/model.ts";
import { globToRegExp } from "../../src/policy/regions.ts";
import type { Observation, ObserveOptions } from "./index.ts";

export const CALIBRATION_FILE = fileURLToPath(new URL("./calibration.jsonl", import.meta.url));

const need = z.union([z.enum(LEVELS), z.literal("never")]);
const expected = z
  .object({
    op: z.enum(OPS),
    locus: z.enum(LOCI),
    /** Exact path/host, or a glob (`*` within a segment, `**` across segments). */
    target: z.string(),
    kind: z.enum(KINDS).optional(),
    via: z.literal("trusted-code").optional(),
    /** Allowed but not required: a tool's incidental reads (git probing attribute files). */
    optional: z.boolean().optional(),
  })
  .strict();
const caseSchema = z
  .object({
    id: z.string().min(1),
    /** What the case calibrates (none, read-secret, git-config-exec...). */
    group: z.string().min(1),
    cmd: z.string(),
    cwd: z.string().optional(),
    pty: z.boolean().optional(),
    stdin: z.string().optional(),
    effects: z.array(expected),
    level: need,
    /** Defaults to `level`. */
    levelUntrusted: need.optional(),
    disclosed: z.array(z.string()).optional(),
    note: z.string().optional(),
  })
  .strict();

export type CalibrationCase = z.infer<typeof caseSchema>;
export type ExpectedEffect = z.infer<typeof expected>;

export function loadCalibration(file = CALIBRATION_FILE): CalibrationCase[] {
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const out: CalibrationCase[] = [];
  const ids = new Set<string>();
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      throw new Error(`${file}:${i + 1}: not JSON (${(e as Error).message}); each line is one case object`);
    }
    const r = caseSchema.safeParse(json);
    if (!r.success) throw new Error(`${file}:${i + 1}: ${r.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; ")}`);
    if (ids.has(r.data.id)) throw new Error(`${file}:${i + 1}: duplicate id "${r.data.id}"; ids must be unique`);
    ids.add(r.data.id);
    out.push(r.data);
  });
  return out;
}

export function optionsOf(c: CalibrationCase): ObserveOptions {
  const o: ObserveOptions = {};
  if (c.cwd !== undefined) o.cwd = c.cwd;
  if (c.pty) o.pty = true;
  if (c.stdin !== undefined) o.stdin = c.stdin;
  return o;
}

const reCache = new Map<string, RegExp>();
function targetMatches(glob: string, target: string): boolean {
  if (!glob.includes("*")) return glob === target;
  let re = reCache.get(glob);
  if (!re) reCache.set(glob, (re = globToRegExp(glob)));
  return re.test(target);
}

export function effectMatches(x: ExpectedEffect, e: Effect): boolean {
  return x.op === e.op && x.locus === e.locus && (x.kind ?? null) === (e.kind ?? null) && (x.via ?? null) === (e.via ?? null) && targetMatches(x.target, e.target);
}

export const show = (e: Effect | ExpectedEffect) =>
  `${e.op} ${e.locus} ${e.target}${e.kind ? ` [${e.kind}]` : ""}${e.via ? ` (via ${e.via})` : ""}`;

/** Everything that differs between the expectation and the observation; empty = calibrated. */
export function compare(c: CalibrationCase, o: Observation): string[] {
  const problems: string[] = [];
  if (o.timedOut) problems.push("timed out");
  if (o.truncated) problems.push("output truncated");
  if (o.processLimitHit) problems.push("process limit hit");
  for (const e of o.effects) if (!c.effects.some((x) => effectMatches(x, e))) problems.push(`unexpected: ${show(e)}`);
  for (const x of c.effects) if (!x.optional && !o.effects.some((e) => effectMatches(x, e))) problems.push(`missing: ${show(x)}`);
  if (o.observedLevel !== c.level) problems.push(`level: expected ${c.level}, observed ${o.observedLevel}`);
  const lu = c.levelUntrusted ?? c.level;
  if (o.observedLevelUntrusted !== lu) problems.push(`level ignoring trusted code: expected ${lu}, observed ${o.observedLevelUntrusted}`);
  const want = [...(c.disclosed ?? [])].sort();
  const got = [...o.disclosed].sort();
  if (want.join("\n") !== got.join("\n")) problems.push(`disclosed: expected [${want.join(", ")}], observed [${got.join(", ")}]`);
  return problems;
}
