// Argument parsing for `check` and `explain` (and the shared `--level`). Pure.
import { LEVELS, type Level } from "../policy/model.ts";
import { didYouMean } from "./didyoumean.ts";

const CHECK_OPTIONS = ["--level", "--cwd", "--root", "--json", "--help"];

export interface CheckArgs {
  level?: Level;
  cwd?: string;
  roots: string[];
  json: boolean;
  command: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export function unknownLevelMessage(given: string): string {
  return `unknown level "${given}". The levels, tightest first: ${LEVELS.join(", ")}.`;
}

export function parseLevel(given: string): Parsed<Level> {
  return (LEVELS as readonly string[]).includes(given) ? { ok: true, value: given as Level } : { ok: false, error: unknownLevelMessage(given) + didYouMean(given, LEVELS).replace(/^; d/, " D") };
}

/**
 * `[--level L] [--cwd DIR] [--root DIR]... [--json] [--] <command>`. Options may come before or
 * after the command; `--opt=value` works too. The command is ONE argument: quote it.
 */
export function parseCheckArgs(args: readonly string[], sub: "check" | "explain"): Parsed<CheckArgs> {
  const out: Omit<CheckArgs, "command"> = { roots: [], json: false };
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith("-") || a === "-") {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const name = eq > 0 && a.startsWith("--") ? a.slice(0, eq) : a;
    const inline = eq > 0 && a.startsWith("--") ? a.slice(eq + 1) : undefined;
    const value = (): string | null => {
      if (inline !== undefined) return inline;
      const v = args[i + 1];
      if (v === undefined) return null;
      i++;
      return v;
    };
    switch (name) {
      case "--json": {
        if (inline !== undefined) return { ok: false, error: "--json takes no value" };
        out.json = true;
        break;
      }
      case "--level": {
        const v = value();
        if (v === null) return { ok: false, error: `--level needs a value: one of ${LEVELS.join(", ")}` };
        const l = parseLevel(v);
        if (!l.ok) return l;
        out.level = l.value;
        break;
      }
      case "--cwd": {
        const v = value();
        if (!v) return { ok: false, error: "--cwd needs a directory" };
        out.cwd = v;
        break;
      }
      case "--root": {
        const v = value();
        if (!v) return { ok: false, error: "--root needs a directory" };
        out.roots.push(v);
        break;
      }
      default:
        return { ok: false, error: `unknown option ${name} for \`shellfence ${sub}\`${didYouMean(name, CHECK_OPTIONS)}` };
    }
  }
  if (positional.length === 0) return { ok: false, error: `missing command: shellfence ${sub} [options] "<command>"` };
  if (positional.length > 1) {
    return {
      ok: false,
      error: `give the command as one quoted argument, e.g. shellfence ${sub} ${JSON.stringify(positional.join(" "))} (got ${positional.length} arguments)`,
    };
  }
  return { ok: true, value: { ...out, command: positional[0]! } };
}
