// `shellfence hook [--agent NAME]`: an agent's pre-tool hook (Claude Code's without --agent),
// through the CLI (the library loads the TOML data). `shellfence setup` installs the faster
// bundle instead (hook-main.ts); both decide alike.
import { agentArg } from "../agents/index.ts";
import { decideHook } from "./hook-decide.ts";
import type { Io } from "./io.ts";
import { loadClassifier } from "./shipped-classifier.ts";
import { shippedUpward } from "./shipped-levels.ts";

export { MAX_HOOK_INPUT, STDIN_TIMEOUT_MS } from "./hook-decide.ts";

/** `args`: what follows `hook`; only `--agent NAME` is read (others, such as --no-daemon, are the fast hook's). */
export function runHook(io: Io, args: readonly string[] = []): Promise<number> {
  return decideHook(io, io.classifier ?? loadClassifier, shippedUpward, agentArg(args));
}
