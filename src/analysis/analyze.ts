// One command through the front end and the walk: parse, directory context, walk (twice when
// the first pass relied on something the command itself may change), located effects.
import type { Script } from "../shell/ast.ts";
import { ParseError } from "../shell/errors.ts";
import type { CompiledRegions } from "../policy/regions.ts";
import type { ArgWord, Interpretation, Invoked } from "./registry/types.ts";
import type { DirContext } from "./context.ts";
import type { EnvVectors } from "./envvectors.ts";
import { DEFAULT_GLOB, type Shell } from "./shellstate.ts";
import type { WalkResult } from "./types.ts";
import { DEFAULT_LIMITS, Placement, type Deps, type Limits, type WriteRecord } from "./place.ts";
import { type Scope } from "./shellstate.ts";
import { walkScript } from "./evaluate.ts";
import { memoFs } from "./fs.ts";

/** What the placement needs (place.ts Deps), and the walk's limits. */
export interface AnalyzeDeps extends Deps {
  limits?: Limits;
}

export interface Analysis extends WalkResult {
  parseError: { message: string; pos: number; code: string } | null;
  passes: number;
}

export function initialShell(ctx: DirContext, env: Record<string, string | undefined>): Shell {
  const base = { logical: ctx.cwd.logical, physical: ctx.cwd.physical };
  return {
    bases: { known: true, list: [base] },
    oldpwd: null,
    stack: [],
    physicalCd: false,
    home: ctx.home,
    cdpath: env.CDPATH ? env.CDPATH.split(":") : null,
    defaultIfs: true,
    codeTaint: null,
    glob: DEFAULT_GLOB,
    assigned: null,
  };
}

/**
 * Writes that may happen in any order relative to the rest: those inside concurrent parts, and
 * everything after the first concurrent part started (it may still be running).
 */
function concurrent(w: Placement): Map<string, WriteRecord> {
  if (w.written.size === 0) return new Map();
  return new Map([...w.written].filter(([, r]) => r.async || r.seq >= w.firstAsync));
}

export function analyze(command: string, deps: AnalyzeDeps, env: Record<string, string | undefined> = {}): Analysis {
  let script: Script;
  try {
    script = deps.parse(command);
  } catch (e) {
    const pe = e instanceof ParseError ? e : null;
    const pos = pe ? pe.pos : 0;
    const message = pe ? pe.message : `the parser failed: ${(e as Error).message}`;
    return {
      effects: [
        {
          op: "exec",
          locus: "unknown",
          target: "<unparsed>",
          kind: "unmodelled",
          source: { pos, end: Math.min(command.length, pos + 1), text: command.slice(pos, pos + 20) },
          why: `the command does not parse: ${message}`,
          command: -1,
        },
      ],
      commands: [],
      parseError: { message, pos, code: pe ? pe.code : "internal-error" },
      passes: 0,
    };
  }
  const c = deps.ctx;
  const ctx: DirContext = c.fs ? { cwd: c.cwd, roots: c.roots, repos: c.repos, home: c.home, tmp: c.tmp, fs: memoFs(c.fs, c.seen), anchors: c.anchors, seen: c.seen } : c;
  const d: Deps = { parse: deps.parse, interpret: deps.interpret, vectors: deps.vectors, regions: deps.regions, ctx, shell: deps.shell };
  const run = (pre: Placement | null): Placement => {
    const w = new Placement(d, deps.limits ?? DEFAULT_LIMITS);
    w.env = env;
    if (pre) {
      // Only concurrent writers can land before an earlier-looking use; sequential ones were seen in order.
      w.preseed = concurrent(pre);
      w.preOpaque = pre.opaqueWrites;
    }
    const sc: Scope = { src: command, origin: null, depth: 0, fnDepth: 0, via: "", stdin: { t: "inherited" }, async: false };
    walkScript(w, script, initialShell(deps.ctx, env), sc);
    return w;
  };
  let w = run(null);
  let passes = 1;
  // Pass 1 saw writes in order; a background job or a later write may land before a use.
  // Re-walk with everything the command writes known up front when a decision depended on it.
  const conc = concurrent(w);
  if (conc.size > 0 && (w.reliedAbsent.length > 0 || [...conc.values()].some((r) => r.symlink))) {
    w = run(w);
    passes = 2;
  }
  return { effects: w.effects, commands: w.commands, parseError: null, passes };
}
