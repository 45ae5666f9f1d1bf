// Reading a tool's own option list out of its help text or man page. Pure: text in, options
// out. Help formats differ (GNU `-o, --output=FILE   text`, git `-e, --exclude <pattern>`,
// man pages' `-f file` on a line of its own, Python's `-c cmd : text`), but an option's
// definition always starts a line with the option itself; a sentence that mentions an option
// starts with a word. What this cannot tell apart is settled in the extract's per-tool
// facts (oracle/options/tools.ts `facts`, each with the run that settled it), never by
// hand-editing the committed lists.

export type Arity = 0 | 1 | "optional";

export interface ToolOption {
  /** Every spelling of the option, as the tool writes it (`-o`, `--output`, `-name`). */
  names: string[];
  arity: Arity;
  /** The value's placeholder as the tool wrote it (`FILE`, `<pattern>`), for the reader. */
  arg?: string;
  /** Set when a recipe's fact (tools.ts) settled the option's arity: the run that settled it. */
  fixed?: string;
}

/**
 * How a tool writes what its help cannot say in the common notations (set per tool in
 * oracle/options/tools.ts, each checked by a real run).
 */
export interface ParseStyle {
  /**
   * A single-dash long option written `-name=<x>` takes its value glued after the `=` only
   * (gcc's driver: `gcc -std c99` is "unrecognized option -std"; java's `-D<name>=<value>`).
   * Read as an optional value: the next word is never the value.
   */
  equalsGlued?: boolean;
  /**
   * The usage lines' bracketed groups (`[-w|--workspace <workspace-name> ...]`) say which
   * options take a value; the definitions below them (`  -w|--workspace`) do not (npm).
   */
  synopsis?: boolean;
  /**
   * A one-letter option glued to a lowercase placeholder (ruby's `-Cdirectory`, `-rlibrary`)
   * is that letter with a glued value, not a single-dash long option.
   */
  shortGlued?: boolean;
  /**
   * A value written in brackets after a space (`-C, --directory [DIRECTORY]`) is the next word
   * when one follows (Ruby's OptionParser: `rake -C sub` runs in sub), not a glued-only value.
   */
  spacedOptionalNext?: boolean;
  /**
   * Every word after one space that ends the definition is the option's required value, brackets
   * or not: git's parse-options prints `--chmod (+|-)x`, `--resolvemsg ...`, `--diff-filter
   * [(A|C|...)...[*]]` for required values and writes an optional one glued (`--abbrev[=<n>]`).
   */
  anySpacedValue?: boolean;
}

/** One spelling with its own argument notation. */
interface Token {
  name: string;
  arity: Arity;
  arg?: string;
  /** `--indicator-style=slash`: a long option written with one fixed value, as the meaning of a short one. */
  literal?: boolean;
}

const NAME = /^(--?\[no-?\]|[-+]{1,2})([A-Za-z0-9?#@][A-Za-z0-9_.?#@-]*|[0-9]+)/;
/**
 * A placeholder made of pieces, read only where the definition ends after it: `<name>=<value>`
 * (git -c), `[[bus]:][devnum]` and `vendor:[product]` (lsusb), `<version>[,<offset>]`. Brackets
 * inside a longer word bracket a part of the value, not the value itself.
 */
const COMPOUND_ARG = /^ ((?:<[^>\s]+>|\[[^\s]*?\]|[A-Za-z][A-Za-z0-9_-]*)(?:[=:,/]?(?:<[^>\s]+>|\[[^\s]*?\]|[A-Za-z][A-Za-z0-9_-]*))+)$/;
/** Words after options that make the line a sentence about them (`-a, -b, and -c.`, `--x is set`). */
const PROSE_AFTER = /^\s*(and|is|are|was|were|has|have|can|will|takes?|options?)\b/;
/** English words that follow an option in prose (`--no-min-parents and --no-max-parents reset...`), never a placeholder. */
const PROSE_WORD = /^(and|or|is|are|was|the|a|an|to|with|in|of|for|as|if|then|when|also|only|but|not|which|that|this)$/;
/**
 * An argument placeholder after a space: `FILE`, `<file>`, `{a,b}`, `file`, `[=X]` (optional);
 * openssl's `PEM|DER` (one of) and `+int`; man pages' `address[#port]`, `[hmac:]keyname:secret`
 * `var=value` and go's `tag,list` (brackets around or after the word); a list is one value
 * (java's `<module>[,<module>...]`, `<module>/<package>=<m>(,<m>)*`); so is a choice of words
 * ending the definition (Python's `--check-hash-based-pycs always|default|never:`); go's quoted
 * `'[pattern=]arg list'` and xz's `.suf`.
 */
const SPACED_ARG = /^ ((?:\[[^\]]*\])*(?:'[^']+'|<[^>]+>(?:[/=]<[^>]+>)*(?:\[[^\]]*\]|\([^)]*\)\*?)*(?:\.\.\.)?|\{[^}]+\}(?:\.\.\.)?|[A-Z][A-Z0-9_:-]*(?:\|[A-Z][A-Z0-9_:-]*)*\b(?:\.\.\.)?|\+[a-z]+|[a-z][a-z0-9_-]*(?:\|[a-z][a-z0-9_-]*)+(?=:?$)|\.?[a-z][a-z0-9_:=-]*(?:,[a-z][a-z0-9_:=-]*)*(?:\[[^\]]*\]|\([^)]*\)\*?)*(?:\.\.\.)?)(?:\[[^\]]*\])*|\[[^\]]+\])(?=:?$|[ ,])/;

/** Splits the definition part of a line (before the description) into option spellings. */
export function parseTokens(head: string, style: ParseStyle = {}): Token[] | null {
  const out: Token[] = [];
  let rest = head.trim();
  let afterComma = false;
  while (rest.length) {
    const m = NAME.exec(rest);
    // `--only-matching, --heading, --replace, etc., have no effect`: a list in a sentence
    // (`-a, -b, and -c.`, `--x is set`: a sentence about options)
    if (!m) return out.length && !PROSE_AFTER.test(rest) && !(afterComma && /^[a-z]/.test(rest)) ? out : null;
    // `see -printf.`: a name that ends a sentence is prose, not a definition
    if (m[0].endsWith(".")) return out.length ? out : null;
    // `-e/--regexp or -f/--file flags).`: names joined by a slash are a sentence's
    if (rest.slice(m[0].length).startsWith("/-")) return null;
    let names: string[];
    if (/\[no-?\]$/.test(m[1]!)) {
      // git's `--[no-]foo`: both spellings
      const sep = m[1]!.includes("no-") ? "no-" : "no";
      names = [`--${m[2]}`, `--${sep}${m[2]}`];
    } else names = [m[1]! + m[2]!];
    rest = rest.slice(m[0].length);
    let arity: Arity = 0;
    let arg: string | undefined;
    let literal = false;
    const glued = style.shortGlued && m[1] === "-" ? /^([A-Za-z])([a-z][a-z]+)$/.exec(m[2]!) : null;
    if (glued) {
      names = [`-${glued[1]}`];
      const more = /^\[[^\]]*\]/.exec(rest);
      arg = glued[2]! + (more ? more[0] : "");
      if (more) rest = rest.slice(more[0].length);
      arity = "optional";
    }
    // a comma ends the spelling: `--expand-tabs=<n>, --expand-tabs` (git), `--rsh=COMMAND, -e` (rsync)
    const eq = glued ? null : /^(\[=[^\]]*\]|=\S+?(?=,?(?:\s|$))|\[[^\]]*\])/.exec(rest);
    // git's man pages glue a short option's value to it (`-S<string>`, `-l<num>`); parse-options
    // reads `-S x` and `-Sx` alike
    const gluedAngle = glued || !/^-[A-Za-z0-9]$/.test(names[0]!) ? null : /^<[^>\s]+>(?=,?(?:\s|$))/.exec(rest);
    // `--filelimit[=]#`, `--timefmt[=]format` (tree): the `=` is optional, the value is not
    const eqOptional = glued ? null : /^\[=\]([^\s,]+)/.exec(rest);
    if (glued) {
      // the value is the glued placeholder read above
    } else if (gluedAngle) {
      arity = 1;
      arg = gluedAngle[0];
      rest = rest.slice(gluedAngle[0].length);
    } else if (eqOptional) {
      arity = 1;
      arg = eqOptional[1]!;
      rest = rest.slice(eqOptional[0].length);
    } else if (eq) {
      arity = eq[1]!.startsWith("[") ? "optional" : 1;
      arg = eq[1]!.replace(/^\[?=?|\]$/g, "");
      // kubectl writes each flag with its default and a colon: `--all-namespaces=false:` is a
      // boolean (a value only glued), `--selector='':` takes one
      if (/^=(true|false):?$/.test(eq[1]!)) {
        arity = "optional";
        arg = "bool";
      } else if (/:$/.test(arg)) arg = arg.slice(0, -1);
      if (style.equalsGlued && arity === 1 && m[1] === "-" && m[2]!.length > 1 && eq[1]!.startsWith("=")) arity = "optional";
      // GNU writes placeholders in capitals; `=slash` after a long name is one of its values
      literal = /^=[a-z][a-z0-9-]*$/.test(eq[1]!) && m[1] === "--";
      rest = rest.slice(eq[0].length);
    } else {
      const sp0 = SPACED_ARG.exec(rest);
      const sp = sp0 && !PROSE_WORD.test(sp0[1]!) ? sp0 : COMPOUND_ARG.exec(rest);
      // a lowercase word after a space is a placeholder only when nothing but another option
      // or the end of the definition follows (`-f file` on its own line in a man page)
      const after = sp ? rest.slice(sp[0].length).trim() : "";
      // (`<file>`, `FILE`, `host[:port]` are placeholders whatever follows: curl's help leaves
      // one space before the text)
      const marked = sp !== null && !/^[a-z][a-z0-9_-]*(\.\.\.)?$/.test(sp[1]!);
      // (`-E or --QUIT-AT-EOF`: `or` joins two spellings, it is no placeholder)
      const any = !sp && style.anySpacedValue ? /^ ([^\s-]\S*)$/.exec(rest) : null;
      if (any) {
        arity = 1;
        arg = any[1]!;
        rest = "";
      } else if (sp && sp[1] !== "or" && (marked || after === "" || after === ":" || after.startsWith(",") || after.startsWith("-") || after.startsWith("|") || after.startsWith("[") || /^[A-Z][a-z]/.test(after) || /^or\b/.test(after))) {
        arity = /^\[[^\]]*\]$/.test(sp[1]!) && !style.spacedOptionalNext && !style.anySpacedValue ? "optional" : 1;
        arg = /^\[[^\]]*\]$/.test(sp[1]!) ? sp[1]!.slice(1, -1) : sp[1]!;
        rest = rest.slice(sp[0].length);
      }
    }
    // git's `--[no-]signature=<signature>`: the negation takes no value
    for (const n of names) {
      const negated = names.length === 2 && n === names[1];
      out.push(negated ? { name: n, arity: 0 } : { name: n, arity, ...(arg ? { arg } : {}), ...(literal ? { literal } : {}) });
    }
    // `-o, --out`, `-o | --out`, `-o or --out`, and systemd's `-H --host=HOST`: a short spelling,
    // a space, its long one (only that pair: a run of flags on one line is a synopsis)
    const systemd = names.length === 1 && /^-[A-Za-z0-9?]$/.test(names[0]!) && arity === 0 && out.length === 1 ? /^\s+(?=--[A-Za-z])/ : null;
    const sepm = /^\s*(,\s*or\b|,|\||\bor\b)\s*/.exec(rest) ?? systemd?.exec(rest);
    if (sepm) {
      rest = rest.slice(sepm[0].length);
      afterComma = (sepm[1] ?? "").startsWith(",");
    }
    // `--paginate or --no-pager is specified...`, `-short, -timeout, -failfast, and -v.` (go): a
    // sentence about options, not a definition
    else if (PROSE_AFTER.test(rest)) return null;
    else if (rest.trim().length) {
      // a bare name followed by lowercase words that end with a full stop, or by many of them,
      // is a sentence that starts with the option (`--key to specify them.`, `--max-filesize
      // flag.`, `--retry is used then curl will...`), not its definition (`-A, --append chain
      // rule-specification`); words after a value are the description
      // (`--norc Do not read`: a man page's tag shorter than its indent is one space from its
      // text, which starts with a capital)
      // (only after a lone name: `-h, --highlight-all highlight current process...` is a
      // definition whose text is one space away)
      // (many words are a sentence only when none is capitalised: node's `--experimental-wasm-modules
      // experimental ES Module support for` is a definition whose text is one space away)
      const words = rest.trim().split(/\s+/);
      if (arity === 0 && out.length === 1 && /^\s*[a-z]/.test(rest) && (/\.$/.test(rest.trim()) || (words.length >= 5 && !words.some((w) => /^[A-Z]/.test(w))))) return null;
      // lowercase trailing words with a verb among them make the line a sentence (`-m or
      // --module <module>/<mainclass> are passed as the arguments to`, java; rsync's `-oparam
      // (the latter choices assume that your option has...`); a text that starts
      // with a capital or a bracket is the description (`-uid n File's numeric user ID is...`,
      // `--ntlm (HTTP) Enables...`)
      return /^\s*\(?[a-z]/.test(rest) && /\s(is|are|was|were|has|have|can|will)\s/.test(rest) ? null : out;
    }
    else break;
  }
  return out.length ? out : null;
}

/** The definition part of a line: up to two spaces, a tab, Python's ` : ` or cmake's ` = `. */
function headOf(line: string): string {
  const t = line.replace(/^\s+/, "");
  const cut = t.search(/\s{2,}|\t| : | = /);
  if (cut < 0) return t;
  // `-c  --format=FORMAT` (stat): a second spelling after the gap, not a description
  const more = /^\s+(--[A-Za-z][^\s]*)(?=\s{2,}|\t|$)/.exec(t.slice(cut));
  // (wget writes `-o,  --output-file=FILE`: the comma already ends the first spelling)
  return more ? `${t.slice(0, cut).replace(/,$/, "")}, ${more[1]}` : t.slice(0, cut);
}

/**
 * Options defined in `text`. Within one definition the spellings share an arity: GNU says
 * "mandatory arguments to long options are mandatory for short options too", and git and man
 * pages write the value once for the group.
 */
export function parseOptions(text: string, style: ParseStyle = {}): ToolOption[] {
  const lines: Token[][] = [];
  const usage = style.synopsis ? synopsisArity(text) : null;
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\r$/, "");
    if (!/^\s{0,16}[-+][-\[A-Za-z0-9?#@]/.test(line)) continue;
    const head = headOf(line);
    // prose that starts with a dash (`- a list item`, `-- end of options` explained) has spaces
    if (/^[-+]\s/.test(head)) continue;
    const parsed = parseTokens(head, style);
    if (parsed) lines.push(usage ? parsed.map((t) => (t.arity === 0 && usage.has(t.name) ? { ...t, ...usage.get(t.name)! } : t)) : parsed);
  }
  // `-p, --indicator-style=slash` next to `--indicator-style=WORD`: the first is the meaning of
  // -p, the second defines the long option. Only a short spelling without a value of its own
  // and a lowercase value defined with a placeholder elsewhere make a literal.
  const definedElsewhere = new Set<string>();
  for (const toks of lines) for (const t of toks) if (t.arity !== 0 && !t.literal) definedElsewhere.add(t.name);
  const isLiteral = (t: Token, toks: Token[]) => t.literal === true && definedElsewhere.has(t.name) && toks.some((u) => !u.name.startsWith("--") && u.arity === 0);
  const byName = new Map<string, ToolOption>();
  const out: ToolOption[] = [];
  for (const toks of lines) {
    for (const opt of group(toks.filter((t) => !isLiteral(t, toks)))) {
      opt.names = opt.names.filter((n) => !byName.has(n));
      if (!opt.names.length) continue;
      for (const n of opt.names) byName.set(n, opt);
      out.push(opt);
    }
  }
  return out;
}

/**
 * The arity the usage lines give each option name: every top-level `[...]` group of a line that
 * starts with `[` is one definition (`[--omit <dev|optional|peer> [--omit ...]]`: its repeat,
 * the nested group, is left out; `[-w|--workspace <name>]`: both spellings take it). Only
 * names with a value are kept.
 */
export function synopsisArity(text: string): Map<string, { arity: Arity; arg?: string }> {
  const out = new Map<string, { arity: Arity; arg?: string }>();
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line.startsWith("[")) continue;
    for (const group of topGroups(line)) {
      const inner = group.replace(/\s*\[.*$/, "").replace(/\s*\.\.\.$/, "");
      const toks = parseTokens(inner);
      if (!toks) continue;
      // only a `<placeholder>` is a value: `--color always` is one fixed word (npm's booleans
      // take `true`, `false` and the words their type lists, and nothing else)
      const withArg = toks.find((t) => t.arity !== 0 && t.arg?.startsWith("<"));
      if (withArg) for (const t of toks) out.set(t.name, { arity: withArg.arity, ...(withArg.arg ? { arg: withArg.arg } : {}) });
    }
  }
  return out;
}

/** The contents of a line's top-level bracket groups, without the brackets. */
function topGroups(line: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    // `<a|b>` placeholders hold no brackets of their own; skip them whole
    if (c === "<") {
      const end = line.indexOf(">", i);
      if (end > i) i = end;
      continue;
    }
    if (c === "[") {
      if (depth === 0) start = i + 1;
      depth++;
    } else if (c === "]" && depth > 0) {
      depth--;
      if (depth === 0) out.push(line.slice(start, i));
    }
  }
  return out;
}

/**
 * The value written once belongs to the spellings before it (`-o, --output=FILE`); a long one
 * written after it stands alone (git's `--min-parents=<n>, --no-min-parents`), a short one after
 * it shares it (rsync's `--rsh=COMMAND, -e`), and a name written both with and without a value
 * takes it only glued (`--expand-tabs=<n>, --expand-tabs`). A name written twice enumerates its
 * values (sort's `-c, --check, --check=diagnose-first`, `-C, --check=quiet, --check=silent`):
 * those are no value of the other spellings.
 */
function sharedValues(toks: Token[]): Token[] {
  const count = new Map<string, number>();
  for (const t of toks) count.set(t.name, (count.get(t.name) ?? 0) + 1);
  const first = toks.findIndex((t) => t.arity !== 0 && count.get(t.name) === 1);
  const own = new Map<string, Token>();
  toks.forEach((t, i) => {
    const shared = first >= 0 && (i < first || !t.name.startsWith("--")) ? toks[first]! : null;
    const arity: Arity = t.arity !== 0 ? t.arity : shared ? shared.arity : 0;
    const arg = t.arity !== 0 ? t.arg : shared?.arg;
    const prev = own.get(t.name);
    if (!prev) own.set(t.name, { name: t.name, arity, ...(arg ? { arg } : {}) });
    else if (prev.arity !== arity) own.set(t.name, { ...prev, arity: "optional", ...(prev.arg ?? arg ? { arg: prev.arg ?? arg } : {}) });
  });
  return [...own.values()];
}

/**
 * The options one definition line defines. Usually one: the spellings share the value written
 * once (`-o, --output=FILE`: GNU makes a long option's mandatory value mandatory for the short
 * one too). When a short spelling writes a value of its own (`-c, -C NUM, --context[=NUM]`),
 * each spelling has its own arity and the line defines one option per arity.
 */
function group(toks: Token[]): ToolOption[] {
  if (!toks.length) return [];
  const shortWithArg = toks.some((t) => t.arity !== 0 && !t.name.startsWith("--"));
  if (!shortWithArg) {
    if (!toks.some((t) => t.arity !== 0)) return [{ names: [...new Set(toks.map((t) => t.name))], arity: 0 }];
    toks = sharedValues(toks);
  }
  const byArity = new Map<Arity, ToolOption>();
  for (const t of toks) {
    const o = byArity.get(t.arity) ?? { names: [], arity: t.arity, ...(t.arg ? { arg: t.arg } : {}) };
    if (!o.names.includes(t.name)) o.names.push(t.name);
    byArity.set(t.arity, o);
  }
  return [...byArity.values()];
}

/** Merges lists from several sources (help, man): first spelling wins; a conflicting arity is kept as `conflict`. */
export function mergeOptions(lists: ToolOption[][]): { options: ToolOption[]; conflicts: { name: string; arities: Arity[] }[] } {
  const byName = new Map<string, ToolOption>();
  const out: ToolOption[] = [];
  const conflicts: { name: string; arities: Arity[] }[] = [];
  for (const list of lists) {
    for (const o of list) {
      const known = o.names.map((n) => byName.get(n)).find((x) => x);
      if (known) {
        if (known.arity !== o.arity) conflicts.push({ name: o.names[0]!, arities: [known.arity, o.arity] });
        for (const n of o.names) if (!byName.has(n)) {
          known.names.push(n);
          byName.set(n, known);
        }
        continue;
      }
      const copy: ToolOption = { ...o, names: [...o.names] };
      for (const n of copy.names) byName.set(n, copy);
      out.push(copy);
    }
  }
  return { options: out, conflicts };
}
