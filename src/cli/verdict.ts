// The slice of the library's Verdict that the CLI and hooks rely on (so tests can fake it). Everything the CLI prints about a verdict goes through here, so the
// `--json` contract is spelled once.
import type { ClassifyContext } from "../policy/classify.ts";
import type { Declared } from "../policy/custom-commands.ts";
import type { Registry } from "../analysis/registry/compiled.ts";
import type { Level, Need } from "../policy/model.ts";
import { needText, plainSentence, reasonText } from "./plain.ts";

export { reasonText };

export interface VerdictEffect {
  op: string;
  locus: string;
  target: string;
  source?: { pos: number; end: number; text: string } | null;
}

export interface VerdictLike {
  decision: "allow" | "ask";
  /** The lowest level that admits the command, or "never". */
  level: Need;
  configuredLevel: Level;
  reasons: unknown[];
  effects: VerdictEffect[];
  commands: { argv: (string | null)[]; bases: string[] }[];
  /** A deny rule matched (policy/custom.ts). */
  denied?: { rule: string; message: string };
}

export type { ClassifyContext } from "../policy/classify.ts";

export interface Classifier {
  classify(command: string, ctx?: ClassifyContext): VerdictLike;
  /** The library's explain renderer (tests' fakes may leave it out). */
  explain?: (verdict: VerdictLike) => string;
  /** Is a variable of this name a secret (regions [variables])? For redacting the audit log; absent: redact.ts's own list. */
  secretName?: (name: string) => boolean;
  /** Compiles the config's [[command]] entries beside this classifier's registry (policy/custom-commands.ts). */
  declare?: (d: Declared) => Registry | Promise<Registry>;
}

/**
 * The `check --json` document: exactly these fields, in this order (fields are added at the end,
 * never renamed or dropped). `summary`: the first reason in plain words (plain.ts).
 */
export function verdictJson(v: VerdictLike): Record<string, unknown> {
  return {
    decision: v.decision,
    level: v.level,
    configuredLevel: v.configuredLevel,
    reasons: v.reasons,
    effects: v.effects.map((e) => ({ op: e.op, locus: e.locus, target: e.target, source: e.source ?? null })),
    commands: v.commands.map((c) => ({ argv: c.argv, bases: c.bases })),
    summary: v.reasons.length ? plainSentence(v.reasons[0]) : "",
    // A deny rule of the config that matched (its file:line and message), else null.
    denied: v.denied ?? null,
  };
}

/** A short why for the hook's permissionDecisionReason. */
export function shortWhy(v: VerdictLike): string {
  if (v.decision === "allow") {
    const pairs = [...new Set(v.effects.map((e) => `${e.op} ${e.locus}`))];
    const what = pairs.length === 0 ? "no effects" : pairs.slice(0, 4).join(", ") + (pairs.length > 4 ? ", ..." : "");
    return `within ${v.configuredLevel} (needs ${v.level}: ${what})`;
  }
  // The first reason in a person's words (plain.ts); the rule and byte range stay in `explain`.
  const first = v.reasons[0];
  const need = needText(v);
  return first === undefined ? need : `${need}: ${plainSentence(first)}`;
}
