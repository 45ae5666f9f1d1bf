// The sandbox oracle's API: run a command for real in the planted world and report what it did,
// as effects placed in loci and the level the regions/levels files say those effects need.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { join, loadLevels, needOf, type LevelTable } from "../../src/policy/levels.ts";
import type { Effect, Need } from "../../src/policy/model.ts";
import { compileRegions, loadRegions, normalizeAbsolute, type CompiledRegions } from "../../src/policy/regions.ts";
import { analyze, denoise, type RawEffect, type TokenReport, type WorldView } from "./analyze.ts";
import { CONTROL, DEFAULT_LIMITS, ensureTemplate, removeOrphans, runOnce, type AltWorld, type Limits, type Template } from "./sandbox.ts";
import { parseTrace } from "./trace.ts";
import { diff, snapshot, type Change, type Snapshot } from "./tree.ts";
import { unboundedDeletes } from "./extent.ts";
import { ANCHORS, CANARIES, ENV_CANARIES, HOME, PROJECT, SIBLING, TMP, WORKTREE, type Canary } from "./world.ts";
import { envInTexts, tokenOrigin } from "./envcanary.ts";

export interface ObserveOptions {
  /** Where the command starts: relative to the project root, or absolute inside the sandbox. */
  cwd?: string;
  /** Wall time before the whole process tree is killed (default 5000). */
  timeoutMs?: number;
  /** Run under a pseudo-terminal, so pagers and tty-only behaviour fire. */
  pty?: boolean;
  /** Bytes fed to the command's stdin (default none). */
  stdin?: string;
  limits?: Partial<Omit<Limits, "timeoutMs">>;
  /** Run in another world with the same layout (sandbox.ts AltWorld); default: the planted world. */
  world?: AltWorld;
}

export interface Observation {
  command: string;
  /** Absolute cwd inside the sandbox. */
  cwd: string;
  /** Deduplicated, sorted; noise removed. */
  effects: Effect[];
  /** The least level admitting every effect ("paranoid" when there is none). */
  observedLevel: Need;
  /** The same, ignoring effects made inside trusted code (`via: "trusted-code"`). */
  observedLevelUntrusted: Need;
  /** Anchor files whose canary showed up in stdout, stderr or a written file; `$NAME` for a secret
   * environment variable whose token showed up there or in the argv of a program it ran. */
  disclosed: string[];
  /** Killed at the time limit: the effects are only what happened before. Never a label. */
  timedOut: boolean;
  /** Killed for too much output. Never a label either. */
  truncated: boolean;
  /** Killed for running more than the process limit at once. Never a label either. */
  processLimitHit: boolean;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  /** "program path": a network client reading its own credential file (see CREDENTIAL_USE); not effects. */
  credentialUse: string[];
  /** Files the command created and removed again (see isTransient); not effects. */
  transient: string[];
  /** What changed in the writable tree (home and /tmp). */
  changes: Change[];
  /** CPU time inside the sandbox (world copy, strace, the command), ms; null when killed. */
  cpuMs: number | null;
}

/** The world's layout, for classifying a command with the context the oracle ran it in. */
export const world = {
  home: HOME,
  project: PROJECT,
  worktree: WORKTREE,
  sibling: SIBLING,
  tmp: TMP,
  canaries: CANARIES as readonly Canary[],
} as const;

export interface SandboxContext {
  cwd: string;
  roots: string[];
  home: string;
  tmp: string[];
}

export function sandboxContext(cwd?: string): SandboxContext {
  return { cwd: resolveCwd(cwd), roots: [...ANCHORS.roots], home: ANCHORS.home, tmp: [...ANCHORS.tmp] };
}

function resolveCwd(cwd: string | undefined): string {
  if (!cwd) return PROJECT;
  return normalizeAbsolute(cwd.startsWith("/") ? cwd : `${PROJECT}/${cwd}`);
}

interface Shared {
  template: Template;
  before: Snapshot;
  regions: CompiledRegions;
  levels: LevelTable;
  /** /etc files the sandbox binds over the host's (passwd, resolv.conf...). */
  etcOverrides: Set<string>;
}
/** Per world: "" for the planted world, else the AltWorld's id. */
const sharedByWorld = new Map<string, Shared>();
const systemLinks = new Map<string, string | null>();
function setup(alt?: AltWorld): Shared {
  const key = alt?.id ?? "";
  const have = sharedByWorld.get(key);
  if (have) return have;
  const template = ensureTemplate(alt);
  removeOrphans();
  const before = snapshot(path.join(template.dir, "home"), "/home");
  snapshot(path.join(template.dir, "tmp"), "/tmp", before);
  const etcOverrides = new Set(fs.readdirSync(path.join(template.dir, "etc")).map((n) => `/etc/${n}`));
  const shared: Shared = { template, before, regions: compileRegions(loadRegions(), ANCHORS), levels: loadLevels(), etcOverrides };
  sharedByWorld.set(key, shared);
  return shared;
}

export async function observe(command: string, options: ObserveOptions = {}): Promise<Observation> {
  const s = setup(options.world);
  const cwd = resolveCwd(options.cwd);
  if (/^\/(home|tmp)(\/|$)/.test(cwd) && s.before.get(cwd)?.type !== "dir")
    throw new Error(`cwd ${cwd} is not a directory of the planted world; use a path relative to ${PROJECT} or an absolute one (see world)`);
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits, timeoutMs: options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs };
  const raw = await runOnce(s.template, command, { cwd, pty: options.pty ?? false, stdin: options.stdin ?? "", limits });
  try {
    const toHost = (p: string): string | null => {
      if (p === "/home" || p.startsWith("/home/")) return raw.runDir + p;
      if (p === "/tmp" || p.startsWith("/tmp/")) return raw.runDir + p;
      if (p === "/proc" || p.startsWith("/proc/") || p === CONTROL || p.startsWith(CONTROL + "/")) return null;
      if (s.etcOverrides.has(p)) return path.join(s.template.dir, "etc", path.basename(p)); // bound over the host's file
      // system dirs are the host's own, bound read-only; anything else does not exist in the sandbox
      return /^\/(usr|etc|opt|var|sys|bin|sbin|lib|lib64|lib32|libx32|dev)(\/|$)/.test(p) ? p : null;
    };
    const inWorld = (p: string) => /^\/(home|tmp)(\/|$)/.test(p);
    const runLinks = new Map<string, string | null>();
    const view: WorldView = {
      readlink: (p) => {
        const h = toHost(p);
        if (!h) return null;
        // system dirs are read-only binds: their links never change, so cache them for the process
        const cache = inWorld(p) ? runLinks : systemLinks;
        let v = cache.get(p);
        if (v === undefined) {
          try {
            v = fs.readlinkSync(h);
          } catch {
            v = null;
          }
          cache.set(p, v);
        }
        return v;
      },
      isSetid: (p) => {
        const h = toHost(p);
        if (!h) return false;
        try {
          return (fs.statSync(h).mode & 0o6000) !== 0;
        } catch {
          return false;
        }
      },
      existedBefore: (p) => (inWorld(p) ? s.before.has(p) : toHost(p) !== null && lexists(toHost(p)!)),
      existsAfter: (p) => {
        const h = toHost(p);
        return h !== null && lexists(h);
      },
    };
    const calls = parseTrace(raw.trace);
    const report: TokenReport = { uses: [], trustedRan: false };
    const effects = analyze({ calls, cwd, world: view, locate: s.regions.locate, home: HOME, tokens: ENV_CANARIES, report });

    const reuse = { before: s.before, changedAfterMs: raw.copiedAtMs };
    const after = snapshot(path.join(raw.runDir, "home"), "/home", new Map(), reuse);
    snapshot(path.join(raw.runDir, "tmp"), "/tmp", after, reuse);
    const changes = diff(s.before, after);
    // the tree diff backs strace up: a change with no matching attempt still counts
    for (const ch of changes) {
      const op = ch.change === "removed" ? "delete" : "write";
      if (!effects.some((e) => e.op === op && e.target === ch.path)) effects.push({ op, locus: s.regions.locate(ch.path), target: ch.path, ok: true });
    }

    // Deletes that take a whole project, a sibling repository or a shared temp dir's content.
    const deleted = new Set(effects.filter((e) => e.op === "delete" && e.ok).map((e) => e.target));
    for (const e of unboundedDeletes({ before: s.before, changes, deleted, roots: ANCHORS.roots, tmp: ANCHORS.tmp, locate: s.regions.locate })) effects.push({ ...e, ok: true });

    const disclosed = findCanaries(raw.stdout, raw.stderr, changes, after, raw.runDir);
    for (const u of report.uses) if (!disclosed.includes(`$${u.name}`)) disclosed.push(`$${u.name}`);
    // A secret variable disclosed while trusted code ran: who let it out first? Run again with
    // writes traced to see (rare: most commands run no trusted code, and then it was the shell).
    const envDisclosed = disclosed.filter((d) => d.startsWith("$"));
    let origin = new Map<string, boolean>();
    if (envDisclosed.length && report.trustedRan) origin = await attribute(s, command, cwd, options, limits, view);
    for (const d of disclosed) {
      // `$NAME`: a secret from the environment (the regions table places paths, not variables)
      const locus = d.startsWith("$") ? "secret" : s.regions.locate(d);
      if (locus !== "secret" || effects.some((e) => e.op === "read" && e.target === d)) continue;
      effects.push({ op: "read", locus, target: d, ok: true, ...(origin.get(d.slice(1)) ? { via: "trusted-code" as const } : {}) });
    }

    // A create that failed because its directory did not exist yet, followed by a successful
    // write in that directory (git's objects/xx/tmp_obj_RANDOM before mkdir xx), is the same
    // write retried: keep the one that happened, so the random name does not leak into effects.
    const created = new Set(effects.filter((e) => e.op === "write" && e.ok).map((e) => path.posix.dirname(e.target)));
    const retried = (e: RawEffect) => e.op === "write" && !e.ok && e.errno === "ENOENT" && created.has(path.posix.dirname(e.target));
    const transient = new Set<string>();
    const credentialUse = new Set<string>();
    const kept = denoise(effects, CONTROL).filter((e) => {
      if (retried(e)) return false;
      if (e.credentialOf && !disclosed.includes(e.target)) {
        credentialUse.add(`${e.credentialOf} ${e.target}`);
        return false;
      }
      if (!isTransient(e, view)) return true;
      if (e.op === "write") transient.add(e.target);
      return false;
    });
    const final = dedupe(kept.map((e) => (e.op === "write" && !view.existedBefore(e.target) ? { ...e, target: maskTimestamp(e.target) } : e)));
    return {
      command,
      cwd,
      effects: final,
      observedLevel: levelOf(s.levels, final),
      observedLevelUntrusted: levelOf(s.levels, final.filter((e) => e.via !== "trusted-code")),
      transient: [...transient].sort(),
      credentialUse: [...credentialUse].sort(),
      disclosed,
      timedOut: raw.timedOut,
      truncated: raw.truncated,
      processLimitHit: raw.processLimitHit,
      stdout: raw.stdout,
      stderr: raw.stderr,
      exitCode: raw.exitCode,
      changes,
      cpuMs: raw.cpuMs,
    };
  } finally {
    raw.cleanup();
  }
}

/**
 * For each secret variable, whether the first process that let its token out (in a program's
 * argv, or writing it anywhere) ran trusted code, from a second run with writes traced.
 */
async function attribute(s: Shared, command: string, cwd: string, options: ObserveOptions, limits: Limits, view: WorldView): Promise<Map<string, boolean>> {
  const raw = await runOnce(s.template, command, { cwd, pty: options.pty ?? false, stdin: options.stdin ?? "", limits, traceWrites: true });
  try {
    const report: TokenReport = { uses: [], trustedRan: false };
    analyze({ calls: parseTrace(raw.trace), cwd, world: view, locate: s.regions.locate, home: HOME, tokens: ENV_CANARIES, report });
    return tokenOrigin(report.uses);
  } finally {
    raw.cleanup();
  }
}

export type BatchItem = string | { command: string; options?: ObserveOptions };

/** Observes many commands, `concurrency` at a time (default: one per core); results in input order. */
export async function observeMany(items: BatchItem[], opts: { concurrency?: number } = {}): Promise<Observation[]> {
  const concurrency = Math.max(1, opts.concurrency ?? os.cpus().length);
  const results: Observation[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    // after one failure no new run starts; the batch rejects once the running ones finish
    while (next < items.length && !failed) {
      const i = next++;
      const it = items[i]!;
      try {
        results[i] = typeof it === "string" ? await observe(it) : await observe(it.command, it.options);
      } catch (e) {
        failed = true;
        throw new Error(`observing item ${i} (${typeof it === "string" ? it : it.command}): ${(e as Error).message}`);
      }
    }
  };
  const first = items[0];
  setup(first !== undefined && typeof first !== "string" ? first.options?.world : undefined);
  const settled = await Promise.allSettled(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  const err = settled.find((r) => r.status === "rejected");
  if (err) throw (err as PromiseRejectedResult).reason;
  return results;
}

export function levelOf(table: LevelTable, effects: readonly Pick<Effect, "op" | "locus" | "kind">[]): Need {
  return effects.reduce<Need>((acc, e) => join(table, acc, needOf(table, e)), "paranoid");
}

function lexists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * A file the command created and removed again (git's index.lock, mkstemp files, editors' swap
 * files) changed nothing that outlives the command: its successful writes and reads are reported
 * in `transient`, not as effects (their names are often random, and they would make a read-only
 * `git status` look like an edit). A FAILED attempt is never transient: it stays an effect.
 */
function isTransient(e: RawEffect, view: WorldView): boolean {
  // outside the tree diff's reach (/dev/shm: POSIX semaphores and shared memory), the trace
  // itself shows the file created and removed again
  if (e.ok && e.gone && (e.op === "write" || e.op === "read") && !/^\/(home|tmp)\//.test(e.target)) return true;
  if (!e.ok || (e.op !== "write" && e.op !== "read") || !/^\/(home|tmp)\//.test(e.target)) return false;
  return !view.existedBefore(e.target) && !view.existsAfter(e.target);
}

/** A file the command created with a date-time stamp in its name (npm's debug log) gets the stamp
 * masked, so that the same command gives the same effects at another time. */
export function maskTimestamp(p: string): string {
  const base = path.posix.basename(p);
  const masked = base.replace(/\d{4}-\d{2}-\d{2}[T_ ]\d{2}[:_-]\d{2}[:_-]\d{2}([._,]\d+)?Z?/g, "<timestamp>");
  return masked === base ? p : path.posix.join(path.posix.dirname(p), masked);
}

function dedupe(effects: Effect[]): Effect[] {
  const byKey = new Map<string, Effect>();
  for (const e of effects) {
    const clean: Effect = { op: e.op, locus: e.locus, target: e.target };
    if (e.kind) clean.kind = e.kind;
    if (e.via) clean.via = e.via;
    byKey.set(JSON.stringify([e.op, e.locus, e.target, e.kind ?? "", e.via ?? ""]), clean);
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
}

function findCanaries(stdout: string, stderr: string, changes: Change[], after: Snapshot, runDir: string): string[] {
  const texts: { from: string; text: string }[] = [{ from: "stdout", text: stdout }, { from: "stderr", text: stderr }];
  for (const ch of changes) {
    if (ch.change === "removed" || after.get(ch.path)?.type !== "file") continue;
    try {
      const buf = fs.readFileSync(runDir + ch.path);
      if (buf.length <= 4 * 1024 ** 2) texts.push({ from: ch.path, text: buf.toString("latin1") });
    } catch {
      // vanished after the snapshot: nothing to search
    }
  }
  // a canary inside its own (edited) anchor file is not a disclosure
  const files = CANARIES.filter((c) => texts.some((t) => t.from !== c.path && t.text.includes(c.token))).map((c) => c.path);
  return [...files, ...envInTexts(texts.map((t) => t.text), ENV_CANARIES)];
}
