// A small gitignore-style matcher, used only to say that a recursive reader (rg, ag) skips a path.
// It is deliberately partial: it understands a subset of the syntax (literal characters, `*`, `?`,
// `**` as a whole segment, a leading or middle `/` anchoring, a trailing `/` for directories), and
// drops every other line (`[...]`, backslashes, surrounding blanks). Dropping a line can only make
// it say "ignored" less often, which is the safe direction: a path it calls ignored is one the tool
// skips, never the reverse. It never evaluates `!` lines: a file holding one is reported as
// `negated`, and the caller then trusts no ignore rule at all (a whitelist can re-include a path,
// and in ripgrep it also re-includes a hidden one).

/** One understood pattern. */
export interface IgnorePattern {
  /** Matched against the path relative to the ignore file's directory (no leading `/`). */
  re: RegExp;
  /** Trailing `/`: matches directories only. */
  dirOnly: boolean;
  source: string;
}

export interface IgnoreRules {
  patterns: IgnorePattern[];
  /** Some line starts with `!` (a whitelist): the rules cannot be evaluated soundly. */
  negated: boolean;
  /** Lines left out because the matcher does not understand them. */
  dropped: number;
}

/** The regular expression for one path segment of a glob (`*`, `?`, `{a,b}` when `braces`); null when not understood. */
export function segmentSource(seg: string, braces = false): string | null {
  let out = "";
  let inBrace = false;
  for (const ch of seg) {
    if (ch === "*") out += "[^/]*";
    else if (ch === "?") out += "[^/]";
    else if (braces && ch === "{" && !inBrace) {
      inBrace = true;
      out += "(?:";
    } else if (braces && ch === "," && inBrace) out += "|";
    else if (braces && ch === "}" && inBrace) {
      inBrace = false;
      out += ")";
    } else if (ch === "[" || ch === "]" || ch === "\\" || ch === "{" || ch === "}" || ch === "/") return null;
    else out += ch.replace(/[.+^$()|]/g, "\\$&");
  }
  return inBrace ? null : out;
}

/**
 * A gitignore-syntax pattern as a regular expression over a relative path, with its flags; null
 * when the pattern uses syntax this matcher leaves out. `braces`: `{a,b}` alternation (ripgrep's
 * globs have it, git's ignore files do not).
 */
export function compilePattern(line: string, braces = false): IgnorePattern | null {
  const source = line;
  if (line === "" || /^\s|\s$/.test(line) || line.includes("\r")) return null;
  let p = line;
  let dirOnly = false;
  if (p.endsWith("/")) {
    dirOnly = true;
    p = p.slice(0, -1);
  }
  if (p === "" || p.endsWith("/")) return null;
  const anchored = p.includes("/");
  if (p.startsWith("/")) p = p.slice(1);
  if (p === "") return null;
  const segs = p.split("/");
  if (segs.some((s) => s === "")) return null;
  const parts: string[] = [];
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    if (s === "**") {
      parts.push("**");
      continue;
    }
    if (s.includes("**")) return null;
    const src = segmentSource(s, braces);
    if (src === null) return null;
    parts.push(src);
  }
  let re: string;
  if (!anchored) {
    // No slash: the name at any depth.
    if (parts[0] === "**") return null;
    re = `(?:^|/)${parts[0]}$`;
  } else {
    re = "^";
    for (let i = 0; i < parts.length; i++) {
      const x = parts[i]!;
      const last = i === parts.length - 1;
      if (x === "**") {
        // leading `**/`: any directories; middle `/**/`: zero or more; trailing `/**`: everything inside
        re += last ? (i === 0 ? ".*" : ".+") : "(?:[^/]+/)*";
      } else re += x + (last ? "" : "/");
    }
    re += "$";
  }
  return { re: new RegExp(re), dirOnly, source };
}

/**
 * Parses an ignore file's text. `anchored: false` leaves out the patterns with a `/` before their
 * end (`/dist`, `src/*.gen.ts`): ripgrep matches those against the path as the command spelled it,
 * so `rg x sub` reads `sub/x.txt` although the root's .gitignore lists `/sub/x.txt` (observed,
 * rg 13), while a name pattern (`node_modules/`, `.env`) is applied however the path is spelled.
 */
export function parseIgnore(text: string, opts: { anchored?: boolean } = {}): IgnoreRules {
  const out: IgnoreRules = { patterns: [], negated: false, dropped: 0 };
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("!")) {
      out.negated = true;
      continue;
    }
    const p = opts.anchored === false && line.replace(/\/$/, "").includes("/") ? null : compilePattern(line);
    if (p) out.patterns.push(p);
    else out.dropped++;
  }
  return out;
}

/** Does some pattern of `rules` match `rel` itself (relative to the rules' directory)? Parents are the caller's. */
export function ignoredBy(rules: IgnoreRules, rel: string, isDir: boolean): boolean {
  for (const p of rules.patterns) if ((!p.dirOnly || isDir) && p.re.test(rel)) return true;
  return false;
}

/**
 * A shell-style wildcard over a base name as grep's --include/--exclude/--exclude-dir use it
 * (`*` and `?` match any character, a leading dot too); null when the glob has syntax left out.
 */
export function baseNameGlob(glob: string): RegExp | null {
  if (glob === "" || glob.includes("/")) return null;
  const src = segmentSource(glob);
  return src === null ? null : new RegExp(`^${src.replace(/\[\^\/\]/g, ".")}$`, "s");
}
