// Rendering an intent's action to shell text under a spelling: how the command word, each path
// and each redirect are written. Spellings are where the structural transforms act.
import path from "node:path";
import { HOME, PROJECT } from "../oracle/sandbox/world.ts";
import type { Action, Redir } from "./intents.ts";
import { word } from "./quote.ts";

export interface Spelling {
  /** Directory the rendered command's relative paths are written against. */
  cwd: string;
  tool(t: string): string;
  /** Shell text for an absolute path, as seen from `cwd`. */
  path(abs: string, cwd: string): string;
  redir(r: Redir, target: string): string;
}

/** The plain spelling a person would type: relative inside cwd, `~/` in HOME, else absolute. */
export function naturalPath(abs: string, cwd: string): string {
  if (abs === cwd) return ".";
  if (abs.startsWith(cwd + "/")) return abs.slice(cwd.length + 1);
  if (abs.startsWith(HOME + "/")) return "~/" + abs.slice(HOME.length + 1);
  return abs;
}

/** A relative spelling from cwd, through `..` where needed. */
export function relativePath(abs: string, cwd: string): string {
  return path.posix.relative(cwd, abs) || ".";
}

export const PLAIN: Spelling = {
  cwd: PROJECT,
  tool: (t) => t,
  path: naturalPath,
  redir: (r, target) => `${r.op}${target}`,
};

export function render(a: Action, s: Spelling): string {
  const parts = [s.tool(a.tool)];
  for (const arg of a.args) {
    if ("lit" in arg) parts.push(word(arg.lit));
    else parts.push((arg.prefix ?? "") + s.path(arg.path, s.cwd));
  }
  for (const r of a.redirs) parts.push(s.redir(r, s.path(r.path, s.cwd)));
  return parts.join(" ");
}

export const withSpelling = (base: Spelling, over: Partial<Spelling>): Spelling => ({ ...base, ...over });
