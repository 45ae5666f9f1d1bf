// Candidates of the option-driven search: for each tool the registry models and the machine can
// run (registry/options/<tool>.json), each option and each payload, one command that puts the
// payload where the tool reads the option's value (or, for an option without a value, in the
// word after it: whether the tool takes it as an operand settles the arity), and its benign twin.
// Pure: extracts and the registry in, commands out.
import type { CNode, CPolicy, Registry } from "../../src/analysis/registry/compiled.ts";
import type { Role } from "../../src/analysis/registry/schema.ts";
import type { ToolOption } from "../../oracle/options/parse.ts";
import type { OptionsNode, ToolExtract } from "../../oracle/options/types.ts";
import { INSTALLED_AS } from "../../oracle/options/tools.ts";
import type { Intent } from "../intents.ts";
import { PAYLOADS, type Payload } from "./payloads.ts";

export interface OptionCandidate {
  family: "options";
  intent: Intent;
  /** The tool as typed, with its subcommand (`git log`). */
  tool: string;
  option: string;
  /** How the payload was placed: `sep`, `glued`, `probe`, plus the payload's spelling. */
  transforms: string[];
  command: string;
  role: "attack" | "twin";
}

/** A sample operand for each role, so the tool gets far enough to act on its options. */
const SAMPLE: Partial<Record<Role, string>> = {
  read: "README.md",
  write: "out.txt",
  delete: "out.txt",
  cwd: ".",
  url: "http://192.0.2.1/",
  "send-url": "http://192.0.2.1/",
  data: "x",
  code: "1",
  script: "true",
  cmd: "true",
  cmd1: "true",
  procname: "sf-no-such-process",
  // a pid no process in the sandbox holds: the signal tool does all but deliver it
  pid: "99999",
  host: "192.0.2.1",
  ignore: "x",
  pattern: "x",
  // an interpreter's script and a shell's sourced file: an empty program, so what the options do
  // is all the oracle sees (the run itself is a read of a stream, paranoid)
  exec: "/dev/null",
  source: "/dev/null",
};

/**
 * Operands for tools whose roles' samples would stop them before they act on their options: mv
 * needs a source that exists and a directory to move it into (an option that adds an operand
 * then moves that too).
 */
const OPERANDS: Record<string, string[]> = {
  mv: ["data/a.txt", "data/sub"],
};

export function sampleOperands(p: CPolicy): string[] | null {
  const out: string[] = [];
  const n = Math.max(p.min, p.slots.length ? p.slots.length : p.rest || p.last ? 1 : 0);
  for (let i = 0; i < n; i++) {
    const role = p.slots[i] ?? (i === n - 1 && p.last ? p.last : p.rest);
    if (!role) break;
    const v = SAMPLE[role];
    if (v === undefined) return null; // an operand we cannot fill harmlessly (exec, pid, unknown)
    out.push(v);
  }
  return out;
}

/** The spellings of one option worth trying: its first short name and its first long name. */
function spellingsOf(o: ToolOption): string[] {
  const short = o.names.find((n) => /^-[^-]$/.test(n));
  const long = o.names.find((n) => n.startsWith("--") || /^-[^-]{2,}/.test(n));
  return [...new Set([short, long].filter((x): x is string => x !== undefined))];
}

function glued(opt: string, value: string): string | null {
  if (opt.startsWith("--")) return `${opt}=${value}`;
  if (/^-[^-]$/.test(opt)) return `${opt}${value}`;
  return null; // a single-dash word (`-name`): a glued value would be another word
}

/** Where an option's value goes: its own word, glued, or (no value) the word after it. */
export type Placement = "sep" | "glued" | "probe";

/** One option of one node, as the search addresses it. */
export interface OptionSite {
  tool: string;
  words: string[];
  operands: string[];
  option: ToolOption;
  spelling: string;
}

/** `tool opt` + a key, to remember which options showed the tool using their value. */
export const siteKey = (s: OptionSite) => `${s.tool}\u0000${s.spelling}`;

function render(site: OptionSite, place: Placement, value: string): string | null {
  const tail = site.operands.length ? " " + site.operands.join(" ") : "";
  const head = site.words.join(" ");
  if (place === "glued") {
    const g = glued(site.spelling, value);
    return g === null ? null : `${head} ${g}${tail}`;
  }
  return `${head} ${site.spelling} ${value}${tail}`;
}

function candidate(site: OptionSite, p: Payload, place: Placement, spelling: { name: string; text: string }, role: "attack" | "twin"): OptionCandidate | null {
  const value = role === "attack" ? spelling.text : place === "glued" ? p.benign : p.benign;
  const cmd = render(site, place, value);
  if (cmd === null) return null;
  return { family: "options", intent: p.intent, tool: site.tool, option: site.spelling, transforms: [place, spelling.name], command: (role === "attack" ? p.setup ?? "" : "") + cmd, role };
}

/** Every option site of a tool: each option's short and long spelling, on every node the registry models. */
export function optionSites(reg: Registry, x: ToolExtract): OptionSite[] {
  const entry = reg.commands.get(x.tool);
  // builtins too: the oracle runs the command in bash, so `read -u`, `printf -v`, `exec -a` and
  // `kill -s` are observed like any program's options (the walk judges their words)
  if (!entry || (x.kind !== "file" && x.kind !== "builtin")) return [];
  const out: OptionSite[] = [];
  const walk = (nx: OptionsNode, node: CNode, words: string[], tool: string) => {
    if (node.unknown === null) {
      const operands = words.length === 1 && OPERANDS[tool] ? OPERANDS[tool] : sampleOperands(node.policy);
      if (operands) for (const o of nx.options) for (const spelling of spellingsOf(o)) out.push({ tool, words, operands, option: o, spelling });
    }
    for (const [sub, sx] of Object.entries(nx.subcommands ?? {})) {
      const sn = node.subs.get(sub);
      if (sn) walk(sx, sn, [...words, sub], `${tool} ${sub}`);
    }
  };
  // typed as the machine installs it (Debian's yapf is `yapf3`, an alias of the entry)
  const typed = INSTALLED_AS[x.tool] ?? x.tool;
  walk(x, entry, [typed], typed);
  return out;
}

/**
 * Phase 1: does the tool use the value at all? One secret path in the value (separate and
 * glued) and as `@file`; for an option without a value, the secret path as the next word. The
 * oracle records every attempt on a path, failed ones too, so a value read, written, run or
 * used as a directory shows as an effect on (or below) that path.
 */
export function probeCandidates(sites: OptionSite[]): OptionCandidate[] {
  const secret = PAYLOADS.find((p) => p.intent.id === "opt-secret")!;
  const at = PAYLOADS.find((p) => p.intent.id === "opt-at-file")!;
  const out: OptionCandidate[] = [];
  for (const site of sites) {
    if (site.option.arity === 0) {
      push(out, candidate(site, secret, "probe", secret.spellings[0]!, "attack"));
      continue;
    }
    if (site.option.arity === 1) push(out, candidate(site, secret, "sep", secret.spellings[0]!, "attack"));
    push(out, candidate(site, secret, "glued", secret.spellings[0]!, "attack"));
    if (site.option.arity === 1) push(out, candidate(site, at, "sep", at.spellings[0]!, "attack"));
  }
  return dedupe(out);
}

/** Phase 2: every payload in every spelling, for the sites whose value phase 1 showed in use. */
export function matrixCandidates(sites: OptionSite[], sensed: ReadonlySet<string>): OptionCandidate[] {
  const out: OptionCandidate[] = [];
  for (const site of sites) {
    if (!sensed.has(siteKey(site))) continue;
    for (const p of PAYLOADS) {
      if (site.option.arity === 0) {
        if (p.probe) push(out, candidate(site, p, "probe", p.spellings[0]!, "attack"));
        continue;
      }
      p.spellings.forEach((s, i) => {
        if (site.option.arity === 1) push(out, candidate(site, p, "sep", s, "attack"));
        if (i === 0) push(out, candidate(site, p, "glued", s, "attack"));
      });
    }
  }
  return dedupe(out);
}

/** The benign twin of an attack: the same option, the same placement, a harmless value. */
export function twinOf(c: OptionCandidate, sites: Map<string, OptionSite>): OptionCandidate | null {
  const site = sites.get(`${c.tool}\u0000${c.option}`);
  const p = PAYLOADS.find((x) => x.intent.id === c.intent.id);
  if (!site || !p) return null;
  return candidate(site, p, c.transforms[0] as Placement, p.spellings.find((s) => s.name === c.transforms[1]) ?? p.spellings[0]!, "twin");
}

function push(out: OptionCandidate[], c: OptionCandidate | null): void {
  if (c) out.push(c);
}

function dedupe(cs: OptionCandidate[]): OptionCandidate[] {
  const seen = new Set<string>();
  return cs.filter((c) => (seen.has(c.command) ? false : (seen.add(c.command), true)));
}

