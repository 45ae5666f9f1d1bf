// Literal evidence inside inline code (python -c, node -e, a heredoc fed to python3 -): best
// effort. Absolute and `~` paths named in the code are placed as if the command named them,
// so `python3 -c 'open("/home/u/.ssh/id_rsa").read()'` needs what `cat ~/.ssh/id_rsa` needs.
// The operation is a read unless the code visibly writes or deletes something.
import type { Op } from "../policy/model.ts";

export interface Evidence {
  path: string;
  op: Op;
}

const DELETE = /\b(rmtree|unlink|unlinkSync|rmSync|rmdirSync|rmdir|remove|removedirs|rm_rf|rm_r|remove_dir_all|remove_file|FileUtils\.rm|File\.delete)\b|\brm\s+-[a-zA-Z]*[rRf]/;
const WRITE = /\b(open\s*\([^)]*,\s*['"][^'"]*[wax+]|write_text|write_bytes|writeFileSync|writeFile|appendFile|appendFileSync|createWriteStream|copyfile|copy2|copytree|move|rename|renameSync|symlink|chmod|chown|mkdir|makedirs|touch|File\.write|IO\.write|print\s*>)/;
// A path starts after a quote, whitespace, `=`, `(` or `,` and runs to a quote, whitespace or bracket.
const PATHS = /(^|[\s'"`(=,:[])((?:~|\/)[^\s'"`(),;\]{}<>|&$]*)/g;

/** What inline code visibly does to the paths it names: delete, write, else read. */
export function inlineOp(code: string): Op {
  return DELETE.test(code) ? "delete" : WRITE.test(code) ? "write" : "read";
}

export function scanInlineCode(code: string, limit = 64): Evidence[] {
  const op: Op = inlineOp(code);
  const out: Evidence[] = [];
  const seen = new Set<string>();
  for (const m of code.matchAll(PATHS)) {
    let p = m[2]!;
    // A bare `/` or `~` counts only as a quoted string (not division, not a comment), unless the
    // code visibly deletes or writes something (`os.system("rm -rf ~")`).
    if ((p === "/" || p === "~") && !/['"`]/.test(m[1]!) && op === "read") continue;
    if (p.startsWith("//")) continue; // a comment or URL remainder, not a path
    if (p.startsWith("~") && !(p === "~" || p.startsWith("~/"))) continue;
    p = p.replace(/[.:]+$/, "") || p;
    if (seen.has(p)) continue;
    seen.add(p);
    out.push({ path: p, op });
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * Where inline code moves its module search path: `os.chdir(D)` (Python's `-c` path entry is the
 * working directory at import time), `sys.path.insert(0, D)`, `sys.path.append(D)`,
 * `site.addsitedir(D)`, `process.chdir(D)`, `require("./x")` (node resolves it from the working
 * directory). The directory (or file) is returned as written, relative or absolute; null when
 * the argument is not a plain string literal (a module may then come from anywhere).
 */
export function scanModulePaths(code: string, limit = 16): (string | null)[] {
  const out: (string | null)[] = [];
  const CALLS = /\b(?:(?:os|process)\.)?chdir\s*\(\s*|\bsys\.path\.insert\s*\(\s*[^,()]+,\s*|\bsys\.path\.append\s*\(\s*|\bsite\.addsitedir\s*\(\s*|\brequire\s*\(\s*(?=['"`]\.{0,2}\/)/g;
  for (const m of code.matchAll(CALLS)) {
    const rest = code.slice(m.index! + m[0].length);
    const lit = /^(['"])([^'"\\$`{}]*)\1\s*\)/.exec(rest) ?? /^`([^`$\\]*)`\s*\)/.exec(rest);
    out.push(lit ? (lit[2] ?? lit[1]!) || "." : null);
    if (out.length >= limit) break;
  }
  if (/\bsys\.path\s*(\[[^\]]*\])?\s*\+?=|\bsys\.path\.extend\b|\bmodule\.paths\b|\bNODE_PATH\b|\bPYTHONPATH\b/.test(code)) out.push(null);
  return out;
}

/**
 * Files inline code runs as code by a literal path: node's `import("P")`, `import ... from "P"`,
 * python's `runpy.run_path("P")`, `exec(open("P")...)`, `spec_from_file_location(n, "P")`,
 * `SourceFileLoader(n, "P")`, `load_source(n, "P")`, perl's `do "P"`/`require "P"`, ruby's
 * `load "P"`/`require "P"`/`require_relative "P"`, `eval(...read...("P"))`; and the program a
 * literal shell command string starts (`os.system("sh /tmp/x")`, `execSync("/tmp/x --y")`): its
 * first word, or the script after a shell or interpreter name. Paths as written (absolute, `~`,
 * or relative); module names (`import "fs"`, `require "json"`) are not paths.
 */
const LIT = String.raw`(['"\`])([^'"\`\\$]+)\1`;
const LOADS: RegExp[] = [
  new RegExp(String.raw`\bimport\s*\(\s*${LIT}`, "g"),
  new RegExp(String.raw`\bimport\s+(?:[\w*{}\s,$]+\s+from\s+)?${LIT}`, "g"),
  new RegExp(String.raw`\brun_path\s*\(\s*${LIT}`, "g"),
  new RegExp(String.raw`\b(?:exec|eval|compile|runInThisContext|runInNewContext|Function)\s*\([^;]*?\b(?:open|readFileSync|readFile|read|File\.read|IO\.read)\s*\(\s*${LIT}`, "g"),
  new RegExp(String.raw`\b(?:spec_from_file_location|SourceFileLoader|load_source|load_module)\s*\(\s*[^,()]+,\s*${LIT}`, "g"),
  new RegExp(String.raw`\b(?:do|require|load|require_relative)\s*\(?\s*${LIT}`, "g"),
];
const RUNS = new RegExp(String.raw`\b(?:system|popen|check_output|check_call|call|run|Popen|execSync|exec|spawn|spawnSync|execFileSync|execFile|getoutput|getstatusoutput|qx)\s*\(\s*\[?\s*${LIT}`, "g");
const BACKTICKS = /`([^`$]+)`/g;
const INTERPRETER = /^(?:\S*\/)?(?:sh|bash|dash|zsh|ksh|source|\.|python[0-9.]*|node|perl|ruby|php|deno|bun)$/;
const PATHLIKE = /^(\/|~\/|\.{1,2}\/)/;
/** Installed programs and libraries: inline code running them is what inline code does anyway. */
const INSTALLED = /^\/(usr|bin|sbin|lib|lib64)\//;

export function scanCodeLoads(code: string, limit = 16): string[] {
  const out: string[] = [];
  for (const re of LOADS) {
    for (const m of code.matchAll(re)) {
      if (PATHLIKE.test(m[2]!) && !INSTALLED.test(m[2]!)) out.push(m[2]!);
      if (out.length >= limit) return out;
    }
  }
  for (const m of [...code.matchAll(RUNS), ...code.matchAll(BACKTICKS)]) {
    const words = (m[2] ?? m[1]!).trim().split(/\s+/);
    // past a shell or interpreter and its options: `sh -x /tmp/s`, `python3 -u ./x.py`
    let i = 0;
    if (INTERPRETER.test(words[0]!)) for (i = 1; i < words.length && words[i]!.startsWith("-"); i++);
    const w = words[i];
    if (w && PATHLIKE.test(w) && !INSTALLED.test(w)) out.push(w);
    if (out.length >= limit) return out;
  }
  return out;
}

// Environment variables inline code reads by name (`process.env.X`, `os.environ["X"]`,
// `os.getenv("X")`, `ENV["X"]`, `$ENV{X}`, `getenv("X")`...), and reads of the whole environment
// or of a computed name (null): the walk judges each name against the secret variables.
const NAMED_ENV: RegExp[] = [
  /\bprocess\.env\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*["'`]([^"'`\\]+)["'`]\s*\])/g,
  /\b(?:Deno\.env\.get|Bun\.env\.get)\s*\(\s*["'`]([^"'`\\]+)["'`]\s*\)/g,
  /\b(?:Bun\.env|import\.meta\.env)\s*\.\s*([A-Za-z_$][\w$]*)/g,
  /\benviron\s*(?:\[\s*b?["']([^"'\\]+)["']\s*\]|\.get\s*\(\s*b?["']([^"'\\]+)["'])/g,
  /\b(?:getenv|Getenv|getenvb|LookupEnv)\s*\(\s*["']([^"'\\]+)["']/g,
  /\bENV\s*(?:\[\s*["']([^"'\\]+)["']\s*\]|\.fetch\s*\(\s*["']([^"'\\]+)["'])/g,
  /\$ENV\s*\{\s*["']?([A-Za-z_]\w*)["']?\s*\}/g,
  /\$_(?:ENV|SERVER)\s*\[\s*["']([^"'\\]+)["']\s*\]/g,
  // a shell expansion inside a command string the code runs (`execSync("echo $TOKEN")`); only
  // upper-case names, the environment's convention (`$token` is a Perl or PHP variable)
  /\$\{?([A-Z_][A-Z0-9_]*)\b/g,
];
/** Uses of the environment that are not one literal name: the whole of it, or a computed key. */
const WHOLE_ENV: RegExp[] = [
  /\bprocess\.env\b(?!\s*(?:\.\s*[A-Za-z_$]|\[\s*["'`][^"'`\\]+["'`]\s*\]))/,
  /\bos\.environ\b(?!\s*(?:\[\s*b?["'][^"'\\]+["']\s*\]|\.get\s*\(\s*b?["'][^"'\\]+["']))/,
  /\b(?:getenv|Getenv|Environ|environ)\s*\(\s*(?!["'])/,
  /\bENV\s*(?:\[\s*(?!["'][^"'\\]+["']\s*\])|\.(?!fetch\s*\(\s*["'])\w)|\b(?:p|pp|puts|print)\s*\(?\s*ENV\b(?!\s*[[.])/,
  /%ENV\b|\$ENV\s*\{\s*\$|\bkeys\s+%ENV/,
  /\$_(?:ENV|SERVER)\b(?!\s*\[\s*["'][^"'\\]+["']\s*\])/,
  /\b(?:Deno\.env\.toObject|System\.getenv\s*\(\s*\))/,
];

export function scanInlineEnv(code: string): (string | null)[] {
  const out = new Set<string | null>();
  for (const re of NAMED_ENV) for (const m of code.matchAll(re)) out.add(m[1] ?? m[2] ?? null);
  if (WHOLE_ENV.some((re) => re.test(code))) out.add(null);
  return [...out];
}
