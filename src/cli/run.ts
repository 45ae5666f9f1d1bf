// Subcommand dispatch. Each subcommand's module is imported only when it runs, so the hook
// path evaluates nothing it does not use.
import type { Io } from "./io.ts";

export const USAGE = `shellfence: auto-approve a shell command only when it provably stays inside your permission level.

Usage:
  shellfence check [--level L] [--cwd DIR] [--root DIR]... [--json] "<command>"
      exit 0: auto-approved; 1: not (the human decides); 2: usage or config error
  shellfence explain [same options] "<command>"
      the walk: each command, its base directory, effects and loci, and the rule that decided
  shellfence hook [--agent NAME]
      an agent's pre-tool hook (reads the hook JSON on stdin); Claude Code's without --agent
  shellfence setup [--agent NAME|all] [--list-agents] [--settings FILE] [--command CMD] [--plain] [--no-daemon] [--dry-run]
      add the hook to the agent's config (Claude Code's ~/.claude/settings.json without --agent;
      idempotent, with a backup; --plain: the CLI, not the fast hook); --list-agents: the agents
  shellfence levels [--json]
      the levels and what each admits

Config: ~/.config/shellfence/config.toml (level, roots, on_deny); a repository's .shellfence.toml
may only lower the level. --level beats the config file.
`;

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
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
    case "help":
    case "--help":
    case "-h":
      io.out(USAGE);
      return 0;
    case undefined:
      io.err(USAGE);
      return 2;
    default:
      io.err(`shellfence: unknown command "${sub}"\n\n${USAGE}`);
      return 2;
  }
}
