// One seed for every fast-check property, so a commit's `npm test` gives the same answer on every
// run: a property that fails in CI fails again on the developer's machine. Exploration is the fuzz
// targets' job (`npm run fuzz`); `SHELLFENCE_FC_SEED=random npm test` samples afresh, and any number
// replays the seed a failure printed.
import fc from "fast-check";

const seed = process.env.SHELLFENCE_FC_SEED;
if (seed !== "random") {
  const n = seed === undefined || seed === "" ? 20261130 : Number(seed);
  if (!Number.isInteger(n)) throw new Error(`SHELLFENCE_FC_SEED=${seed}: use an integer, or "random" for a fresh seed`);
  fc.configureGlobal({ seed: n });
}
