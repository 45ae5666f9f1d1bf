// Every option git lists for a subcommand the registry models is declared by its entry (or
// marked `unknown`), with the arity git gives it: an option the entry does not know with
// lax_flags becomes an operand, and a wrong arity shifts every word after it (`git clean -e -n
// -fdx`: -n is the value of -e, and the clean is not a dry run). The lists come from
// registry/options/git.json (`npx tsx scripts/git-options.ts`), so the test runs without git.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadRegistry } from "../../../src/analysis/registry/index.ts";
import type { CFlag, CNode } from "../../../src/analysis/registry/compiled.ts";
import { OUT, parseOptionList, parseUsage, type OptionsNode, type ToolExtract } from "../../../scripts/git-options.ts";

const extract = JSON.parse(readFileSync(OUT, "utf8")) as ToolExtract;
const git = loadRegistry().commands.get("git")!;

function declared(node: CNode, name: string): CFlag | null {
  for (let n: CNode | null = node; n; n = n.inherit ? n.parent : null) {
    const f = name === "-NUM" ? n.numFlag : /^--./.test(name) ? n.long.get(name) : /^-.$/.test(name) ? n.short.get(name) : n.wordFlags.get(name);
    if (f) return f;
  }
  return null;
}

function gaps(node: CNode, opts: OptionsNode, path: string): string[] {
  const out: string[] = [];
  for (const o of opts.options) {
    for (const name of o.names) {
      const f = declared(node, name);
      if (!f) out.push(`${path}: ${name} (arity ${o.arity}${o.arg ? `, ${o.arg}` : ""}) is not declared`);
      else if (f.unknown === null && f.arity !== o.arity) out.push(`${path}: ${name} takes arity ${o.arity} in git, ${f.arity} in the registry`);
    }
  }
  for (const [sub, child] of Object.entries(opts.subcommands ?? {})) {
    const n = node.subs.get(sub);
    if (!n) out.push(`${path} ${sub}: not a registry subcommand`);
    else if (!n.unknown) out.push(...gaps(n, child, `${path} ${sub}`));
  }
  return out;
}

describe("git's own option lists (registry/options/git.json)", () => {
  it("name the git version they were taken from", () => {
    expect(extract.version).toMatch(/^\d+\.\d+/);
    expect(Object.keys(extract.subcommands ?? {}).length).toBeGreaterThan(80);
  });

  it("every option git lists is declared by the entry with git's arity, or marked unknown", () => {
    expect(gaps(git, extract, "git")).toEqual([]);
  });

  it("every modelled subcommand has a list (none added since the extract)", () => {
    const missing = [...git.subs.entries()].filter(([name, n]) => !n.unknown && !(name in (extract.subcommands ?? {}))).map(([name]) => name);
    expect(missing).toEqual([]);
  });
});

describe("the extractor's reading of git's help", () => {
  it("reads spellings, shared values and optional values", () => {
    const text = ["usage: git x [-d] [-e <pattern>] [--zap[=<n>]]", "", "    -q, --quiet           quiet", "    -e, --exclude <pattern>", "                          add <pattern>", "    -S, --gpg-sign[=<key-id>]", "    -C[<score>]           copies", "    -O<file>              order", "  --name-status show names", "    -<n>                  limit"].join("\n");
    expect(parseOptionList(text)).toEqual([
      { names: ["-q", "--quiet"], arity: 0 },
      { names: ["-e", "--exclude"], arity: 1, arg: "<pattern>" },
      { names: ["-S", "--gpg-sign"], arity: "optional", arg: "[=<key-id>]" },
      { names: ["-C"], arity: "optional", arg: "[<score>]" },
      { names: ["-O"], arity: 1, arg: "<file>" },
      { names: ["--name-status"], arity: 0 },
      { names: ["-NUM"], arity: 0 },
    ]);
    expect(parseUsage(text, ["git", "x"], []).map((o) => [o.names[0], o.arity])).toEqual([
      ["-d", 0],
      ["-e", 1],
      ["--zap", "optional"],
    ]);
  });

  it("gives a parent's usage options only up to its first subcommand", () => {
    const text = "usage: git sm [--quiet] [--cached]\n   or: git sm [--quiet] add [-b <branch>] [--] <repo>\n";
    expect(parseUsage(text, ["git", "sm"], ["add"]).flatMap((o) => o.names)).toEqual(["--quiet", "--cached", "--quiet"]);
    expect(parseUsage(text, ["git", "sm", "add"], []).flatMap((o) => o.names)).toEqual(["-b"]);
  });
});
