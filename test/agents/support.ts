// Shared scaffolding for the adapter tests: a classifier that knows a few commands by the level
// they need, and the whole hook (decideHook) run on one envelope for one agent.
import { Readable } from "node:stream";
import { decideHook } from "../../src/cli/hook-decide.ts";
import type { Io } from "../../src/cli/io.ts";
import { readBounded } from "../../src/cli/stdin.ts";
import type { Classifier, VerdictLike } from "../../src/cli/verdict.ts";
import { LEVELS, type Level } from "../../src/policy/model.ts";
import type { Upward } from "../../src/policy/config.ts";
import { loadLevels } from "../../src/policy/levels.ts";

/** A HOME that does not exist: no config file, so the level is the default (developer). */
export const HOME = "/home/u";

/** The level each known command needs; anything else is never approved. */
export const NEEDS: Record<string, Level> = { "git status": "reader", "echo hi > notes.txt": "editor" };

/** paranoid < reader < editor < developer < the admins < yolo: only the chain's order is used. */
const rank = (l: string) => LEVELS.indexOf(l as Level);

export function levelClassifier(calls: { command: string; level: string }[] = []): () => Promise<Classifier> {
  return async () => ({
    classify(command, ctx): VerdictLike {
      const level = ctx?.level ?? "developer";
      calls.push({ command, level });
      const need = NEEDS[command];
      const ok = need !== undefined && rank(need) <= rank(level);
      return {
        decision: ok ? "allow" : "ask",
        level: need ?? "never",
        configuredLevel: level,
        reasons: ok ? [] : [{ message: `fake: ${command} needs ${need ?? "never"}` }],
        effects: ok ? [{ op: "read", locus: "worktree", target: "/home/u/proj/.git" }] : [],
        commands: [],
      };
    },
  });
}

/** Approves whatever it is asked (for properties: then only the adapter stands between input and an approval). */
export const approveAll = (): Promise<Classifier> =>
  Promise.resolve({
    classify: (_c, ctx) => ({ decision: "allow", level: "paranoid", configuredLevel: ctx?.level ?? "developer", reasons: [], effects: [], commands: [] }),
  });

/** The shipped level lattice (plan mode takes the meet with reader). */
export const upward = async (): Promise<Upward> => loadLevels().upward;

export interface HookRun {
  code: number;
  out: string;
  err: string;
  json: unknown;
}

export async function runAgentHook(agent: string | undefined, text: string, opts: { env?: Record<string, string>; classifier?: () => Promise<Classifier> } = {}): Promise<HookRun> {
  const out: string[] = [];
  const err: string[] = [];
  const stdin = Readable.from([Buffer.from(text)]);
  const io: Io = {
    stdin,
    readInput: (limits) => readBounded(stdin, limits),
    out: (s) => void out.push(s),
    err: (s) => void err.push(s),
    env: { HOME, ...(opts.env ?? {}) },
    home: HOME,
    cwd: "/",
    binPath: "/opt/shellfence/bin/shellfence.js",
    now: () => new Date("2026-11-30T01:02:03Z"),
  };
  const code = await decideHook(io, opts.classifier ?? levelClassifier(), upward, agent);
  const o = out.join("");
  return { code, out: o, err: err.join(""), json: o ? JSON.parse(o) : null };
}

/** Every leaf of a JSON value with its path. */
export function leaves(v: unknown, at: string[] = []): { path: string[]; value: unknown }[] {
  if (typeof v === "object" && v !== null && !Array.isArray(v)) return Object.entries(v).flatMap(([k, x]) => leaves(x, [...at, k]));
  return [{ path: at, value: v }];
}
