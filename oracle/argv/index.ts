// argv oracle: what bash really executes, after all expansion. See README.md.
export { observeArgv, observeMany, checkSyntax, buildScript, ORACLE_HOME } from "./run.ts";
export { bashFacts } from "./environment.ts";
export { formatObservation } from "./report.ts";
export type { ArgvObservation, ExecutedCommand, ObserveOptions } from "./types.ts";
