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
                z.string().refine((p) => /^(~|@root|@tmp|@parent|@config|@claude)(\/|$)/.test(p) || p.startsWith("/") || p.startsWith("**/"), {
                  message: "a pattern must start with ~, @root, @tmp, @parent, @config, @claude, / or **/",
                }),
              ),
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
  loci: { name: Locus; patterns: string[] }[];
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
  /** Is an environment variable of this name a secret (regions `[variables]`)? */
  secretVariable(name: string): boolean;
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
  const expand = (pattern: string): string[] => {
    const [head, ...rest] = pattern.split("/");
    const tail = rest.length ? "/" + rest.join("/") : "";
    const join = (bases: string[]) => bases.map((b) => (b === "/" ? tail || "/" : b + tail));
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
      default:
        return [pattern];
    }
  };
  const compiled = regions.loci.map((l) => ({
    name: l.name,
    matchers: l.patterns.flatMap((p) => expand(p).map((e) => ({ pattern: p, re: globToRegExp(e) }))),
  }));
  const explain = (absPath: string) => {
    const p = normalizeAbsolute(absPath);
    for (const l of compiled) {
      for (const m of l.matchers) if (m.re.test(p)) return { locus: l.name, pattern: m.pattern };
    }
    return { locus: regions.fallback, pattern: null };
  };
  return { explain, locate: (p) => explain(p).locus, secretVariable: secretVariableTest(regions) };
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
