// Which locus a path lands in, from regions/default.toml. Pure: the caller resolves symlinks
// and relative paths first; this only matches normalised absolute paths against patterns.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { lazy, loadDataFile, parseDataFile } from "./datafile.ts";
import { LOCI, type Locus } from "./model.ts";

const schema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      fallback: z.enum(LOCI),
      locus: z
        .array(
          z
            .object({
              name: z.enum(LOCI),
              patterns: z.array(
                z.string().refine((p) => /^(~|@root|@tmp|@parent|@config|@claude|@state)(\/|$)/.test(p) || p.startsWith("/") || p.startsWith("**/"), {
                  message: "a pattern must start with ~, @root, @tmp, @parent, @config, @claude, @state, / or **/",
                }),
              ),
              /**
               * A path this locus places by an anchored pattern is placed instead by a later
               * locus whose pattern is anchored strictly inside that anchor (HOME or a project
               * under a temp dir: `~/.bashrc` stays user-config, not tmp).
               */
              yields_to_inner: z.boolean().optional(),
            })
            .strict(),
        )
        .min(1),
      variables: z
        .object({
          secret: z.array(z.string().regex(VARIABLE_PATTERN, "a variable name, `*` standing for any run of characters")).min(1),
          "not-secret": z.array(z.string().regex(VARIABLE_PATTERN, "a variable name, `*` standing for any run of characters")).optional(),
        })
        .strict()
        .optional(),
    })
    .strict(),
);

/** What a `[variables]` pattern may hold: a name's characters (any but `=`, NUL, blanks) and `*`. */
const VARIABLE_PATTERN = /^[^=\s\u0000]+$/;

export interface Regions {
  file: string;
  fallback: Locus;
  loci: { name: Locus; patterns: string[]; yields_to_inner?: boolean | undefined }[];
  /** Environment variable names whose values are secrets (`[variables]`); absent: none. */
  variables?: { secret: string[]; notSecret: string[] };
}

/** Where the anchors of the patterns point for one verdict. All absolute. */
export interface Anchors {
  home: string;
  roots: string[];
  tmp: string[];
  /** The user's config home, $XDG_CONFIG_HOME (default ~/.config). */
  config?: string[];
  /** Claude Code's config dir, $CLAUDE_CONFIG_DIR (default ~/.claude). */
  claude?: string[];
  /** The user's state home, $XDG_STATE_HOME (default ~/.local/state): the audit log lives there. */
  state?: string[];
}

export const REGIONS_FILE = fileURLToPath(new URL("../../regions/default.toml", import.meta.url));

export function loadRegions(file = REGIONS_FILE): Regions {
  return fromData(file, loadDataFile(file, schema()));
}

export function parseRegions(file: string, text: string): Regions {
  return fromData(file, parseDataFile(file, text, schema()));
}

function fromData(file: string, d: z.infer<ReturnType<typeof schema>>): Regions {
  const r: Regions = { file, fallback: d.fallback, loci: d.locus };
  if (d.variables) r.variables = { secret: d.variables.secret, notSecret: d.variables["not-secret"] ?? [] };
  return r;
}

/** Lexical normalisation: resolves `.`/`..`, collapses `//`, drops a trailing slash. */
export function normalizeAbsolute(p: string): string {
  return path.posix.normalize(p).replace(/(.)\/+$/, "$1");
}

export interface CompiledRegions {
  locate(absPath: string): Locus;
  /** The pattern that placed the path, for explanations. */
  explain(absPath: string): { locus: Locus; pattern: string | null };
  /**
   * The file names the patterns single out (`settings.json`, `.claude`, `config`, `*.pem` as
   * `.pem`...): a name that is none of these lands where any other name in its directory lands.
   */
  names?: SpecialNames;
  /**
   * The names singled out by the patterns of some loci only (`secret` and `self` for a read's
   * tree scan: a path is in those loci only if one of their patterns matches it).
   */
  namesOf?(loci: readonly string[]): SpecialNames;
  /** Is an environment variable of this name a secret (regions `[variables]`)? */
  secretVariable(name: string): boolean;
  /**
   * The directories whose whole tree some loci's patterns take (`~/.ssh/**` gives the absolute
   * `~/.ssh`; a name may still hold a glob: `/tmp/shellfence-*`): what a walk that lists every
   * directory it enters lists in those loci.
   */
  treesOf?(loci: readonly string[]): readonly string[];
}

export interface SpecialNames {
  /** One instance of each (a literal name, or a sample of a pattern: `settings*.json` gives `settings.json`). */
  samples: readonly string[];
  /** Could this name be singled out by some pattern? */
  test(name: string): boolean;
  /** Equal for equal tests (what the names are made of): an index of names serves every table with the same key. */
  key: string;
  /**
   * Loci with a pattern that singles out no name below its anchor (`@root/**`, `~/x/*`): a path
   * there may be in that locus with no special name in it, so a scan that looks at special names
   * only (analysis/treescan.ts) cannot look for those loci.
   */
  unnamed: ReadonlySet<string>;
}

const variableMatchers = new WeakMap<Regions, (name: string) => boolean>();

/** The `[variables]` test of a regions table, compiled once per table (names are compared case-insensitively). */
export function secretVariableTest(regions: Regions): (name: string) => boolean {
  let t = variableMatchers.get(regions);
  if (t) return t;
  const v = regions.variables;
  if (!v) t = () => false;
  else {
    const re = (list: string[]) => (list.length ? new RegExp(`^(?:${list.map((p) => p.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\/]/g, "\\$&")).join(".*")).join("|")})$`, "is") : null);
    const yes = re(v.secret);
    const no = re(v.notSecret);
    const memo = new Map<string, boolean>();
    t = (name) => {
      let hit = memo.get(name);
      if (hit === undefined) {
        hit = yes !== null && yes.test(name) && !(no !== null && no.test(name));
        if (memo.size > 4096) memo.clear();
        memo.set(name, hit);
      }
      return hit;
    };
  }
  variableMatchers.set(regions, t);
  return t;
}

/** Expands the anchors once so that each lookup is a scan of precompiled matchers. */
export function compileRegions(regions: Regions, anchors: Anchors): CompiledRegions {
  const home = normalizeAbsolute(anchors.home);
  const roots = anchors.roots.map(normalizeAbsolute);
  const parents = roots
    .map((r) => path.posix.dirname(r))
    .filter((p) => p !== home && p !== "/");
  const tmp = anchors.tmp.map(normalizeAbsolute);
  const config = (anchors.config ?? [home + "/.config"]).map(normalizeAbsolute);
  const claude = (anchors.claude ?? [home + "/.claude"]).map(normalizeAbsolute);
  const state = (anchors.state ?? [home + "/.local/state"]).map(normalizeAbsolute);
  /** Each expansion of a pattern, with the anchor it was expanded from (null: not anchored). */
  const expand = (pattern: string): { path: string; anchor: string | null }[] => {
    const [head, ...rest] = pattern.split("/");
    const tail = rest.length ? "/" + rest.join("/") : "";
    const join = (bases: string[]) => bases.map((b) => ({ path: b === "/" ? tail || "/" : b + tail, anchor: b }));
    switch (head) {
      case "~":
        return join([home]);
      case "@root":
        return join(roots);
      case "@tmp":
        return join(tmp);
      case "@parent":
        return join(parents);
      case "@config":
        return join(config);
      case "@claude":
        return join(claude);
      case "@state":
        return join(state);
      default:
        return [{ path: pattern, anchor: null }];
    }
  };
  const compiled = regions.loci.map((l) => ({
    name: l.name,
    yields: l.yields_to_inner === true,
    matchers: l.patterns.flatMap((p) => expand(p).map((e) => ({ pattern: p, re: globToRegExp(e.path), anchor: e.anchor }))),
  }));
  /** The first match after locus `from` by a pattern anchored strictly inside `outer`. */
  const inner = (p: string, from: number, outer: string) => {
    const pre = outer === "/" ? "/" : outer + "/";
    for (let i = from; i < compiled.length; i++) {
      const l = compiled[i]!;
      for (const m of l.matchers) if (m.anchor !== null && m.anchor.startsWith(pre) && m.re.test(p)) return { locus: l.name, pattern: m.pattern };
    }
    return null;
  };
  const explain = (absPath: string) => {
    const p = normalizeAbsolute(absPath);
    for (let i = 0; i < compiled.length; i++) {
      const l = compiled[i]!;
      for (const m of l.matchers) {
        if (!m.re.test(p)) continue;
        if (l.yields && m.anchor !== null) return inner(p, i + 1, m.anchor) ?? { locus: l.name, pattern: m.pattern };
        return { locus: l.name, pattern: m.pattern };
      }
    }
    return { locus: regions.fallback, pattern: null };
  };
  const some = new Map<string, SpecialNames>();
  const namesOf = (loci: readonly string[]) => {
    const k = [...loci].sort().join(",");
    let n = some.get(k);
    if (!n) some.set(k, (n = specialNames(regions, new Set(loci))));
    return n;
  };
  const trees = new Map<string, string[]>();
  const treesOf = (loci: readonly string[]) => {
    const k = [...loci].sort().join(",");
    let t = trees.get(k);
    if (!t) {
      t = [];
      for (const l of regions.loci) {
        if (!loci.includes(l.name)) continue;
        for (const p of l.patterns) if (p.endsWith("/**")) for (const e of expand(p.slice(0, -3))) t.push(e.path);
      }
      trees.set(k, t);
    }
    return t;
  };
  return { explain, locate: (p) => explain(p).locus, names: specialNames(regions), namesOf, treesOf, secretVariable: secretVariableTest(regions) };
}

/**
 * Every segment of every pattern but the anchors and `**`, as names (see CompiledRegions.names).
 * Samples come from anchored patterns only: a name that is special anywhere (`**\/.env`) is
 * special because of the file it names, which a source whose name is unknown says nothing about.
 */
/** Names a SpecialNames test remembers at most (then it starts again). */
const NAME_MEMO = 50_000;

function specialNames(regions: Regions, only?: ReadonlySet<string>): SpecialNames {
  const literal = new Set<string>();
  const globs: RegExp[] = [];
  const samples = new Set<string>();
  const unnamed = new Set<string>();
  for (const l of regions.loci) {
    if (only && !only.has(l.name)) continue;
    for (const p of l.patterns) {
      const anywhere = p.startsWith("**/");
      // Absolute patterns have no anchor: every segment after the leading "/" names something.
      const below = p.split("/").slice(1);
      if (!below.some((seg) => seg !== "" && !/^[*?]+$/.test(seg))) unnamed.add(l.name);
      for (const seg of p.split("/").slice(1)) {
        // `*` (any name in a directory) singles out no name.
        if (seg === "" || /^[*?]+$/.test(seg)) continue;
        if (!/[*?]/.test(seg)) {
          literal.add(seg);
          if (!anywhere) samples.add(seg);
          continue;
        }
        globs.push(globToRegExp(seg));
        if (!anywhere) for (const fill of ["", "x"]) samples.add(seg.replace(/\*/g, fill).replace(/\?/g, "x"));
      }
    }
  }
  const key = [...(only ?? [])].sort().join(",") + "\u0002" + [...literal].sort().join("\u0000") + "\u0001" + globs.map((re) => re.source).sort().join("\u0000");
  // One regular expression for all the globs, and names remembered: a tree scan tests every name
  // of a 100,000-entry tree, most of them repeated (`lib`, `index.js`, `package.json`).
  const any = globs.length ? new RegExp(globs.map((re) => `(?:${re.source})`).join("|")) : null;
  const memo = new Map<string, boolean>();
  const test = (n: string): boolean => {
    let hit = memo.get(n);
    if (hit === undefined) {
      hit = literal.has(n) || (any !== null && any.test(n));
      if (memo.size >= NAME_MEMO) memo.clear();
      memo.set(n, hit);
    }
    return hit;
  };
  return { samples: [...samples], test, key, unnamed };
}

/** `*` = within a segment, `**` = any segments; `d/**` also matches `d`; `**\/x` matches x at any depth. */
export function globToRegExp(glob: string): RegExp {
  let re = "^";
  let i = 0;
  if (glob.startsWith("**/")) {
    re += "(?:.*/)?";
    i = 3;
  }
  for (; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "/" && glob.startsWith("/**", i) && (i + 3 === glob.length || glob[i + 3] === "/")) {
      re += "(?:/.*)?";
      i += 2;
    } else if (c === "*") {
      re += "[^/]*";
    } else if (c === "?") {
      re += "[^/]";
    } else {
      re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
    }
  }
  return new RegExp(re + "$");
}
