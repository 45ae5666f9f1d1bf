// The walker's shared machinery: effect emission, path placement against the directory context,
// the record of what this command writes (for symlinks it creates, directories it creates and
// files it writes and then runs), and the dependencies (registry, env vectors, regions).
import type { Arithmetic, FunctionDef, Script, Word } from "../shell/ast.ts";
import { COMMAND_BRACE_WORK_LIMIT, type BraceWork } from "../shell/braces.ts";
import type { CompiledRegions } from "../policy/regions.ts";
import type { Kind, Locus, Op, Source } from "../policy/model.ts";
import type { ArgWord, Interpretation } from "./registry/types.ts";
import type { DirContext } from "./context.ts";
import type { EnvVectors } from "./envvectors.ts";
import { globPrefix, lexical, resolvePath, segmentRegExp } from "./paths.ts";
import { listDir, tryLstat as tryLstatSafe } from "./fs.ts";
import type { Bases, Shell } from "./shellstate.ts";
import type { CommandRecord, LocatedEffect } from "./types.ts";
import { scanInlineCode, scanInlineEnv } from "./evidence.ts";
import { envReads } from "./secretvars.ts";
import type { WordEnv } from "./words.ts";
import type { PrintedNames } from "./names.ts";

/** What the word model may know in this shell state: HOME, and $PWD when the base is one known place. */
export function wordEnv(w: Walker, sh: Shell): WordEnv {
  const pwd = sh.bases.known && sh.bases.list.length === 1 && !w.tainted.has("PWD") ? sh.bases.list[0]!.logical : undefined;
  return { home: sh.home, defaultIfs: sh.defaultIfs, braceWork: w.braceWork, pwd };
}

export interface Deps {
  parse(src: string): Script;
  interpret(argv: ArgWord[]): Interpretation;
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
}

export const DEFAULT_LIMITS: Limits = { maxDepth: 8, maxFunctionDepth: 8, maxCommands: 4000 };

/** Where a command's stdin comes from, for commands that run code read from stdin. */
export type StdinSource =
  | { t: "inherited" }
  | { t: "text"; text: string | null; source: Source }
  | { t: "file"; path: string | null; source: Source }
  | { t: "pipe"; fetched: boolean; text: string | null; source: Source; names?: NamesThunk | null };

/**
 * The file names a producer prints, listed only when a consumer asks (`find | xargs`): most
 * `find` output goes to the agent, and listing a tree for nobody is the costliest thing a
 * verdict can do. Asked later, the walk has seen more writes, which can only make it decline.
 */
export type NamesThunk = () => PrintedNames | null;

/** What a command writes to stdout, as far as it is literal (for `echo code | sh`). */
export interface Output {
  literal: string | null;
  fetched: boolean;
  /** The file names it prints, each ended by a newline or a NUL, when provable (a simple `find`). */
  names?: NamesThunk | null;
}

export interface Scope {
  /** Source text the node offsets refer to. */
  src: string;
  /** For nested scripts: the outer span every effect is attributed to. */
  origin: Source | null;
  depth: number;
  fnDepth: number;
  via: string;
  stdin: StdinSource;
  /** Runs concurrently with what follows it (background, pipeline element, process substitution). */
  async?: boolean;
}

/** `sc` with some fields changed, built in one fixed shape (see shellWith). */
export function scopeWith(sc: Scope, p: Partial<Scope>): Scope {
  return {
    src: p.src ?? sc.src,
    origin: p.origin !== undefined ? p.origin : sc.origin,
    depth: p.depth ?? sc.depth,
    fnDepth: p.fnDepth ?? sc.fnDepth,
    via: p.via ?? sc.via,
    stdin: p.stdin ?? sc.stdin,
    async: p.async ?? sc.async ?? false,
  };
}

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
const NAMES_ONLY = new Set(["find", "ls", "du", "tree", "fd", "fdfind", "stat", "git", "wc-names", "dir", "vdir", "chmod", "chown", "touch"]);
const SCAN_LIMIT = 1000;
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

function effectKey(e: LocatedEffect): string {
  return `${e.op}|${e.locus}|${e.target}|${e.kind ?? ""}|${e.source.pos}|${e.source.end}|${e.command}`;
}

export class Walker {
  readonly effects: LocatedEffect[] = [];
  readonly commands: CommandRecord[] = [];
  private readonly seen = new Set<string>();
  readonly functions = new Map<string, FunctionDef[]>();
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
  commandsVisited = 0;
  /** Brace expansion work left for this command's words (see COMMAND_BRACE_WORK_LIMIT). */
  readonly braceWork: BraceWork = { left: COMMAND_BRACE_WORK_LIMIT };
  /** Walk order at which the first concurrent part started (Infinity: none). */
  firstAsync = Infinity;
  private budgetHit = false;
  private lstatCache = new Map<string, unknown>();
  private gitDirsMemo: ReadonlySet<string> | null = null;
  /** `xargs -I` runs over find's names still to be followed in this verdict (each is walked). */
  markerRunsLeft = 64;
  private scans = new Map<string, { found: string | null; locus: Locus | null; truncated: boolean; why: string; all: { target: string; locus: Locus }[] }>();

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
    if (++this.commandsVisited <= this.limits.maxCommands) return true;
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
  }): void {
    const { op, source, command } = req;
    const emitUnknown = (target: string, why: string) =>
      this.emit({ op, locus: "unknown", target, kind: req.kind, source, why: `${req.why}: ${why}`, command });
    if (req.path === null) return emitUnknown("<dynamic>", "the path is dynamic");
    let p = req.path;
    if (p === "~" || p.startsWith("~/")) {
      if (req.sh.home === null) return emitUnknown(p, "HOME was changed to something unknown");
      p = req.sh.home + p.slice(1);
    }
    const targets: { path: string; recursive: boolean; globRest?: string[] }[] = [];
    if (req.glob) {
      const g = globPrefix(p);
      targets.push({ path: g.prefix, recursive: true, globRest: req.recursive ? [...g.rest, "**"] : g.rest });
      if (g.dotdot) targets.push({ path: g.prefix === "/" ? "/" : g.prefix + "/..", recursive: true });
    } else targets.push({ path: p, recursive: !!req.recursive });
    for (const t of targets) {
      const proc = t.path.startsWith("/proc/") ? t.path.match(/^\/proc\/(self|thread-self|\d+)\/(cwd|root)(\/.*)?$/) : null;
      if (proc && /^\d+$/.test(proc[1]!)) {
        emitUnknown(t.path, "another process's directory");
        continue;
      }
      if (proc && proc[2] === "root") {
        this.placeOne(req, "/", "/" + (proc[3] ?? ""), t.recursive, t.globRest);
        continue;
      }
      if (proc || !t.path.startsWith("/")) {
        const rel = proc ? "." + (proc[3] ?? "") : t.path;
        if (!req.bases.known) {
          emitUnknown(t.path, `the working directory is unknown (${req.bases.why})`);
          continue;
        }
        for (const b of req.bases.list) this.placeOne(req, b.physical, rel, t.recursive, t.globRest);
      } else this.placeOne(req, "/", t.path, t.recursive, t.globRest);
    }
  }

  private placeOne(
    req: Parameters<Walker["placePath"]>[0],
    base: string,
    rel: string,
    recursive: boolean,
    globRest?: string[],
  ): void {
    const { op, source, command } = req;
    const { fs } = this.deps.ctx;
    const followFinal = op !== "delete" || /\/\.?$/.test(rel);
    const lexAbs = lexical(rel.startsWith("/") ? rel : base + "/" + rel);
    const r = resolvePath(fs, base, rel, followFinal);
    const unknown = (target: string, why: string) =>
      this.emit({ op, locus: "unknown", target, kind: req.kind, source, why: `${req.why}: ${why}`, command });
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
    const where = this.deps.regions.explain(r.path);
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
        kind = where.locus === "worktree" ? "project-code" : "foreign-code";
        if (this.deps.ctx.fs) this.reliedAbsent.push(r.path);
      }
    }
    const maker = this.makesLinks(req, recursive);
    // A command that can make symlinks, writing in a project's git dir (or unpacking a tree
    // over one; mv's destination is a delete): tree scans do not look there
    // (GIT_DIR_LOOKED_AT), so this needs yolo.
    if (maker && (op === "write" || op === "delete") && kind === undefined && this.reachesGitDir(r.path, lexAbs, recursive, req.by, op)) kind = "git-dir-link";
    if (op === "delete" && recursive) {
      const home = this.deps.ctx.home;
      const depth = r.path.split("/").filter(Boolean).length;
      // `/`, HOME and its ancestors, a whole top-level tree (a temp dir itself is not "unbounded").
      if (r.path === "/" || r.path === home || home.startsWith(r.path + "/") || (depth <= 1 && where.locus !== "tmp")) kind = "unbounded";
    }
    this.emit({
      op,
      locus: where.locus,
      target: r.path,
      kind,
      source,
      why: req.why + (r.path !== lexAbs ? ` (\`${lexAbs}\` resolves to \`${r.path}\`)` : ""),
      region: where.pattern,
      command,
    });
    // A glob stands for the names it matches: place those that land somewhere else than the
    // directory holding them (`~/.claude/settings.jso?` is `self`, not `user-config`).
    if (globRest && !globRest.every((g) => g === "**")) {
      const m = this.scanBelow(r.path, globRest, (l) => l !== where.locus, "g");
      for (const hit of m.all) this.emit({ op, locus: hit.locus, target: hit.target, kind, source, why: `${req.why}: the pattern matches \`${hit.target}\``, command });
      if (m.truncated && op !== "read") this.emit({ op, locus: "unknown", target: r.path, source, why: `${req.why}: ${m.why}`, command });
    }
    // A recursive read of file contents reads whatever lies below, secrets included.
    if (op === "read" && recursive && !SCAN_LOCI.has(where.locus) && where.locus !== "stream" && !NAMES_ONLY.has((req.by.split(" ")[0] ?? "").replace(/^.*\//, ""))) {
      const scan = this.scanBelow(r.path, globRest ?? ["**"]);
      if (scan.found && scan.locus) {
        this.emit({ op, locus: scan.locus, target: scan.found, source, why: `${req.why}: reads everything below \`${r.path}\`, ${scan.why}`, command });
      } else if (scan.truncated) {
        this.emit({ op, locus: "unknown", target: r.path, source, why: `${req.why}: reads everything below \`${r.path}\`, ${scan.why}`, command });
      }
    }
    // Deleting a tree deletes what lies below it, in whatever locus that is (`rm -rf .` and
    // `git clean -fdx` delete `.env` and `.git/config`, observed). Only for deleters that take
    // everything (registry approximations such as git checkout's tracked files are left alone).
    const deleter = req.by.replace(/^\S*\//, "");
    if (op === "delete" && recursive && kind !== "unbounded" && where.locus !== "stream" && (deleter === "rm" || deleter === "git clean" || deleter === "find")) {
      const m = this.scanBelow(r.path, ["**"], (l) => l !== where.locus, "d");
      for (const hit of m.all) this.emit({ op, locus: hit.locus, target: hit.target, kind, source, why: `${req.why}: \`${hit.target}\` lies below \`${r.path}\``, command });
      if (m.truncated) this.emit({ op, locus: "unknown", target: r.path, source, why: `${req.why}: ${m.why}`, command });
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
    let p = path;
    if (p === "~" || p.startsWith("~/")) {
      if (sh.home === null) return null;
      p = sh.home + p.slice(1);
    }
    const starts = p.startsWith("/") ? ["/"] : bases.known ? bases.list.map((b) => b.physical) : null;
    if (!starts) return null;
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
  scanBelow(dir: string, pattern: string[], interesting: (l: Locus) => boolean = (l) => SCAN_LOCI.has(l), tag = "s"): { found: string | null; locus: Locus | null; truncated: boolean; why: string; all: { target: string; locus: Locus }[] } {
    const key = tag + "\u0000" + dir + "\u0000" + pattern.join("/");
    const hit = this.scans.get(key);
    if (hit) return hit;
    const fs = this.deps.ctx.fs;
    const regions = this.deps.regions;
    let out: { found: string | null; locus: Locus | null; truncated: boolean; why: string; all: { target: string; locus: Locus }[] };
    const st = fs ? tryLstatSafe(fs, dir) : null;
    if (fs && (!st || !st.isDirectory())) out = { found: null, locus: null, truncated: false, why: "", all: [] }; // a file or nothing: no tree below
    else if (!fs || (!fs.readdirEntries && !fs.readdirSync)) out = { found: null, locus: null, truncated: true, why: "and without a filesystem listing the classifier cannot tell what lies there", all: [] };
    else if ((tag === "s" || tag === "d") && pattern[0] === "**" && fs.tooBig?.exceeds(dir, SCAN_LIMIT)) {
      out = { found: null, locus: null, truncated: true, why: `more than ${SCAN_LIMIT} entries (seen by a scan of \`${dir}\` moments ago): too many to tell what lies there`, all: [] };
    } else {
      out = { found: null, locus: null, truncated: false, why: "", all: [] };
      const loci = new Set<Locus>();
      const segs = pattern.map((g) => (g === "**" ? null : segmentRegExp(g)));
      // `**/NAME` (a tool's file type, `cat **/*.py`): below the `**`, only entries named NAME
      // (leading dots allowed: broader than bash) are read, and symlinks to directories, which
      // a walker may follow. Deeper patterns after a `**` stay broad: everything may match.
      const tail = segs.length >= 2 && segs[segs.length - 2] === null && segs[segs.length - 1] !== null ? segmentRegExp(pattern[pattern.length - 1]!, true) : null;
      // Each queue item: a directory, how far into the pattern it is (`**` may stay put), and
      // inside a project's git dir, which names in it are looked at (see GIT_DIR_LOOKED_AT).
      const queue: { d: string; k: number; only?: ReadonlySet<string> | undefined }[] = [{ d: dir, k: 0 }];
      let seen = 0;
      scan: while (queue.length) {
        const { d, k, only } = queue.shift()!;
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
          if (!star && seg !== undefined && !seg.test(e.name)) continue;
          // Under a `**` everything may match (broader than bash, never narrower), but see `tail`.
          let last = star || segs.slice(k + 1).every((x) => x === null);
          const unnamed = star && tail !== null && k === segs.length - 2 && !tail.test(e.name);
          if (unnamed && !e.isLink) last = false;
          if (++seen > SCAN_LIMIT) {
            out = { ...out, truncated: true, why: `more than ${SCAN_LIMIT} entries: too many to tell what lies there` };
            // Remembered for later scans of the whole tree (a read's or a delete's: giving up is
            // their strictest answer, so a stale memo never approves anything).
            if ((tag === "s" || tag === "d") && pattern[0] === "**") fs.tooBig?.note(dir, SCAN_LIMIT);
            break scan;
          }
          const p = d === "/" ? "/" + e.name : d + "/" + e.name;
          let target = p;
          if (e.isLink) {
            let real: string | null = null;
            try {
              real = fs.realpathSync ? fs.realpathSync(p) : null; // one call where it can
            } catch {
              real = null;
            }
            if (real === null) {
              const r = resolvePath(fs, "/", p, true);
              if (!r.ok) continue;
              real = r.path;
            }
            target = real;
            // A link not named NAME is read only if it leads to a directory (or we cannot tell).
            if (unnamed) {
              const t = tryLstatSafe(fs, real);
              if (t && !t.isDirectory()) last = false;
            }
          }
          const locus = last ? regions.locate(target) : "none";
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
          }
        }
      }
    }
    this.scans.set(key, out);
    return out;
  }

  /** Can the command behind `req` make symlinks? cp only when it preserves them (-R, -a, -d, -P, -s). */
  private makesLinks(req: Parameters<Walker["placePath"]>[0], recursive: boolean): boolean {
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
