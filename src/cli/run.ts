// Subcommand dispatch. Each subcommand's module is imported only when it runs, so the hook
// path evaluates nothing it does not use.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Io } from "./io.ts";

import { didYouMean } from "./didyoumean.ts";

/** Each subcommand's usage, as `help <command>` and `<command> --help` print it. */
export const COMMAND_HELP: Readonly<Record<string, string>> = {
  check: `shellfence check [--level L] [--cwd DIR] [--root DIR]... [--json] "<command>"
    whether the command would be auto-approved; exit 0: auto-approved; 1: not (the human decides);
    2: usage or config error. The command is ONE argument: quote it.
`,
  explain: `shellfence explain [--level L] [--cwd DIR] [--root DIR]... [--json] "<command>"
    the walk: each command, its base directory, effects and loci, and the rule that decided
`,
  hook: `shellfence hook [--agent NAME]
    an agent's pre-tool hook (reads the hook JSON on stdin); Claude Code's without --agent
`,
  setup: `shellfence setup [--agent NAME|all] [--list-agents] [--settings FILE] [--command CMD] [--plain] [--no-daemon] [--post-tool-use] [--dry-run]
    add the hook to the agent's config (Claude Code's ~/.claude/settings.json without --agent;
    idempotent, with a backup; --plain: the CLI, not the fast hook; --post-tool-use: Claude Code
    also reports each command that ran, so \`stats\` shows the prompts you approved); --list-agents: the agents
`,
  uninstall: `shellfence uninstall [--agent NAME|all] [--settings FILE] [--dry-run]
    remove exactly shellfence's hook entries (every agent's without --agent), each changed file
    backed up first; idempotent. Removing the package itself: npm uninstall -g shellfence
`,
  doctor: `shellfence doctor [--json]
    whether approvals work here: each agent's hook (installed? does it answer a probe?), the
    config files in force, the data's freshness, the daemon, node and its code cache.
    exit 0: healthy; 1: something stops approvals; 2: usage error
`,
  log: `shellfence log [--since DURATION|DATE] [--decision allow|ask|deny] [--json]
    the hook's decisions, oldest first, from the audit log ($XDG_STATE_HOME/shellfence, else
    ~/.local/state/shellfence); --since 30m, 2h, 7d, 1w or a date; --json: one record a line
`,
  stats: `shellfence stats [--since DURATION|DATE] [--json]
    the prompt rate (share of agent commands not approved) per agent, level and day, and the
    commands that most often went to you with the lowest level that would have approved each
`,
  suggest: `shellfence suggest [--since DURATION|DATE]
    config lines that would have approved what went to you, from the audit log; printed,
    never written
`,
  levels: `shellfence levels [--json]
    the levels and what each admits
`,
  help: `shellfence help [COMMAND]
    this text, or one command's
`,
};

export const USAGE = `shellfence: auto-approve a shell command only when it provably stays inside your permission level.

Usage:
${Object.entries(COMMAND_HELP)
  .filter(([name]) => name !== "help")
  .map(([, text]) => "  " + text.trimEnd().replace(/\n/g, "\n  ") + "\n")
  .join("")}  shellfence --version
      this install's version

Config: ~/.config/shellfence/config.toml (level, roots, on_deny, [log] enabled); a repository's .shellfence.toml
may only lower the level. --level beats the config file. \`shellfence help COMMAND\` for one command.
`;

const HELP_FLAGS = ["--help", "-h"];

/** The version in this install's package.json (bin/shellfence.js sits one below the package root). */
function version(io: Io): string | null {
  try {
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(path.dirname(io.binPath)), "package.json"), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : null;
  } catch {
    return null;
  }
}

/** `<command> --help` (before any `--`: after it, `--help` is the command being judged). */
function asksHelp(rest: readonly string[]): boolean {
  const end = rest.indexOf("--");
  return (end < 0 ? rest : rest.slice(0, end)).some((a) => HELP_FLAGS.includes(a));
}

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  // The hook reads stdin and never prints help: an agent's envelope decides what it does.
  if (sub !== undefined && sub !== "hook" && sub in COMMAND_HELP && asksHelp(rest)) {
    io.out(COMMAND_HELP[sub]!);
    return 0;
  }
  switch (sub) {
    case "hook":
      return (await import("./hook.ts")).runHook(io, rest);
    case "check":
    case "explain":
      return (await import("./check.ts")).runCheck(rest, io, sub);
    case "setup":
      return (await import("./setup.ts")).runSetup(rest, io);
    case "levels":
      return (await import("./levels-cmd.ts")).runLevels(rest, io);
    case "uninstall":
      return (await import("./uninstall.ts")).runUninstall(rest, io);
    case "doctor":
      return (await import("./doctor.ts")).runDoctor(rest, io);
    case "log":
      return (await import("./log-cmd.ts")).runLog(rest, io);
    case "stats":
      return (await import("./log-cmd.ts")).runStats(rest, io);
    case "suggest":
      return (await import("./log-cmd.ts")).runSuggest(rest, io, (await import("./shipped-levels.ts")).shippedUpward);
    case "--version":
    case "-V":
    case "version": {
      const v = version(io);
      if (v === null) {
        io.err(`shellfence: cannot read the version from ${path.join(path.dirname(path.dirname(io.binPath)), "package.json")}\n`);
        return 2;
      }
      io.out(`${v}\n`);
      return 0;
    }
    case "help":
    case "--help":
    case "-h": {
      const topic = rest[0];
      if (topic === undefined) {
        io.out(USAGE);
        return 0;
      }
      const text = COMMAND_HELP[topic];
      if (text === undefined) {
        io.err(`shellfence help: no command "${topic}"${didYouMean(topic, Object.keys(COMMAND_HELP))}; the commands are ${Object.keys(COMMAND_HELP).join(", ")}\n`);
        return 2;
      }
      io.out(text);
      return 0;
    }
    case undefined:
      io.err(USAGE);
      return 2;
    default:
      io.err(`shellfence: unknown command "${sub}"${didYouMean(sub, [...Object.keys(COMMAND_HELP), "--version"])}; \`shellfence help\` lists the commands\n`);
      return 2;
  }
}
