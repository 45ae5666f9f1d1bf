// Compiled registry: the TOML data turned into lookup maps once at load, so interpret() does
// only map lookups and array walks per word.
import type { CommandRole, EffectSpec, Example, Role } from "./schema.ts";
import type { WalkSpec } from "../walkfilter.ts";

export type Arity = 0 | 1 | "optional";

export interface CFlag {
  /** The name as written in the registry key, first of its group (for messages). */
  name: string;
  arity: Arity;
  role: Role;
  modes: string[];
  recursive: boolean;
  stop: boolean;
  rest: Role | null;
  effects: EffectSpec[];
  unknown: string | null;
  why: string | null;
  /** The value is a directory every operand lands in (`cp -t DIR`). */
  into: boolean;
}

export interface CPolicy {
  /** Roles of operands 1..9 when given. */
  slots: Role[];
  last: Role | null;
  /** Role of operands past the slots; null: extra operands are unknown. */
  rest: Role | null;
  min: number;
  max: number;
  /** Some slot has role `cmd`: the first operand ends option parsing. */
  hasCmd: boolean;
}

export interface CMode {
  name: string;
  policy: CPolicy | null;
  implicit: string | null;
  /** Flag role overrides while the mode is on, keyed by the base flag they replace. */
  flagOverrides: Map<CFlag, CFlag>;
  recursive: boolean;
  unknown: string | null;
  into: "none" | "last" | "whole" | null;
}

export interface CNode {
  /** "git", "git commit", "git remote add". */
  path: string;
  summary: string;
  aliases: string[];
  short: Map<string, CFlag>;
  long: Map<string, CFlag>;
  /** Single-dash long names matched as whole words (`-name`, `-jar`). */
  wordFlags: Map<string, CFlag>;
  prefixFlags: [string, CFlag][];
  numFlag: CFlag | null;
  longNames: string[];
  policy: CPolicy;
  implicit: string | null;
  effects: EffectSpec[];
  modes: Map<string, CMode>;
  /** Mode names in declaration order (later ones override earlier ones). */
  modeOrder: string[];
  subs: Map<string, CNode>;
  /** Unique subcommands, for docs. */
  subList: CNode[];
  parent: CNode | null;
  inherit: boolean;
  recursive: boolean;
  treeGlob: string | null;
  /** Recursive writes read the whole tree first (registry `reads_written`). */
  readsWritten: boolean;
  /** A recursive read's own filters (registry `walk`, src/analysis/walkfilter.ts). */
  walk: WalkSpec | null;
  optionsFirst: boolean;
  lax: boolean;
  /** Why the node keeps `lax_flags = true` (registry `lax_why`): a claim about the tool. */
  laxWhy: string | null;
  /** Unknown flags are skipped, their glued values kept as operands (tool groups). */
  laxValues: boolean;
  oldStyle: boolean;
  noAbbrev: boolean;
  /** Its code runs in the command's base directory (inherited by subcommands). */
  runsInBase: boolean;
  /** Every `@FILE` argument, in any position, is replaced by FILE's words (registry `response_files`). */
  responseFiles: boolean;
  handler: string | null;
  unknown: string | null;
  /** Some flag has an effect, a mode or is unknown: a dynamic word where a flag may stand is unknown. */
  effectFlags: boolean;
  /** The last operand is a destination directory when it is one (registry `into`). */
  into: "last" | null;
  /** Operands land as whole trees without a recursive flag (mv, ln). */
  intoTrees: boolean;
}

export interface CCommand extends CNode {
  name: string;
  role: CommandRole;
  examples: Example[];
  file: string;
}

export interface Registry {
  /** Name and alias to entry. */
  commands: Map<string, CCommand>;
  /** Each entry once, in file order. */
  entries: CCommand[];
}
