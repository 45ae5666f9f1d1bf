// The shape of a committed option extract (registry/options/<tool>.json).
import type { Arity, ToolOption } from "./parse.ts";

export interface OptionsNode {
  /** The help commands whose text listed options (in the sandbox). */
  sources: string[];
  options: ToolOption[];
  /** Spellings that two sources gave different arities (settle them in the registry entry). */
  conflicts?: { name: string; arities: Arity[] }[];
  /** The registry-modelled subcommands, by name. */
  subcommands?: Record<string, OptionsNode>;
}

export interface ToolExtract extends OptionsNode {
  tool: string;
  /** The registry entry the tool belongs to (its name or an alias of it). */
  entry: string;
  version: string | null;
  kind: "builtin" | "keyword" | "file";
}
