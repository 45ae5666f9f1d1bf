// User and repo-local configuration: which level to enforce, extra project roots, and what the
// hook does when it does not approve.
//
//   ~/.config/shellfence/config.toml ($XDG_CONFIG_HOME/shellfence/config.toml when set)
//     level   = "developer"             # the user's ceiling
//     roots   = ["~/src/shared-lib"]    # extra project roots (absolute or ~/...)
//     on_deny = "defer"                 # "defer": print nothing, the agent's own prompt follows;
//                                       # "ask": the hook asks explicitly, with shellfence's reason
//                                       # "deny": the agent is told why, in one line, and what
//                                       # would be approved instead (custom.ts, plain.ts)
//     [log]
//     enabled = false                   # no audit log of hook decisions (on by default)
//     [[command]]                       # a command declared as registry/*.toml declares one
//     name = "myproj" ...               # (validated by the registry's own schema, custom.ts)
//     [[allow]]                         # one simple command's literal words, approved at a level
//     argv = ["myproj", "session", "*"] # `*` one word, `**` any number of words
//     level = "developer"
//     [[deny]]                          # never approved; the message goes to the agent
//     argv = ["git", "push", "**", "--force", "**"]
//     message = "Do not force-push; push a new branch."
//   <root>/.shellfence.toml (repo-local)
//     level may only LOWER the user's level; on_deny may only tighten ("ask", "deny"); roots,
//     [[command]] and [[allow]] are ignored (a cloned repo must not be able to declare `/` or
//     `~` a project root, or approve its own commands); [[deny]] rules add to the user's.
//
// Validated by hand rather than with zod: this runs in the hook before every agent command and
// zod costs tens of milliseconds to load. Errors are DataFileErrors naming file, line and fix.
import path from "node:path";
import { closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";
import { parse as parseToml, TomlError } from "smol-toml";
import { DataFileError, lineOfPath } from "./datafile.ts";
import { DEFAULT_LEVEL, LEVELS, type Level } from "./model.ts";

export const ON_DENY = ["defer", "ask", "deny"] as const;
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
  /** `[[command]]` entries as written: validated and compiled by the registry's own code (custom.ts). */
  commands?: { file: string; text: string; entries: unknown[] };
  /** `[[allow]]` rules (absent: none). */
  allow?: PatternRule[];
  /** `[[deny]]` rules (absent: none). */
  deny?: PatternRule[];
}

/** One `[[allow]]` or `[[deny]]` rule: an argv pattern, and a level (allow) or a message (deny). */
export interface PatternRule {
  argv: string[];
  /** allow: the level it is approved at. */
  level?: Level;
  /** deny: what the agent is told. */
  message?: string;
  /** `file:line`, for reasons and messages. */
  where: string;
}

export type Scope = "user" | "repo";

/** Where the user config lives: $XDG_CONFIG_HOME/shellfence/config.toml, else ~/.config/... */
export function userConfigPath(env: Record<string, string | undefined>, home: string): string {
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(home, ".config");
  return path.join(base, "shellfence", "config.toml");
}

const KEYS = ["level", "roots", "on_deny", "log", "command", "allow", "deny"];
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
      fail("on_deny", `\`on_deny\` must be "defer" (print nothing, the agent prompts as usual), "ask" (ask with shellfence's reason) or "deny" (tell the agent why and what is approved instead) (got ${JSON.stringify(raw.on_deny)}).`);
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
  if (raw.command !== undefined) {
    if (!Array.isArray(raw.command)) fail("command", "`command` must be an array of tables: write each as [[command]] with name, summary and the keys of registry/README.md.");
    out.commands = { file, text, entries: raw.command as unknown[] };
  }
  for (const kind of ["allow", "deny"] as const) {
    const list = raw[kind];
    if (list === undefined) continue;
    if (!Array.isArray(list)) fail(kind, `\`${kind}\` must be an array of tables: write each rule as [[${kind}]] with argv = [...] and ${kind === "allow" ? "level" : "message"} = ...`);
    out[kind] = (list as unknown[]).map((r, i) => patternRule(file, text, kind, i, r));
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

const RULE_KEYS = { allow: ["argv", "level"], deny: ["argv", "message"] } as const;

/** One [[allow]] or [[deny]] table, checked by hand (this runs in the hook: no zod). */
function patternRule(file: string, text: string, kind: "allow" | "deny", i: number, r: unknown): PatternRule {
  const at = (key?: string) => lineOfPath(text, key ? [kind, i, key] : [kind, i]);
  const bad = (key: string | undefined, problem: string): never => {
    throw new DataFileError(file, at(key), `[[${kind}]] #${i + 1}: ${problem}`);
  };
  if (typeof r !== "object" || r === null || Array.isArray(r) || r instanceof Date) bad(undefined, "must be a table");
  const t = r as Record<string, unknown>;
  const keys: readonly string[] = RULE_KEYS[kind];
  for (const k of Object.keys(t)) if (!keys.includes(k)) bad(k, `unknown key \`${k}\`. The keys are ${keys.join(", ")}; remove it or fix its spelling.`);
  const argv = t.argv;
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((w) => typeof w === "string" && w.length > 0)) {
    bad("argv", 'argv must be a non-empty list of words, e.g. argv = ["myproj", "session", "*"] (`*` is any one word, `**` any number of words).');
  }
  const words = argv as string[];
  const first = words[0]!;
  if (first === "*" || first === "**") bad("argv", "the first word must be the command's name, not a wildcard.");
  if (kind === "allow" && first.includes("/")) {
    bad("argv", `the first word \`${first}\` is a path: name the command as typed on PATH (a program run by its path, such as ./bin/x, is judged as the file it runs).`);
  }
  if (words.some((w) => w !== "*" && w !== "**" && w.includes("*"))) bad("argv", "a `*` stands alone as a word (`*` one word, `**` any number of words); words with `*` inside are not patterns.");
  const where = `${file}:${at() ?? "?"}`;
  if (kind === "allow") {
    if (typeof t.level !== "string" || !(LEVELS as readonly string[]).includes(t.level)) bad("level", `level must be one of ${LEVELS.join(", ")} (got ${JSON.stringify(t.level)}).`);
    return { argv: words, level: t.level as Level, where };
  }
  if (typeof t.message !== "string" || t.message.trim() === "") bad("message", 'message must be a non-empty string: what the agent is told (e.g. "Do not force-push; push a new branch.").');
  return { argv: words, message: (t.message as string).trim(), where };
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
  /** Custom rules: the user's declared commands and allow patterns, everyone's deny rules. */
  rules: { commands: NonNullable<ConfigFile["commands"]> | null; allow: PatternRule[]; deny: PatternRule[] };
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
    if (r.commands) notes.push(`${r.file}: \`[[command]]\` ignored: a repository cannot declare commands (only your own config can).`);
    if (r.allow?.length) notes.push(`${r.file}: \`[[allow]]\` ignored: a repository cannot approve commands (only your own config can); its [[deny]] rules apply.`);
    // Only stricter: defer < ask < deny.
    if (r.onDeny && ON_DENY.indexOf(r.onDeny) > ON_DENY.indexOf(onDeny)) onDeny = r.onDeny;
    if (r.level) {
      const lowered = meet(input.upward(), level, r.level);
      if (lowered !== r.level) notes.push(`${r.file}: level "${r.level}" is not below "${level}"; a repository can only lower the level, so "${lowered}" applies.`);
      if (lowered !== level) {
        level = lowered;
        levelFrom = r.file;
      }
    }
  }
  const rules = { commands: input.user?.commands ?? null, allow: input.user?.allow ?? [], deny: [...(input.user?.deny ?? []), ...input.repo.flatMap((r) => r.deny ?? [])] };
  return { level, roots: input.user?.roots ?? [], onDeny, log: input.user?.log?.enabled ?? true, rules, levelFrom, notes };
}

/** The greatest level that both a and b admit everything of (every level admits paranoid's). */
export function meet(upward: Upward, a: Level, b: Level): Level {
  const below = LEVELS.filter((l) => upward[l].has(a) && upward[l].has(b));
  return below.find((c) => below.every((o) => upward[o].has(c))) ?? "paranoid";
}
