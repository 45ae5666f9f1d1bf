// The registry: command data (registry/*.toml) compiled into lookup maps, and the interpreter.
export { loadRegistry, parseRegistry, validateRegistryDir, REGISTRY_DIR } from "./load.ts";
export { interpret, lookup, roleOf } from "./interpret.ts";
export { isUnboundedTarget } from "./engine.ts";
export { isInertConfigKey } from "./handlers/git.ts";
export { analyseSed } from "./handlers/sed.ts";
export { analyseAwk } from "./handlers/awk.ts";
export type { Registry, CCommand, CNode } from "./compiled.ts";
export type { CommandRole, Role } from "./schema.ts";
export type * from "./types.ts";
