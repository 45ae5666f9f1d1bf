// From CLI flags / hook input + config files to the classifier's context. I/O at the edge:
// reads the config files and looks for the project root; everything else is pure.
import { existsSync } from "node:fs";
import path from "node:path";
import { readConfigFile, REPO_CONFIG_NAME, resolveSettings, userConfigPath, type ConfigFile, type Settings, type Upward } from "../policy/config.ts";
import type { Level } from "../policy/model.ts";
import type { ClassifyContext } from "./verdict.ts";

export interface RunInput {
  flagLevel?: Level;
  cwd: string;
  /** `--root` flags (absolute). */
  roots: string[];
  env: Record<string, string | undefined>;
  home: string;
  shell?: string;
  /**
   * The level lattice, asked for only when a repo-local file lowers the level. Given by the
   * caller: the CLI loads regions/levels.toml, the hook's bundle has it prebuilt (and must not
   * pull in the TOML loaders).
   */
  upward: () => Promise<Upward>;
}

export interface Resolved {
  settings: Settings;
  ctx: ClassifyContext;
  /** The roots whose `.shellfence.toml` were consulted. */
  projectRoots: string[];
  configFiles: string[];
}

/** The nearest directory at or above `dir` holding `.git` (a directory, or a file in a linked worktree). */
export function gitToplevel(dir: string, exists: (p: string) => boolean = existsSync): string | null {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (exists(path.join(d, ".git"))) return d;
    if (path.dirname(d) === d) return null;
  }
}

/** Roots for finding repo-local config: `--root`, else CLAUDE_PROJECT_DIR, else the git toplevel of cwd. */
export function projectRoots(input: Pick<RunInput, "roots" | "env" | "cwd">, exists?: (p: string) => boolean): string[] {
  if (input.roots.length) return input.roots;
  const dir = input.env.CLAUDE_PROJECT_DIR;
  if (dir && path.isAbsolute(dir)) return [path.resolve(dir)];
  const top = gitToplevel(input.cwd, exists);
  return top ? [top] : [];
}

/** Reads the config files and builds the classifier context. Throws DataFileError on a bad file. */
export async function resolveRun(input: RunInput): Promise<Resolved> {
  const userFile = userConfigPath(input.env, input.home);
  const user = readConfigFile(userFile, input.home);
  const roots = projectRoots(input);
  const repo = roots.map((r) => readConfigFile(path.join(r, REPO_CONFIG_NAME), input.home)).filter((c): c is ConfigFile => c !== null);
  // The level lattice is only needed to lower a level, which only a repo-local file does.
  let upward: Upward | null = null;
  if (repo.some((r) => r.level)) upward = await input.upward();
  const settings = resolveSettings({ flagLevel: input.flagLevel, user, repo, upward: () => upward! });
  const ctx: ClassifyContext = { level: settings.level, cwd: input.cwd, env: input.env, home: input.home };
  if (input.shell) ctx.shell = input.shell;
  // Explicit roots (flags) and the user's extra roots; with neither, the classifier discovers
  // the roots itself from env (CLAUDE_PROJECT_DIR) and the git toplevel, worktrees included.
  if (input.roots.length || settings.roots.length) ctx.roots = [...(input.roots.length ? input.roots : roots), ...settings.roots];
  return { settings, ctx, projectRoots: roots, configFiles: [...(user ? [userFile] : []), ...repo.map((r) => r.file)] };
}
