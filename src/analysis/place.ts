// Placement: where the effects of the evaluated commands land. Effect emission, path placement
// against the directory context (loci, globs, tree scans),
// the record of what this command writes (for symlinks it creates, directories it creates and
// files it writes and then runs), and the dependencies (registry, env vectors, regions). It reads
// shell state (shellstate.ts) and never the evaluator (evaluate.ts), which drives it.
import path from "node:path";
import type { Arithmetic, FunctionDef, Script, Word } from "../shell/ast.ts";
import { COMMAND_BRACE_WORK_LIMIT, type BraceWork } from "../shell/braces.ts";
import type { CompiledRegions } from "../policy/regions.ts";
import type { Kind, Locus, Op, Source } from "../policy/model.ts";
import type { ArgWord, Interpretation, Invoked, Into } from "./registry/types.ts";
import { gitToplevel, type DirContext } from "./context.ts";
import type { EnvVectors } from "./envvectors.ts";
import { globPrefix, hasGlob, lexical, resolvePath, segmentRegExp } from "./paths.ts";
import { isProcessEntry, procGlob } from "./globs.ts";
import { listDir, tryLstat as tryLstatSafe, tryRead, type FsLike } from "./fs.ts";
import { TrackedFilesCache } from "./gitindex.ts";
import type { Stamp } from "./listings.ts";
import { WALK_BUDGET } from "./treescan.ts";
import { filters, IGNORE_NAMES, WalkPlan, type WalkFilter } from "./walkfilter.ts";
import type { Bases, GlobOpts, Shell, Scope } from "./shellstate.ts";
import type { CommandRecord, LocatedEffect } from "./types.ts";
import { scanCodeLoads, scanInlineCode, scanInlineEnv, scanModulePaths } from "./evidence.ts";
import { envReads } from "./secretvars.ts";
import type { WordEnv } from "./words.ts";
import type { PrintedNames } from "./names.ts";

/** git indexes parsed lately, reused for the same bytes only (a verdict's answer depends on nothing else). */
const trackedIndexes = new TrackedFilesCache();

export interface Deps {
  parse(src: string): Script;
  /** `how`: asked for only by custom allow rules (src/policy/custom.ts). */
  interpret(argv: ArgWord[], how?: () => Invoked): Interpretation;
  vectors: EnvVectors;
  regions: CompiledRegions;
  ctx: DirContext;
  /** "bash" (default), "zsh", "sh"/"dash", or another shell name. */
  shell: string;
}

export interface Limits {
  /** Nesting of inner scripts (bash -c, eval, source, env-var commands). */
  maxDepth: number;
  /** Nested function calls. */
  maxFunctionDepth: number;
  /** Simple commands visited in total (loops and functions revisit). */
  maxCommands: number;
  /** Paths placed in total, once per possible working directory (each resolves and locates a path). */
  maxPaths: number;
}

/**
 * The walk's work budget per verdict (docs/DESIGN.md, "Performance budgets"): past either count
 * the verdict gets one unmodelled effect (never approved) and the walk stops following commands.
 * The classifier also has the parser refuse a text of more than maxCommands commands.
 */
export const DEFAULT_LIMITS: Limits = { maxDepth: 8, maxFunctionDepth: 8, maxCommands: 4000, maxPaths: 500 };

export interface WriteRecord {
  /** The writer may have created a symlink there (ln, cp, mv, tar, unzip...). */
  symlink: boolean;
  /** Literal content when known (a heredoc or echo redirected into it). */
  content: string | null;
  command: number;
  by: string;
  /** Written by something that runs concurrently with the rest (`&`, a pipeline, `>(..)`): order says nothing. */
  async: boolean;
  /** A whole tree (cp -r, tar x, git checkout): new links may appear below it. */
  recursive: boolean;
  /** Walk order of the write (commands visited so far). */
  seq: number;
}

/** Commands whose recursive reads look at names and metadata only, never file contents. */
/** Readers that look at a file operand only by its metadata (a directory they list); their options' files are read. */
const METADATA_ONLY = new Set(["ls", "dir", "vdir", "du", "stat"]);
/** The names in a directory, none when it cannot be listed. */
const namesIn = (fs: FsLike, dir: string): string[] => {
  try {
    return listDir(fs, dir).map((e) => e.name);
  } catch {
    return [];
  }
};
const toolName = (by: string): string => (by.split(" ")[0] ?? "").replace(/^.*\//, "");
const NAMES_ONLY = new Set(["find", "ls", "du", "tree", "fd", "fdfind", "stat", "git", "wc-names", "dir", "vdir", "chmod", "chown", "touch"]);
const SCAN_LIMIT = 1000;
/** Entries all the tree scans of one verdict may read together (a script may scan many trees). */
const SCANNED_LIMIT = 5 * SCAN_LIMIT;
const SCAN_LOCI = new Set<Locus>(["secret", "self"]);

/**
 * What a tree scan looks at inside a project's git dir (`<root>/.git`) that it meets from
 * above: for a delete or a glob, the vcs-control parts (hooks, info, modules, config,
 * objects/info); for a read, nothing. Everything else there (objects, refs, logs: hundreds of
 * directories in a real repository) is worktree by the regions table, and what a scan looks for
 * in it (a secret's name, a symlink to one) no command approved below yolo can put there: git
 * names its own files, writing a secret's name needs yolo, and so does any other command that
 * can make symlinks writing there, or git checking a tree out there (kind `git-dir-link`).
 * Names map to what is looked at inside them (null: everything).
 */
const GIT_DIR_LOOKED_AT = new Map<string, ReadonlySet<string> | null>([
  [".git", new Set(["hooks", "info", "modules", "config", "objects"])],
  ["objects", new Set(["info"])],
  ["hooks", null],
  ["info", null],
  ["modules", null],
]);

const SYMLINK_MAKERS = new Set(["ln", "mv", "tar", "unzip", "rsync", "cpio", "7z", "bsdtar", "git", "install", "patch", "ar", "pax", "busybox", "python", "python3", "node", "perl", "ruby"]);

const SEEN_SCAN = 16;

/** What a tree scan found: the first interesting place, every interesting locus (one target each), whether it gave up. */
interface ScanResult {
  found: string | null;
  locus: Locus | null;
  truncated: boolean;
  why: string;
  all: { target: string; locus: Locus }[];
  /** A delete scan ("d"): a directory below (or at) the start that holds a `.git`. */
  repo?: string;
}

function effectKey(e: LocatedEffect): string {
  return `${e.op}|${e.locus}|${e.target}|${e.kind ?? ""}|${e.source.pos}|${e.source.end}|${e.command}`;
}

export class Placement {
  readonly effects: LocatedEffect[] = [];
  readonly commands: CommandRecord[] = [];
  private readonly seen = new Set<string>();
  readonly functions = new Map<string, FunctionDef[]>();
  /** The `for` variables of the iteration being walked, with the value each holds (loopvals.ts). */
  readonly loopVals = new Map<string, string>();
  /** A trap was set before this point: its action may run between any two commands (loopvals.ts). */
  trapSet = false;
  /** Definitions that certainly ran before anything after them in the same script (top-level, unconditional). */
  readonly definite = new Map<FunctionDef, string>();
  /** Names assigned in the command to something that is not a plain integer (see arith.ts). */
  readonly tainted = new Set<string>();
  /** Names the command gives the integer attribute (`declare -i`): see integers.ts. */
  readonly integers = new Set<string>();
  readonly written = new Map<string, WriteRecord>();
  /** Pass 2: what pass 1 saw written anywhere in the command, regardless of order. */
  preseed: Map<string, WriteRecord> | null = null;
  /** Something ran whose writes the walk cannot see (project or inline code, unknown programs). */
  opaqueWrites = false;
  /** Pass 2: pass 1 saw opaque writes somewhere in the command. */
  preOpaque = false;
  /** Decisions that relied on a path not being written by this command (checked for pass 2). */
  readonly reliedAbsent: string[] = [];
  /** The environment the command starts with (variables that add a tool's options, walkfilter.ts). */
  env: Readonly<Record<string, string | undefined>> = {};
  commandsVisited = 0;
  /** Paths placed so far (see Limits.maxPaths). */
  pathsPlaced = 0;
  /** Entries read by this verdict's tree scans (see SCANNED_LIMIT). */
  private entriesScanned = 0;
  /** Brace expansion work left for this command's words (see COMMAND_BRACE_WORK_LIMIT). */
  readonly braceWork: BraceWork = { left: COMMAND_BRACE_WORK_LIMIT };
  /** Walk order at which the first concurrent part started (Infinity: none). */
  firstAsync = Infinity;
  private budgetHit = false;
  private lstatCache = new Map<string, unknown>();
  private gitDirsMemo: ReadonlySet<string> | null = null;
  /** `xargs -I` runs over find's names still to be followed in this verdict (each is walked). */
  markerRunsLeft = 64;
  private scans = new Map<string, ScanResult>();

  constructor(
    readonly deps: Deps,
    readonly limits: Limits = DEFAULT_LIMITS,
  ) {}

  // ---------- sources ----------

  span(sc: Scope, pos: number, end: number): Source {
    if (sc.origin) return sc.origin;
    return { pos, end, text: sc.src.slice(pos, end) };
  }

  // ---------- effects ----------

  emit(e: LocatedEffect): void {
    if (this.isRepeat(e)) return;
    this.effects.push(e);
    if (e.op === "exec" && e.kind !== "remote") this.opaqueWrites = true;
  }

  /**
   * The same effect from the same place was emitted before. A verdict has a handful of effects:
   * compared field by field; past SEEN_SCAN of them, by a key set (loops can emit thousands).
   */
  private isRepeat(e: LocatedEffect): boolean {
    const same = (x: LocatedEffect) => x.op === e.op && x.locus === e.locus && x.target === e.target && (x.kind ?? "") === (e.kind ?? "") && x.source.pos === e.source.pos && x.source.end === e.source.end && x.command === e.command;
    if (this.effects.length < SEEN_SCAN) return this.effects.some(same);
    if (this.seen.size === 0) for (const x of this.effects) this.seen.add(effectKey(x));
    const key = effectKey(e);
    if (this.seen.has(key)) return true;
    this.seen.add(key);
    return false;
  }

  /** Forgets the effects emitted since `n` (they were a probe), so they may be emitted again. */
  dropEffectsFrom(n: number): void {
    this.effects.length = n;
    this.seen.clear(); // refilled from the effects if they grow past SEEN_SCAN again
  }

  unmodelled(sc: Scope, source: Source, target: string, why: string, command = -1): void {
    this.emit({ op: "exec", locus: "unknown", target, kind: "unmodelled", source, why, command });
  }

  other(op: Op, locus: Locus, target: string, kind: Kind | undefined, source: Source, why: string, command: number): void {
    this.emit({ op, locus, target, kind, source, why, command });
  }

  /** Counts a visited simple command; false (and one unmodelled effect) once the budget is spent. */
  tick(sc: Scope, source: Source): boolean {
    if (sc.async && this.commandsVisited < this.firstAsync) this.firstAsync = this.commandsVisited;
    if (++this.commandsVisited <= this.limits.maxCommands && this.pathsPlaced <= this.limits.maxPaths) return true;
    // The paths budget spent: refused already (placeOne said why); nothing more is followed.
    if (this.pathsPlaced > this.limits.maxPaths) return false;
    if (!this.budgetHit) {
      this.budgetHit = true;
      this.unmodelled(sc, source, "budget", `more than ${this.limits.maxCommands} simple commands to follow (loops, functions, inner shells): refused rather than guessed`);
    }
    return false;
  }

  record(rec: CommandRecord): number {
    this.commands.push(rec);
    return this.commands.length - 1;
  }

  // ---------- writes made by this command ----------

  writeInfo(p: string): WriteRecord | null {
    return this.written.get(p) ?? this.preseed?.get(p) ?? null;
  }

  /** A write record at `p` or above it (a directory this command created or may have replaced). */
  writtenAtOrAbove(p: string, exceptCommand: number, symlinkOnly: boolean): { path: string; rec: WriteRecord } | null {
    if (this.written.size === 0 && (this.preseed === null || this.preseed.size === 0)) return null; // most commands write nothing
    let cur = p;
    for (;;) {
      const r = this.writeInfo(cur);
      if (r && r.command !== exceptCommand && (!symlinkOnly || r.symlink)) return { path: cur, rec: r };
      if (cur === "/" || cur === "") return null;
      const i = cur.lastIndexOf("/");
      cur = i <= 0 ? "/" : cur.slice(0, i);
    }
  }

  /** Something this command writes at or below `p` (so `p` may exist by the time it is used). */
  writtenAtOrBelow(p: string): boolean {
    const pre = p === "/" ? "/" : p + "/";
    for (const m of [this.written, this.preseed]) {
      if (!m) continue;
      for (const k of m.keys()) if (k === p || k.startsWith(pre)) return true;
    }
    return false;
  }

  /** The first write this command makes (this pass's, then the concurrent ones pass 1 saw) that `test` accepts. */
  findWrite(test: (path: string, rec: WriteRecord) => boolean): { path: string; rec: WriteRecord } | null {
    for (const m of [this.written, this.preseed]) {
      if (!m) continue;
      for (const [p, rec] of m) if (test(p, rec)) return { path: p, rec };
    }
    return null;
  }

  noteWrite(paths: string[], rec: WriteRecord): void {
    for (const p of paths) {
      const prev = this.written.get(p);
      this.written.set(p, prev ? { ...rec, symlink: rec.symlink || prev.symlink, content: null } : rec);
    }
  }

  // ---------- placing paths ----------

  /**
   * Places a path effect for every possible base and emits one effect per distinct place.
   * Writes must be inside for every base and reads are outside if any base is: emitting them all
   * and joining their needs gives exactly that.
   */
  placePath(req: {
    op: Op;
    path: string | null;
    recursive?: boolean;
    glob?: boolean;
    kind?: Kind | undefined;
    why: string;
    source: Source;
    command: number;
    bases: Bases;
    sh: Shell;
    sc: Scope;
    /** Registry name of the writer (for symlink-capable writers). */
    by: string;
    /** Literal content written (redirects of literal output). */
    content?: string | null;
    /** false: do not record writes (evidence guessed from inline code is not a fact). */
    record?: boolean;
    /** The writer may create symlinks (from its flags: `cp -a`, `cp -s`...); absent: judged by name. */
    makesLinks?: boolean;
    /** git's own effect on the repository it reads (`.git`): a root's `.git` is then its objects and refs, not what redirects git. */
    ownRepo?: boolean;
    /** Only when something is at the path now, or this command writes it first (registry `exists`). */
    ifExists?: boolean;
    /** Relative to the git work tree's top of each base, not the base (`git grep x :/`; outside a repository, the base). */
    fromGitTop?: boolean;
    /** `path` is looked for in each base directory and every directory above it (registry `upward`). */
    upward?: boolean;
    /** `path` is this variable's value in the command's environment; unset or empty: nothing (registry `from_env`). */
    fromEnv?: string;
    /** The per-process part of a /proc pattern was already made concrete. */
    procDone?: boolean;
    /** Tree scans below the path go through symlinks to directories (`find -L`). */
    follow?: boolean;
    /** A recursive read's own filters (registry `walk`): only what they let through is read. */
    walk?: WalkFilter;
    /** The path is the command's operand (not an option's value): see METADATA_ONLY. */
    operand?: boolean;
    /** A destination the sources may land in (`cp a b DIR`): see registry `into`. */
    into?: Into & { sources: { value: string | null; index: number; glob?: boolean }[] };
  }): void {
    const { op, source, command } = req;
    const emitUnknown = (target: string, why: string) =>
      this.emit({ op, locus: "unknown", target, kind: req.kind, source, why: `${req.why}: ${why}`, command });
    if (req.path === null) return emitUnknown("<dynamic>", "the path is dynamic");
    if (req.upward) return this.placeUpward(req, req.path, emitUnknown);
    if (req.fromEnv) {
      const value = this.env[req.fromEnv];
      return value ? this.placePath({ ...req, fromEnv: undefined, path: value }) : undefined;
    }
    let p = req.path;
    if (p === "~" || p.startsWith("~/")) {
      if (req.sh.home === null) return emitUnknown(p, "HOME was changed to something unknown");
      p = req.sh.home + p.slice(1);
    }
    if (req.glob && p.startsWith("/proc/") && !req.procDone) {
      // The per-process part of /proc is never listed (a listing shows the classifier's own
      // process): the names every process has stand in for it.
      const pg = procGlob(p, req.sh.glob);
      if (pg) {
        for (const alt of pg.paths) this.placePath({ ...req, path: alt, glob: hasGlob(alt), procDone: true });
        if (!pg.global) return;
      }
    }
    const targets: { path: string; recursive: boolean; globRest?: string[]; sweep?: boolean }[] = [];
    if (req.glob) {
      const g = globPrefix(p);
      // A pattern whose every segment takes any name (`/tmp/*`, `dir/*/*`) sweeps what it is in.
      const sweep = g.rest.length > 0 && g.rest.every((x) => x === "**" || /^\*+$/.test(x));
      // A trailing slash makes the match itself a directory, through a symlink (`rm -rf lin?-out/`).
      const rest = p.length > 1 && p.endsWith("/") && g.rest.length > 0 ? [...g.rest, "."] : g.rest;
      targets.push({ path: g.prefix, recursive: true, globRest: req.recursive ? [...rest, "**"] : rest, sweep });
      // With globstar, bash opens every entry below a `**` to see whether it is a directory,
      // through symlinks: a link to a secret file is opened (observed).
      if (req.sh.glob.globstar && g.rest.includes("**")) {
        this.placePath({ ...req, op: "read", path: g.prefix, glob: false, recursive: true, by: "bash", why: `${req.why}: bash lists everything below \`${g.prefix}\` for \`**\``, record: false, into: undefined });
      }
      if (g.dotdot) targets.push({ path: g.prefix === "/" ? "/" : g.prefix + "/..", recursive: true });
      this.globWritten(req, p);
    } else targets.push({ path: p, recursive: !!req.recursive });
    // Asked before this command's own write of the destination is recorded.
    const located = req.into && !req.glob ? this.locate(p, req.bases, req.sh) : null;
    const made = located ? new Set(located.filter((d) => this.madeBefore(d.path, req.command)).map((d) => d.path)) : null;
    // A copy into a directory that exists now (and that nothing earlier in this command made)
    // adds an entry below it: the directory itself is not replaced, so only DEST/NAME is placed.
    // (Removing it first is a delete of its own, judged where it happens.)
    const intoExisting = req.op === "write" && located !== null && located.length > 0 && made!.size === 0 && located.every((d) => this.dirExists(d.path) === true);
    if (!intoExisting) for (const t of targets) {
      if (!t.path.startsWith("/")) {
        if (!req.bases.known) {
          emitUnknown(t.path, `the working directory is unknown (${req.bases.why})`);
          continue;
        }
        for (const b of req.bases.list) {
          if (!req.fromGitTop) this.placeOne(req, b.physical, t.path, t.recursive, t.globRest, t.sweep);
          else {
            // Outside a repository git stops before it reads anything: the base stands in.
            const top = this.deps.ctx.fs ? gitToplevel(this.deps.ctx.fs, b.physical) : null;
            this.placeOne(req, top ?? b.physical, t.path, t.recursive, t.globRest, t.sweep);
          }
        }
      } else this.placeOne(req, "/", t.path, t.recursive, t.globRest, t.sweep);
    }
    if (req.into) this.placeInto(req, p, made ?? new Set());
  }

  /**
   * A name the tool looks for from its working directory up to `/` (ack's `.ackrc`): each of those
   * paths, as the effect says (the tool may stop at the first it finds; every one is the larger read).
   */
  private placeUpward(req: Parameters<Placement["placePath"]>[0], name: string, emitUnknown: (target: string, why: string) => void): void {
    if (!req.bases.known) return emitUnknown(name, `the working directory is unknown (${req.bases.why})`);
    for (const b of req.bases.list) {
      for (let d = b.physical; ; d = d.slice(0, Math.max(1, d.lastIndexOf("/")))) {
        this.placePath({ ...req, upward: false, path: lexical(d + "/" + name) });
        if (d === "/") break;
      }
    }
  }

  /**
   * What lands below a destination that is (or may be by then) a directory: DEST/NAME for each
   * source, and with trees, the source's tree below that (`cp -r hooks .git/`, `ln -s cfg ~/.claude`).
   */
  private placeInto(req: Parameters<Placement["placePath"]>[0], dest: string, made: ReadonlySet<string>): void {
    const into = req.into!;
    const base = { ...req, into: undefined, glob: false, record: req.record };
    let dests: { path: string; locus: Locus }[] | null;
    if (req.glob) {
      // A pattern for the destination: the directories it matches now.
      dests = this.globMatches(dest, req.bases, req.sh);
      if (dests === null) return this.emit({ op: req.op, locus: "unknown", target: dest, kind: req.kind, source: req.source, why: `${req.why}: the destination pattern matches too much to tell where the sources land`, command: req.command });
    } else dests = this.locate(dest, req.bases, req.sh);
    if (!dests) return; // unplaceable: the destination's own effect already says so
    const names = this.deps.regions.names;
    for (const d of dests) {
      // A directory now, a name this command makes (or may make) a directory first, or `-t`/a trailing slash.
      const isDir = into.always || /\/\.?$/.test(dest) || this.dirExists(d.path) === true || made.has(d.path) || (req.glob === true && this.madeBefore(d.path, req.command));
      for (const s of into.sources) {
        const why = (l: string) => `${req.why}: \`${s.value ?? "<dynamic>"}\` lands at \`${l}\``;
        // A remote source (`host:dir/x`) is named by its path there.
        const remote = s.value !== null && /^[^/]*:/.test(s.value) && !s.value.startsWith(".");
        const local = s.value === null ? null : remote ? s.value.slice(s.value.indexOf(":") + 1) : s.value;
        const value = local === null || local === "" ? null : local.replace(/(.)\/+$/, "$1");
        const contents = value !== null && (value === "." || value.endsWith("/.") || (into.slashContents === true && local!.length > 1 && local!.endsWith("/")));
        if (!isDir) {
          // A file or a new name: the destination itself, which a tree lands on as a whole.
          if (into.trees && value !== null && !s.glob) this.landTree(req, remote ? s.value! : value, d.path);
          continue;
        }
        const name = value === null ? null : into.whole ? value.replace(/^(\.?\/)+/, "") : value.slice(value.lastIndexOf("/") + 1);
        if (name === null || s.glob || name === ".." || name === "") {
          if (contents && value !== null) {
            if (into.trees && !s.glob) this.landTree(req, remote ? s.value! : value, d.path);
            continue;
          }
          // The name is not known: every name the regions table singles out in that directory.
          const last = name === null ? null : name.slice(name.lastIndexOf("/") + 1);
          this.landUnknown(req, d.path, last !== null && s.glob ? segmentRegExp(last, req.sh.glob) : null, into.trees);
          continue;
        }
        const l = contents ? d.path : lexical(d.path + "/" + name);
        if (!contents) this.placePath({ ...base, path: l, recursive: into.trees, why: why(l) });
        if (into.trees) this.landTree(req, remote ? s.value! : value!, l);
      }
    }
  }

  /**
   * A name nobody can know lands in `dir` (a dynamic or globbed source, a remote tree): every
   * name the regions table singles out there (matching `re`, if given) is placed.
   */
  private landUnknown(req: Parameters<Placement["placePath"]>[0], dir: string, re: RegExp | null, trees: boolean): void {
    const names = this.deps.regions.names;
    if (!names) {
      this.emit({ op: req.op, locus: "unknown", target: dir, kind: req.kind, source: req.source, why: `${req.why}: a name that cannot be known lands in \`${dir}\``, command: req.command });
      return;
    }
    const plain = this.deps.regions.locate(dir + "/\u0000");
    for (const n of names.samples) {
      if (re && !re.test(n)) continue;
      const l = dir + "/" + n;
      if (this.deps.regions.locate(l) !== plain) this.placePath({ ...req, into: undefined, glob: false, path: l, recursive: trees, why: `${req.why}: a source named \`${n}\` would land at \`${l}\`` });
    }
  }

  /** Did a command before `command` write at or below `p` (it may be a directory by then)? */
  private madeBefore(p: string, command: number): boolean {
    if (this.opaqueWrites || this.preOpaque) return true;
    const pre = p === "/" ? "/" : p + "/";
    for (const m of [this.written, this.preseed]) {
      if (!m) continue;
      for (const [k, r] of m) if (r.command !== command && (k === p || k.startsWith(pre))) return true;
    }
    return false;
  }

  /**
   * A source tree (as written, from the command's bases) landing at `at`: each entry whose name
   * the regions table singles out is placed at its landing path (`cfg/settings.json` copied to
   * `~/.claude` is a self write). Past SCAN_LIMIT entries the landing is unknown.
   */
  private landTree(req: Parameters<Placement["placePath"]>[0], source: string, at: string): void {
    const fs = this.deps.ctx.fs;
    const names = this.deps.regions.names;
    // A remote tree (`host:dir`), or one that cannot be listed: any name may land there.
    if (!fs || (!fs.readdirEntries && !fs.readdirSync) || !names || (/^[^/]*:/.test(source) && !source.startsWith("."))) return this.landUnknown(req, at, null, true);
    const srcs = this.locate(source, req.bases, req.sh);
    for (const s of srcs ?? []) {
      // What this command writes below the source lands too (the listing does not show it yet).
      if (this.opaqueWrites || this.preOpaque) this.landUnknown(req, at, null, true);
      for (const m of [this.written, this.preseed]) {
        for (const [k, rec] of m ?? []) {
          if (rec.command === req.command || !k.startsWith(s.path + "/")) continue;
          const l = at + k.slice(s.path.length);
          this.placePath({ ...req, into: undefined, glob: false, path: l, recursive: rec.recursive, why: `${req.why}: \`${k}\`, written by this command, lands at \`${l}\`` });
          if (rec.recursive) this.landUnknown(req, l, null, true);
        }
      }
      const st = tryLstatSafe(fs, s.path);
      if (!st || !st.isDirectory()) continue;
      const queue: { d: string; rel: string; only?: ReadonlySet<string> | undefined }[] = [{ d: s.path, rel: "" }];
      let seen = 0;
      while (queue.length) {
        const { d, rel, only } = queue.shift()!;
        let entries;
        try {
          entries = listDir(fs, d);
        } catch {
          continue;
        }
        for (const e of entries) {
          if (only && !only.has(e.name)) continue;
          if (++seen > SCAN_LIMIT) {
            this.emit({ op: req.op, locus: "unknown", target: at, kind: req.kind, source: req.source, why: `${req.why}: more than ${SCAN_LIMIT} entries of \`${s.path}\` land below \`${at}\`: too many to tell where`, command: req.command });
            return;
          }
          const r = rel ? rel + "/" + e.name : e.name;
          if (names.test(e.name)) {
            const l = at + "/" + r;
            this.placePath({ ...req, into: undefined, glob: false, path: l, recursive: false, why: `${req.why}: \`${s.path}/${r}\` lands at \`${l}\`` });
          }
          if (e.isDir && !e.isLink) {
            const next = this.lookedAtBelow(only, e.name, d + "/" + e.name, false);
            if (next !== "none") queue.push({ d: d + "/" + e.name, rel: r, only: next });
          }
        }
      }
    }
  }

  /** A path with `~` expanded, and the directories it starts from (null: HOME or the cwd unknown). */
  private startsFor(path: string, bases: Bases, sh: Shell): { p: string; starts: string[] } | null {
    let p = path;
    if (p === "~" || p.startsWith("~/")) {
      if (sh.home === null) return null;
      p = sh.home + p.slice(1);
    }
    const starts = p.startsWith("/") ? ["/"] : bases.known ? bases.list.map((b) => b.physical) : null;
    return starts ? { p, starts } : null;
  }

  /** The paths a pattern matches now (at most 64), as bash would expand it; null past that or without a listing. */
  /**
   * The words bash makes of a glob now, as it spells them (the pattern's literal segments kept,
   * each wildcard segment replaced by a matching name), for one known directory; null when they
   * cannot be listed: no listing, several or no known directory, `**`, more than 64, or a path
   * at or below the pattern's directory that this command writes (it may match by then).
   */
  globValues(pattern: string, sh: Shell): string[] | null {
    const fs = this.deps.ctx.fs;
    if (!fs || (!fs.readdirEntries && !fs.readdirSync) || this.opaqueWrites || this.preOpaque) return null;
    const from = this.startsFor(pattern, sh.bases, sh);
    if (!from) return null;
    const { p, starts } = from;
    const abs = p.startsWith("/");
    const prefix = globPrefix(p).prefix;
    const join = (a: string, b: string) => (a === "" ? b : a.endsWith("/") ? a + b : a + "/" + b);
    // Every directory the command may be in: the values of all of them (a superset of each one's).
    const values = new Set<string>();
    for (const start of starts) {
      const prefixAbs = lexical(abs ? prefix : start + "/" + prefix);
      if (this.writtenAtOrBelow(prefixAbs) || this.writtenAtOrAbove(prefixAbs, -1, false)) return null;
      let cur: { dir: string; spelled: string }[] = [{ dir: start, spelled: abs ? "/" : "" }];
      for (const seg of p.split("/").filter((x) => x !== "")) {
        if (seg === "**" && sh.glob.globstar) return null;
        const next: { dir: string; spelled: string }[] = [];
        for (const c of cur) {
          if (!hasGlob(seg)) {
            next.push({ dir: seg === ".." ? path.posix.dirname(c.dir) : seg === "." ? c.dir : c.dir === "/" ? "/" + seg : c.dir + "/" + seg, spelled: join(c.spelled, seg) });
            continue;
          }
          const names = this.segmentMatches(c.dir, seg, sh);
          if (names === null) return null;
          for (const n of names) next.push({ dir: c.dir === "/" ? "/" + n : c.dir + "/" + n, spelled: join(c.spelled, n) });
        }
        if (next.length > 64) return null;
        cur = next;
      }
      // a trailing slash keeps only directories, spelled with it
      for (const c of cur) {
        if (!p.endsWith("/")) values.add(c.spelled);
        else if (this.dirExists(c.dir) === true) values.add(c.spelled + "/");
      }
      if (values.size > 64) return null;
    }
    return [...values];
  }

  /**
   * The names in `dir` (followed through symlinks) that one wildcard segment matches, as bash
   * lists them; [] when the directory cannot be listed, null when it cannot be placed.
   */
  private segmentMatches(dir: string, seg: string, sh: Shell): string[] | null {
    const fs = this.deps.ctx.fs!;
    const re = segmentRegExp(seg, sh.glob);
    const r = resolvePath(fs, "/", dir, true);
    if (!r.ok) return null;
    try {
      return listDir(fs, r.path)
        .filter((e) => re.test(e.name) && !isProcessEntry(r.path, e.name))
        .map((e) => e.name);
    } catch {
      return [];
    }
  }

  private globMatches(pattern: string, bases: Bases, sh: Shell): { path: string; locus: Locus }[] | null {
    const fs = this.deps.ctx.fs;
    if (!fs || (!fs.readdirEntries && !fs.readdirSync)) return null;
    const from = this.startsFor(pattern, bases, sh);
    if (!from) return null;
    const { p, starts } = from;
    const out: { path: string; locus: Locus }[] = [];
    for (const start of starts) {
      let cur = [start];
      for (const seg of p.split("/").filter((x) => x !== "" && x !== ".")) {
        const next: string[] = [];
        for (const dir of cur) {
          if (!hasGlob(seg)) {
            next.push(seg === ".." ? path.posix.dirname(dir) : dir === "/" ? "/" + seg : dir + "/" + seg);
            continue;
          }
          const names = this.segmentMatches(dir, seg, sh);
          if (names === null) return null;
          for (const n of names) next.push(dir === "/" ? "/" + n : dir + "/" + n);
        }
        if (next.length > 64) return null;
        cur = next;
      }
      for (const c of cur) {
        const r = resolvePath(fs, "/", c, true);
        if (r.ok) out.push({ path: r.path, locus: this.deps.regions.locate(r.path) });
      }
    }
    return out;
  }

  /**
   * Paths this command writes that a glob may match by the time it is expanded (`ln -s ../x l;
   * cat l?/f`): the filesystem does not show them yet. Each such path that matches the
   * pattern's first segments is placed with the rest of the pattern below it.
   */
  private globWritten(req: Parameters<Placement["placePath"]>[0], pattern: string): void {
    if (this.written.size === 0 && (this.preseed === null || this.preseed.size === 0)) return;
    const starts = pattern.startsWith("/") ? ["/"] : req.bases.known ? req.bases.list.map((b) => b.physical) : [];
    const keys = new Set([...this.written.keys(), ...(this.preseed?.keys() ?? [])]);
    for (const start of starts) {
      const segs = (start === "/" ? pattern : start + "/" + pattern).split("/").filter((x) => x !== "" && x !== ".");
      if (segs.includes("..")) continue; // placed through the parent target instead
      for (const key of keys) {
        const ks = key.split("/").filter((x) => x !== "");
        if (ks.length > segs.length) continue;
        let ok = ks.length > 0;
        for (let i = 0; i < ks.length && ok; i++) ok = segs[i] === "**" || segmentRegExp(segs[i]!, req.sh.glob).test(ks[i]!);
        if (!ok || ks.every((x, i) => x === segs[i])) continue;
        const rest = segs.slice(ks.length).join("/");
        const path = rest ? key + "/" + rest : key;
        this.placePath({ ...req, path, glob: hasGlob(rest), why: `${req.why}: the pattern may match \`${key}\`, which this command writes` });
      }
    }
  }

  private placeOne(
    req: Parameters<Placement["placePath"]>[0],
    base: string,
    rel: string,
    recursive: boolean,
    globRest?: string[],
    sweep = false,
    hops = 0,
  ): void {
    const { op, source, command } = req;
    // Each possible working directory counts: a script's `cd`s multiply the places of a path.
    if (++this.pathsPlaced > this.limits.maxPaths) {
      if (this.pathsPlaced === this.limits.maxPaths + 1) this.unmodelled(req.sc, source, "budget", `more than ${this.limits.maxPaths} paths to place (each possible working directory counts): refused rather than guessed`, command);
      return;
    }
    const { fs } = this.deps.ctx;
    const followFinal = op !== "delete" || /\/\.?$/.test(rel);
    const lexAbs = lexical(rel.startsWith("/") ? rel : base + "/" + rel);
    // An effect the tool has only when the file is there (wget reads ~/.netrc when there is one):
    // none when nothing is at the path now and nothing in this command writes at or above it
    // (a link made there is judged as such below). Checked first: most such files are absent.
    if (req.ifExists && fs && !tryLstatSafe(fs, lexAbs) && !this.writtenAtOrAbove(lexAbs, -1, false) && !this.writeInfo(lexAbs)) return;
    const r = resolvePath(fs, base, rel, followFinal, rel.startsWith("/") ? undefined : base);
    const unknown = (target: string, why: string) =>
      this.emit({ op, locus: "unknown", target, kind: req.kind, source, why: `${req.why}: ${why}`, command });
    if (!r.ok && r.cwdRest !== undefined) {
      // `/proc/self/cwd/...` (or a link to it): the rest, from each working directory the command may have.
      if (!req.bases.known) return unknown(lexAbs, `it goes through the working directory, which is unknown (${req.bases.why})`);
      if (hops >= 4) return unknown(lexAbs, "it goes through /proc/self/cwd too many times");
      for (const b of req.bases.list) this.placeOne(req, b.physical, r.cwdRest ? "./" + r.cwdRest : ".", recursive, globRest, sweep, hops + 1);
      return;
    }
    if (!r.ok) return unknown(lexAbs, r.why);
    // A symlink this command creates is invisible to the filesystem now: refuse to guess.
    for (const cand of [lexAbs, r.path]) {
      const hit = this.writtenAtOrAbove(cand, command, true);
      // A tree written recursively stays a directory; only what lies below it may be a new link.
      // The link itself is harmless to unlink or rename (the final segment is not followed).
      const self = hit !== null && hit.path === cand;
      if (hit && !(self && (hit.rec.recursive || !followFinal))) {
        return unknown(cand, `\`${hit.path}\` may be a symlink made by \`${hit.rec.by}\` earlier in this command`);
      }
    }
    let where = this.deps.regions.explain(r.path);
    // A root's `.git` is vcs-control (replacing it redirects git), but git updating the
    // repository it was shown to read writes objects, refs and the index there.
    if (req.ownRepo && where.locus === "vcs-control" && this.rootGitDirs().has(r.path)) where = { locus: "worktree", pattern: "@root/** (git's own repository)" };
    let kind = req.kind;
    if (op === "exec" && (kind === undefined || kind === "project-code" || kind === "foreign-code")) {
      const w = this.writeInfo(r.path) ?? this.writeInfo(lexAbs);
      if (w) {
        if (w.content === null) {
          this.emit({ op, locus: "unknown", target: r.path, kind: "unmodelled", source, why: `${req.why}: runs a file this command writes with content the classifier cannot see (by \`${w.by}\`)`, command });
          return;
        }
        kind = "inline-code";
        this.inlineEvidence(w.content, req.sh, req.sc, source, command, req.bases);
      } else {
        // A caller may already know the code runs outside the project (runs_in_base).
        kind = where.locus === "worktree" && req.kind !== "foreign-code" ? "project-code" : "foreign-code";
        if (this.deps.ctx.fs) this.reliedAbsent.push(r.path);
      }
    }
    const maker = this.makesLinks(req, recursive);
    // A command that can make symlinks, writing in a project's git dir (or unpacking a tree
    // over one; mv's destination is a delete): tree scans do not look there
    // (GIT_DIR_LOOKED_AT), so this needs yolo.
    if (maker && (op === "write" || op === "delete") && kind === undefined && this.reachesGitDir(r.path, lexAbs, recursive, req.by, op)) kind = "git-dir-link";
    let unbounded = "";
    // mv takes a source tree away whole (across filesystems, entry by entry): moving a project
    // root, a sibling repository or a temp dir's content away is judged like deleting it.
    if (op === "delete" && !recursive && !req.into && /^(\S*\/)?mv$/.test(req.by) && this.dirExists(r.path) === true) {
      unbounded = this.wholeTree(r.path, where.locus, false, req.by);
      if (unbounded) kind = "unbounded";
    }
    if (op === "delete" && recursive) {
      const home = this.deps.ctx.home;
      const depth = r.path.split("/").filter(Boolean).length;
      // `/`, HOME and its ancestors, a whole top-level tree (a temp dir is judged below). A glob's
      // directory is not deleted itself, only what the pattern matches; a sweep (`dir/*`)
      // matches everything in it.
      if (globRest !== undefined && !sweep) {
        // judged by what the pattern matches (the scans below)
      } else if (r.path === "/" || r.path === home || home.startsWith(r.path + "/") || (depth <= 1 && where.locus !== "tmp")) kind = "unbounded";
      else {
        unbounded = this.wholeTree(r.path, where.locus, globRest !== undefined, req.by);
        if (unbounded) kind = "unbounded";
      }
    }
    // ls, du and stat look at a file only by its metadata (lstat, or stat through a link):
    // what it holds is not read (the oracle sees no effect); a directory is listed.
    const metaOnly = op === "read" && req.operand === true && METADATA_ONLY.has(toolName(req.by));
    if (metaOnly && globRest === undefined && this.fileNotDir(r.path, command)) return;
    this.emit({
      op,
      locus: where.locus,
      target: r.path,
      kind,
      source,
      why: req.why + (r.path !== lexAbs ? ` (\`${lexAbs}\` resolves to \`${r.path}\`)` : "") + (unbounded ? `: ${unbounded}` : ""),
      region: where.pattern,
      command,
    });
    // A glob stands for the names it matches: place those that land somewhere else than the
    // directory holding them (`~/.claude/settings.jso?` is `self`, not `user-config`).
    if (globRest && !globRest.every((g) => g === "**")) {
      const m = this.scanBelow(r.path, globRest, (l) => l !== where.locus, "g", { follow: "pattern", glob: req.sh.glob });
      for (const hit of m.all) {
        if (metaOnly && this.fileNotDir(hit.target, command)) continue;
        this.emit({ op, locus: hit.locus, target: hit.target, kind, source, why: `${req.why}: the pattern matches \`${hit.target}\``, command });
      }
      if (m.truncated && op !== "read") this.emit({ op, locus: "unknown", target: r.path, source, why: `${req.why}: ${m.why}`, command });
    }
    // A recursive read of file contents reads whatever lies below, secrets included.
    // (A reader with a `walk` table reads contents, whatever its first word: `git grep`.)
    if (op === "read" && recursive && !SCAN_LOCI.has(where.locus) && where.locus !== "stream" && (req.walk || !NAMES_ONLY.has((req.by.split(" ")[0] ?? "").replace(/^.*\//, "")))) {
      // A symlink this command makes below the tree is not there to be seen yet (`ln -s
      // ~/.ssh/id_rsa t/notes; grep -R x t` reads the key): where it leads is not known.
      this.linkMadeBelow(r.path, command, true, (made) => this.emit({ op, locus: "unknown", target: made.path, source, why: `${req.why}: reads everything below \`${r.path}\`, where \`${made.path}\` may be a symlink made by \`${made.rec.by}\` earlier in this command`, command }));
      const scan = this.scanBelow(r.path, globRest ?? ["**"], undefined, "s", req.follow ? { follow: "all" } : req.walk && !globRest ? { walk: req.walk } : {});
      // the ignore files it opens in the start and above it, whichever way the tree was scanned
      if (req.walk && !req.follow && !globRest && req.walk.opens.length && !req.walk.follow && req.walk.unsure === undefined) {
        this.openedFiles(
          r.path,
          { named: [], links: [] },
          req.walk.opens,
          null,
          (target, p, locus) => {
            if (SCAN_LOCI.has(locus) || locus === "unknown") this.emit({ op, locus, target, source, why: `${req.why}: it opens \`${p}\`${target !== p ? `, which leads to \`${target}\`` : ""}`, command });
          },
          "start-and-parents",
        );
      }
      this.emitScan(scan, r.path, `${req.why}: reads everything below \`${r.path}\``, op, source, command);
    }
    // A tree written recursively goes through a symlink this command made below it first
    // (`ln -s KEY build/CMakeFiles/x && cmake -B build` writes what the link leads to, observed).
    if (op === "write" && recursive && where.locus !== "stream") {
      this.linkMadeBelow(r.path, command, false, (made) => this.emit({ op, locus: "unknown", target: made.path, source, why: `${req.why}: writes everything below \`${r.path}\`, where \`${made.path}\` may be a symlink made by \`${made.rec.by}\` earlier in this command`, command }));
    }
    // A walk that lists names (find, du, ls -R, tree) opens every directory it enters: one of
    // the secret or self trees below is listed, as `ls ~/.ssh` lists it (`find ~ -type f`,
    // `du -a ~` list ~/.ssh: observed). Files of those loci in other directories are only seen
    // by name (`find . -name .env` stats, never opens it).
    if (op === "read" && recursive && !req.walk && !SCAN_LOCI.has(where.locus) && where.locus !== "stream" && NAMES_ONLY.has(toolName(req.by))) {
      // Following links (find -L), it may list a secret tree anywhere: judged as a reader that follows them.
      if (req.follow === true) {
        const scan = this.scanBelow(r.path, ["**"], undefined, "s", { follow: "all" });
        this.emitScan(scan, r.path, `${req.why}: lists everything below \`${r.path}\` through its symlinks`, op, source, command);
      }
      const listed = this.listedTree(r.path, req.follow === true);
      if (listed) this.emit({ op, locus: listed.locus, target: listed.path, source, why: `${req.why}: lists everything below \`${r.path}\`, \`${listed.path}\` included`, command });
    }
    // Deleting a tree deletes what lies below it, in whatever locus that is (`rm -rf .` and
    // `git clean -fdx` and `git stash -a` delete `.env` and `.git/config`, observed). Only for deleters that take
    // everything (registry approximations such as git checkout's tracked files are left alone).
    const deleter = req.by.replace(/^\S*\//, "");
    if (op === "delete" && recursive && kind !== "unbounded" && where.locus !== "stream" && (deleter === "rm" || deleter === "git clean" || deleter === "find" || (/^git stash( push| save)?$/.test(deleter) && req.fromGitTop === true))) {
      // A glob deletes what it matches (and their trees with -r), not all of its directory.
      const m = this.scanBelow(r.path, globRest ?? ["**"], (l) => l !== where.locus, "d", req.follow ? { follow: "all", glob: req.sh.glob } : globRest ? { follow: "pattern", glob: req.sh.glob } : {});
      // git never deletes the repository it works in (its .git).
      const own = deleter.startsWith("git ") ? [...this.rootGitDirs()] : [];
      for (const hit of m.all) {
        if (own.some((g) => hit.target === g || hit.target.startsWith(g + "/"))) continue;
        this.emit({ op, locus: hit.locus, target: hit.target, kind, source, why: `${req.why}: \`${hit.target}\` lies below \`${r.path}\``, command });
      }
      if (m.truncated) this.emit({ op, locus: "unknown", target: r.path, source, why: `${req.why}: ${m.why}`, command });
      // A repository in what goes (the tree, or what a glob matches and the trees below), outside
      // the project and the temp dirs: a sibling project goes with it.
      // A repository inside the project that is not a root (vendored, a submodule) is the project's own content.
      const repoLocus = m.repo ? this.deps.regions.locate(m.repo) : null;
      if (m.repo && !deleter.startsWith("git ") && repoLocus !== "tmp" && (repoLocus !== "worktree" || this.deps.ctx.roots.includes(m.repo))) {
        this.emit({ op, locus: repoLocus!, target: m.repo, kind: "unbounded", source, why: `${req.why}: deletes the git repository of \`${m.repo}\` (a project)`, command });
      }
    }
    if (req.record !== false && (op === "write" || op === "delete" || op === "install")) {
      // Git keeps no symlinks of its own in .git; in the work tree it may check them out.
      const symlink = (op === "write" || op === "install") && maker && !/\/\.git(\/|$)/.test(r.path);
      this.noteWrite([...new Set([lexAbs, r.path])], { symlink, content: recursive ? null : (req.content ?? null), command, by: req.by, async: req.sc.async === true, recursive, seq: this.commandsVisited });
    }
  }

  /**
   * Where a path lands for every base, without emitting anything: null when it cannot be
   * placed (dynamic, unknown base, unresolvable).
   */
  locate(path: string, bases: Bases, sh: Shell): { path: string; locus: Locus }[] | null {
    const from = this.startsFor(path, bases, sh);
    if (!from) return null;
    const { p, starts } = from;
    const out: { path: string; locus: Locus }[] = [];
    for (const b of starts) {
      const r = resolvePath(this.deps.ctx.fs, b, p, true);
      if (!r.ok) return null;
      out.push({ path: r.path, locus: this.deps.regions.locate(r.path) });
    }
    return out;
  }

  /** Literal evidence inside inline code: named paths placed as if the command named them. */
  inlineEvidence(code: string, sh: Shell, sc: Scope, source: Source, command: number, bases: Bases): void {
    // Environment variables it names: a secret one is a secret read (secretvars.ts).
    const vars = scanInlineEnv(code);
    if (vars.length) envReads(this, vars.map((name) => ({ name, why: name === null ? "inline code reads the whole environment or a computed variable name" : `inline code reads \`${name}\` from the environment` })), sh, source, command);
    for (const ev of scanInlineCode(code)) {
      if (!ev.path.startsWith("/") && !ev.path.startsWith("~")) continue;
      this.placePath({
        op: ev.op,
        path: ev.path,
        // rmtree, rm -rf, rmSync(..., {recursive}): assume the whole tree.
        recursive: ev.op === "delete",
        why: `inline code names \`${ev.path}\``,
        source,
        command,
        bases,
        sh,
        sc,
        by: "inline code",
        record: false,
      });
    }
    // Files it loads as code, and programs its literal command strings start, by a literal path.
    for (const p of scanCodeLoads(code)) {
      this.placePath({ op: "exec", path: p, why: `inline code runs \`${p}\``, source, command, bases, sh, sc, by: "inline code", record: false });
    }
    // Code that moves its module search path (chdir, sys.path, require("./x")) imports from there.
    for (const dir of scanModulePaths(code)) {
      this.placePath({ op: "exec", path: dir, why: `inline code imports modules from ${dir === null ? "a place it computes" : `\`${dir}\``}`, source, command, bases, sh, sc, by: "inline code", record: false });
    }
  }

  // ---------- arithmetic ----------

  /** Names whose values bash would evaluate as arithmetic code (subscripts run substitutions). */
  checkArithNames(names: Iterable<string>, sc: Scope, source: Source, command: number): void {
    for (const n of names) {
      if (this.tainted.has(n)) {
        this.unmodelled(sc, source, n, `\`${n}\` is evaluated as arithmetic and this command sets it to a value that is not a plain number (an array subscript in it would run code)`, command);
        return;
      }
    }
  }

  checkArithmetic(a: Arithmetic, sc: Scope, command: number): void {
    this.checkArithNames(a.names, sc, this.span(sc, a.pos, a.end), command);
    for (const p of a.parts) {
      if (p.type === "CmdSubst" || (p.type === "ParamExp" && this.tainted.has(p.name))) {
        this.unmodelled(sc, this.span(sc, p.pos, p.end), "arithmetic", "the output of an expansion is evaluated as arithmetic (an array subscript in it would run code)", command);
        return;
      }
    }
  }

  /** A static string that bash evaluates as arithmetic or as a variable reference (`let`, `[[ -v ]]`, `unset`). */
  checkArithText(text: string, sc: Scope, source: Source, command: number): void {
    if (/\[[^\]]*[$`]/.test(text)) {
      this.unmodelled(sc, source, text, `\`${text}\` is evaluated by bash and its subscript expands code`, command);
      return;
    }
    this.checkArithNames(text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [], sc, source, command);
  }

  isWordDynamicCode(w: Word): boolean {
    return w.parts.some((p) => p.type === "CmdSubst" || (p.type === "ParamExp" && this.tainted.has(p.name)) || (p.type === "DblQuoted" && this.isWordDynamicCode({ ...w, parts: p.parts })));
  }

  /**
   * Looks below a directory for a file the regions table places in `secret` or `self` (a
   * `.env`, a key, a symlink to ~/.ssh...). Bounded: past SCAN_LIMIT entries it gives up and
   * says so (the caller then treats the read as unplaceable).
   */
  scanBelow(
    dir: string,
    pattern: string[],
    interesting: (l: Locus) => boolean = (l) => SCAN_LOCI.has(l),
    tag = "s",
    /**
     * follow: go down symlinks to directories, "all" of them (`find -L`) or those a pattern
     * segment other than `**` goes on below (bash globs them; `rm -r` deletes a matched link,
     * not what it leads to). glob: the shopt options for the pattern.
     */
    opts: { follow?: "all" | "pattern"; glob?: GlobOpts; walk?: WalkFilter } = {},
  ): ScanResult {
    const g = opts.glob;
    const key = tag + (opts.follow ?? "") + (g ? `${+g.dot}${+g.nocase}` : "") + "\u0000" + dir + "\u0000" + pattern.join("/") + (opts.walk ? "\u0000" + walkKey(opts.walk) : "");
    const hit = this.scans.get(key);
    if (hit) return hit;
    // A reader that follows symlinks below its start (grep -R, rg -L, or options nobody sees) reads what they lead to.
    const follow = opts.follow ?? (opts.walk && (opts.walk.follow || opts.walk.unsure) ? "all" : undefined);
    const fs = this.deps.ctx.fs;
    const regions = this.deps.regions;
    let out: ScanResult;
    const st = fs ? tryLstatSafe(fs, dir) : null;
    if (/^\/proc\/(self|thread-self|\d+)(\/|$)/.test(dir)) {
      // A process's own entries: a listing here would show the classifier's process.
      out = { found: null, locus: null, truncated: true, why: `\`${dir}\` belongs to a process whose entries the classifier cannot list`, all: [] };
    } else if (fs && (!st || !st.isDirectory())) out = { found: null, locus: null, truncated: false, why: "", all: [] }; // a file or nothing: no tree below
    else if (!fs || (!fs.readdirEntries && !fs.readdirSync)) out = { found: null, locus: null, truncated: true, why: "and without a filesystem listing the classifier cannot tell what lies there", all: [] };
    else if (tag === "s" && pattern.length === 1 && pattern[0] === "**" && !opts.follow && fs.treeScan && this.treeScannable(dir)) out = (opts.walk?.tracked && this.scanTracked(dir, interesting, opts.walk)) || this.scanTree(dir, interesting, opts.walk);
    else if ((tag === "s" || tag === "d") && pattern[0] === "**" && fs.tooBig?.exceeds(dir, SCAN_LIMIT)) {
      out = { found: null, locus: null, truncated: true, why: `more than ${SCAN_LIMIT} entries (seen by a scan of \`${dir}\` moments ago): too many to tell what lies there`, all: [] };
    } else {
      out = { found: null, locus: null, truncated: false, why: "", all: [] };
      const loci = new Set<Locus>();
      const segs = pattern.map((x) => (x === "**" ? null : segmentRegExp(x, g ?? false)));
      /** Directories already queued, by real path (followed links may loop). */
      const visited = follow ? new Set<string>([dir]) : null;
      // `**/NAME` (a tool's file type, `cat **/*.py`): below the `**`, only entries named NAME
      // (leading dots allowed: broader than bash) are read, and symlinks to directories, which
      // a walker may follow. Deeper patterns after a `**` stay broad: everything may match.
      const tail = segs.length >= 2 && segs[segs.length - 2] === null && segs[segs.length - 1] !== null ? segmentRegExp(pattern[pattern.length - 1]!, { dot: true, nocase: g?.nocase ?? false }) : null;
      // Each queue item: a directory, how far into the pattern it is (`**` may stay put), and
      // inside a project's git dir, which names in it are looked at (see GIT_DIR_LOOKED_AT).
      const queue: { d: string; k: number; only?: ReadonlySet<string> | undefined }[] = [{ d: dir, k: 0 }];
      let seen = 0;
      scan: while (queue.length) {
        const { d, k, only } = queue.shift()!;
        if (pattern[k] === ".." || pattern[k] === ".") {
          // After a glob segment, `..` is the physical parent of what matched (`lin?-out/..`).
          const up = pattern[k] === "." ? d : d === "/" ? "/" : path.posix.dirname(d);
          if (k + 1 < segs.length) queue.push({ d: up, k: k + 1 });
          else {
            const locus = regions.locate(up);
            if (interesting(locus) && !loci.has(locus)) {
              loci.add(locus);
              out.all.push({ target: up, locus });
              if (out.found === null) out = { ...out, found: up, locus, why: `and \`${up}\` lies there` };
            }
          }
          continue;
        }
        let entries;
        try {
          entries = listDir(fs, d);
        } catch {
          continue;
        }
        const seg = segs[k];
        const star = seg === null;
        for (const e of entries) {
          if (only && !only.has(e.name)) continue;
          if (isProcessEntry(d, e.name)) continue;
          if (!star && seg !== undefined && !seg.test(e.name)) continue;
          // Under a `**` everything may match (broader than bash, never narrower), but see `tail`.
          let last = star || segs.slice(k + 1).every((x) => x === null);
          // A delete that takes a `.git` takes the repository holding it.
          if (tag === "d" && e.name === ".git" && last && out.repo === undefined && !only) out = { ...out, repo: d };
          const unnamed = star && tail !== null && k === segs.length - 2 && !tail.test(e.name);
          if (unnamed && !e.isLink) last = false;
          if (++seen > SCAN_LIMIT) {
            out = { ...out, truncated: true, why: `more than ${SCAN_LIMIT} entries: too many to tell what lies there` };
            // Remembered for later scans of the whole tree (a read's or a delete's: giving up is
            // their strictest answer, so a stale memo never approves anything).
            if ((tag === "s" || tag === "d") && pattern[0] === "**") fs.tooBig?.note(dir, SCAN_LIMIT);
            break scan;
          }
          if (++this.entriesScanned > SCANNED_LIMIT) {
            out = { ...out, truncated: true, why: `more than ${SCANNED_LIMIT} entries scanned for this command line: too many to tell what lies there` };
            break scan;
          }
          const p = d === "/" ? "/" + e.name : d + "/" + e.name;
          let target = p;
          let linkDir = false;
          let lost = false;
          if (e.isLink) {
            // Walked segment by segment (realpath(3) would resolve a link into /proc against
            // the classifier's own process).
            const r = resolvePath(fs, "/", p, true);
            if (!r.ok) {
              // A loop leads nowhere; a link through /proc/self/cwd or another process leads where the scan cannot see.
              if (/too many symlinks/.test(r.why)) continue;
              lost = true;
            } else {
              target = r.path;
              linkDir = r.isDir === true;
            }
            // A link not named NAME is read only if it leads to a directory (or we cannot tell).
            if (unnamed && !lost && r.ok && r.exists && !linkDir) last = false;
          }
          const locus = last ? (lost ? "unknown" : regions.locate(target)) : "none";
          if (last && interesting(locus) && !loci.has(locus)) {
            loci.add(locus);
            out.all.push({ target, locus });
            if (out.found === null) out = { ...out, found: target, locus, why: `and \`${target}\` lies there${target !== p ? ` (through the symlink \`${p}\`)` : ""}` };
            // Enough to explain the verdict: every locus the caller asks about (secret and self
            // for a read), or four different ones.
            if (loci.size >= (tag === "s" ? SCAN_LOCI.size : 4)) break scan;
          }
          if (e.isDir && !e.isLink) {
            // A project's git dir, met from above: only the parts where something can matter.
            const next = this.lookedAtBelow(only, e.name, p, tag === "s");
            if (next === "none") continue;
            if (star) queue.push({ d: p, k, only: next });
            else if (k + 1 < segs.length) queue.push({ d: p, k: k + 1, only: next });
          } else if (linkDir && visited && !visited.has(target) && (follow === "all" || segs.slice(k + 1).some((x) => x !== null))) {
            // Globs (and `find -L`) go through a symlink to a directory: what lies there is the target's.
            visited.add(target);
            if (star) queue.push({ d: target, k });
            else if (k + 1 < segs.length) queue.push({ d: target, k: k + 1 });
          }
        }
      }
    }
    this.scans.set(key, out);
    return out;
  }

  /**
   * Can a read of everything below `dir` be judged by its specially named entries and symlinks
   * alone (analysis/treescan.ts)? When every secret and self pattern names something below its
   * anchor, and plain names below `dir` (a few levels of them) land in neither locus.
   */
  private treeScannable(dir: string): boolean {
    const { regions } = this.deps;
    const names = regions.namesOf?.([...SCAN_LOCI]);
    if (!names || /^\/(proc|sys|dev)(\/|$)/.test(dir)) return false;
    for (const l of SCAN_LOCI) if (names.unnamed.has(l)) return false;
    const pre = dir === "/" ? "/" : dir + "/";
    for (const plain of ["\u0000", "\u0000/\u0000", "\u0000/\u0000/\u0000"]) if (SCAN_LOCI.has(regions.locate(pre + plain))) return false;
    return true;
  }

  /**
   * A read scan of the whole tree below `dir`, at any size: only the entries whose name the
   * regions table singles out and the symlinks can be in `secret` or `self` (treeScannable).
   * The root's git dir is not looked at (see GIT_DIR_LOOKED_AT). With a reader's own filters
   * (`walk`, walkfilter.ts), only what they let through counts, and the walk made for this
   * verdict does not enter the directories they skip.
   */
  private scanTree(dir: string, interesting: (l: Locus) => boolean, walk?: WalkFilter): ScanResult {
    const fs = this.deps.ctx.fs!;
    const { regions } = this.deps;
    const special = regions.namesOf!([...SCAN_LOCI]);
    // Ignore files and nested repositories are reported too: a filtered read depends on them.
    const names = { test: (n: string) => special.test(n) || IGNORE_NAMES.has(n), key: special.key + "\u0000ignore-files" };
    let out: ScanResult = { found: null, locus: null, truncated: false, why: "", all: [] };
    let plan: WalkPlan | null = null;
    if (walk && !walk.unsure) {
      const set = walk.env.find((v) => this.env[v]);
      if (set === undefined) {
        plan = new WalkPlan(walk, dir, fs, this.deps.ctx.home, this.deps.ctx.anchors.config[0] ?? this.deps.ctx.home + "/.config");
        // The ignore files are read as they are now: a command that may change one (or git's
        // config) before the read is not judged by them (`echo '!.env' >> .gitignore; rg x`).
        const changed = this.opaqueWrites || this.preOpaque ? "this command writes files the classifier cannot name" : this.findWrite((p, rec) => rec.recursive || IGNORE_WRITES.test(p))?.path;
        if (changed) plan.turnOff(`\`${changed}\` may be changed by this command before the read`);
      }
    }
    if (plan && !filters(plan.filter)) plan = null;
    const skip = this.rootGitDirs();
    let facts = fs.treeScan!(dir, names, skip, plan?.prune());
    // A whitelist or an unreadable ignore file met in the walk: the rules are off, and the walk
    // that trusted them is made again without them.
    if (facts && plan && !plan.checkNested(facts.named)) facts = fs.treeScan!(dir, names, skip, plan.prune());
    if (!facts) return out; // the start cannot be listed: neither can the command
    if (facts.truncated) return { ...out, truncated: true, why: `more than ${WALK_BUDGET} entries below \`${dir}\` for one verdict's walk: too many to tell what lies there (the hook daemon keeps an index of such trees)` };
    const follows = !walk || walk.follow || walk.unsure !== undefined || (plan === null && walk.env.some((v) => this.env[v]));
    const loci = new Set<Locus>();
    const hit = (target: string, p: string, locus: Locus) => {
      if (!interesting(locus) || loci.has(locus)) return;
      loci.add(locus);
      out.all.push({ target, locus });
      if (out.found === null) out = { ...out, found: target, locus, why: `and \`${target}\` lies there${target !== p ? ` (through the symlink \`${p}\`)` : ""}` };
    };
    for (const p of facts.named) {
      if (plan && !plan.reads(p, this.dirExists(p))) continue;
      hit(p, p, regions.locate(p));
    }
    for (const p of facts.links) {
      // A reader that does not follow symlinks below its start never opens them (rg, grep -r: observed).
      if (!follows) continue;
      if (plan && !plan.reads(p, null)) continue;
      const known = facts.targets?.get(p);
      if (known !== undefined) {
        hit(known, p, regions.locate(known));
        if (walk) this.belowLink(known, p, hit, (why) => (out = out.truncated ? out : { ...out, truncated: true, why }));
        continue;
      }
      const r = resolvePath(fs, "/", p, true);
      // A loop leads nowhere; a link through /proc/self/cwd or another process leads where no scan can see.
      if (!r.ok) {
        if (!/too many symlinks/.test(r.why)) hit(p, p, "unknown");
        continue;
      }
      hit(r.path, p, regions.locate(r.path));
      if (walk && r.isDir === true) this.belowLink(r.path, p, hit, (why) => (out = out.truncated ? out : { ...out, truncated: true, why }));
    }
    if (walk && !follows && walk.opens.length) this.openedFiles(dir, facts, walk.opens, plan, hit, "below");
    return out;
  }

  /**
   * A symlink an earlier command of this line made below `dir` (or at it, `atDir`): not there to
   * be seen yet. (A tree written recursively over a link at its root was judged where placed.)
   */
  private linkMadeBelow(dir: string, command: number, atDir: boolean, found: (made: { path: string; rec: WriteRecord }) => void): void {
    const pre = dir === "/" ? "/" : dir + "/";
    const made = this.findWrite((p, rec) => rec.symlink && rec.command !== command && ((atDir && p === dir) || p.startsWith(pre)));
    if (made) found(made);
  }

  /** What a whole-tree scan of `dir` found, as an effect: its first hit, or unknown when it gave up. */
  private emitScan(scan: ScanResult, dir: string, why: string, op: Op, source: Source, command: number): void {
    if (scan.found && scan.locus) this.emit({ op, locus: scan.locus, target: scan.found, source, why: `${why}, ${scan.why}`, command });
    else if (scan.truncated) this.emit({ op, locus: "unknown", target: dir, source, why: `${why}, ${scan.why}`, command });
  }

  /**
   * The first secret or self tree (regions treesOf) strictly below `dir` that a listing walk
   * reaches: one that exists there as a directory, or that a symlink on the way leads to when
   * the walk follows links (a link the walk does not follow is listed as a name only). A name
   * with a glob (`/tmp/shellfence-*`) is looked for in its parent.
   */
  private listedTree(dir: string, follow: boolean): { path: string; locus: Locus } | null {
    const fs = this.deps.ctx.fs;
    const trees = this.deps.regions.treesOf?.([...SCAN_LOCI]);
    if (!fs || !trees) return null;
    const pre = dir === "/" ? "/" : dir + "/";
    for (const t of trees) {
      if (!t.startsWith(pre)) continue;
      const parent = path.posix.dirname(t);
      const base = t.slice(parent.length + 1);
      const names = /[*?[]/.test(base) ? namesIn(fs, parent).filter((n) => segmentRegExp(base, false).test(n)) : [base];
      for (const n of names) {
        const p = (parent === "/" ? "" : parent) + "/" + n;
        // every directory on the way must be entered: real ones, or links when the walk follows them
        let reached = true;
        for (let q = p; q.length > dir.length; q = path.posix.dirname(q)) {
          const st = tryLstatSafe(fs, q);
          if (!st || (st.isSymbolicLink() ? !follow : q !== p && !st.isDirectory())) reached = false;
          if (!reached) break;
        }
        if (!reached || this.dirExists(p) !== true) continue;
        return { path: p, locus: this.deps.regions.locate(p) };
      }
    }
    return null;
  }

  /**
   * The files a reader opens in every directory it enters whatever its filters (ag reads each
   * directory's ignore files, observed): a symlink there, or a `.git` that is one, is a read of
   * its target. "start-and-parents": the start and every directory above it (rg reads the ignore
   * files of every parent, observed), whichever way the tree is scanned; "below": the directories
   * the scan saw holding such a name, where the tool's filter lets it go.
   */
  private openedFiles(dir: string, facts: { named: readonly string[]; links: readonly string[] }, opens: readonly string[], plan: WalkPlan | null, hit: (target: string, p: string, locus: Locus) => void, where: "start-and-parents" | "below"): void {
    const fs = this.deps.ctx.fs;
    if (!fs) {
      // No filesystem to look at: what the ignore files it opens are (a link to a key?) is unknown.
      if (where === "start-and-parents" && opens.length) hit(`${dir === "/" ? "" : dir}/${opens[0]}`, `${dir === "/" ? "" : dir}/${opens[0]}`, "unknown");
      return;
    }
    const first = (n: string) => n.split("/")[0]!;
    const dirs = new Set<string>();
    if (where === "start-and-parents") {
      for (let d = dir; ; d = path.posix.dirname(d)) {
        dirs.add(d);
        if (d === "/") break;
      }
    } else {
      for (const p of [...facts.named, ...facts.links]) {
        const i = p.lastIndexOf("/");
        const d = p.slice(0, Math.max(i, 1));
        if (d.startsWith(dir + "/") && opens.some((o) => first(o) === p.slice(i + 1))) dirs.add(d);
      }
    }
    for (const d of dirs) {
      if (where === "below" && plan && !plan.reads(d, true)) continue;
      for (const o of opens) {
        const p = (d === "/" ? "" : d) + "/" + o;
        // one this command writes or links first is whatever it makes it
        const made = this.writtenAtOrAbove(p, -1, false);
        if (made) {
          hit(p, p, "unknown");
          continue;
        }
        if (!tryLstatSafe(fs, p)) continue;
        const r = resolvePath(fs, "/", p, true);
        if (!r.ok) {
          if (!/too many symlinks/.test(r.why)) hit(p, p, "unknown");
          continue;
        }
        hit(r.path, p, this.deps.regions.locate(r.path));
      }
    }
  }

  /**
   * `git grep`: the regular files git's index tracks below `dir`, read from the index file as it
   * is now (gitindex.ts). Null when that cannot be told (no index or not understood, another
   * index or repository named by the environment, a repository whose .git is not a directory,
   * sha256 object names): the caller judges the whole tree.
   */
  private scanTracked(dir: string, interesting: (l: Locus) => boolean, walk: WalkFilter): ScanResult | null {
    const fs = this.deps.ctx.fs!;
    if (walk.unsure || !fs.readBytes || walk.env.some((v) => this.env[v] !== undefined)) return null;
    if (this.opaqueWrites || this.preOpaque) return null;
    let repo: string | null = null;
    for (let d = dir; ; d = path.posix.dirname(d)) {
      if (tryLstatSafe(fs, (d === "/" ? "" : d) + "/.git")) {
        repo = d;
        break;
      }
      if (d === "/") break;
    }
    if (repo === null) return null;
    // Files this command writes in the repository may be tracked, or hold a secret, by the time
    // git runs (`git add -f .env && git grep`, `mv .env notes.txt && git diff`); a write outside
    // it (`2>/dev/null`, `> /tmp/out`) changes nothing git tracks.
    const inRepo = repo === "/" ? "/" : repo + "/";
    if (this.findWrite((p) => p === repo || p.startsWith(inRepo))) return null;
    const gitDir = (repo === "/" ? "" : repo) + "/.git";
    const st = tryLstatSafe(fs, gitDir);
    if (!st || !st.isDirectory()) return null;
    const config = tryLstatSafe(fs, gitDir + "/config") ? tryRead(fs, gitDir + "/config") : "";
    if (config === null || /objectformat|splitindex|sparse/i.test(config)) return null;
    const special = this.deps.regions.namesOf!([...SCAN_LOCI]);
    let files: string[] | null;
    try {
      const index = gitDir + "/index";
      files = trackedIndexes.special(index, tryLstatSafe(fs, index) as Partial<Stamp> | null, () => fs.readBytes!(index), special);
    } catch {
      return null; // no index (a repository without commits): git grep reads nothing, but say nothing
    }
    if (!files) return null;
    const rootPre = repo === "/" ? "/" : repo + "/";
    const pre = dir === "/" ? "/" : dir + "/";
    let out: ScanResult = { found: null, locus: null, truncated: false, why: "", all: [] };
    const loci = new Set<Locus>();
    // Only the tracked files with a special segment can be secret or self (treeScannable).
    for (const f of files) {
      const p = rootPre + f;
      if (!p.startsWith(pre)) continue;
      const locus = this.deps.regions.locate(p);
      if (!interesting(locus) || loci.has(locus)) continue;
      loci.add(locus);
      out.all.push({ target: p, locus });
      if (out.found === null) out = { ...out, found: p, locus, why: `and git tracks \`${p}\`` };
    }
    return out;
  }

  /**
   * A followed symlink to a directory: the reader reads the tree it leads to (`grep -R` through
   * `link -> /tmp/leaky` reads `/tmp/leaky/.env`, observed). A bounded scan that follows links.
   */
  private belowLink(target: string, link: string, hit: (target: string, p: string, locus: Locus) => void, lost: (why: string) => void): void {
    if (this.dirExists(target) !== true) return;
    const m = this.scanBelow(target, ["**"], undefined, "s", { follow: "all" });
    for (const x of m.all) hit(x.target, link, x.locus);
    if (m.truncated) lost(`it follows the symlink \`${link}\` to \`${target}\`, ${m.why}`);
  }

  /**
   * Why deleting all of `p` (or, for a glob, everything in it) is unbounded, or "": a project
   * root or a directory holding one, a repository outside the project and the temp dirs (a
   * sibling project), or a whole temp dir (other programs' files and sockets live there).
   * git deletes only what it does not track: its own deletes are judged by what they reach.
   */
  private wholeTree(p: string, locus: Locus, glob: boolean, by: string): string {
    const { roots, tmp, fs } = this.deps.ctx;
    if (tmp.includes(p)) return `all of the temp dir \`${p}\` (other programs' files live there)`;
    if (/^(\S*\/)?git( |$)/.test(by)) return "";
    for (const root of roots) {
      if (root.startsWith(p + "/") || (root === p && !glob)) return root === p ? `\`${p}\` is a project root` : `\`${p}\` holds the project root \`${root}\``;
    }
    if (!glob && fs && locus !== "worktree" && locus !== "tmp" && tryLstatSafe(fs, p + "/.git")) return `\`${p}\` holds a git repository (another project)`;
    return "";
  }

  /**
   * Every directory at or below `dir` (physical), through symlinks to directories with
   * `follow`; null past `limit` of them or without a listing.
   */
  dirsBelow(dir: string, follow: boolean, limit: number): string[] | null {
    const fs = this.deps.ctx.fs;
    if (!fs || (!fs.readdirEntries && !fs.readdirSync)) return null;
    const st = tryLstatSafe(fs, dir);
    if (!st || !st.isDirectory()) return [];
    const out = [dir];
    const seen = new Set(out);
    for (let i = 0; i < out.length; i++) {
      let entries;
      try {
        entries = listDir(fs, out[i]!);
      } catch {
        continue;
      }
      for (const e of entries) {
        let p = out[i] === "/" ? "/" + e.name : out[i] + "/" + e.name;
        if (e.isLink) {
          if (!follow) continue;
          const r = resolvePath(fs, "/", p, true);
          if (!r.ok) {
            if (/too many symlinks/.test(r.why)) continue;
            return null; // through /proc or another process: nowhere the listing can see
          }
          if (r.isDir !== true) continue;
          p = r.path;
        } else if (!e.isDir) continue;
        if (seen.has(p)) continue;
        seen.add(p);
        out.push(p);
        if (out.length > limit) return null;
      }
    }
    return out;
  }

  /** Can the command behind `req` make symlinks? cp only when it preserves them (-R, -a, -d, -P, -s). */
  private makesLinks(req: Parameters<Placement["placePath"]>[0], recursive: boolean): boolean {
    const name = (req.by.split(" ")[0] ?? req.by).replace(/^.*\//, "");
    return name === "cp" ? (req.makesLinks ?? true) || recursive : SYMLINK_MAKERS.has(name);
  }

  /**
   * Does a write at `p` land in a project's git dir: at or below it, or (a tree written
   * recursively, an archive unpacked) above it? Git names its own files there and never
   * checks out a `.git` path component, so for git only a path it writes below the git dir
   * counts (a clone, `worktree add`, a `--work-tree` checkout there), not its own files (the
   * git dir itself, config, info/refs, the hooks init copies, the objects gc prunes).
   */
  private reachesGitDir(p: string, lexAbs: string, recursive: boolean, by: string, op: Op): boolean {
    const git = /^(\S*\/)?git( |$)/.test(by);
    for (const g of this.rootGitDirs()) {
      for (const q of p === lexAbs ? [p] : [p, lexAbs]) {
        if (git) {
          if (!q.startsWith(g + "/")) continue;
          const own = (!recursive && (q === g + "/config" || q === g + "/info/refs" || q === g + "/hooks")) || (op === "delete" && q === g + "/objects" && /^(\S*\/)?git gc\b/.test(by));
          if (!own) return true;
          continue;
        }
        if (q === g || q.startsWith(g + "/")) return true;
        if (recursive && g.startsWith(q === "/" ? "/" : q + "/")) return true;
      }
    }
    return false;
  }

  /**
   * Which names in directory `p` (called `name`, listed from a directory that kept `only`) a
   * tree scan looks at: undefined for all, "none" for none. A project's git dir met from above
   * keeps only its vcs-control parts, or nothing for a read (see GIT_DIR_LOOKED_AT).
   */
  lookedAtBelow(only: ReadonlySet<string> | undefined, name: string, p: string, read: boolean): ReadonlySet<string> | undefined | "none" {
    let inner = only && GIT_DIR_LOOKED_AT.get(name);
    if (inner === undefined && this.rootGitDirs().has(p)) {
      if (read) return "none";
      inner = GIT_DIR_LOOKED_AT.get(".git");
    }
    return inner ?? undefined;
  }

  /** The git dirs of the project roots (`<root>/.git`), physical. */
  rootGitDirs(): ReadonlySet<string> {
    return (this.gitDirsMemo ??= new Set(this.deps.ctx.roots.map((r) => (r === "/" ? "/.git" : r + "/.git"))));
  }

  /** Cached lstat-free existence check: does the directory exist now (per the filesystem)? */
  /**
   * `p` is now an existing non-directory (through links) that nothing in this command writes,
   * creates or replaces at or below it: a metadata-only tool looks at it and reads nothing.
   */
  private fileNotDir(p: string, command: number): boolean {
    const fs = this.deps.ctx.fs;
    if (!fs || this.opaqueWrites || this.preOpaque || this.madeBefore(p, command) || this.writtenAtOrAbove(p, -1, false)) return false;
    const r = resolvePath(fs, "/", p, true);
    return r.ok && r.exists !== false && this.dirExists(p) === false;
  }

  dirExists(p: string): boolean | null {
    const { fs } = this.deps.ctx;
    if (!fs) return null;
    const hit = this.lstatCache.get(p);
    if (hit !== undefined) return hit as boolean | null;
    const r = resolvePath(fs, "/", p, true);
    let v: boolean | null = null;
    if (r.ok) {
      if (r.exists === false) v = false;
      else if (r.isDir !== null) v = r.isDir;
      else {
        try {
          v = fs.lstatSync(r.path).isDirectory();
        } catch {
          v = false;
        }
      }
    }
    this.lstatCache.set(p, v);
    return v;
  }
}

/** Files a reader's ignore rules come from (ignore files, git's exclude and config files). */
const IGNORE_WRITES = /(^|\/)(\.gitignore|\.ignore|\.rgignore|exclude|config|\.gitconfig|ignore)$/;

/** A key for a walk filter (scans with equal keys read the same). */
function walkKey(w: WalkFilter): string {
  return JSON.stringify([w.hidden, w.ignoreFiles, w.follow, w.typed, w.unsure ?? "", w.env, w.overrides.map((o) => [o.re.source, o.re.flags, o.negated]), w.files.map((f) => [f.re.source, f.include]), w.excludeDirs.map((r) => r.source)]);
}
