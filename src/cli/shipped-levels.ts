// The level lattice of the shipped regions/levels.toml, loaded when first asked for (the CLI's
// `check`, `explain`, `levels` and plain `hook`; the fast hook bundle has its own, prebuilt).
import type { Upward } from "../policy/config.ts";

export async function shippedUpward(): Promise<Upward> {
  return (await import("../policy/levels.ts")).loadLevels().upward;
}
