// Custom rules from the user's config (config.ts parses them; docs/DESIGN.md "Custom rules"):
//   [[command]]  commands declared with the registry's own schema, looked up after the shipped
//                registry (which they may not redefine: custom-commands.ts compiles them);
//   [[allow]]    an argv pattern approved at a level: it stands in for the registry's model of
//                one simple command, and only that. It matches a plain invocation's literal
//                words: every word static and not a glob, no assignments with it, run in a
//                known directory inside the project. Everything else of the command line
//                (redirections, substitutions, other commands of a list or pipeline, the env
//                vectors of an `export`, a PATH the command changed) is judged as always, and
//                the verdict is the join, so nothing rides along on the rule;
//   [[deny]]     an argv pattern never approved, whatever the level: it matches every simple
//                command the walk finds (inside `sudo`, `bash -c`, `xargs`, functions...), a
//                dynamic argument or a glob that may be the word included; its message goes to
//                the agent.
// No zod and no TOML here: this runs in the hook.
import type { Registry, CCommand } from "../analysis/registry/compiled.ts";
import type { ArgWord, Interpretation, Invoked } from "../analysis/registry/types.ts";
import type { CommandRecord, LocatedEffect } from "../analysis/types.ts";
import type { PatternRule } from "./config.ts";
import type { Level, Need } from "./model.ts";

export interface CustomRules {
  /** Declared commands (compiled), or null. */
  registry: Registry | null;
  allow: readonly PatternRule[];
  deny: readonly PatternRule[];
}

/** A custom rule's effect is marked by its target: no shell word holds a NUL. */
const MARK = "\u0000rule:";

/** Does `words` fit `pattern` (`*` one word, `**` any number)? `word(w, p)` says whether a word may be the pattern's literal `p`. */
export function fits(pattern: readonly string[], words: readonly ArgWord[], word: (w: ArgWord, p: string) => boolean, i = 0, j = 0): boolean {
  for (; i < pattern.length; i++, j++) {
    const p = pattern[i]!;
    if (p === "**") {
      for (let k = j; k <= words.length; k++) if (fits(pattern, words, word, i + 1, k)) return true;
      return false;
    }
    if (j >= words.length) return false;
    if (p !== "*" && !word(words[j]!, p)) return false;
  }
  return j === words.length;
}

const literal = (w: ArgWord, p: string) => w === p;

/** A registry of the shipped entries and, for names the shipped one lacks, the declared ones. */
export function overlayRegistry(base: Registry, own: Registry): Registry {
  const commands = new (class extends Map<string, CCommand> {
    override get(name: string) {
      return base.commands.get(name) ?? own.commands.get(name);
    }
    override has(name: string) {
      return base.commands.has(name) || own.commands.has(name);
    }
  })();
  return {
    commands,
    get entries() {
      return [...base.entries, ...own.entries];
    },
  };
}

/**
 * The interpreter with the allow rules in front: a plain invocation whose words fit a rule, run
 * inside the project, is one effect that needs the rule's level (marked, see `approval`).
 * `inProject(dir)`: is a physical directory inside a project root.
 */
export function allowFirst(rules: CustomRules, inner: (argv: ArgWord[]) => Interpretation, inProject: (dir: string) => boolean): (argv: ArgWord[], how?: () => Invoked) => Interpretation {
  return (argv, how) => {
    const i = rules.allow.findIndex((r) => fits(r.argv, argv, literal));
    if (i < 0 || !how) return inner(argv);
    const h = how();
    // Only the literal words as typed: a glob may become other words, an assignment changes
    // what the program does, and a directory outside the project holds files nobody vetted.
    if (h.prefixed || h.globs.some(Boolean) || h.bases === null || h.bases.length === 0 || !h.bases.every(inProject)) return inner(argv);
    const r = rules.allow[i]!;
    return { known: true, matched: `allow rule ${r.where}`, effects: [{ type: "other", op: "exec", locus: "none", target: `${MARK}allow:${i}`, argIndex: 0, why: `your rule ${r.where} approves \`${r.argv.join(" ")}\` at ${r.level}` }], inner: [] };
  };
}

/** Deny rules' words: a dynamic word or a glob may be any word (a deny catches what may be it). */
function mayBe(w: ArgWord, p: string): boolean {
  if (w === null) return true;
  if (w === p) return true;
  return /[*?[]/.test(w) && globRe(w).test(p);
}

function globRe(g: string): RegExp {
  let re = "";
  for (let i = 0; i < g.length; i++) {
    const c = g[i]!;
    if (c === "*") re += ".*";
    else if (c === "?") re += ".";
    else if (c === "[") {
      const end = g.indexOf("]", i + 2);
      if (end < 0) re += "\\[";
      else {
        re += "[" + g.slice(i + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\") + "]";
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\\]]/g, "\\$&");
  }
  try {
    return new RegExp(`^${re}$`, "s");
  } catch {
    return /^.*$/s;
  }
}

/** The command name a deny rule's first word is compared with: its own, and a path's last part. */
function names(w: ArgWord): string[] {
  if (w === null) return [];
  const slash = w.lastIndexOf("/");
  return slash >= 0 ? [w, w.slice(slash + 1)] : [w];
}

/** The first deny rule some simple command fits, with the command's index. */
export function denied(rules: CustomRules, commands: readonly CommandRecord[]): { rule: PatternRule; index: number; command: CommandRecord } | null {
  if (rules.deny.length === 0) return null;
  for (let c = 0; c < commands.length; c++) {
    const argv = commands[c]!.argv;
    for (const rule of rules.deny) {
      for (const n of names(argv[0] ?? null)) {
        if (n === rule.argv[0] && fits(rule.argv.slice(1), argv.slice(1), mayBe)) return { rule, index: c, command: commands[c]! };
      }
    }
  }
  return null;
}

/** The effect a deny rule adds (never approved; the rule and its message in `why`). */
export function denyEffect(d: NonNullable<ReturnType<typeof denied>>): LocatedEffect {
  return { op: "exec", locus: "none", target: `${MARK}deny`, source: d.command.source, why: `your rule ${d.rule.where} denies it: ${d.rule.message}`, command: d.index };
}

/** The need and rule text of a custom rule's effect, or null for any other effect. */
export function approval(rules: CustomRules, e: { target: string }): { need: Need; rule: string; target: string } | null {
  if (!e.target.startsWith(MARK)) return null;
  const what = e.target.slice(MARK.length);
  if (what === "deny") return { need: "never", rule: "deny rule", target: "deny rule" };
  const r = rules.allow[Number(what.slice("allow:".length))];
  if (!r) return { need: "never", rule: "unknown custom rule", target: "custom rule" };
  return { need: r.level as Level, rule: `allow rule ${r.where} -> ${r.level}`, target: r.argv.join(" ") };
}
