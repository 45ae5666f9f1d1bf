// All candidates for a seed: each family's primaries over its intents, composed with seeded
// secondaries from the other families (resource abuse excluded as a secondary: it would drown
// every family in megabytes of padding; so are families that say `offered: false`, whose
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
  const pool = FAMILIES.filter((f) => f.name !== "resource-parser-abuse" && f.offered !== false).flatMap((f) => f.transforms.map((t) => ({ family: f.name, t })));
  const out: Candidate[] = [];
  for (const f of FAMILIES) {
    if (opts.families && !opts.families.includes(f.name)) continue;
    const rng = makeRng(seedOf(opts.seed, f.name));
    const own = f.ownIntents ?? [];
    const shared = f.sharedIntents !== false;
    const seen = new Set<string>();
    // A command generated for two intents is one case (its id is the command's hash).
    const fresh = (cs: Candidate[]) => cs.filter((c) => !seen.has(c.command) && seen.add(c.command));
    const mine = [
      ...fresh(generateFamily(f, [...(shared ? INTENTS : []), ...own.filter((i) => i.kind !== "benign")], pool, rng, opts.perPair)),
      ...fresh(generateFamily(f, [...(shared ? BENIGN : []), ...own.filter((i) => i.kind === "benign")], pool, rng, 1)),
    ];
    if (f.pty) for (const c of mine) c.pty = true;
    out.push(...mine);
  }
  return out;
}
