// The seeded PRNG the realistic set regenerates from (the adversarial generators' mulberry32),
// with an inclusive int(lo, hi) as the templates use it.
import { makeRng } from "../../adversarial/rng.ts";

export interface Rng {
  next(): number;
  int(lo: number, hi: number): number;
  pick<T>(xs: readonly T[]): T;
  chance(p: number): boolean;
}

export function rng(seed: number): Rng {
  const r = makeRng(seed);
  return { next: r.next, int: (lo, hi) => lo + r.int(hi - lo + 1), pick: r.pick, chance: r.chance };
}
