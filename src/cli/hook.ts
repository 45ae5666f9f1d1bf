// `shellfence hook`: Claude Code PreToolUse, through the CLI (the library loads the TOML data).
// `shellfence setup` installs the faster bundle instead (hook-main.ts); both decide alike.
import { decideHook } from "./hook-decide.ts";
import type { Io } from "./io.ts";
import { loadClassifier } from "./shipped-classifier.ts";
import { shippedUpward } from "./shipped-levels.ts";

export { MAX_HOOK_INPUT, STDIN_TIMEOUT_MS } from "./hook-decide.ts";

export function runHook(io: Io): Promise<number> {
  return decideHook(io, io.classifier ?? loadClassifier, shippedUpward);
}
