// The four fuzzed properties, as plain functions shared by the jazzer targets (fuzz/targets/) and
// the bounded fast-check versions in test/fuzz/. Each throws PropertyViolation with a message
// that names the input and what went wrong; anything else thrown is a crash of the code under test.

import fc from "fast-check";
import { parse, ParseError, forEachNode, staticArgv, expandWord } from "../src/shell/index.ts";
import { commandLineArb } from "./grammar/command-arb.ts";

export class PropertyViolation extends Error {
  override readonly name = "PropertyViolation";
}

// ---------- input decoding shared by targets ----------

/**
 * A command from fuzz bytes. Inputs starting with 0x00 are grammar mode: the next 4 bytes seed
 * the grammar generator (so the fuzzer also explores well-formed, deeply structured commands);
 * anything else is the bytes themselves as UTF-8.
 */
export function commandFromBytes(data: Uint8Array): string {
  if (data.length >= 5 && data[0] === 0) {
    const seed = ((data[1]! << 24) | (data[2]! << 16) | (data[3]! << 8) | data[4]!) >>> 0;
    return fc.sample(commandLineArb({ depth: 2 }), { seed, numRuns: 1 })[0]!;
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
  // The word model over every word, and argv of every simple command.
  forEachNode(script, (n) => {
    if (n.type === "SimpleCommand") staticArgv(n.words, { home: "/home/u" });
    else if (n.type === "Word") expandWord(n, { home: "/home/u" });
  });
}

/**
 * parse (and the word model over the whole tree) throws nothing but a ParseError, and decides
 * within budget. A slow run is re-measured (min of 3) so a GC pause is not a finding.
 */
export function checkParseRobust(src: string, budgetMs = PARSE_BUDGET_MS): void {
  const t0 = performance.now();
  try {
    parseAndWalk(src);
  } catch (e) {
    if (e instanceof PropertyViolation) throw e;
    throw new PropertyViolation(`the word model threw ${(e as Error)?.name}: ${(e as Error)?.message} on ${JSON.stringify(src)}`);
  }
  let ms = performance.now() - t0;
  if (ms <= budgetMs) return;
  for (let i = 0; i < 3 && ms > budgetMs; i++) {
    const t = performance.now();
    parseAndWalk(src);
    ms = Math.min(ms, performance.now() - t);
  }
  if (ms > budgetMs) throw new PropertyViolation(`parse took ${ms.toFixed(1)} ms (budget ${budgetMs} ms) on ${src.length} chars: ${JSON.stringify(src.slice(0, 200))}`);
}
