// What a recursive reader's own filters leave out of the tree below its start (registry `walk`,
// docs/DESIGN.md "Recursive readers' own filters"). ripgrep skips hidden entries and what the
// repository's ignore files list; grep -r reads only files its --include/--exclude globs admit and
// never enters an --exclude-dir; neither follows a symlink met below the start unless told to.
// The tree scan (treescan.ts) still finds every specially named entry and symlink; this module
// says which of them the tool really reads.
//
// Sound by construction: every rule here only ever removes a path from what is read when the tool
// certainly skips it. Anything the model cannot evaluate (a `!` whitelist in any ignore file the
// tool may read, an ignore file that cannot be read, a nested repository, a glob with syntax the
// matcher leaves out, a flag or environment variable that adds options) turns the rule off, so the
// tree is judged whole, as without this module.
import path from "node:path";
import { tryLstat, tryRead, type FsLike } from "./fs.ts";
import { baseNameGlob, compilePattern, ignoredBy, parseIgnore, type IgnoreRules } from "./ignorematch.ts";

/** A tool's walk, as the registry says it (compiled `walk` table). */
export interface WalkSpec {
  /** It reads only the regular files git's index tracks (git grep). */
  tracked: boolean;
  /** Entries whose name starts with `.` below the start are skipped by default. */
  hidden: boolean;
  /** The repository's ignore files (.gitignore, .git/info/exclude) skip what they list by default. */
  ignoreFiles: boolean;
  /** Symlinks met below the start are followed by default (else not read at all). */
  follow: boolean;
  flags: {
    follow: string[];
    showHidden: string[];
    noIgnore: string[];
    unrestricted: string[];
    globs: string[];
    iglobs: string[];
    globCase: string[];
    types: string[];
    include: string[];
    exclude: string[];
    excludeDir: string[];
    unsure: string[];
  };
  /** Environment variables that add options (RIPGREP_CONFIG_PATH): set, the filters are not known. */
  env: string[];
  /** Files it opens in every directory it enters, through symlinks (ag's ignore files). */
  opens: readonly string[];
}

/** The filters one invocation applies (from its flags). */
export interface WalkFilter {
  by: string;
  tracked: boolean;
  hidden: boolean;
  ignoreFiles: boolean;
  follow: boolean;
  /** ripgrep-style override globs in order (`!` excludes; any positive one restricts files to its matches). */
  overrides: { re: RegExp; negated: boolean }[];
  /** A file type whitelist (`rg -t`): it re-includes hidden files of the type. */
  typed: boolean;
  /** grep's --include/--exclude in order; the first decides what an unmatched file gets. */
  files: { re: RegExp; include: boolean }[];
  excludeDirs: RegExp[];
  /** Environment variables that would add options. */
  env: string[];
  /** Files it opens in every directory it enters, through symlinks (ag's ignore files). */
  opens: readonly string[];
  /** Why the filters cannot be evaluated (the tree is judged whole, links as followed). */
  unsure?: string;
}

/** The filters of one invocation from the flags it was given (names as written, values as words). */
export function walkFilterOf(by: string, spec: WalkSpec, flags: readonly { name: string; value: string | null | undefined }[]): WalkFilter {
  const f: WalkFilter = { by, tracked: spec.tracked, hidden: spec.hidden, ignoreFiles: spec.ignoreFiles, follow: spec.follow, overrides: [], typed: false, files: [], excludeDirs: [], env: spec.env, opens: spec.opens };
  const has = (list: string[], name: string) => list.includes(name);
  const nocase = flags.some((x) => has(spec.flags.globCase, x.name));
  let unrestricted = 0;
  for (const { name, value } of flags) {
    const k = spec.flags;
    // Flags that turn a filter back on (`--no-hidden`, `--ignore`) are not modelled: left out,
    // they only make the model read more than the tool.
    if (has(k.follow, name)) f.follow = true;
    else if (has(k.showHidden, name)) f.hidden = false;
    else if (has(k.noIgnore, name)) f.ignoreFiles = false;
    else if (has(k.unrestricted, name)) {
      unrestricted++;
      f.ignoreFiles = false;
      if (unrestricted >= 2) f.hidden = false;
    } else if (has(k.types, name)) f.typed = true;
    else if (has(k.unsure, name)) f.unsure ??= `\`${name}\` adds filters the model does not evaluate`;
    else if (has(k.globs, name) || has(k.iglobs, name)) {
      if (typeof value !== "string") {
        f.unsure ??= `a dynamic \`${name}\` glob`;
        continue;
      }
      const negated = value.startsWith("!");
      const body = negated ? value.slice(1) : value;
      // Only globs on names (no `/`): they mean the same whatever the tool takes them relative to.
      const p = body.includes("/") ? null : compilePattern(body, true);
      if (!p || p.dirOnly) {
        f.unsure ??= `the glob \`${value}\` uses syntax the model does not evaluate`;
        continue;
      }
      const ci = nocase || has(k.iglobs, name);
      f.overrides.push({ re: ci ? new RegExp(p.re.source, "i") : p.re, negated });
    } else if (has(k.include, name) || has(k.exclude, name)) {
      const re = typeof value === "string" ? baseNameGlob(value) : null;
      if (!re) {
        f.unsure ??= `the glob \`${value ?? "<dynamic>"}\` of \`${name}\` uses syntax the model does not evaluate`;
        continue;
      }
      f.files.push({ re, include: has(k.include, name) });
    } else if (has(k.excludeDir, name)) {
      // An exclusion the model cannot read is left out: it only narrows what is read.
      const re = typeof value === "string" ? baseNameGlob(value) : null;
      if (re) f.excludeDirs.push(re);
    }
  }
  return f;
}

/** Does the filter leave anything out at all? */
export function filters(f: WalkFilter): boolean {
  return !f.unsure && (f.hidden || f.ignoreFiles || !f.follow || f.overrides.length > 0 || f.files.length > 0 || f.excludeDirs.length > 0);
}

/** Names the tree scan must also report for a filtered walk: ignore files and nested repositories. */
export const IGNORE_NAMES: ReadonlySet<string> = new Set([".gitignore", ".ignore", ".rgignore", ".fdignore", ".hgignore", ".git"]);

/** An ignore file the tool applies, and the directory its patterns are relative to. */
interface Rules {
  dir: string;
  rules: IgnoreRules;
}

/**
 * One filter applied below one start directory: reads the ignore files that apply (fresh, for this
 * verdict) and answers which entries the tool skips. `why` says why a rule was turned off.
 */
export class WalkPlan {
  hidden: boolean;
  ignoreFiles: boolean;
  readonly follow: boolean;
  private rules: Rules[] = [];
  /** Why the hidden and ignore rules were turned off ("" when they were not). */
  off = "";
  private readonly pre: string;

  constructor(
    readonly filter: WalkFilter,
    readonly start: string,
    private readonly fs: FsLike,
    home: string,
    configHome: string,
  ) {
    this.follow = filter.follow;
    this.hidden = filter.hidden;
    this.ignoreFiles = filter.ignoreFiles;
    this.pre = start === "/" ? "/" : start + "/";
    if (this.hidden || this.ignoreFiles) this.readIgnores(home, configHome);
  }

  /** A key for the prune test (equal keys prune equally below the same start). */
  get key(): string {
    return JSON.stringify([this.hidden, this.ignoreFiles, this.filter.overrides.map((o) => [o.re.source, o.re.flags, o.negated]), this.filter.typed, this.filter.excludeDirs.map((r) => r.source), this.rules.map((r) => [r.dir, r.rules.patterns.map((p) => p.source)])]);
  }

  /** Trusts neither the hidden nor the ignore rule (the tree is judged as the tool's other filters leave it). */
  turnOff(why: string): void {
    this.off ||= why;
    this.hidden = false;
    this.ignoreFiles = false;
    this.rules = [];
  }

  /** An ignore file's rules: null when it does not exist; "bad" when it exists but cannot be read or whitelists. */
  private load(p: string): IgnoreRules | null | "bad" {
    const st = tryLstat(this.fs, p);
    if (!st) return null;
    const text = tryRead(this.fs, p);
    if (text === null) return "bad";
    const r = parseIgnore(text, { anchored: false });
    return r.negated ? "bad" : r;
  }

  private readIgnores(home: string, configHome: string): void {
    // The repository: the nearest directory at or above the start holding `.git`.
    let repo: string | null = null;
    const chain: string[] = [];
    for (let d = this.start; ; d = path.posix.dirname(d)) {
      chain.push(d);
      if (repo === null && tryLstat(this.fs, (d === "/" ? "" : d) + "/.git")) repo = d;
      if (d === "/") break;
    }
    // Every ignore file the tool may read above and at the start: none may whitelist.
    for (const d of chain) {
      for (const name of [".gitignore", ".ignore", ".rgignore"]) {
        const r = this.load((d === "/" ? "" : d) + "/" + name);
        if (r === "bad") return this.turnOff(`\`${d}/${name}\` whitelists paths (\`!\`) or cannot be read`);
        // Used only when the tool applies it for certain: a repository's .gitignore at or below its root.
        if (r && name === ".gitignore" && repo !== null && (d === repo || d.startsWith(repo === "/" ? "/" : repo + "/"))) this.rules.push({ dir: d, rules: r });
      }
    }
    if (repo !== null) {
      const dotgit = (repo === "/" ? "" : repo) + "/.git";
      const st = tryLstat(this.fs, dotgit);
      if (st && st.isDirectory()) {
        const r = this.load(dotgit + "/info/exclude");
        if (r === "bad") return this.turnOff(`\`${dotgit}/info/exclude\` whitelists paths or cannot be read`);
        if (r) this.rules.push({ dir: repo, rules: r });
      } else {
        // A linked worktree or submodule: its exclude file lives elsewhere.
        return this.turnOff(`\`${dotgit}\` is not a directory (its exclude file lives elsewhere)`);
      }
    }
    // The global excludes file: git's core.excludesFile, else $XDG_CONFIG_HOME/git/ignore.
    const globals = [`${configHome}/git/ignore`];
    for (const cfg of [`${home}/.gitconfig`, `${configHome}/git/config`]) {
      if (!tryLstat(this.fs, cfg)) continue;
      const text = tryRead(this.fs, cfg);
      if (text === null) return this.turnOff(`\`${cfg}\` cannot be read`);
      if (/^\s*\[\s*include/im.test(text)) return this.turnOff(`\`${cfg}\` includes other config files`);
      for (const m of text.matchAll(/^\s*excludesfile\s*=\s*(.*)$/gim)) {
        let v = m[1]!.trim().replace(/^"(.*)"$/, "$1");
        if (v.startsWith("~/")) v = home + v.slice(1);
        if (!v.startsWith("/") || /[\\"$]/.test(v)) return this.turnOff(`core.excludesFile in \`${cfg}\` is not a plain path`);
        globals.push(v);
      }
    }
    for (const g of globals) {
      if (this.load(g) === "bad") return this.turnOff(`the global excludes file \`${g}\` whitelists paths or cannot be read`);
    }
  }

  /**
   * The ignore files and repositories found below the start in directories the tool enters:
   * a whitelist or an unreadable file there turns the rules off (false: the walk must be redone
   * without pruning). Their other patterns are not applied (they could only skip more).
   */
  checkNested(named: readonly string[]): boolean {
    if (!this.hidden && !this.ignoreFiles) return true;
    for (const p of named) {
      const name = p.slice(p.lastIndexOf("/") + 1);
      if (!IGNORE_NAMES.has(name) || !p.startsWith(this.pre)) continue;
      if (this.prunedAbove(p)) continue;
      if (name === ".git") {
        const st = tryLstat(this.fs, p);
        if (!st) continue;
        const r = st.isDirectory() ? this.load(p + "/info/exclude") : "bad";
        if (r === "bad") {
          this.turnOff(`the nested repository \`${p}\` has exclude rules the model does not evaluate`);
          return false;
        }
        continue;
      }
      if (this.load(p) === "bad") {
        this.turnOff(`\`${p}\` whitelists paths (\`!\`) or cannot be read`);
        return false;
      }
    }
    return true;
  }

  /** Does the tool skip the entry `p` itself (not looking at its parents)? */
  skips(p: string, isDir: boolean): boolean {
    const f = this.filter;
    const name = p.slice(p.lastIndexOf("/") + 1);
    if (isDir && f.excludeDirs.some((re) => re.test(name))) return true;
    if (!isDir && f.files.length > 0) {
      let included = !f.files[0]!.include;
      for (const x of f.files) if (x.re.test(name)) included = x.include;
      if (!included) return true;
    }
    // ripgrep: override globs first (a match decides), then ignore files, then hidden.
    let white = false;
    if (f.overrides.length) {
      const rel = p.slice(this.pre.length);
      let m: boolean | null = null;
      for (const o of f.overrides) if (o.re.test(rel)) m = !o.negated;
      if (m === false) return true;
      if (m === true) white = true;
      else if (!isDir && f.overrides.some((o) => !o.negated)) return true;
    }
    if (white) return false;
    if (this.ignoreFiles) {
      for (const r of this.rules) {
        const pre = r.dir === "/" ? "/" : r.dir + "/";
        if (p.startsWith(pre) && ignoredBy(r.rules, p.slice(pre.length), isDir)) return true;
      }
    }
    if (this.hidden && name.startsWith(".") && (isDir || !f.typed)) return true;
    return false;
  }

  /** Is some directory strictly between the start and `p` skipped (so the tool never gets to `p`)? */
  prunedAbove(p: string): boolean {
    for (let i = p.indexOf("/", this.pre.length); i > 0; i = p.indexOf("/", i + 1)) if (this.skips(p.slice(0, i), true)) return true;
    return false;
  }

  /** Does the tool read the entry `p` (a file or directory below the start; `isDir` null: not known)? */
  reads(p: string, isDir: boolean | null): boolean {
    if (!p.startsWith(this.pre) || this.prunedAbove(p)) return !p.startsWith(this.pre);
    if (isDir === null) return !this.skips(p, true) || !this.skips(p, false);
    return !this.skips(p, isDir);
  }

  /** The walk's prune test: directories below the start the tool never enters. */
  prune(): { key: string; test(dir: string): boolean } | undefined {
    if (!this.hidden && !this.ignoreFiles && this.filter.overrides.length === 0 && this.filter.excludeDirs.length === 0) return undefined;
    return { key: this.key, test: (d) => d.startsWith(this.pre) && this.skips(d, true) };
  }
}
