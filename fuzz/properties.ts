// The four fuzzed properties, as plain functions shared by the jazzer targets (fuzz/targets/) and
// the bounded fast-check versions in test/fuzz/. Each throws PropertyViolation with a message
// that names the input and what went wrong; anything else thrown is a crash of the code under test.

import fc from "fast-check";
import { parse, ParseError, forEachNode, staticArgv, expandWord, COMMAND_BRACE_WORK_LIMIT } from "../src/shell/index.ts";
import { commandLineArb } from "./grammar/command-arb.ts";
import { classify } from "../src/index.ts";
import { loadLevels, type LevelTable } from "../src/policy/levels.ts";
import { LEVELS, type Level } from "../src/policy/model.ts";
import { Readable } from "node:stream";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runHook } from "../src/cli/hook.ts";
import { readBounded } from "../src/cli/stdin.ts";
import { parseClaudeInput } from "../src/hooks/claude-code.ts";
import type { Classifier, VerdictLike } from "../src/cli/verdict.ts";

export class PropertyViolation extends Error {
  override readonly name = "PropertyViolation";
}

// ---------- input decoding shared by targets ----------

/**
 * A command from fuzz bytes. Inputs starting with 0x00 are grammar mode: the next 4 bytes seed
 * the grammar generator (so the fuzzer also explores well-formed, deeply structured commands);
 * anything else is the bytes themselves as UTF-8.
 */
let grammar: fc.Arbitrary<string> | null = null;

export function commandFromBytes(data: Uint8Array): string {
  if (data.length >= 5 && data[0] === 0) {
    const seed = ((data[1]! << 24) | (data[2]! << 16) | (data[3]! << 8) | data[4]!) >>> 0;
    // Built once: the arbitrary is a pure description, the seed alone decides the sample.
    grammar ??= commandLineArb({ depth: 2 });
    return fc.sample(grammar, { seed, numRuns: 1 })[0]!;
  }
  return Buffer.from(data).toString("utf8");
}

/** Two commands: grammar mode (0x00 + 8 seed bytes) or raw bytes split at the first NUL. */
export function commandPairFromBytes(data: Uint8Array): [string, string] {
  if (data.length >= 9 && data[0] === 0) {
    return [commandFromBytes(data.subarray(0, 5)), commandFromBytes(Uint8Array.of(0, ...data.subarray(5, 9)))];
  }
  const text = Buffer.from(data).toString("utf8");
  const nul = text.indexOf("\0");
  return nul < 0 ? [text, "true"] : [text.slice(0, nul), text.slice(nul + 1)];
}

// ---------- parse-robust ----------

/** DESIGN.md: any input up to 100 KB is decided in <= 50 ms; fuzz inputs are at most 4 KB. */
export const PARSE_BUDGET_MS = 50;

function parseAndWalk(src: string): void {
  let script;
  try {
    script = parse(src);
  } catch (e) {
    if (e instanceof ParseError) {
      if (e.code === "internal-error") throw new PropertyViolation(`parser internal error on ${JSON.stringify(src)}: ${e.message}`);
      return;
    }
    throw new PropertyViolation(`parse threw a non-ParseError (${(e as Error)?.name}: ${(e as Error)?.message}) on ${JSON.stringify(src)}`);
  }
  // The word model over every word bash expands as a word, and argv of every simple command.
  // Heredoc bodies are not words to bash (no brace expansion, no splitting): skipped. One brace
  // work budget for the whole input, as the classifier's walk has one per command.
  const ctx = { home: "/home/u", braceWork: { left: COMMAND_BRACE_WORK_LIMIT } };
  forEachNode(script, (n) => {
    if (n.type === "Heredoc") return false;
    if (n.type === "SimpleCommand") staticArgv(n.words, ctx);
    else if (n.type === "Word") expandWord(n, ctx);
    return true;
  });
}

/** CPU time (user + system) in ms: unlike wall time, not inflated by other processes. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * parse (and the word model over the whole tree) throws nothing but a ParseError, and decides
 * within budget (CPU time, so a loaded machine is not a finding; a slow run is re-measured, min
 * of 3, so a GC pause is not one either).
 */
export function checkParseRobust(src: string, budgetMs = PARSE_BUDGET_MS): void {
  const t0 = cpuMs();
  try {
    parseAndWalk(src);
  } catch (e) {
    if (e instanceof PropertyViolation) throw e;
    throw new PropertyViolation(`the word model threw ${(e as Error)?.name}: ${(e as Error)?.message} on ${JSON.stringify(src)}`);
  }
  let ms = cpuMs() - t0;
  if (ms <= budgetMs) return;
  for (let i = 0; i < 3 && ms > budgetMs; i++) {
    const t = cpuMs();
    parseAndWalk(src);
    ms = Math.min(ms, cpuMs() - t);
  }
  if (ms > budgetMs) throw new PropertyViolation(`parse took ${ms.toFixed(1)} ms of CPU (budget ${budgetMs} ms) on ${src.length} chars: ${JSON.stringify(src.slice(0, 200))}`);
}

// ---------- classifier properties ----------


/** A fixed, filesystem-free context: lexical path resolution only, so runs are deterministic. */
export const FUZZ_CONTEXT = { cwd: "/work/proj", roots: ["/work/proj"], home: "/home/u", env: {}, fs: null, tmp: ["/tmp"] } as const;

let table: LevelTable | null = null;
export function levelTable(): LevelTable {
  table ??= loadLevels();
  return table;
}

function verdictAt(command: string, level: Level): { decision: string; level: string } {
  try {
    return classify(command, { ...FUZZ_CONTEXT, roots: [...FUZZ_CONTEXT.roots], tmp: [...FUZZ_CONTEXT.tmp], level });
  } catch (e) {
    throw new PropertyViolation(`classify threw ${(e as Error)?.name}: ${(e as Error)?.message} at level ${level} for ${JSON.stringify(command)}`);
  }
}

/**
 * The command (alone) is refused because it would run code read from an unknown stdin. One
 * place in the walk says so, for interpreters ("runs the code it reads from stdin") and shells
 * ("runs shell code from its stdin") alike: match its common ending.
 */
function stdinReasons(v: { reasons?: { message?: string }[] }): boolean {
  return (v.reasons ?? []).some((r) => /, and its stdin comes from outside the command/.test(r.message ?? ""));
}

/** The levels at which the command is auto-approved, asking classify() at each level. */
export function approvingLevels(command: string): Set<Level> {
  const out = new Set<Level>();
  for (const l of LEVELS) if (verdictAt(command, l).decision === "allow") out.add(l);
  return out;
}

/**
 * The levels that admit the command, from one verdict (its `explain.admittedAt`). Equal to
 * approvingLevels() exactly when the decision at each level matches the reported need, which
 * is what the level-monotonic property checks; the composition property uses this cheaper form.
 */
export function admittingLevels(command: string): { levels: Set<Level>; runsStdin: boolean } {
  const v = verdictAt(command, "yolo") as { explain?: { admittedAt?: Level[] }; reasons?: { message?: string }[] };
  return { levels: new Set(v.explain?.admittedAt ?? []), runsStdin: stdinReasons(v) };
}

/**
 * Level monotonicity: the set of levels approving a command is upward closed in the lattice
 * (local-admin and network-admin are siblings), a "never" need is approved nowhere, and the
 * decision at each level is exactly "the level admits the need the verdict reports".
 */
export function checkLevelMonotonic(command: string): void {
  const t = levelTable();
  const verdicts = LEVELS.map((l) => [l, verdictAt(command, l)] as const);
  const approving = new Set(verdicts.filter(([, v]) => v.decision === "allow").map(([l]) => l));
  for (const l of approving) {
    for (const above of t.upward[l]) {
      if (!approving.has(above)) {
        throw new PropertyViolation(`approved at ${l} but not at ${above} (above it): ${JSON.stringify(command)}`);
      }
    }
  }
  for (const [l, v] of verdicts) {
    const need = v.level as Level | "never";
    if (need === "never" && v.decision === "allow") throw new PropertyViolation(`approved at ${l} although its need is "never": ${JSON.stringify(command)}`);
    if (need !== "never" && !t.upward[need]) throw new PropertyViolation(`verdict level ${JSON.stringify(need)} is not a level: ${JSON.stringify(command)}`);
    const admitted = need !== "never" && t.upward[need].has(l);
    if (admitted !== (v.decision === "allow")) {
      throw new PropertyViolation(`at ${l} the decision is ${v.decision} but the reported need ${need} is ${admitted ? "" : "not "}admitted: ${JSON.stringify(command)}`);
    }
  }
}

/**
 * Parts whose text cannot be pasted into a larger command without changing what it means
 * (comments, newlines and heredocs, a trailing backslash), and, for the sequential
 * compositions, parts that change the shell state the next part runs in (cd, variables,
 * functions, exit...), which can legitimately make the next part cheaper.
 */
const NOT_PASTEABLE = /#|\n|\\$|<</;
const CHANGES_STATE =
  /(^|[\s;&|(`{!])(cd|pushd|popd|export|declare|typeset|local|readonly|unset|set|shopt|source|\.|alias|hash|umask|ulimit|trap|eval|exec|exit|return|break|continue|enable|builtin|command|function)(?=$|[\s;&|)`}])|[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=|\(\)/;

export interface Composition {
  name: string;
  text: string;
  parts: ("a" | "b")[];
  sequential: boolean;
}

/**
 * A part that is a list (`x && y`, `x; y`, `x &`) is grouped, so `|` and `&&` bind to all of it.
 * `afterPipe`: a part pasted after `|` is also grouped when its pipeline starts with `time` or
 * `!`: those are reserved words only at the start of a pipeline, so in `a | time x` bash runs
 * the program /usr/bin/time (found by the composition fuzzer: `time -p v=~/x xargs f` alone runs
 * xargs, after a pipe it runs the file `v=/home/u/x`).
 */
function unit(src: string, afterPipe = false): string {
  try {
    const items = parse(src).body.items;
    const first = items[0]?.andOr.first;
    const single = items.length === 1 && !items[0]!.background && items[0]!.andOr.rest.length === 0;
    const pipelineWord = afterPipe && first !== undefined && (first.time !== null || first.negated);
    return single && !pipelineWord ? src : `( ${src} )`;
  } catch {
    return src;
  }
}

export function compositions(a: string, b: string): Composition[] {
  const ua = unit(a);
  const ub = unit(b);
  return [
    { name: "a; b", text: `${a}; ${b}`, parts: ["a", "b"], sequential: true },
    { name: "a && b", text: `${ua} && ${ub}`, parts: ["a", "b"], sequential: true },
    { name: "a || b", text: `${ua} || ${ub}`, parts: ["a", "b"], sequential: true },
    { name: "a | b", text: `${ua} | ${unit(b, true)}`, parts: ["a", "b"], sequential: false },
    { name: "a & b", text: `${ua} & ${b}`, parts: ["a", "b"], sequential: false },
    // Spaces inside the parentheses: `$((` and `((` would start arithmetic when a starts with `(`.
    { name: "echo $(a)", text: `echo $( ${a} )`, parts: ["a"], sequential: false },
    { name: "{ a; }", text: `{ ${a}; }`, parts: ["a"], sequential: false },
    { name: "(a)", text: `( ${a} )`, parts: ["a"], sequential: false },
  ];
}

function parses(src: string): boolean {
  try {
    parse(src);
    return true;
  } catch {
    return false;
  }
}

/**
 * Composition never makes a command cheaper: every level approving a composition approves each
 * part alone, so a part that is never approved makes the composition never approved. Returns
 * the number of compositions checked (0 when the pair cannot be pasted together).
 */
export function checkComposition(a: string, b: string): number {
  if (NOT_PASTEABLE.test(a) || NOT_PASTEABLE.test(b) || !a.trim() || !b.trim()) return 0;
  if (!parses(a) || !parses(b)) return 0;
  const pa = admittingLevels(a);
  const pb = admittingLevels(b);
  const alone = { a: pa.levels, b: pb.levels };
  const stateful = CHANGES_STATE.test(a);
  const bRunsStdin = pb.runsStdin;
  let checked = 0;
  for (const c of compositions(a, b)) {
    if (c.sequential && stateful) continue;
    checked++;
    for (const l of admittingLevels(c.text).levels) {
      for (const p of c.parts) {
        // The one exception, by design: a part that runs code from its stdin (`sh`, `python3`)
        // is never approved alone, because that stdin comes from outside the command; in
        // `a | b` the pipe is its stdin, and DESIGN.md admits downloaded code (`curl URL | sh`)
        // at yolo. Every other composition must cost at least as much as each part.
        if (c.name === "a | b" && p === "b" && bRunsStdin) continue;
        if (!alone[p].has(l)) {
          throw new PropertyViolation(
            `${JSON.stringify(c.text)} (${c.name}) is approved at ${l}, but ${p} = ${JSON.stringify(p === "a" ? a : b)} alone is not`,
          );
        }
      }
    }
  }
  return checked;
}

// ---------- hook envelope ----------


/** Commands the stand-in classifier approves: the property is about the envelope, not the policy. */
export const STAND_IN_APPROVES = new Set(["ls", "git status", "cat README.md"]);

let hookHome: string | null = null;
function emptyDir(): string {
  hookHome ??= fs.mkdtempSync(path.join(os.tmpdir(), "sf-fuzz-hook-"));
  return hookHome;
}

/**
 * Any bytes on the hook's stdin: exit 0, and stdout is either empty or one well-formed
 * PreToolUse decision; an allow only for a well-formed Bash envelope whose command the
 * classifier approved.
 */
export async function checkHookEnvelope(bytes: Uint8Array): Promise<void> {
  const home = emptyDir();
  let out = "";
  const calls: { command: string; decision: "allow" | "ask" }[] = [];
  const classifier: Classifier = {
    classify(command: string): VerdictLike {
      const decision = STAND_IN_APPROVES.has(command) ? "allow" : "ask";
      calls.push({ command, decision });
      return { decision, level: decision === "allow" ? "reader" : "never", configuredLevel: "developer", reasons: [], effects: [], commands: [] };
    },
  };
  const stdin = Readable.from([Buffer.from(bytes)]);
  const code = await runHook({
    stdin,
    readInput: (limits) => readBounded(stdin, limits),
    out: (t) => void (out += t),
    err: () => undefined,
    env: { CLAUDE_PROJECT_DIR: home, XDG_CONFIG_HOME: home, HOME: home },
    home,
    cwd: home,
    binPath: "",
    now: () => new Date(0),
    classifier: async () => classifier,
  });
  const text = Buffer.from(bytes).toString("utf8");
  if (code !== 0) throw new PropertyViolation(`hook exited ${code} (must always be 0) for ${JSON.stringify(text.slice(0, 300))}`);
  if (out === "") return;
  if (!out.endsWith("\n") || out.indexOf("\n") !== out.length - 1) throw new PropertyViolation(`hook output is not one line: ${JSON.stringify(out)}`);
  let doc: unknown;
  try {
    doc = JSON.parse(out);
  } catch {
    throw new PropertyViolation(`hook output is not JSON: ${JSON.stringify(out)}`);
  }
  const h = (doc as { hookSpecificOutput?: Record<string, unknown> }).hookSpecificOutput;
  const keys = Object.keys(doc as object);
  if (keys.length !== 1 || !h || h.hookEventName !== "PreToolUse" || (h.permissionDecision !== "allow" && h.permissionDecision !== "ask") || typeof h.permissionDecisionReason !== "string") {
    throw new PropertyViolation(`malformed hook output ${out.trim()} for ${JSON.stringify(text.slice(0, 300))}`);
  }
  if (h.permissionDecision === "allow") {
    const input = parseClaudeInput(text);
    if (input.kind !== "bash") throw new PropertyViolation(`allow for an envelope that is not a Bash call (${input.why}): ${JSON.stringify(text.slice(0, 300))}`);
    const call = calls.find((c) => c.command === input.command);
    if (!call || call.decision !== "allow") throw new PropertyViolation(`allow for ${JSON.stringify(input.command)}, which the classifier did not approve`);
  }
}
