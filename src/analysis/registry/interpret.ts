// interpret(registry, argv): what one simple command does, as abstract effects and inner runs.
// Pure and allocation-light: one map lookup per word in the common case.
import type { ArgWord, Interpretation } from "./types.ts";
import type { CCommand, Registry } from "./compiled.ts";
import type { CommandRole } from "./schema.ts";
import { Unknown, runNode, type Ctx, type Out } from "./engine.ts";
import { HANDLERS } from "./handlers/index.ts";

export function interpret(registry: Registry, argv: ArgWord[]): Interpretation {
  const name = argv[0];
  if (name === undefined) return { known: false, reason: "empty command", argIndex: 0 };
  if (name === null) return { known: false, reason: "the command name is dynamic", argIndex: 0 };
  const cmd = registry.commands.get(name);
  if (!cmd) return { known: false, reason: `unknown command \`${name}\``, argIndex: 0 };
  const out: Out = { matched: cmd.path, effects: [], inner: [] };
  const ctx: Ctx = { reg: registry, handlers: HANDLERS, out, shell: cmd.role === "shell" || cmd.role === "eval" ? cmd.name : "sh" };
  try {
    runNode(ctx, cmd, argv, 1, new Set());
  } catch (e) {
    if (e instanceof Unknown) return e.tooFew ? { known: false, reason: e.reason, argIndex: e.argIndex, tooFew: true } : { known: false, reason: e.reason, argIndex: e.argIndex };
    throw e;
  }
  const result: Interpretation = { known: true, matched: out.matched, effects: out.effects, inner: out.inner };
  if (out.cwdOverride !== undefined) result.cwdOverride = out.cwdOverride;
  if (out.execsStdin) result.execsStdin = out.execsStdin;
  if (out.privileged) result.privileged = true;
  if (out.repository) result.repository = out.repository;
  if (out.readsVars?.length) result.readsVars = out.readsVars;
  if (out.localBin) result.localBin = out.localBin;
  return result;
}

/** The entry for a command name or alias. */
export function lookup(registry: Registry, name: string): CCommand | undefined {
  return registry.commands.get(name);
}

/** What kind of entry a name is (wrapper, shell, interpreter, eval, source, mover...), or null when unknown. */
export function roleOf(registry: Registry, name: string): CommandRole | null {
  return registry.commands.get(name)?.role ?? null;
}
