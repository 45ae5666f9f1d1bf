// What the walk produces: located effects and the simple commands it found.
import type { Effect, Kind, Locus, Op, Source } from "../policy/model.ts";

export interface LocatedEffect extends Effect {
  op: Op;
  locus: Locus;
  target: string;
  kind?: Kind;
  source: Source;
  /** Why the walk produced it (a person-readable clause). */
  why: string;
  /** The regions pattern that placed a path, when one did. */
  region?: string | null;
  /** Index into `commands` of the simple command it belongs to, or -1 (parse error, redirect on a compound). */
  command: number;
}

export interface CommandRecord {
  /** Static argv words; null where a word is dynamic. */
  argv: (string | null)[];
  /** Physical directories it may run in; empty when the base is unknown. */
  bases: string[];
  /** Why the base is unknown (absent when known). */
  baseUnknown?: string;
  source: Source;
  /** Registry entry or builtin that interpreted it ("git commit", "builtin cd", "function f"). */
  matched: string | null;
  /** How it was reached: "" at top level, else e.g. "bash -c", "$(..)", "function f", "sudo". */
  via: string;
}

export interface WalkResult {
  effects: LocatedEffect[];
  commands: CommandRecord[];
}
