// Building candidates: an intent, a primary transform from the family under test, and up to two
// secondary transforms from other families, composed in a fixed order (spellings, then the
// transforms that pair a spelling with a prefix, then pure wrappers).
import type { Action, Intent } from "./intents.ts";
import { PLAIN, render, type Spelling } from "./render.ts";
import type { Rng } from "./rng.ts";

export interface Transform {
  name: string;
  /** Re-spell the command word, paths, redirects or cwd (structural). */
  spell?: (s: Spelling, intent: Intent) => Spelling | null;
  /** Replace the whole rendering of the intent (tool-specific re-expressions). */
  render?: (intent: Intent, s: Spelling) => string | null;
  /** Wrap or prefix the rendered command. */
  wrap?: (cmd: string, intent: Intent) => string | null;
  applies?: (intent: Intent) => boolean;
}

/** A transform that renders each intent it knows as its own whole command (tool-specific families). */
export const spellings = (name: string, by: Record<string, string>): Transform => ({
  name,
  applies: (i) => by[i.id] !== undefined,
  render: (i) => by[i.id] ?? null,
});

/**
 * Transforms that spell one attack intent and its benign twin the same way: `pair(name, evil,
 * twin)` renders `evil` for the attack and `twin` for the twin intent.
 */
export const twinned = (attack: string, twin: string) => (name: string, evil: string, benign: string): Transform => ({
  name,
  applies: (i) => i.id === attack || i.id === twin,
  render: (i) => (i.id === attack ? evil : benign),
});

export interface Family {
  name: string;
  transforms: Transform[];
  /** Intents this family is about; default all. */
  intents?: (i: Intent) => boolean;
  /** Secondary transforms from other families may be composed with this family's (default true). */
  composable?: boolean;
  /**
   * Intents only this family renders (dangerous ones and their benign twins), kept out of the
   * shared INTENTS and BENIGN so that adding a family leaves every other family's candidates as
   * they were. Filtered by `intents` like the shared ones.
   */
  ownIntents?: Intent[];
  /** Also generate over the shared INTENTS and BENIGN (default true; false: `ownIntents` only). */
  sharedIntents?: boolean;
  /**
   * This family's transforms are offered to other families as secondaries (default true). A
   * tool-specific family that says false leaves every other family's candidates as they were.
   */
  offered?: boolean;
  /** Observe its candidates under a pseudo-terminal (pagers and man run only on a terminal). */
  pty?: boolean;
}

export interface Candidate {
  family: string;
  intent: Intent;
  transforms: string[];
  command: string;
  /** Observe under a pseudo-terminal. */
  pty?: boolean;
}

export function build(intent: Intent, family: string, ts: Transform[]): Candidate | null {
  if (ts.some((t) => t.applies && !t.applies(intent))) return null;
  let s: Spelling = PLAIN;
  for (const t of ts) {
    if (!t.spell) continue;
    const next = t.spell(s, intent);
    if (!next) return null;
    s = next;
  }
  const renderers = ts.filter((t) => t.render);
  if (renderers.length > 1) return null;
  let cmd = renderers.length ? renderers[0]!.render!(intent, s) : render(intent.action, s);
  if (cmd === null) return null;
  // prefixes paired with a spelling go innermost so the later wrappers carry them along
  const ordered = [...ts.filter((t) => t.wrap && t.spell), ...ts.filter((t) => t.wrap && !t.spell)];
  for (const t of ordered) {
    cmd = t.wrap!(cmd, intent);
    if (cmd === null) return null;
  }
  return { family, intent, transforms: ts.map((t) => t.name), command: cmd };
}

/**
 * Every applicable (intent, primary) pair, each alone and with seeded secondaries, deduplicated
 * by command text.
 */
export function generateFamily(f: Family, intents: Intent[], pool: { family: string; t: Transform }[], rng: Rng, perPair: number): Candidate[] {
  const out = new Map<string, Candidate>();
  const mine = intents.filter((i) => !f.intents || f.intents(i));
  const others = pool.filter((p) => p.family !== f.name);
  for (const intent of mine) {
    for (const primary of f.transforms) {
      const alone = build(intent, f.name, [primary]);
      if (!alone) continue;
      out.set(alone.command, alone);
      if (f.composable === false) continue;
      for (let k = 0; k < perPair; k++) {
        const n = rng.chance(0.35) ? 2 : 1;
        const extra: Transform[] = [];
        for (let j = 0; j < n; j++) extra.push(rng.pick(others).t);
        const order = rng.chance(0.5) ? [primary, ...extra] : [...extra, primary];
        const c = build(intent, f.name, order);
        if (c) out.set(c.command, c);
      }
    }
  }
  return [...out.values()];
}

// ---- small helpers the family modules share ----

export const isWrite = (i: Intent) => i.action.redirs.some((r) => r.op !== "<");
export const isRead = (i: Intent) => !isWrite(i) && i.action.args.some((a) => "path" in a) && i.action.tool !== "rm" && i.action.tool !== "sh";
export const isDelete = (i: Intent) => i.action.tool === "rm";
export const writeRedir = (a: Action) => a.redirs.find((r) => r.op !== "<");
/** The literal text a write intent writes (its echo argument). */
export const writeText = (a: Action): string => a.args.map((x) => ("lit" in x ? x.lit : "")).join(" ");
/** The first path argument. */
export const firstPath = (a: Action): string | null => {
  for (const x of a.args) if ("path" in x) return x.path;
  return null;
};
