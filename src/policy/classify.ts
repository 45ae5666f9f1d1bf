// The classifier core: one command, a context and the data (registry, regions, levels, env
// vectors) in; a verdict out. No data loading here: index.ts loads the shipped TOML files, the
// hook's bundle loads prebuilt data (and must not pull in zod through the TOML loaders).
import os from "node:os";
import { parse } from "../shell/index.ts";
import type { LevelTable } from "./levels.ts";
import { compileRegions, type CompiledRegions, type Regions } from "./regions.ts";
import { DEFAULT_LEVEL, LEVELS, type Level } from "./model.ts";
import { decide, type Verdict } from "./verdict.ts";
import { interpret } from "../analysis/registry/interpret.ts";
import type { Registry } from "../analysis/registry/compiled.ts";
import type { EnvVectors } from "../analysis/envvectors.ts";
import { buildContext, type DirContext } from "../analysis/context.ts";
import { realFs, type FsLike } from "../analysis/fs.ts";
import { analyze } from "../analysis/analyze.ts";
import { DEFAULT_LIMITS } from "../analysis/place.ts";
import { allowFirst, approval, denied, denyEffect, overlayRegistry, type CustomRules } from "./custom.ts";

/**
 * The parser refuses a text of more commands than the walk would follow, or of more words and
 * operators than a verdict's time budget covers (docs/DESIGN.md, "Performance budgets"): 100 KB
 * of `;ls` is 33,000 commands, and parsing them all cost more than the whole budget. Inner
 * scripts (bash -c, eval) are parsed with the same limits.
 */
const PARSE_LIMITS = { maxCommands: DEFAULT_LIMITS.maxCommands, maxTokens: 10_000 };
const parseBounded = (src: string) => parse(src, PARSE_LIMITS);

export interface ClassifyContext {
  /** The configured level (default `developer`). */
  level?: Level;
  /** Where the command starts (default: process.cwd()). */
  cwd?: string;
  /** Project roots; default CLAUDE_PROJECT_DIR from `env`, else the git toplevel of cwd. Linked worktrees are added. */
  roots?: string[];
  /** HOME (default: env.HOME, else os.homedir()). */
  home?: string;
  /** Temp dirs (default /tmp, /var/tmp and env.TMPDIR). */
  tmp?: string[];
  /** The environment the command will run with (default: process.env). Read: CLAUDE_PROJECT_DIR, HOME, TMPDIR, CDPATH, XDG_CONFIG_HOME, CLAUDE_CONFIG_DIR, XDG_STATE_HOME. */
  env?: Record<string, string | undefined>;
  /**
   * The filesystem to resolve symlinks and find git worktrees. null: lexical only, conservative.
   * Default: node:fs, looked at afresh on every call. An fs object you pass is taken as a view
   * that does not change between the calls it is passed to: where the cwd, roots, HOME and temp
   * dirs really are is worked out once per object. Pass a new object (`{ ...realFs }`) when the
   * filesystem may have changed since the last call (the hook daemon does, for each command).
   * Either way, directory listings of node:fs are reused across calls only while an lstat
   * shows the directory unchanged (src/analysis/listings.ts).
   */
  fs?: FsLike | null;
  /** The shell that will run the command (default bash). Others: constructs that differ are not approved. */
  shell?: string;
  /**
   * Custom rules (the user's config: declared commands, allow and deny patterns; policy/custom.ts).
   * The CLI and the hook fill this from the config files; a library caller may pass its own.
   */
  rules?: CustomRules;
}

/** Everything a verdict is computed from besides the command and its context. */
export interface ClassifierTables {
  registry: Registry;
  levels: LevelTable;
  regions: Regions;
  vectors: EnvVectors;
}

/** Compiled regions per regions table, then per anchors. */
const compiled = new WeakMap<Regions, Map<string, CompiledRegions>>();
const contexts = new WeakMap<object, Map<string, DirContext>>();
const NO_FS = {};


/** The last context handed out, and exactly what it was built from (a host asks again and again for the same). */
let last: { fs: FsLike | null; cwd: string | undefined; roots: string[] | undefined; home: string | undefined; tmp: string[] | undefined; env: readonly (string | undefined)[]; context: DirContext } | null = null;

const sameList = (a: string[] | undefined, b: string[] | undefined) => a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]));

function contextFor(ctx: ClassifyContext, env: Record<string, string | undefined>, fs: FsLike | null): DirContext {
  // A fresh view is a new fs object, so it never hits. The fields are compared by value, so a
  // caller that edits its context object in place between calls is still seen.
  const e = [env.HOME, env.CLAUDE_PROJECT_DIR, env.TMPDIR, env.XDG_CONFIG_HOME, env.CLAUDE_CONFIG_DIR, env.XDG_STATE_HOME];
  if (last && last.fs === fs && last.cwd === ctx.cwd && last.home === ctx.home && sameList(last.roots, ctx.roots) && sameList(last.tmp, ctx.tmp) && last.env.every((x, i) => x === e[i])) {
    if (ctx.cwd !== undefined) return last.context; // a default cwd is process.cwd(), which may move
  }
  const c = contextLookup(ctx, env, fs);
  last = { fs, cwd: ctx.cwd, roots: ctx.roots?.slice(), home: ctx.home, tmp: ctx.tmp?.slice(), env: e, context: c };
  return c;
}

function contextLookup(ctx: ClassifyContext, env: Record<string, string | undefined>, fs: FsLike | null): DirContext {
  const input = {
    cwd: ctx.cwd ?? process.cwd(),
    roots: ctx.roots,
    home: ctx.home ?? env.HOME ?? os.homedir(),
    tmp: ctx.tmp,
    env: { CLAUDE_PROJECT_DIR: env.CLAUDE_PROJECT_DIR, TMPDIR: env.TMPDIR, XDG_CONFIG_HOME: env.XDG_CONFIG_HOME, CLAUDE_CONFIG_DIR: env.CLAUDE_CONFIG_DIR, XDG_STATE_HOME: env.XDG_STATE_HOME },
    fs,
  };
  const key = `${input.cwd}\u0000${input.roots?.join("\u0001") ?? "-"}\u0000${input.home}\u0000${input.tmp?.join("\u0001") ?? "-"}\u0000${input.env.CLAUDE_PROJECT_DIR ?? "-"}\u0000${input.env.TMPDIR ?? "-"}\u0000${input.env.XDG_CONFIG_HOME ?? "-"}\u0000${input.env.CLAUDE_CONFIG_DIR ?? "-"}\u0000${input.env.XDG_STATE_HOME ?? "-"}`;
  let m = contexts.get(fs ?? NO_FS);
  if (!m) contexts.set(fs ?? NO_FS, (m = new Map()));
  let c = m.get(key);
  if (!c) {
    c = buildContext(input);
    if (m.size > 64) m.clear();
    m.set(key, c);
  }
  return c;
}

const compiledByContext = new WeakMap<Regions, WeakMap<DirContext, CompiledRegions>>();

function regionsFor(r: Regions, c: DirContext): CompiledRegions {
  let byContext = compiledByContext.get(r);
  if (!byContext) compiledByContext.set(r, (byContext = new WeakMap()));
  const quick = byContext.get(c);
  if (quick) return quick;
  let byAnchors = compiled.get(r);
  if (!byAnchors) compiled.set(r, (byAnchors = new Map()));
  const key = JSON.stringify(c.anchors);
  let hit = byAnchors.get(key);
  if (!hit) {
    // Anchors list every spelling (as given and physical); the compiler takes one home.
    const base = compileRegions(r, { home: c.home, roots: c.anchors.roots, tmp: c.anchors.tmp, config: c.anchors.config, claude: c.anchors.claude, state: c.anchors.state });
    // Memoised per anchors, not per context: a path's place depends on its spelling and the
    // anchors alone, so contexts built afresh for each command (the hook daemon's) share it.
    hit = memoRegions(c.anchors.home.length > 1 ? withHomes(r, c, base) : base);
    // A long-lived host (the hook daemon) meets a few projects; bounded memory for the rest.
    if (byAnchors.size > 16) byAnchors.clear();
    byAnchors.set(key, hit);
  }
  byContext.set(c, hit);
  return hit;
}

/** The same paths come up command after command (the cwd, README.md...): remember their places. */
function memoRegions(r: CompiledRegions): CompiledRegions {
  const cache = new Map<string, { locus: ReturnType<CompiledRegions["locate"]>; pattern: string | null }>();
  return {
    explain(p) {
      let hit = cache.get(p);
      if (!hit) {
        hit = r.explain(p);
        // Big enough for the tree listing of a large project to fit (at most 16 of these).
        if (cache.size > 16384) cache.clear();
        cache.set(p, hit);
      }
      return hit;
    },
    locate(p) {
      return this.explain(p).locus;
    },
    ...(r.names ? { names: r.names } : {}),
    ...(r.namesOf ? { namesOf: r.namesOf } : {}),
    ...(r.treesOf ? { treesOf: r.treesOf } : {}),
    secretVariable: r.secretVariable,
  };
}

/** HOME given through a symlink: paths are physical, but match either spelling. */
function withHomes(r: Regions, c: DirContext, physical: CompiledRegions): CompiledRegions {
  const others = c.anchors.home.filter((h) => h !== c.home).map((h) => compileRegions(r, { home: h, roots: c.anchors.roots, tmp: c.anchors.tmp, config: c.anchors.config, claude: c.anchors.claude, state: c.anchors.state }));
  return {
    explain(p) {
      const a = physical.explain(p);
      if (a.pattern !== null) return a;
      for (const o of others) {
        const b = o.explain(p);
        if (b.pattern !== null) return b;
      }
      return a;
    },
    locate(p) {
      return this.explain(p).locus;
    },
    ...(physical.names ? { names: physical.names } : {}),
    ...(physical.namesOf ? { namesOf: physical.namesOf } : {}),
    // the trees under every spelling of HOME
    ...(physical.treesOf ? { treesOf: (loci: readonly string[]) => [...physical.treesOf!(loci), ...others.flatMap((o) => o.treesOf?.(loci) ?? [])] } : {}),
    secretVariable: physical.secretVariable,
  };
}

let envSnapshot: Record<string, string | undefined> | null = null;

/** The variables classify reads from process.env, read once (each process.env access is a call into the runtime). */
function processEnv(): Record<string, string | undefined> {
  envSnapshot ??= {
    HOME: process.env.HOME,
    CLAUDE_PROJECT_DIR: process.env.CLAUDE_PROJECT_DIR,
    TMPDIR: process.env.TMPDIR,
    CDPATH: process.env.CDPATH,
    XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME,
    CLAUDE_CONFIG_DIR: process.env.CLAUDE_CONFIG_DIR,
    XDG_STATE_HOME: process.env.XDG_STATE_HOME,
  };
  return envSnapshot;
}

/** Decides whether `command` may be auto-approved at `ctx.level` (default developer), with these tables. */
export function classifyWith(d: ClassifierTables, command: string, ctx: ClassifyContext): Verdict {
  const level = ctx.level ?? DEFAULT_LEVEL;
  if (!(LEVELS as readonly string[]).includes(level)) {
    throw new Error(`unknown level "${String(level)}": use one of ${LEVELS.join(", ")}`);
  }
  const env = ctx.env ?? processEnv();
  // A new object each call: nothing about the real filesystem is trusted from an earlier call
  // (listings are reused only while shown unchanged: analysis/listings.ts).
  const fs = ctx.fs === undefined ? { ...realFs } : ctx.fs;
  const c = contextFor(ctx, env, fs);
  const shell = ctx.shell ? ctx.shell.replace(/^.*\//, "") : "bash";
  const regions = regionsFor(d.regions, c);
  const rules = ctx.rules && (ctx.rules.registry || ctx.rules.allow.length || ctx.rules.deny.length) ? ctx.rules : null;
  const registry = rules?.registry ? overlayRegistry(d.registry, rules.registry) : d.registry;
  const plain = (argv: Parameters<typeof interpret>[1]) => interpret(registry, argv);
  const a = analyze(
    command,
    {
      parse: parseBounded,
      interpret: rules?.allow.length ? allowFirst(rules, plain, (dir) => regions.locate(dir) === "worktree") : plain,
      vectors: d.vectors,
      regions,
      ctx: c,
      shell,
    },
    // CDPATH for `cd`; variables that add a tool's options (registry `walk` unsure_env) for tree reads.
    env,
  );
  let effects = a.effects;
  let deny: ReturnType<typeof denied> = null;
  if (rules) {
    deny = denied(rules, a.commands);
    if (deny) effects = [denyEffect(deny), ...effects];
  }
  const v = decide(d.levels, level, command, effects, a.commands, {
    command,
    shell,
    cwd: c.cwd.physical,
    roots: c.roots,
    home: c.home,
    tmp: c.tmp,
    parseError: a.parseError,
  }, rules ? (e) => approval(rules, e) : undefined);
  if (deny) v.denied = { rule: deny.rule.where, message: deny.rule.message ?? "" };
  return v;
}
