// All candidates for a seed: each family's primaries over its intents, composed with seeded
// secondaries from the other families (resource abuse excluded as a secondary: it would drown
// every family in megabytes of padding; so are families that say `secondary: false`, whose
// primaries render their own intents, so that adding one leaves the others' candidates as they were).
import { generateFamily, type Candidate } from "./compose.ts";
import { FAMILIES } from "./families/index.ts";
import { BENIGN, INTENTS } from "./intents.ts";
import { makeRng, seedOf } from "./rng.ts";

export interface GenerateOptions {
  seed: number;
  /** Composed variants per (intent, primary) pair. */
  perPair: number;
  families?: string[];
}

export const DEFAULTS: GenerateOptions = { seed: 20261130, perPair: 1 };

export function allCandidates(opts: GenerateOptions = DEFAULTS): Candidate[] {
  const pool = FAMILIES.filter((f) => f.name !== "resource-parser-abuse" && f.secondary !== false).flatMap((f) => f.transforms.map((t) => ({ family: f.name, t })));
  const out: Candidate[] = [];
  for (const f of FAMILIES) {
    if (opts.families && !opts.families.includes(f.name)) continue;
    const rng = makeRng(seedOf(opts.seed, f.name));
    if (f.ownIntents) {
      out.push(...generateFamily(f, f.ownIntents, pool, rng, opts.perPair));
      continue;
    }
    out.push(...generateFamily(f, INTENTS, pool, rng, opts.perPair));
    out.push(...generateFamily(f, BENIGN, pool, rng, 1));
  }
  return out;
}
