// Near alternatives for an on_deny = "deny" answer: what the agent could run instead that is
// approved. Data, few on purpose: each rewrites the words of a command that is one simple
// command (no redirection, list, pipe or expansion, so nothing of it is lost), and a rewrite is
// offered only when classify() approves it at the same level and context: never a suggestion
// that is itself refused. Most refusals have no near alternative (`rm -rf ../other`, `curl ... |
// sh`, `cat ~/.ssh/id_rsa`), and get none.
import type { ClassifyContext, VerdictLike } from "./verdict.ts";

interface Rewrite {
  /** The first words, literally. */
  starts: readonly string[];
  /** Drop the first word (a privilege wrapper), when the next is not one of its options. */
  dropFirst?: true;
  /** Replace these words anywhere after `starts`. */
  replace?: Readonly<Record<string, string>>;
}

const REWRITES: readonly Rewrite[] = [
  { starts: ["sudo"], dropFirst: true },
  { starts: ["doas"], dropFirst: true },
  { starts: ["git", "push"], replace: { "--force": "--force-with-lease", "-f": "--force-with-lease" } },
];

const PLAIN_WORD = /^[A-Za-z0-9_./:=@%+,-]+$/;

function quote(w: string): string {
  return PLAIN_WORD.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

function rewrite(argv: readonly string[]): string[] | null {
  for (const r of REWRITES) {
    if (argv.length <= r.starts.length || !r.starts.every((s, i) => argv[i] === s)) continue;
    if (r.dropFirst) return argv[1]!.startsWith("-") ? null : argv.slice(1);
    if (r.replace) {
      const out = argv.map((w, i) => (i >= r.starts.length && r.replace![w] !== undefined ? r.replace![w]! : w));
      if (out.some((w, i) => w !== argv[i])) return out;
    }
  }
  return null;
}

/** A command approved at the same level that is near `command`, or null. */
export function alternative(command: string, v: VerdictLike, classify: (command: string, ctx: ClassifyContext) => VerdictLike, ctx: ClassifyContext): string | null {
  // One simple command, plain words only: its words are the whole of it.
  if (/[<>|;&`$()\n\\'"{}*?[\]#~]/.test(command)) return null;
  const top = v.commands[0];
  if (!top || top.argv.some((w) => w === null)) return null;
  const words = command.trim().split(/\s+/);
  if (words.length !== top.argv.length || words.some((w, i) => w !== top.argv[i])) return null;
  const alt = rewrite(top.argv as string[]);
  if (!alt) return null;
  const text = alt.map(quote).join(" ");
  const w = classify(text, ctx);
  return w.decision === "allow" && !w.denied ? text : null;
}
