// The differential comparison of our parser with a reference parser (mvdan-sh), and the triage
// of each disagreement against real bash. Used by test/shell/differential.test.ts; kept here so a
// larger run can be scripted (`npx tsx fuzz/differential-cli.ts`).
//
// Both sides are reduced to the same facts: accepted or not, every simple command with its static
// argv (null where a word is not a plain literal), and every redirect (op, fd, static target).

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parse, ParseError, staticValue } from "../src/shell/index.ts";
import type { Redirect, Script, Word } from "../src/shell/index.ts";
import type { RefCommand, RefRedirect, RefResult, RefWord } from "../test/shell/mvdan-reference.ts";

// ---------- our side ----------

/** HOME as the argv oracle sets it, so tilde words compare equal with what bash ran. */
export const DIFF_HOME = "/nonexistent/shellfence-home";

/**
 * Our word model's value for a word: a string when it is static and one field (tilde expanded
 * with the oracle's HOME), null otherwise (dynamic, a glob, or brace expansion into several words).
 */
export function ourStatic(word: Word): RefWord {
  const v = staticValue(word, { home: DIFF_HOME });
  return v.static ? v.value : null;
}

function ourRedirect(r: Redirect): RefRedirect {
  return { op: r.op, fd: r.fd, fdVar: r.fdVar, target: r.heredoc ? r.heredoc.delimiter : ourStatic(r.target) };
}

/** Every node of the given types anywhere in the tree, in source order of discovery. */
function collect(node: unknown, out: { commands: RefCommand[]; redirects: RefRedirect[] }): void {
  if (Array.isArray(node)) {
    for (const n of node) collect(n, out);
    return;
  }
  if (!node || typeof node !== "object") return;
  const n = node as { type?: string };
  if (n.type === "SimpleCommand") {
    const sc = node as { words: Word[]; redirects: Redirect[] };
    if (sc.words.length > 0) out.commands.push({ argv: sc.words.map(ourStatic), redirects: sc.redirects.map(ourRedirect) });
  }
  if (n.type === "Redirect") out.redirects.push(ourRedirect(node as Redirect));
  for (const v of Object.values(node)) if (v && typeof v === "object") collect(v, out);
}

export type OurResult = RefResult | { accepted: false; error: string; internal: true };

export function ourParse(src: string): OurResult {
  let script: Script;
  try {
    script = parse(src);
  } catch (e) {
    if (e instanceof ParseError) {
      const internal = e.code === "internal-error";
      return internal ? { accepted: false, error: e.message, internal } : { accepted: false, error: e.message };
    }
    return { accepted: false, error: `non-ParseError thrown: ${String(e)}`, internal: true };
  }
  const out = { commands: [] as RefCommand[], redirects: [] as RefRedirect[] };
  collect(script, out);
  return { accepted: true, ...out };
}

// ---------- comparison ----------

/** Same length, and equal wherever both sides know the value. */
export function argvCompatible(a: RefWord[], b: RefWord[]): boolean {
  return a.length === b.length && a.every((x, i) => x === null || b[i] === null || x === b[i]);
}

function commandArgvCompatible(o: RefCommand, r: RefCommand): boolean {
  if (o.argvUnknown || r.argvUnknown) return o.argv[0] === r.argv[0];
  return argvCompatible(o.argv, r.argv);
}

function redirectKey(r: RefRedirect): string {
  return JSON.stringify([r.op, r.fd, r.fdVar, r.target]);
}

function redirectCompatible(a: RefRedirect, b: RefRedirect): boolean {
  return a.op === b.op && a.fd === b.fd && a.fdVar === b.fdVar && (a.target === null || b.target === null || a.target === b.target);
}

function redirectsCompatible(a: RefRedirect[], b: RefRedirect[]): boolean {
  return a.length === b.length && a.every((r, i) => redirectCompatible(r, b[i]!));
}

export type DisagreementKind =
  | "ours-accepts-ref-rejects"
  | "ours-rejects-ref-accepts"
  | "ours-internal-error"
  | "command-only-in-ref"
  | "command-only-in-ours"
  | "argv-differs"
  | "redirect-differs";

export interface Disagreement {
  kind: DisagreementKind;
  command: string;
  ours?: unknown;
  ref?: unknown;
}

export interface Comparison {
  disagreements: Disagreement[];
  /** Our commands with a word we call static where mvdan-sh has none: checked against bash. */
  oursOnlyStaticCommands: { ours: RefCommand; ref: RefCommand }[];
  /** Word positions where we claim a static value and the reference does not (checked against bash). */
  oursOnlyStatic: number;
  /** Word positions where the reference has a static value and we do not (we are more cautious). */
  refOnlyStatic: number;
}

/** Greedy matching of commands by compatible argv and redirects; the rest are disagreements. */
export function compare(command: string, ours: OurResult, ref: RefResult): Comparison {
  const result: Comparison = { disagreements: [], oursOnlyStaticCommands: [], oursOnlyStatic: 0, refOnlyStatic: 0 };
  if ("internal" in ours) {
    result.disagreements.push({ kind: "ours-internal-error", command, ours: ours.error });
    return result;
  }
  if (ours.accepted !== ref.accepted) {
    result.disagreements.push({
      kind: ours.accepted ? "ours-accepts-ref-rejects" : "ours-rejects-ref-accepts",
      command,
      ours: ours.accepted ? undefined : ours.error,
      ref: ref.accepted ? undefined : ref.error,
    });
    return result;
  }
  if (!ours.accepted || !ref.accepted) return result;

  // Exact matches first, so a reference command with unknown words cannot take the partner of a
  // fully known one.
  const left = [...ours.commands];
  const pending: RefCommand[] = [];
  for (const r of ref.commands) {
    const key = JSON.stringify([r.argv, r.redirects]);
    const i = r.argvUnknown ? -1 : left.findIndex((o) => JSON.stringify([o.argv, o.redirects]) === key);
    if (i >= 0) left.splice(i, 1);
    else pending.push(r);
  }
  const nulls = (c: RefCommand): number => c.argv.filter((w) => w === null).length + (c.argvUnknown ? 100 : 0);
  pending.sort((a, b) => nulls(a) - nulls(b));
  const unmatchedRef: RefCommand[] = [];
  for (const r of pending) {
    const i = left.findIndex((o) => commandArgvCompatible(o, r) && redirectsCompatible(o.redirects, r.redirects));
    if (i < 0) {
      unmatchedRef.push(r);
      continue;
    }
    const o = left.splice(i, 1)[0]!;
    if (r.argvUnknown) continue;
    let extra = false;
    o.argv.forEach((w, j) => {
      if (w !== null && r.argv[j] === null) {
        result.oursOnlyStatic++;
        extra = true;
      }
      if (w === null && r.argv[j] !== null) result.refOnlyStatic++;
    });
    if (extra) result.oursOnlyStaticCommands.push({ ours: o, ref: r });
  }
  // Pair what is left by argv (then it is a redirect difference) or by name and length.
  for (const r of unmatchedRef) {
    const byArgv = left.findIndex((o) => commandArgvCompatible(o, r));
    if (byArgv >= 0) {
      const o = left.splice(byArgv, 1)[0]!;
      result.disagreements.push({ kind: "redirect-differs", command, ours: o, ref: r });
      continue;
    }
    const byName = left.findIndex((o) => o.argv.length === r.argv.length && o.argv[0] === r.argv[0]);
    if (byName >= 0) {
      const o = left.splice(byName, 1)[0]!;
      result.disagreements.push({ kind: "argv-differs", command, ours: o, ref: r });
      continue;
    }
    result.disagreements.push({ kind: "command-only-in-ref", command, ref: r });
  }
  for (const o of left) result.disagreements.push({ kind: "command-only-in-ours", command, ours: o });

  // Redirects anywhere (also on compound commands and function definitions), as multisets.
  const count = (rs: RefRedirect[]): Map<string, number> => {
    const m = new Map<string, number>();
    for (const r of rs) m.set(redirectKey({ ...r, target: null }), (m.get(redirectKey({ ...r, target: null })) ?? 0) + 1);
    return m;
  };
  const a = count(ours.redirects);
  const b = count(ref.redirects);
  const keys = new Set([...a.keys(), ...b.keys()]);
  const differing = [...keys].filter((k) => (a.get(k) ?? 0) !== (b.get(k) ?? 0));
  if (differing.length && !result.disagreements.some((d) => d.kind === "redirect-differs")) {
    result.disagreements.push({ kind: "redirect-differs", command, ours: ours.redirects, ref: ref.redirects });
  }
  return result;
}

// ---------- bash ----------

/** `bash -n`: does bash accept the text? (Parse only; nothing runs.) */
export function bashAccepts(command: string, extglob = false): boolean {
  const args = extglob ? ["--norc", "--noprofile", "-O", "extglob", "-n", "-c", command] : ["--norc", "--noprofile", "-n", "-c", command];
  const r = spawnSync("bash", args, { encoding: "utf8", timeout: 5000, env: { PATH: "/usr/bin:/bin", LC_ALL: "C.UTF-8" } });
  return r.status === 0;
}

// ---------- triage against real bash ----------

export type Verdict =
  /** bash sides with the reference: our parser is wrong. */
  | "parser-bug"
  /** bash sides with us: the reference is wrong. */
  | "reference-error"
  /** bash's run does not decide it (the command did not execute, or is named by a path). */
  | "undecided";

export interface Triaged extends Disagreement {
  verdict: Verdict;
  /** A parser bug a classifier would act on: a missed command, wrong static argv, missed redirect or wrong fd. */
  unsafe: boolean;
  evidence: string;
}

/** What bash executed, from the argv oracle, over both exit statuses (so both sides of && / || run). */
export interface Executed {
  argv: string[];
  fds: Record<number, string>;
  /** First bytes of the command's stdin, or null. */
  stdin: string | null;
}

export type ObserveFn = (command: string, status: number) => Promise<{ valid: boolean; executed: Executed[] }>;

function executedMatching(executed: Executed[], c: RefCommand): Executed[] {
  return executed.filter((e) => (c.argvUnknown ? e.argv[0] === c.argv[0] : argvCompatible(c.argv, e.argv)));
}

const FILE_OPS: Record<string, number> = { ">": 1, ">>": 1, ">|": 1, "<": 0, "<>": 0 };

/**
 * Does the executed command's fd table confirm this redirect? Checked for file redirects with a
 * plain relative target (the oracle reports paths relative to its work dir); null = cannot tell.
 */
function redirectHolds(r: RefRedirect, e: Executed): boolean | null {
  const dflt = FILE_OPS[r.op];
  if (dflt === undefined || r.fdVar || r.target === null || r.target.startsWith("/") || r.target.includes("..") || r.target === "") return null;
  const fd = r.fd ?? dflt;
  return e.fds[fd] === r.target;
}

/** Oracle runs per command are cached: one command often has several disagreements. */
const observed = new Map<string, Promise<Executed[]>>();
let oracleCommands = 0;

/** Distinct commands the argv oracle may run in one differential run (2 bash runs each). */
export const ORACLE_BUDGET = 250;

export class OracleBudgetExhausted extends Error {}

async function observeBoth(observe: ObserveFn, command: string): Promise<Executed[]> {
  let hit = observed.get(command);
  if (!hit) {
    if (oracleCommands >= ORACLE_BUDGET) throw new OracleBudgetExhausted(`argv oracle budget of ${ORACLE_BUDGET} commands used up`);
    oracleCommands++;
    hit = (async () => {
      const a = await observe(command, 0);
      const b = await observe(command, 1);
      return [...a.executed, ...b.executed];
    })();
    if (observed.size > 1000) observed.clear();
    observed.set(command, hit);
  }
  return hit;
}

const show = (argv: RefWord[]): string => JSON.stringify(argv);

export async function triage(d: Disagreement, observe: ObserveFn): Promise<Triaged> {
  const t = (verdict: Verdict, evidence: string, unsafe = false): Triaged => ({ ...d, verdict, unsafe: verdict === "parser-bug" && unsafe, evidence });
  switch (d.kind) {
    case "ours-internal-error":
      return t("parser-bug", "the parser failed with an internal error (a ParseError with code internal-error or a non-ParseError)");
    case "ours-accepts-ref-rejects":
    case "ours-rejects-ref-accepts": {
      const bash = bashAccepts(d.command);
      const oursAccepts = d.kind === "ours-accepts-ref-rejects";
      return bash === oursAccepts
        ? t("reference-error", `bash -n ${bash ? "accepts" : "rejects"} it, as we do; mvdan-sh: ${String(d.ref ?? "accepts")}`)
        : t("parser-bug", `bash -n ${bash ? "accepts" : "rejects"} it; we ${oursAccepts ? "accept" : `reject: ${String(d.ours)}`}`);
    }
    case "command-only-in-ref": {
      const r = d.ref as RefCommand;
      const executed = await observeBoth(observe, d.command);
      const ours = ourParse(d.command);
      const oursCommands = ours.accepted ? ours.commands : [];
      const seen = executedMatching(executed, r).filter((e) => !oursCommands.some((o) => argvCompatible(o.argv, e.argv)));
      if (seen.length) return t("parser-bug", `bash executed ${show(seen[0]!.argv)}, which only mvdan-sh found`, true);
      // A heredoc body that mvdan-sh read as commands reaches some command's stdin as text.
      const words = r.argv.filter((w): w is string => w !== null);
      const fed = words.length ? executed.find((e) => e.stdin !== null && words.every((w) => e.stdin!.includes(w))) : undefined;
      if (fed) return t("reference-error", `bash passed ${show(r.argv)} as text on the stdin of ${show(fed.argv)} (a heredoc body), never as a command`);
      return t("undecided", `bash did not execute ${show(r.argv)} in either run (executed: ${executed.map((e) => show(e.argv)).join(" ")})`);
    }
    case "command-only-in-ours": {
      const o = d.ours as RefCommand;
      const executed = await observeBoth(observe, d.command);
      const seen = executedMatching(executed, o);
      return seen.length
        ? t("reference-error", `bash executed ${show(seen[0]!.argv)}, which mvdan-sh missed`)
        : t("undecided", `bash did not execute ${show(o.argv)} in either run`);
    }
    case "argv-differs": {
      const o = d.ours as RefCommand;
      const r = d.ref as RefCommand;
      const executed = await observeBoth(observe, d.command);
      const forOurs = executedMatching(executed, o);
      const forRef = executedMatching(executed, r);
      if (forOurs.length && !forRef.length) return t("reference-error", `bash executed ${show(forOurs[0]!.argv)}; mvdan-sh says ${show(r.argv)}`);
      if (forRef.length && !forOurs.length) return t("parser-bug", `bash executed ${show(forRef[0]!.argv)}; we say ${show(o.argv)}`, true);
      return t("undecided", `bash executed ${executed.map((e) => show(e.argv)).join(" ") || "nothing"}`);
    }
    case "redirect-differs": {
      if (!("argv" in (d.ours as object))) {
        return t("undecided", "redirect multisets differ (redirects outside simple commands); review by hand");
      }
      const o = d.ours as RefCommand;
      const r = d.ref as RefCommand;
      const executed = await observeBoth(observe, d.command);
      const e = executedMatching(executed, o)[0];
      if (!e) return t("undecided", `bash did not execute ${show(o.argv)}`);
      const holdsOurs = o.redirects.map((x) => redirectHolds(x, e));
      const holdsRef = r.redirects.map((x) => redirectHolds(x, e));
      const fds = JSON.stringify(e.fds);
      if (holdsOurs.includes(false)) return t("parser-bug", `bash's fds ${fds} contradict our redirects ${JSON.stringify(o.redirects)}`, true);
      if (holdsRef.includes(false)) return t("reference-error", `bash's fds ${fds} contradict mvdan-sh's redirects ${JSON.stringify(r.redirects)}`);
      return t("undecided", `bash's fds ${fds} confirm neither side (ours ${JSON.stringify(o.redirects)}, mvdan-sh ${JSON.stringify(r.redirects)})`);
    }
  }
}

// ---------- a whole run ----------

export interface DifferentialReport {
  commands: number;
  agree: number;
  /** Commands both parsers accepted / rejected. */
  bothAccepted: number;
  bothRejected: number;
  oursOnlyStatic: number;
  refOnlyStatic: number;
  /** Every disagreement, triaged. */
  triaged: Triaged[];
  byKind: Record<string, number>;
  byVerdict: Record<Verdict, number>;
  unsafe: Triaged[];
  /** Commands whose words only our word model calls static, checked against what bash ran. */
  staticCheck: { checked: number; confirmed: number; notReached: number };
  /** Some disagreements went undecided because the argv oracle budget ran out. */
  oracleBudgetExhausted: boolean;
  /** Distinct commands run through the argv oracle. */
  oracleCommands: number;
}

/** How many commands with words only we call static are run through the argv oracle. */
export const STATIC_CHECK_SAMPLE = 40;

/**
 * A command of ours with words only our word model calls static: among what bash ran, the
 * commands that are this one by mvdan-sh's reading (same length, equal where mvdan-sh knows the
 * words) must include one equal to ours at every word we call static.
 */
async function checkOursOnlyStatic(command: string, o: RefCommand, r: RefCommand, observe: ObserveFn): Promise<"confirmed" | "not-reached" | Triaged> {
  const executed = await observeBoth(observe, command);
  const same = executed.filter((e) => argvCompatible(r.argv, e.argv));
  if (same.length === 0) return "not-reached";
  if (same.some((e) => argvCompatible(o.argv, e.argv))) return "confirmed";
  return {
    kind: "argv-differs",
    command,
    ours: o,
    ref: r,
    verdict: "parser-bug",
    unsafe: true,
    evidence: `bash executed ${same.map((e) => show(e.argv)).join(" ")}; our word model says ${show(o.argv)}`,
  };
}

export async function runDifferential(
  commands: string[],
  reference: (src: string) => RefResult,
  observe: ObserveFn,
): Promise<DifferentialReport> {
  const report: DifferentialReport = {
    commands: commands.length,
    agree: 0,
    bothAccepted: 0,
    bothRejected: 0,
    oursOnlyStatic: 0,
    refOnlyStatic: 0,
    triaged: [],
    byKind: {},
    byVerdict: { "parser-bug": 0, "reference-error": 0, undecided: 0 },
    unsafe: [],
    staticCheck: { checked: 0, confirmed: 0, notReached: 0 },
    oracleBudgetExhausted: false,
    oracleCommands: 0,
  };
  oracleCommands = 0;
  observed.clear();
  const staticSample: { command: string; o: RefCommand; r: RefCommand }[] = [];
  for (const command of commands) {
    const ours = ourParse(command);
    const ref = reference(command);
    const cmp = compare(command, ours, ref);
    report.oursOnlyStatic += cmp.oursOnlyStatic;
    report.refOnlyStatic += cmp.refOnlyStatic;
    for (const p of cmp.oursOnlyStaticCommands) if (staticSample.length < STATIC_CHECK_SAMPLE) staticSample.push({ command, o: p.ours, r: p.ref });
    if (cmp.disagreements.length === 0) {
      report.agree++;
      if (ours.accepted) report.bothAccepted++;
      else report.bothRejected++;
      continue;
    }
    for (const d of cmp.disagreements) {
      let t: Triaged;
      try {
        t = await triage(d, observe);
      } catch (e) {
        if (!(e instanceof OracleBudgetExhausted)) throw e;
        t = { ...d, verdict: "undecided", unsafe: false, evidence: e.message };
        report.oracleBudgetExhausted = true;
      }
      report.triaged.push(t);
      report.byKind[d.kind] = (report.byKind[d.kind] ?? 0) + 1;
      report.byVerdict[t.verdict]++;
      if (t.unsafe) report.unsafe.push(t);
    }
  }
  for (const { command, o, r: ref } of staticSample) {
    if (oracleCommands >= ORACLE_BUDGET) break;
    const r = await checkOursOnlyStatic(command, o, ref, observe);
    report.staticCheck.checked++;
    if (r === "confirmed") report.staticCheck.confirmed++;
    else if (r === "not-reached") report.staticCheck.notReached++;
    else {
      report.triaged.push(r);
      report.byKind[r.kind] = (report.byKind[r.kind] ?? 0) + 1;
      report.byVerdict["parser-bug"]++;
      report.unsafe.push(r);
    }
  }
  report.oracleCommands = oracleCommands;
  return report;
}

// ---------- known reference errors ----------

/** A class of mvdan-sh errors, confirmed by bash, listed in test/shell/mvdan-known-errors.json. */
export interface KnownErrorClass {
  id: string;
  kind: DisagreementKind;
  /** Regex on mvdan-sh's error message (for a rejection). */
  mvdanError?: string;
  /** Regex on our error message (when we reject and mvdan-sh accepts). */
  oursError?: string;
  /** Regex on the command text. */
  commandPattern?: string;
  description: string;
  evidence: string;
  examples: { command: string; bash: string }[];
}

export const KNOWN_ERRORS_FILE = new URL("../test/shell/mvdan-known-errors.json", import.meta.url);

export function loadKnownErrors(file: URL = KNOWN_ERRORS_FILE): KnownErrorClass[] {
  return (JSON.parse(readFileSync(file, "utf8")) as { classes: KnownErrorClass[] }).classes;
}

export function classify(known: KnownErrorClass[], d: Disagreement): KnownErrorClass | null {
  return (
    known.find(
      (k) =>
        k.kind === d.kind &&
        (!k.mvdanError || new RegExp(k.mvdanError).test(String(d.ref))) &&
        (!k.oursError || new RegExp(k.oursError).test(String(d.ours))) &&
        (!k.commandPattern || new RegExp(k.commandPattern).test(d.command)),
    ) ?? null
  );
}
