// A grammar-aware fast-check generator of bash command lines, built from realistic agent
// vocabulary and every shell construct the parser must handle. Shared by the parser's
// differential test, the fuzz targets and the benchmarks, so sampling is seeded (`sampleCommands`)
// and fully deterministic.
//
// Fragments carry pending heredoc bodies: a heredoc's body can only start after the next newline,
// so bodies travel upward until a newline separator (or the end of a substitution or the script)
// writes them out. That keeps every generated heredoc well formed wherever it appears.

import fc from "fast-check";

export interface Frag {
  text: string;
  /** Heredoc bodies (each ending with its delimiter line) still waiting for a newline. */
  pending: string[];
}

const frag = (text: string, pending: string[] = []): Frag => ({ text, pending });

/** Index of the first newline token (not a backslash-newline continuation), or -1. */
function firstNewline(text: string): number {
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) {
    if (text[i - 1] !== "\\") return i;
  }
  return -1;
}

/**
 * `a` then `sep` then `b`. Bash reads a heredoc body after the first newline that follows its
 * operator, wherever that newline is (even inside a later `{ ... }`), so `a`'s pending bodies are
 * written right after `b`'s first newline when `b` has one.
 */
function seq(a: Frag, sep: string, b: Frag): Frag {
  const nl = a.pending.length ? firstNewline(b.text) : -1;
  if (nl < 0) return frag(a.text + sep + b.text, [...a.pending, ...b.pending]);
  return frag(a.text + sep + b.text.slice(0, nl + 1) + a.pending.join("") + b.text.slice(nl + 1), b.pending);
}

const cat = (...fs: Frag[]): Frag => fs.reduce((acc, f) => seq(acc, "", f), frag(""));
/** Text followed by a newline and every pending heredoc body. */
const flushNewline = (f: Frag): string => f.text + "\n" + f.pending.join("");
/** A closed unit (compound body, whole script): pending bodies are written before it closes. */
const closed = (f: Frag): string => (f.pending.length ? flushNewline(f) : f.text);

// ---------- vocabulary ----------

export const COMMAND_NAMES = [
  "ls", "cat", "grep", "sed", "git", "npm", "rm", "cp", "mv", "find", "xargs", "echo", "printf",
  "cd", "head", "tail", "wc", "sort", "uniq", "awk", "tr", "mkdir", "touch", "chmod", "python3",
  "node", "curl", "tar", "diff", "make", "test", "true", "false", "cut", "jq", "npx", "pytest",
  "tee", "env", "sudo", "ln", "du", "kill", "ssh", "docker", "pwd", "which", "basename", "[",
] as const;

const SUBCOMMANDS: Record<string, readonly string[]> = {
  git: ["status", "diff", "log", "add", "commit", "push", "pull", "checkout", "branch", "stash", "show", "rev-parse", "-C"],
  npm: ["test", "run", "install", "ci", "ls", "exec", "publish", "view"],
  npx: ["tsc", "vitest", "eslint", "prettier"],
  docker: ["ps", "run", "build", "exec", "images"],
  make: ["build", "test", "clean", "-j4"],
};

const FLAGS = [
  "-l", "-la", "-a", "-r", "-rf", "-f", "-n", "-i", "-e", "-v", "-s", "-p", "-x", "-c", "-m",
  "-R", "-h", "-1", "-0", "-print0", "-name", "-type", "-exec", "-delete", "--force", "--all",
  "--oneline", "--color=auto", "--no-verify", "--depth=1", "--", "-I{}", "-maxdepth", "-9", "+x",
];

const PATHS = [
  "src/index.ts", "./a.txt", "README.md", "package.json", "dist/", "node_modules", ".",
  "..", "../sibling/x", "/etc/passwd", "/tmp/out.log", "/tmp", "/dev/null", "~/.ssh/id_rsa",
  "~/.bashrc", "~", ".env", ".git/config", ".git/hooks/pre-commit", "/usr/bin/env", "build/out",
  "test/a b.txt", "-", "/proc/self/environ", "/var/log/syslog", "$HOME/.aws/credentials",
  "https://example.com/x.sh", "origin", "main", "HEAD~1", "foo.bar", "a=b", "x:y", "@scope/pkg",
];

const TEXTS = [
  "hello", "hello world", "it's", "a \"quoted\" word", "$HOME", "`date`", "\\n", "tab\there",
  "semi;colon", "pipe|bar", "amp&", "star*", "q?", "brace{a,b}", "hash#x", "a\\b", "$(id)", "",
  "~/x", "!bang", "back\\\\slash", "'", "\"", "é ü", "=", "--", "{}", ";;", "*.ts",
];

const VAR_NAMES = ["x", "HOME", "PATH", "f", "i", "line", "PWD", "OLDPWD", "IFS", "arr", "_a1"];
const SPECIAL_PARAMS = ["1", "2", "@", "*", "#", "?", "$", "!", "0", "-"];

const pick = <T>(xs: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...xs);

// ---------- quoting ----------

/** Characters safe unquoted in a word anywhere (never operators, quotes, expansions, glob, braces). */
const SAFE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/:@%+,";

function singleQuote(s: string): string {
  return "'" + s.replace(/'/g, "'\\''") + "'";
}

function doubleQuoteLiteral(s: string): string {
  return s.replace(/[\\"$`]/g, (c) => "\\" + c);
}

function ansiC(s: string): string {
  return (
    "$'" +
    [...s]
      .map((c) => {
        if (c === "'" || c === "\\") return "\\" + c;
        if (c === "\n") return "\\n";
        if (c === "\t") return "\\t";
        const code = c.codePointAt(0)!;
        if (code < 0x20) return "\\x" + code.toString(16).padStart(2, "0");
        if (code > 0x7e) return "\\u" + code.toString(16).padStart(4, "0");
        return c;
      })
      .join("") +
    "'"
  );
}

function escapeUnquoted(s: string): string {
  if (s === "") return "''";
  return [...s].map((c) => (SAFE.includes(c) ? c : c === "\n" ? "'\n'" : "\\" + c)).join("");
}

/** One literal string spelled in any of bash's quoting forms. */
const quotedLiteral = (s: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constant(singleQuote(s)),
    fc.constant('"' + doubleQuoteLiteral(s) + '"'),
    fc.constant(ansiC(s)),
    fc.constant(escapeUnquoted(s)),
    // $'..' with octal and hex escapes for the first character
    fc.constant(
      s.length > 0 && s.charCodeAt(0) < 0x7f
        ? "$'\\" + s.charCodeAt(0).toString(8).padStart(3, "0") + "'" + ansiC(s.slice(1))
        : ansiC(s),
    ),
  );

// ---------- words ----------

const paramExp: fc.Arbitrary<string> = fc.oneof(
  pick(VAR_NAMES).map((v) => "$" + v),
  pick(VAR_NAMES).map((v) => "${" + v + "}"),
  pick(SPECIAL_PARAMS).map((v) => "$" + v),
  fc.tuple(pick(VAR_NAMES), pick([":-", "-", ":=", ":+", "#", "##", "%", "%%", "/", "//", "^^", ",,"]), pick(["def", "*.ts", "x", ""])).map(
    ([v, op, w]) => "${" + v + op + w + "}",
  ),
  pick(VAR_NAMES).map((v) => "${#" + v + "}"),
  pick(VAR_NAMES).map((v) => "${!" + v + "}"),
  pick(["${arr[@]}", "${arr[0]}", "${#arr[@]}", "${x:1:2}", "${x@Q}", "${x@P}", "${!a*}"]),
);

const arith: fc.Arbitrary<string> = pick(["1 + 2", "x * 3", "i++", "${#x} - 1", "(1<<4) | 2", "x > 2 ? 1 : 0", "0x1f"]);

const globWord = pick(["*.ts", "src/*", "file?.log", "[ab]*.txt", "**/*.js", "dir/[!.]*", "*"]);
const braceWord = pick(["{a,b,c}", "file.{ts,js}", "{1..3}", "pre{x,y}post", "{a..c}{1,2}", "src/{a,b}/x", "{,.}bak", "{1..10..3}"]);
const tildeWord = pick(["~", "~/x", "~/.ssh", "~root", "~+/y", "~-"]);
const extglobWord = pick(["@(a|b)", "!(*.ts)", "+(x)y", "*(z).md", "?(q)"]);

/** `$((` and `<((` would start arithmetic or be ambiguous: a body starting with `(` gets a space. */
const spaced = (body: string): string => (body.startsWith("(") ? " " + body : body);

/**
 * Words. `depth` bounds nested substitutions. Most words are one literal; some concatenate
 * 2-3 parts so mixed forms such as `pre"$x"'post'` appear. Substitution bodies are "inline"
 * lists (no newlines, no heredocs), so a word never carries a heredoc of its own.
 */
function wordArb(depth: number): fc.Arbitrary<Frag> {
  const literalPart = fc.oneof(
    { weight: 6, arbitrary: pick([...PATHS, ...FLAGS]).filter((w) => !w.startsWith("$") && !w.includes("~") && !w.includes("{")).map((w) => escapeUnquoted(w)) },
    { weight: 3, arbitrary: pick(TEXTS).chain(quotedLiteral) },
    { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...SAFE.split("")), minLength: 1, maxLength: 8 }) },
    // escapes of operator and quote characters, and a backslash-newline continuation
    { weight: 1, arbitrary: pick(["\\ ", "\\;", "\\&", "\\|", "\\$", "\\'", '\\"', "\\\\", "\\a", "\\*", "\\{", "\\#", "a\\\nb"]) },
  ).map((t) => frag(t));
  const sub = depth > 0 ? listArb(depth - 1, true) : null;
  const dynamicPart: fc.Arbitrary<Frag> = !sub
    ? fc.oneof(paramExp, arith.map((a) => "$((" + a + "))")).map((t) => frag(t))
    : fc.oneof(
        { weight: 4, arbitrary: paramExp.map((t) => frag(t)) },
        { weight: 2, arbitrary: sub.map((l) => frag("$(" + spaced(l.text) + ")")) },
        { weight: 1, arbitrary: backtickArb().map((t) => frag(t)) },
        { weight: 1, arbitrary: arith.map((a) => frag("$((" + a + "))")) },
        // double quotes around literal text, an expansion and a substitution
        {
          weight: 2,
          arbitrary: fc
            .tuple(pick(TEXTS), paramExp, fc.option(sub))
            .map(([t, p, l]) => frag('"' + doubleQuoteLiteral(t) + p + (l ? "$(" + spaced(l.text) + ")" : "") + '"')),
        },
        { weight: 1, arbitrary: pick(TEXTS).map((t) => frag('$"' + doubleQuoteLiteral(t) + '"')) },
      );
  const part = fc.oneof({ weight: 8, arbitrary: literalPart }, { weight: 2, arbitrary: dynamicPart });
  // Extglob is rare: bash only parses it with `shopt -s extglob` set beforehand.
  const alternatives: fc.WeightedArbitrary<Frag>[] = [
    { weight: 150, arbitrary: part },
    { weight: 45, arbitrary: fc.array(part, { minLength: 2, maxLength: 3 }).map((ps) => cat(...ps)) },
    { weight: 15, arbitrary: globWord.map((t) => frag(t)) },
    { weight: 15, arbitrary: braceWord.map((t) => frag(t)) },
    { weight: 15, arbitrary: tildeWord.map((t) => frag(t)) },
    { weight: 1, arbitrary: extglobWord.map((t) => frag(t)) },
  ];
  if (sub) alternatives.push({ weight: 15, arbitrary: fc.tuple(pick(["<", ">"]), sub).map(([op, l]) => frag(op + "(" + spaced(l.text) + ")")) });
  return fc.oneof(...alternatives);
}

/** Backticks: a simple command without backslashes or nested backticks, whose rules differ. */
function backtickArb(): fc.Arbitrary<string> {
  return fc
    .tuple(pick(COMMAND_NAMES.filter((c) => c !== "[")), fc.array(pick([...PATHS.filter((p) => SAFE.includes(p[0] ?? "")), "-n", "x"]), { maxLength: 2 }))
    .map(([c, args]) => "`" + [c, ...args.map(escapeUnquoted).filter((a) => !a.includes("\\"))].join(" ") + "`");
}

// ---------- redirects ----------

const redirTarget = pick(["out.txt", "/dev/null", "/tmp/log", "~/.bashrc", ".env", "'a b'", "/dev/tcp/example.com/80", "$f", '"$HOME/x"', "'q r'", "-", "x\\ y", "$'o\\x41'"]);

/** Redirects of every form; heredocs only when `inline` is false (they need a newline). */
function redirectArb(inline: boolean): fc.Arbitrary<Frag> {
  const fd = fc.oneof({ weight: 3, arbitrary: fc.constant("") }, { weight: 2, arbitrary: pick(["0", "1", "2", "3", "9", "10"]) });
  const simple = fc
    .tuple(fd, pick(["<", ">", ">>", ">|", "<>"]), fc.boolean(), redirTarget)
    .map(([n, op, space, t]) => frag(n + op + (space ? " " : "") + (op === "<" && t === "-" ? "in" : t)));
  const dup = fc.tuple(fd, pick([">&", "<&"]), pick(["1", "2", "0", "3", "-", "2-"])).map(([n, op, t]) => frag(n + op + t));
  const both = fc.tuple(pick(["&>", "&>>", ">&"]), redirTarget).map(([op, t]) => frag(op + (op === ">&" && /^[\d-]/.test(t) ? "out.txt" : t)));
  const fdVar = fc.tuple(pick(["{fd}", "{out}"]), pick([">", "<", ">>"]), redirTarget).map(([v, op, t]) => frag(v + op + t));
  const closeFd = pick(["{fd}>&-", "3>&-", "1<&-"]).map((t) => frag(t));
  const hereString = fc.oneof(pick(TEXTS).chain(quotedLiteral), pick(["word", "$x"])).map((w) => frag("<<<" + w));
  const heredoc = fc
    .tuple(
      pick(["EOF", "END", "_x1"]),
      pick(["plain", "single", "double", "partial"] as const),
      fc.boolean(),
      fc.array(fc.oneof(pick(["line one", "x=$x", "$(whoami)", "`id`", "\\$HOME", "tab\tin", "$((1+2))", "'quoted'", '"dq"', ""]), pick(TEXTS)), { maxLength: 3 }),
    )
    .map(([delim, q, strip, lines]) => {
      const spelled = q === "plain" ? delim : q === "single" ? `'${delim}'` : q === "double" ? `"${delim}"` : `${delim[0]}\\${delim.slice(1)}`;
      const body = lines.filter((l) => l.trim() !== delim).map((l) => (strip ? "\t" : "") + l + "\n").join("");
      return frag((strip ? "<<-" : "<<") + spelled, [body + (strip ? "\t" : "") + delim + "\n"]);
    });
  const arbs: fc.WeightedArbitrary<Frag>[] = [
    { weight: 6, arbitrary: simple },
    { weight: 3, arbitrary: dup },
    { weight: 2, arbitrary: both },
    { weight: 1, arbitrary: fdVar },
    { weight: 1, arbitrary: closeFd },
    { weight: 1, arbitrary: hereString },
  ];
  if (!inline) arbs.push({ weight: 2, arbitrary: heredoc });
  return fc.oneof(...arbs);
}

// ---------- commands ----------

/**
 * Assignments. Array forms only where no command word follows (`arr=(a b)` alone): before a
 * command bash accepts but ignores them, agents do not write them, and mvdan-sh rejects them.
 */
function assignArb(depth: number, arrays: boolean): fc.Arbitrary<Frag> {
  const forms: fc.WeightedArbitrary<Frag>[] = [
    { weight: 8, arbitrary: fc.tuple(pick(VAR_NAMES), pick(["=", "+="]), wordArb(depth)).map(([n, op, w]) => cat(frag(n + op), w)) },
    { weight: 8, arbitrary: fc.tuple(pick(VAR_NAMES), pick(["", "1", "$(pwd)", "'a b'", "~/x"])).map(([n, v]) => frag(n + "=" + v)) },
  ];
  if (arrays) forms.push({ weight: 4, arbitrary: pick(["arr=(a b 'c d')", "arr+=(x)", "arr[0]=y", "a[$i]=z", "m=([k]=v)"]).map((t) => frag(t)) });
  return fc.oneof(...forms);
}

function argsFor(name: string, depth: number): fc.Arbitrary<Frag[]> {
  const sub = SUBCOMMANDS[name];
  const arg = fc.oneof(
    { weight: 4, arbitrary: wordArb(depth) },
    { weight: 2, arbitrary: pick(FLAGS).map((f) => frag(f)) },
    { weight: 3, arbitrary: pick(PATHS).map((p) => frag(p.includes(" ") ? singleQuote(p) : p)) },
  );
  const rest = fc.array(arg, { maxLength: 4 });
  return sub ? fc.tuple(pick(sub), rest).map(([s, r]) => [frag(s), ...r]) : rest;
}

const HEADS_SPECIAL = ["/bin/rm", "./scripts/x.sh", "command", "builtin", "exec", "eval", "declare", "export", "local", "readonly", "source", ".", "env"];

function simpleCommandArb(depth: number, inline: boolean): fc.Arbitrary<Frag> {
  const head = fc.oneof(
    { weight: 120, arbitrary: pick(COMMAND_NAMES) },
    // quoted or escaped command names, and builtins that run or declare things
    { weight: 9, arbitrary: pick(COMMAND_NAMES.filter((c) => c !== "[")).chain((c) => quotedLiteral(c)) },
    { weight: 18, arbitrary: pick(HEADS_SPECIAL) },
    // `let` takes arithmetic, not words: rare in agent commands, so rare here.
    { weight: 1, arbitrary: fc.constant("let") },
  );
  const withArgs = head.chain((h) => argsFor(h, depth).map((args) => [frag(h), ...args]));
  return fc
    .tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constant([] as Frag[]) }, { weight: 1, arbitrary: fc.array(assignArb(depth, false), { minLength: 1, maxLength: 2 }) }),
      fc.oneof({ weight: 12, arbitrary: withArgs }, { weight: 1, arbitrary: fc.array(assignArb(depth, true), { minLength: 1, maxLength: 2 }) }),
      fc.oneof({ weight: 3, arbitrary: fc.constant([] as Frag[]) }, { weight: 2, arbitrary: fc.array(redirectArb(inline), { minLength: 1, maxLength: 2 }) }),
      fc.boolean(),
    )
    .map(([assigns, words, redirs, redirFirst]) => {
      const all = [...assigns, ...words];
      if (all.length === 0 && redirs.length === 0) all.push(frag("true"));
      const parts = redirFirst && redirs.length ? [...redirs.slice(0, 1), ...all, ...redirs.slice(1)] : [...all, ...redirs];
      return joinFrags(parts, " ");
    });
}

function joinFrags(parts: Frag[], sep: string): Frag {
  return parts.length === 0 ? frag("") : parts.slice(1).reduce((acc, p) => seq(acc, sep, p), parts[0]!);
}

const condArb = pick(["[[ -f x && $a == b* ]]", '[[ -n "$x" ]]', "[[ $x =~ ^a(b|c)$ ]]", "[ -d dir ]", "test -e f", "(( x > 1 ))", "true", "! false", "[[ ! -e a || -z $b ]]"]);

/** Ends a list inside a compound command: `; ` or, with heredocs pending, a newline and their bodies. */
function terminate(l: Frag): string {
  if (l.pending.length) return flushNewline(l);
  return / &$/.test(l.text) ? l.text + " " : l.text + "; ";
}

function compoundArb(depth: number, inline: boolean): fc.Arbitrary<Frag> {
  const body = listArb(depth - 1, inline);
  const cond = fc.oneof(condArb.map((c) => frag(c)), listArb(depth - 1, inline));
  return fc.oneof(
    body.map((b) => frag("{ " + terminate(b) + "}")),
    body.map((b) => frag("(" + closed(b) + ")")),
    fc.tuple(cond, body, fc.option(fc.tuple(cond, body)), fc.option(body)).map(([c, b, elif, els]) =>
      frag(
        "if " + terminate(c) + "then " + terminate(b) +
          (elif ? "elif " + terminate(elif[0]) + "then " + terminate(elif[1]) : "") +
          (els ? "else " + terminate(els) : "") + "fi",
      ),
    ),
    fc.tuple(pick(["i", "f", "x"]), fc.array(wordArb(depth - 1), { maxLength: 3 }), body, fc.boolean()).map(([v, items, b, hasIn]) =>
      frag("for " + v + (hasIn ? " in " + joinFrags(items, " ").text : "") + "; do " + terminate(b) + "done"),
    ),
    body.map((b) => frag("for ((i=0; i<3; i++)); do " + terminate(b) + "done")),
    fc.tuple(pick(["while", "until"]), cond, body).map(([k, c, b]) => frag(k + " " + terminate(c) + "do " + terminate(b) + "done")),
    fc
      .tuple(wordArb(depth - 1), fc.array(fc.tuple(pick(["a", "b|c", "*.ts", "'x y'", '"$x"', "*", "[0-9]", "a|@(m|n)"]), body, pick([";;", ";&", ";;&"])), { minLength: 1, maxLength: 3 }))
      .map(([w, items]) =>
        frag("case " + w.text + " in " + items.map(([p, b, t]) => p + ") " + (b.pending.length ? flushNewline(b) : b.text + " ") + t).join(" ") + " esac"),
      ),
    condArb.filter((c) => c.startsWith("[[") || c.startsWith("((")).map((c) => frag(c)),
    fc.tuple(pick(["f", "cleanup", "g_1"]), body, fc.boolean()).map(([n, b, kw]) => frag((kw ? "function " + n + " " : n + "() ") + "{ " + terminate(b) + "}")),
    fc.tuple(pick(["v", "x"]), fc.array(pick(PATHS.slice(0, 6)), { minLength: 1, maxLength: 2 }), body).map(([v, items, b]) => frag("select " + v + " in " + items.join(" ") + "; do " + terminate(b) + "done")),
  );
}

function commandArb(depth: number, inline: boolean): fc.Arbitrary<Frag> {
  if (depth <= 0) return simpleCommandArb(0, inline);
  return fc.oneof(
    { weight: 8, arbitrary: simpleCommandArb(depth, inline) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(compoundArb(depth, inline), fc.oneof({ weight: 4, arbitrary: fc.constant([] as Frag[]) }, { weight: 1, arbitrary: fc.array(redirectArb(inline), { minLength: 1, maxLength: 1 }) }))
        .map(([c, r]) => joinFrags([c, ...r], " ")),
    },
  );
}

function pipelineArb(depth: number, inline: boolean): fc.Arbitrary<Frag> {
  return fc
    .tuple(
      fc.oneof({ weight: 10, arbitrary: fc.constant("") }, { weight: 1, arbitrary: pick(["! ", "time ", "time -p "]) }),
      commandArb(depth, inline),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant([] as [string, Frag][]) },
        { weight: 2, arbitrary: fc.array(fc.tuple(pick([" | ", " | ", "|", " |& "]), commandArb(depth, inline)), { minLength: 1, maxLength: 2 }) },
      ),
    )
    .map(([prefix, first, rest]) => rest.reduce((acc, [op, c]) => seq(acc, glue(op, c), c), frag(prefix + first.text, first.pending)));
}

/** `;` `|` `&&` directly before `&>` would lex as `;&` or `|&`: keep a space between them. */
const glue = (op: string, next: Frag): string => (!op.endsWith(" ") && /^[&;|]/.test(next.text) ? op + " " : op);

const memo = new Map<string, fc.Arbitrary<Frag>>();

/**
 * A list of pipelines joined by `;` `&&` `||` `&` and (unless `inline`) newlines. Inline lists
 * (inside substitutions) have no newlines and no heredocs.
 */
export function listArb(depth: number, inline = false): fc.Arbitrary<Frag> {
  const key = `${depth}:${inline}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const seps = inline ? ["; ", " && ", " || ", " & ", ";", "&&", "||"] : ["; ", " && ", " || ", " & ", "\n", "\n", ";", "&&", "||"];
  const arb = fc
    .tuple(
      pipelineArb(depth, inline),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant([] as [string, Frag][]) },
        { weight: 2, arbitrary: fc.array(fc.tuple(pick(seps), pipelineArb(depth, inline)), { minLength: 1, maxLength: 2 }) },
      ),
      fc.oneof({ weight: 8, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constant(" &") }),
    )
    .map(([first, rest, tail]) => {
      let out: Frag = first;
      for (const [op, p] of rest) out = op === "\n" ? frag(flushNewline(out) + p.text, p.pending) : seq(out, glue(op, p), p);
      return frag(out.text + tail, out.pending);
    });
  memo.set(key, arb);
  return arb;
}

// ---------- public API ----------

export interface CommandArbOptions {
  /** Maximum nesting of substitutions and compound commands (default 2). */
  depth?: number;
}

/** A whole command line (script) as bash source text, sometimes ending in `;` or a comment. */
export function commandLineArb(opts: CommandArbOptions = {}): fc.Arbitrary<string> {
  const depth = opts.depth ?? 2;
  return fc
    .tuple(listArb(depth), fc.oneof({ weight: 10, arbitrary: fc.constant("") }, { weight: 1, arbitrary: pick([";", " # done", " #x;y `z`"]) }))
    .map(([f, tail]) => {
      // `cmd &;` is a syntax error: after a background job only a comment may follow.
      const t = / &$/.test(f.text) && tail === ";" ? "" : tail;
      return f.pending.length ? f.text + t + "\n" + f.pending.join("") : f.text + t;
    });
}

/** Simple realistic commands only (one command, words and redirects, no nesting). */
export function simpleCommandLineArb(): fc.Arbitrary<string> {
  return simpleCommandArb(0, true).map((f) => f.text);
}

/** Deterministic sample: the same seed always gives the same commands. */
export function sampleCommands(count: number, seed: number, opts: CommandArbOptions = {}): string[] {
  return fc.sample(commandLineArb(opts), { seed, numRuns: count });
}
