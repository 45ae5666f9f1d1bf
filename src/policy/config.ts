// User and repo-local configuration: which level to enforce, extra project roots, and what the
// hook does when it does not approve.
//
//   ~/.config/shellfence/config.toml ($XDG_CONFIG_HOME/shellfence/config.toml when set)
//     level   = "developer"             # the user's ceiling
//     roots   = ["~/src/shared-lib"]    # extra project roots (absolute or ~/...)
//     on_deny = "defer"                 # "defer": print nothing, the agent's own prompt follows;
//                                       # "ask": the hook asks explicitly, with shellfence's reason
//     [log]
//     enabled = false                   # no audit log of hook decisions (on by default)
//   <root>/.shellfence.toml (repo-local)
//     level may only LOWER the user's level; on_deny may only tighten to "ask"; roots are
//     ignored (a cloned repo must not be able to declare `/` or `~` a project root and so turn
//     writes anywhere into worktree writes).
//
// Validated by hand rather than with zod: this runs in the hook before every agent command and
// zod costs tens of milliseconds to load. Errors are DataFileErrors naming file, line and fix.
import path from "node:path";
import { closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";
import { parse as parseToml, TomlError } from "smol-toml";
import { DataFileError, lineOfPath } from "./datafile.ts";
import { DEFAULT_LEVEL, LEVELS, type Level } from "./model.ts";

export const ON_DENY = ["defer", "ask"] as const;
export type OnDeny = (typeof ON_DENY)[number];

export const REPO_CONFIG_NAME = ".shellfence.toml";

export interface ConfigFile {
  file: string;
  level?: Level;
  /** Absolute, with `~` expanded. */
  roots: string[];
  onDeny?: OnDeny;
  /** `[log]`: the audit log of hook decisions (cli/audit.ts). */
  log?: { enabled: boolean };
}

export type Scope = "user" | "repo";

/** Where the user config lives: $XDG_CONFIG_HOME/shellfence/config.toml, else ~/.config/... */
export function userConfigPath(env: Record<string, string | undefined>, home: string): string {
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(home, ".config");
  return path.join(base, "shellfence", "config.toml");
}

const KEYS = ["level", "roots", "on_deny", "log"];
const LOG_KEYS = ["enabled"];

/** Parses and validates one config file's text. Throws DataFileError. */
export function parseConfig(file: string, text: string, home: string): ConfigFile {
  let raw: Record<string, unknown>;
  try {
    raw = parseToml(text) as Record<string, unknown>;
  } catch (e) {
    if (e instanceof TomlError) {
      const first = e.message.split("\n")[0] ?? e.message;
      throw new DataFileError(file, e.line, `not valid TOML: ${first}. Fix the syntax at that line.`);
    }
    throw e;
  }
  const fail = (key: string, problem: string): never => {
    throw new DataFileError(file, lineOfPath(text, [key]), problem);
  };
  for (const key of Object.keys(raw)) {
    if (!KEYS.includes(key)) fail(key, `unknown key \`${key}\`. The keys are ${KEYS.join(", ")}; remove it or fix its spelling.`);
  }
  const out: ConfigFile = { file, roots: [] };
  if (raw.level !== undefined) {
    if (typeof raw.level !== "string" || !(LEVELS as readonly string[]).includes(raw.level)) {
      fail("level", `\`level\` must be one of ${LEVELS.join(", ")} (got ${JSON.stringify(raw.level)}). Set it to one of those.`);
    }
    out.level = raw.level as Level;
  }
  if (raw.on_deny !== undefined) {
    if (typeof raw.on_deny !== "string" || !(ON_DENY as readonly string[]).includes(raw.on_deny)) {
      fail("on_deny", `\`on_deny\` must be "defer" (print nothing, the agent prompts as usual) or "ask" (got ${JSON.stringify(raw.on_deny)}).`);
    }
    out.onDeny = raw.on_deny as OnDeny;
  }
  if (raw.log !== undefined) {
    if (typeof raw.log !== "object" || raw.log === null || Array.isArray(raw.log) || raw.log instanceof Date) {
      fail("log", "`log` must be a table: [log] then enabled = true or false.");
    }
    const log = raw.log as Record<string, unknown>;
    for (const key of Object.keys(log)) {
      if (!LOG_KEYS.includes(key)) {
        throw new DataFileError(file, lineOfPath(text, ["log", key]), `unknown key \`${key}\` in [log]. The keys are ${LOG_KEYS.join(", ")}; remove it or fix its spelling.`);
      }
    }
    if (log.enabled !== undefined) {
      if (typeof log.enabled !== "boolean") throw new DataFileError(file, lineOfPath(text, ["log", "enabled"]), `\`enabled\` in [log] must be true or false (got ${JSON.stringify(log.enabled)}).`);
      out.log = { enabled: log.enabled };
    }
  }
  if (raw.roots !== undefined) {
    if (!Array.isArray(raw.roots)) fail("roots", "`roots` must be a list of directories, e.g. roots = [\"~/src/lib\"].");
    for (const r of raw.roots as unknown[]) {
      if (typeof r !== "string" || !(path.isAbsolute(r) || r === "~" || r.startsWith("~/"))) {
        fail("roots", `every entry of \`roots\` must be an absolute path or start with ~/ (got ${JSON.stringify(r)}).`);
      }
      const s = r as string;
      out.roots.push(path.resolve(s === "~" || s.startsWith("~/") ? path.join(home, s.slice(1)) : s));
    }
  }
  return out;
}

/** Config files are a few lines; anything bigger is not one. */
export const MAX_CONFIG_BYTES = 64 * 1024;

/**
 * Reads a config file; null when it does not exist. Throws DataFileError for anything else.
 * A repository chooses what sits at `.shellfence.toml`: a FIFO, a device or a huge file must
 * not hang the hook or exhaust memory, so only a regular file of sane size is read (opened
 * non-blocking, checked on the open descriptor).
 */
export function readConfigFile(file: string, home: string): ConfigFile | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new DataFileError(file, null, `cannot read the file (${(e as Error).message}). Fix its permissions or remove it.`);
  }
  let text: string;
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new DataFileError(file, null, "is not a regular file. Replace it with a TOML file or remove it.");
    if (st.size > MAX_CONFIG_BYTES) throw new DataFileError(file, null, `is larger than ${MAX_CONFIG_BYTES} bytes; a shellfence config is a few lines. Fix or remove it.`);
    text = readFileSync(fd, "utf8");
  } catch (e) {
    if (e instanceof DataFileError) throw e;
    throw new DataFileError(file, null, `cannot read the file (${(e as Error).message}). Fix its permissions or remove it.`);
  } finally {
    closeSync(fd);
  }
  return parseConfig(file, text, home);
}

export interface Settings {
  level: Level;
  /** Extra roots from the user config (never from a repo-local file). */
  roots: string[];
  onDeny: OnDeny;
  /** Whether hook decisions go to the audit log (the user's `[log] enabled`, default true). */
  log: boolean;
  /** Where the level came from, for explain and `levels`. */
  levelFrom: "flag" | "default" | string;
  /** Things the user should know (ignored keys, a repo-local level that could not lower). */
  notes: string[];
}

/** `upward[a]` = the levels at or above a (LevelTable.upward). Only needed when a repo file sets a level. */
export type Upward = Record<Level, ReadonlySet<Level>>;

/**
 * Precedence: `--level` flag > user config > default (developer); then each repo-local file
 * may only lower that: the result is the greatest level below both (the lattice meet), so a
 * repo asking for `network-admin` under a user's `local-admin` gets `developer`, never more.
 */
export function resolveSettings(input: {
  flagLevel?: Level;
  user: ConfigFile | null;
  repo: ConfigFile[];
  /** Called only when a repo-local file sets a level. */
  upward: () => Upward;
}): Settings {
  const notes: string[] = [];
  let level: Level = DEFAULT_LEVEL;
  let levelFrom: Settings["levelFrom"] = "default";
  if (input.flagLevel) {
    level = input.flagLevel;
    levelFrom = "flag";
  } else if (input.user?.level) {
    level = input.user.level;
    levelFrom = input.user.file;
  }
  let onDeny: OnDeny = input.user?.onDeny ?? "defer";
  for (const r of input.repo) {
    if (r.roots.length) notes.push(`${r.file}: \`roots\` ignored: a repository cannot add project roots (only your own config can).`);
    if (r.log) notes.push(`${r.file}: \`[log]\` ignored: the audit log is yours; only your own config turns it off.`);
    if (r.onDeny === "ask") onDeny = "ask";
    if (r.level) {
      const lowered = meet(input.upward(), level, r.level);
      if (lowered !== r.level) notes.push(`${r.file}: level "${r.level}" is not below "${level}"; a repository can only lower the level, so "${lowered}" applies.`);
      if (lowered !== level) {
        level = lowered;
        levelFrom = r.file;
      }
    }
  }
  return { level, roots: input.user?.roots ?? [], onDeny, log: input.user?.log?.enabled ?? true, levelFrom, notes };
}

/** The greatest level that both a and b admit everything of (every level admits paranoid's). */
export function meet(upward: Upward, a: Level, b: Level): Level {
  const below = LEVELS.filter((l) => upward[l].has(a) && upward[l].has(b));
  return below.find((c) => below.every((o) => upward[o].has(c))) ?? "paranoid";
}
