// `npx tsx scripts/git-options.ts`: asks git for the options of every git subcommand the
// registry models and writes registry/options/git.json, which test/analysis/registry/
// git-options.test.ts compares with registry/git.toml (so the test runs without git).
//
// Source: `git <sub...> -h`, run in a throwaway repository (nested subcommands set up a
// repository before parsing -h) with an empty HOME and no system config. Two parts of that
// text are read:
//   the option list   lines `    -e, --exclude <pattern>   help`: each spelling before the
//                     help, the value notation after the last one applies to all;
//   the usage lines   `usage: git clean [-d] [-e <pattern>] ...` (`or:` lines and indented
//                     continuations too): options the list lacks (shell-script subcommands
//                     such as submodule and bisect have nothing else).
// Arity: `<x>`, `=<x>` or a bare word after the name is 1; `[<x>]`, `[=<x>]` is "optional"
// (glued or after `=` only); nothing is 0. `-<n>` is `-NUM` (`-5`).
//
// Format (kept simple; the per-tool extracts of registry/options/ share it):
//   { tool, entry, version, kind, sources, options, subcommands: { NAME: { sources, options,
//     subcommands? } } }, each option { names: ["-e", "--exclude"], arity: 0 | 1 | "optional",
//   arg?: "<pattern>" }. Subcommand names are the words git accepts (aliases that are other
//   git commands, such as `annotate` or `cat-file`, each have their own entry).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type Arity = 0 | 1 | "optional";
export interface GitOption {
  names: string[];
  arity: Arity;
  arg?: string;
}
export interface OptionsNode {
  sources: string[];
  options: GitOption[];
  subcommands?: Record<string, OptionsNode>;
}
export interface ToolExtract extends OptionsNode {
  tool: string;
  entry: string;
  version: string | null;
  kind: "file";
}

export const OUT = fileURLToPath(new URL("../registry/options/git.json", import.meta.url));

/** One spelling and what follows it: `--abbrev[=<n>]`, `-S <file>`, `-O<file>`, `-<n>`. */
function spelling(tok: string): { name: string; arity: Arity; arg?: string } | null {
  if (/^-<[^>]+>$/.test(tok)) return { name: "-NUM", arity: 0 };
  const m = /^(--?(?:\[no-\])?[A-Za-z0-9][A-Za-z0-9-]*)(.*)$/.exec(tok);
  if (!m) return null;
  const name = m[1]!;
  const rest = m[2]!.trim();
  if (rest === "") return { name, arity: 0 };
  // `--x[=<a>]`, `-C[<n>]`: optional, glued; `--diff-filter [(A|C|...)...]` (a space): required
  if (m[2]!.startsWith("[")) return { name, arity: "optional", arg: rest };
  // After a space, a value is `<x>`, `X`, or `a|b`; a lowercase word is the help text (diff's list).
  if (/^\s/.test(m[2]!) && !/^(<|\[|[A-Z]|\S*\||\.\.\.)/.test(rest)) return { name, arity: 0 };
  return { name, arity: 1, arg: rest.replace(/^=/, "") };
}

const names = (name: string) => (name.includes("[no-]") ? [name.replace("[no-]", ""), name.replace("[no-]", "no-")] : [name]);

/** The option list: lines indented a little that start with a dash (help text sits further right). */
export function parseOptionList(text: string): GitOption[] {
  const out: GitOption[] = [];
  for (const line of text.split("\n")) {
    const m = /^( {2,10})(-\S.*)$/.exec(line);
    if (!m) continue;
    // The definition ends where two spaces start the help (or at the end of the line).
    const head = m[2]!.split(/ {2,}|\t/)[0]!;
    // `--objects | --objects-edge`: alternatives, each an option of its own
    for (const alt of head.split(/\s+\|\s+/)) {
      // `--name-status show names...`: one space, then help; keep the first word only if it is a value
      const parts = alt.split(/,\s+/).map((p) => spelling(p.trim().replace(/^(\S+ \S+).*$/, "$1")));
      if (parts.some((p) => p === null) || parts.length === 0) continue;
      const withArg = [...parts].reverse().find((p) => p!.arity !== 0);
      const opt: GitOption = { names: parts.flatMap((p) => names(p!.name)), arity: withArg ? withArg.arity : 0 };
      if (withArg?.arg) opt.arg = withArg.arg;
      out.push(opt);
    }
  }
  return out;
}

/** The usage lines (`usage:`, `or:`, and indented continuations), joined, with their `git ...` command words. */
function usageLines(text: string): string[] {
  const lines: string[] = [];
  for (const raw of text.split("\n")) {
    const m = /^\s*(?:usage:|or:)?\s*(git\s.*)$/.exec(raw);
    if (m && /^(\s*(usage:|or:)|git\s)/.test(raw)) lines.push(m[1]!);
    else if (lines.length && /^\s+[[(]/.test(raw)) lines[lines.length - 1] += " " + raw.trim();
  }
  return lines;
}

/**
 * Options in the usage lines of `git <words...>`: on lines naming that command, those after
 * its last word; for a command with subcommands of its own, only those before the first of them.
 */
export function parseUsage(text: string, words: string[], subs: string[]): GitOption[] {
  const out: GitOption[] = [];
  const last = words[words.length - 1]!;
  for (const line of usageLines(text)) {
    const toks = line.split(/\s+/);
    // the command words are the bare words (not options, not placeholders) in order
    const bare = toks.map((t) => t.replace(/^[[(]+|[\])|]+$/g, "")).map((t, i) => ({ t, i })).filter(({ t }) => /^[a-z][a-z0-9-]*$/.test(t));
    const at = bare.find(({ t }) => t === last);
    if (!at || bare[0]?.t !== "git") continue;
    const stop = bare.find(({ t, i }) => i > at.i && subs.includes(t));
    const span = toks.slice(at.i + 1, stop ? stop.i : undefined).join(" ");
    const re = /(^|[\s[(|])(--?(?:\[no-\])?[A-Za-z0-9][\w-]*)(?![\w{-])(\[=?<[^\]]*>\]|\[<[^\]]*>\]|=<[^>]*>|\s<[^>]*>|<[^>]*>)?/g;
    for (let m = re.exec(span); m; m = re.exec(span)) {
      const s = spelling(m[2]! + (m[3] ?? ""));
      if (!s) continue;
      const opt: GitOption = { names: names(s.name), arity: s.arity };
      if (s.arg) opt.arg = s.arg;
      out.push(opt);
    }
  }
  return out;
}

/**
 * The list's options, then usage-only spellings the list lacks. A usage spelling given both
 * bare and with a value (`[--keep | --keep=<msg>]`) takes an optional value.
 */
export function mergeOptions(list: GitOption[], usage: GitOption[]): GitOption[] {
  const seen = new Set(list.flatMap((o) => o.names));
  const out = [...list];
  const added = new Map<string, GitOption>();
  for (const o of usage) {
    for (const n of o.names) {
      if (seen.has(n)) continue;
      const prev = added.get(n);
      if (prev) {
        if (prev.arity !== o.arity) {
          prev.arity = "optional";
          if (o.arg) prev.arg = o.arg;
        }
        continue;
      }
      const opt: GitOption = { ...o, names: [n] };
      added.set(n, opt);
      out.push(opt);
    }
  }
  return out;
}

interface RegistryNode {
  name: string;
  aliases: string[];
  unknown: boolean;
  subs: RegistryNode[];
}

async function registryTree(): Promise<RegistryNode[]> {
  const { loadRegistry } = await import("../src/analysis/registry/index.ts");
  type N = { path: string; aliases: string[]; unknown: string | null; subList: N[] };
  const git = loadRegistry().commands.get("git") as unknown as N;
  const conv = (n: N): RegistryNode => ({ name: n.path.split(" ").pop()!, aliases: n.aliases, unknown: n.unknown !== null, subs: n.subList.map(conv) });
  return git.subList.map(conv);
}

function helpText(repo: string, home: string, words: string[]): string {
  const r = spawnSync("git", [...words, "-h"], {
    cwd: repo,
    encoding: "utf8",
    timeout: 10_000,
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, GIT_CONFIG_NOSYSTEM: "1", GIT_PAGER: "cat", PAGER: "cat", LANG: "C", TERM: "dumb" },
  });
  return `${r.stdout ?? ""}${r.stderr ?? ""}`;
}

/**
 * Where git's help misstates an arity, checked against the man page and the parser: the
 * hand-written `common diff options` list (diff, diff-tree, diff-index, diff-files) prints
 * `--stat`, `-M`, `-C`, `-B`, `--pretty` without their optional value and `--abbrev=<n>` as
 * required; rev-list's prints `--branches`, `--tags`, `--remotes` without theirs.
 */
const CORRECTIONS: { when: RegExp; arity: Record<string, Arity> }[] = [
  { when: /^common diff options:/m, arity: { "--stat": "optional", "-M": "optional", "-C": "optional", "-B": "optional", "--abbrev": "optional", "--pretty": "optional" } },
  // rev-list's hand-written list: `--branches[=<pattern>]`, `--pretty[=<format>]`, `--abbrev[=<n>]`
  { when: /^ {2}limiting output:/m, arity: { "--branches": "optional", "--tags": "optional", "--remotes": "optional", "--pretty": "optional", "--abbrev": "optional" } },
];

function corrected(text: string, opts: GitOption[]): GitOption[] {
  const fix = CORRECTIONS.filter((c) => c.when.test(text));
  if (!fix.length) return opts;
  return opts.map((o) => {
    for (const c of fix) for (const n of o.names) if (c.arity[n] !== undefined) return { ...o, arity: c.arity[n]! };
    return o;
  });
}

/** Commands whose subcommands act on `-h` (shell scripts): their help is their parent's. */
const SCRIPT_TEXT = new Set(["bisect"]);

async function main(): Promise<void> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "sf-git-options-"));
  try {
    const home = path.join(tmp, "home");
    const repo = path.join(tmp, "repo");
    spawnSync("mkdir", ["-p", home, repo]);
    spawnSync("git", ["init", "-q", repo], { env: { PATH: process.env.PATH ?? "", HOME: home } });
    const version = /(\d+\.\d+\.\d+)/.exec(spawnSync("git", ["--version"], { encoding: "utf8" }).stdout)?.[1] ?? null;
    const node = (words: string[], subs: RegistryNode[], parentText?: string): OptionsNode => {
      // `git bisect start -h` starts a bisection: a shell-script command's subcommands are read
      // from its own help text.
      const text = parentText ?? helpText(repo, home, words);
      const subNames = subs.flatMap((s) => [s.name, ...s.aliases]);
      const out: OptionsNode = { sources: [`git ${(parentText ? words.slice(0, -1) : words).join(" ")} -h`], options: corrected(text, mergeOptions(parseOptionList(text), parseUsage(text, ["git", ...words], subNames))) };
      const kids: Record<string, OptionsNode> = {};
      for (const s of subs) {
        if (s.unknown) continue;
        for (const n of [s.name, ...s.aliases]) kids[n] = node([...words, n], s.subs, SCRIPT_TEXT.has(words.join(" ")) ? text : undefined);
      }
      if (Object.keys(kids).length) out.subcommands = kids;
      return out;
    };
    const top = node([], await registryTree());
    const extract: ToolExtract = { tool: "git", entry: "git", version, kind: "file", sources: top.sources, options: top.options, subcommands: top.subcommands ?? {} };
    writeFileSync(OUT, JSON.stringify(extract, null, 1) + "\n");
    process.stderr.write(`git ${version}: ${Object.keys(extract.subcommands ?? {}).length} subcommands -> ${OUT}\n`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
