// The user's `[[command]]` entries (config.ts keeps them as written): validated with the
// registry's own schema and compiled by its own compiler, so a declared command means what the
// same entry in registry/*.toml would, and errors name the config file's line and the fix.
// Loads zod: the CLI and the hook daemon call this (the daemon once per config text); the fast
// hook deciding in its own process loads the library for it only when the config declares commands.
import type { Registry } from "../analysis/registry/compiled.ts";
import { compileRegistry } from "../analysis/registry/compile.ts";
import { HANDLER_NAMES } from "../analysis/registry/handlers/index.ts";
import { registryFileSchema } from "../analysis/registry/schema.ts";
import { DataFileError, lineOfPath } from "./datafile.ts";

export interface Declared {
  file: string;
  text: string;
  entries: unknown[];
}

/** Compiled declarations by file and text: a changed config (by content) compiles again. */
const cache = new Map<string, Registry>();

/**
 * The declared commands as a registry. `shipped` is the registry they sit beside: a declared
 * name may not redefine a shipped command (its model would be silently replaced).
 */
export function compileDeclared(d: Declared, shipped: Registry): Registry {
  const key = `${d.file}\u0000${d.text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const r = registryFileSchema.safeParse({ command: d.entries });
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const where = issue.path.map(String).join(".");
    throw new DataFileError(d.file, lineOfPath(d.text, issue.path), `${where ? `at \`${where}\`: ` : ""}${issue.message}. Fix that value (a [[command]] takes the keys of registry/README.md).`);
  }
  const reg = compileRegistry([{ file: d.file, text: d.text, commands: r.data.command }], HANDLER_NAMES);
  for (const [name, cmd] of reg.commands) {
    if (!shipped.commands.has(name)) continue;
    const i = r.data.command.findIndex((c) => c === undefined || c.name === cmd.name);
    throw new DataFileError(
      d.file,
      lineOfPath(d.text, ["command", i, "name"]),
      `\`${name}\` is a command shellfence already models; a [[command]] cannot redefine it. Remove this entry, or approve the exact words you want with an [[allow]] rule.`,
    );
  }
  if (cache.size > 8) cache.clear();
  cache.set(key, reg);
  return reg;
}
