// The parser against the argv oracle: does our AST account for everything bash did?
//
// For one command: the parser must accept exactly what `bash -n` accepts; every command bash
// executed must be a SimpleCommand somewhere in the AST (substitutions, function bodies and
// heredoc bodies included) whose static argv, where the parser claims one, is the argv bash
// passed; the fds bash set up must be the ones the redirects (and pipes, backgrounding,
// enclosing compound redirects) say; every file the run created must be a write redirect's
// target. Pure: observations in, a verdict out.
//
// The fd model mirrors the oracle's run: bash starts with 0,1,2 = "<stdin>", "<stdout>",
// "<stderr>" and nothing else; builtins are disabled, so `exec 3>f` changes nothing for later
// commands; function bodies run in their caller's context, which is not modelled (their fds are
// not checked, their argv is).

import path from "node:path";
import { ParseError, forEachNode, parse, staticArgv, staticValue, type Command, type List, type Pipeline, type Redirect, type Script, type SimpleCommand, type Word, type WordContext, type WordPart } from "../../src/shell/index.ts";

/** What the comparison needs from an oracle observation (ArgvObservation and the corpus cache both fit). */
export interface ObservedRun {
  valid: boolean;
  syntaxError?: string;
  executed: { argv: string[]; argvHex?: string[]; fds: Record<number, string>; fdModes: Record<number, string>; stdin: string | null; stdinTruncated?: boolean }[];
  createdFiles: string[];
}

export type UnsafeKind = "missed-command" | "wrong-static-argv" | "wrong-fd" | "missed-write";
export type NoteKind = "stdin-mismatch";

export interface Divergence {
  kind: UnsafeKind | NoteKind;
  unsafe: boolean;
  detail: string;
}

export type AcceptVerdict =
  | { kind: "agree-valid" }
  | { kind: "agree-invalid"; parserError: string }
  | { kind: "rejected-valid"; parserError: string }
  | { kind: "accepted-invalid"; bashError: string };

export interface Comparison {
  accept: AcceptVerdict;
  /** Empty unless both the parser and bash accepted the command. */
  divergences: Divergence[];
  /** How each executed command was accounted for. */
  matched: { static: number; dynamic: number; dynamicCode: number };
}

// ---------- fd model ----------

type FdVal =
  | { kind: "file"; path: string; mode: string }
  | { kind: "pipe" }
  | { kind: "stdin-data"; content: string | null }
  | { kind: "closed" }
  | { kind: "unknown" };

type FdTable = Map<number, FdVal>;

const BASE: FdTable = new Map<number, FdVal>([
  [0, { kind: "file", path: "<stdin>", mode: "r" }],
  [1, { kind: "file", path: "<stdout>", mode: "w" }],
  [2, { kind: "file", path: "<stderr>", mode: "w" }],
]);

/** A table where nothing is known (function bodies). */
const UNKNOWN: FdTable | null = null;

const WRITE_OPS = new Set(["<>", ">", ">>", ">|", "&>", "&>>"]);

interface Expect {
  cmd: SimpleCommand;
  argv: (string | null)[];
  exact: boolean;
  fds: FdTable | null;
  /** `{var}>file` targets: some fd >= 10 must point there. */
  fdVars: FdVal[];
}

interface Walk {
  expects: Expect[];
  /** Static targets of write redirects, normalised as the oracle shows them. */
  writeTargets: Set<string>;
  dynamicWrite: boolean;
  /**
   * Constructs that make bash run code taken from a variable's value at run time: `${x@P}`
   * (prompt expansion runs `$(..)` in the value). No parser can list those commands; the
   * classifier must refuse such words. Commands bash ran that only they can explain are
   * attributed to them, not counted as missed.
   */
  dynamicCode: string[];
  ctx: WordContext;
}

function normPath(p: string): string {
  if (p.startsWith("/")) return path.posix.normalize(p);
  const n = path.posix.normalize(p);
  return n.endsWith("/") && n.length > 1 ? n.slice(0, -1) : n;
}

/** How bash opens a static target: /dev/fd/N and /dev/std* are dups, /dev/tcp is a socket. */
function special(target: string): { dup: number } | { unknown: true } | null {
  const m = /^\/dev\/fd\/(\d+)$/.exec(target);
  if (m) return { dup: Number(m[1]) };
  if (target === "/dev/stdin") return { dup: 0 };
  if (target === "/dev/stdout") return { dup: 1 };
  if (target === "/dev/stderr") return { dup: 2 };
  if (/^\/dev\/(tcp|udp)\//.test(target)) return { unknown: true };
  return null;
}

function heredocContent(r: Redirect, ctx: WordContext): string | null {
  if (r.op === "<<<") {
    const v = staticValue(r.target, ctx);
    return v.static ? v.value + "\n" : null;
  }
  const body = r.heredoc?.body;
  if (!body) return null;
  let s = "";
  for (const p of body.parts) {
    if (p.type !== "Lit") return null;
    s += p.value;
  }
  return s;
}

function applyRedirects(t: FdTable | null, redirects: Redirect[], w: Walk, fdVars: FdVal[] | null): FdTable | null {
  // Targets are recorded even where fds are unknown (function bodies).
  for (const r of redirects) noteWrite(r, w);
  if (t === null) return null;
  const out = new Map(t);
  for (const r0 of redirects) {
    // `{var}>x`: bash picks an fd >= 10. Apply it to a placeholder fd, then expect that value
    // on some fd >= 10.
    const PLACEHOLDER = -1;
    const r = r0.fdVar !== null ? { ...r0, fd: PLACEHOLDER, fdVar: null } : r0;
    applyOne(out, r, w);
    if (r0.fdVar !== null) {
      const v = out.get(PLACEHOLDER);
      out.delete(PLACEHOLDER);
      if (v) fdVars?.push(v);
    }
  }
  return out;
}

function applyOne(out: FdTable, r: Redirect, w: Walk): void {
  const op = r.op;
  if (op === "<<" || op === "<<-" || op === "<<<") {
    out.set(r.fd ?? 0, { kind: "stdin-data", content: heredocContent(r, w.ctx) });
    return;
  }
  const v = staticValue(r.target, w.ctx);
  if (op === ">&" || op === "<&") {
    const fd = r.fd ?? (op === ">&" ? 1 : 0);
    if (!v.static) {
      out.set(fd, { kind: "unknown" });
      if (op === ">&" && r.fd === null) out.set(2, { kind: "unknown" });
      return;
    }
    const dup = /^(\d+)(-?)$/.exec(v.value);
    if (v.value === "-") out.set(fd, { kind: "closed" });
    else if (dup) {
      const src = Number(dup[1]);
      out.set(fd, out.get(src) ?? { kind: "closed" });
      if (dup[2] === "-" && src !== fd) out.set(src, { kind: "closed" });
    } else if (op === ">&" && r.fd === null) {
      const sp = special(v.value);
      const val: FdVal = sp ? ("dup" in sp ? out.get(sp.dup) ?? { kind: "closed" } : { kind: "unknown" }) : { kind: "file", path: normPath(v.value), mode: "w" };
      out.set(1, val);
      out.set(2, val);
    } else out.set(fd, { kind: "unknown" });
    return;
  }
  const fds = op === "&>" || op === "&>>" ? [1, 2] : [r.fd ?? (op === "<" || op === "<>" ? 0 : 1)];
  const mode = op === "<" ? "r" : op === "<>" ? "rw" : op === ">>" || op === "&>>" ? "wa" : "w";
  let val: FdVal;
  if (!v.static) val = { kind: "unknown" };
  else {
    const sp = special(v.value);
    if (sp && "dup" in sp) val = out.get(sp.dup) ?? { kind: "closed" };
    else if (sp) val = { kind: "unknown" };
    else val = { kind: "file", path: normPath(v.value), mode };
  }
  for (const fd of fds) out.set(fd, val);
}

function noteWrite(r: Redirect, w: Walk): void {
  const writes = WRITE_OPS.has(r.op) || (r.op === ">&" && r.fd === null) || (r.op === ">&" && r.fdVar !== null);
  if (!writes) return;
  const v = staticValue(r.target, w.ctx);
  if (!v.static) {
    w.dynamicWrite = true;
    return;
  }
  if (r.op === ">&" && /^\d+-?$|^-$/.test(v.value)) return;
  w.writeTargets.add(normPath(v.value));
}

function withFd(t: FdTable | null, fd: number, v: FdVal): FdTable | null {
  if (t === null) return null;
  const out = new Map(t);
  out.set(fd, v);
  return out;
}

// ---------- AST walk with fd context ----------

const DEV_NULL: FdVal = { kind: "file", path: "/dev/null", mode: "r" };

/**
 * Without job control, `&` gives stdin /dev/null (as the oracle showed): to everything in an
 * async and-or list of several pipelines and to an async compound command; to a lone async
 * simple command only after its words are expanded (their substitutions keep the shell's
 * stdin); and not at all to the commands of an async multi-command pipeline.
 */
function walkList(list: List, t: FdTable | null, w: Walk): void {
  for (const item of list.items) {
    const ao = item.andOr;
    if (item.background && ao.rest.length > 0) {
      const tt = withFd(t, 0, DEV_NULL);
      walkPipeline(ao.first, tt, w, false);
      for (const r of ao.rest) walkPipeline(r.pipeline, tt, w, false);
      continue;
    }
    walkPipeline(ao.first, t, w, item.background);
    for (const r of ao.rest) walkPipeline(r.pipeline, t, w, false);
  }
}

function walkPipeline(p: Pipeline, t: FdTable | null, w: Walk, background: boolean): void {
  const n = p.commands.length;
  p.commands.forEach((c, i) => {
    let tt = t;
    if (i > 0) tt = withFd(tt, 0, { kind: "pipe" });
    if (i < n - 1) tt = withFd(tt, 1, { kind: "pipe" });
    const bg = background && n === 1;
    if (bg && c.type !== "SimpleCommand") tt = withFd(tt, 0, DEV_NULL);
    // `|&` is 2>&1 applied after the command's own redirects.
    walkCommand(c, tt, w, i < n - 1 && p.ops[i] === "|&", bg && c.type === "SimpleCommand");
  });
}

function walkCommand(c: Command, t: FdTable | null, w: Walk, stderrToPipe: boolean, bgStdin = false): void {
  switch (c.type) {
    case "SimpleCommand": {
      for (const a of c.assigns) {
        if (a.index) walkWord(a.index, t, w);
        if (a.value) walkWord(a.value, t, w);
        if (a.array) for (const e of a.array.elems) {
          if (e.index) walkWord(e.index, t, w);
          walkWord(e.value, t, w);
        }
      }
      for (const word of c.words) walkWord(word, t, w);
      for (const r of c.redirects) {
        walkWord(r.target, UNKNOWN, w);
        if (r.heredoc) walkWord(r.heredoc.body, UNKNOWN, w);
      }
      const fdVars: FdVal[] = [];
      let fds = applyRedirects(bgStdin ? withFd(t, 0, DEV_NULL) : t, c.redirects, w, fdVars);
      if (stderrToPipe && fds) fds = withFd(fds, 2, fds.get(1) ?? { kind: "closed" });
      if (c.words.length === 0) return;
      const { argv, exactPositions } = staticArgv(c.words, w.ctx);
      w.expects.push({ cmd: c, argv, exact: exactPositions && argv.every((a) => a !== null), fds, fdVars });
      return;
    }
    case "FunctionDef":
      // The body runs at call time, in the caller's fds (not modelled).
      for (const r of c.redirects) noteWrite(r, w);
      walkCommand(c.body, UNKNOWN, w, false);
      return;
    case "Coproc": {
      const tt = withFd(withFd(t, 0, { kind: "pipe" }), 1, { kind: "pipe" });
      walkCommand(c.body, tt, w, false);
      return;
    }
    default:
      break;
  }
  for (const r of c.redirects) {
    walkWord(r.target, UNKNOWN, w);
    if (r.heredoc) walkWord(r.heredoc.body, UNKNOWN, w);
  }
  let tt = applyRedirects(t, c.redirects, w, null);
  if (stderrToPipe && tt) tt = withFd(tt, 2, tt.get(1) ?? { kind: "closed" });
  switch (c.type) {
    case "BraceGroup":
    case "Subshell":
      walkList(c.body, tt, w);
      return;
    case "IfClause":
      for (const b of c.branches) {
        walkList(b.cond, tt, w);
        walkList(b.body, tt, w);
      }
      if (c.elseBody) walkList(c.elseBody, tt, w);
      return;
    case "WhileClause":
      walkList(c.cond, tt, w);
      walkList(c.body, tt, w);
      return;
    case "ForClause":
    case "SelectClause":
      for (const word of c.items ?? []) walkWord(word, tt, w);
      walkList(c.body, tt, w);
      return;
    case "ArithForClause":
      for (const a of [c.init, c.cond, c.step]) if (a) for (const p of a.parts) walkPart(p, tt, w);
      walkList(c.body, tt, w);
      return;
    case "CaseClause":
      walkWord(c.word, tt, w);
      for (const it of c.items) {
        for (const p of it.patterns) walkWord(p, tt, w);
        walkList(it.body, tt, w);
      }
      return;
    case "TestClause": {
      const visit = (e: import("../../src/shell/index.ts").TestExpr): void => {
        switch (e.type) {
          case "TestWord":
            return walkWord(e.word, tt, w);
          case "TestUnary":
            return walkWord(e.operand, tt, w);
          case "TestBinary":
            walkWord(e.left, tt, w);
            return walkWord(e.right, tt, w);
          case "TestNot":
          case "TestParen":
            return visit(e.expr);
          case "TestAnd":
          case "TestOr":
            visit(e.left);
            return visit(e.right);
        }
      };
      visit(c.expr);
      return;
    }
    case "ArithCommand":
      for (const p of c.expr.parts) walkPart(p, tt, w);
      return;
  }
}

function walkWord(word: Word, t: FdTable | null, w: Walk): void {
  for (const p of word.parts) walkPart(p, t, w);
}

function walkPart(p: WordPart, t: FdTable | null, w: Walk): void {
  switch (p.type) {
    case "CmdSubst":
      walkList(p.body, withFd(t, 1, { kind: "pipe" }), w);
      return;
    case "ProcSubst":
      walkList(p.body, withFd(t, p.op === "<" ? 1 : 0, { kind: "pipe" }), w);
      return;
    case "DblQuoted":
      for (const q of p.parts) walkPart(q, t, w);
      return;
    case "ParamExp":
      if (p.op === "@" && p.args.some((a) => a.parts.some((q) => q.type === "Lit" && q.value === "P"))) w.dynamicCode.push(`\${${p.name}@P}`);
      if (p.index) walkWord(p.index, t, w);
      for (const a of p.args) walkWord(a, t, w);
      return;
    case "ArithExp":
      for (const q of p.expr.parts) walkPart(q, t, w);
      return;
    case "ArrayLiteral":
      for (const e of p.elems) {
        if (e.index) walkWord(e.index, t, w);
        walkWord(e.value, t, w);
      }
      return;
    default:
      return;
  }
}

// ---------- matching ----------

function fdMismatches(e: ObservedRun["executed"][number], x: Expect): string[] {
  const bad: string[] = [];
  if (x.fds) {
    for (const [fd, want] of x.fds) {
      const got = e.fds[fd];
      const mode = e.fdModes[fd];
      switch (want.kind) {
        case "unknown":
          break;
        case "closed":
          if (got !== undefined) bad.push(`fd ${fd}: expected closed, bash has ${got}`);
          break;
        case "pipe":
          if (got === undefined || !got.startsWith("pipe:")) bad.push(`fd ${fd}: expected a pipe, bash has ${got ?? "closed"}`);
          break;
        case "stdin-data":
          // bash 5.2 opens /dev/null for a here-document whose expanded body is empty.
          if (want.content !== null && want.content !== "" && got === "/dev/null") {
            bad.push(`fd ${fd}: expected here-document data, bash has /dev/null`);
            break;
          }
          if (got === "/dev/null") break;
          if (got === undefined || !(got.startsWith("pipe:") || got === "heredoc")) bad.push(`fd ${fd}: expected here-document data, bash has ${got ?? "closed"}`);
          break;
        case "file":
          if (got !== want.path) bad.push(`fd ${fd}: expected ${want.path}, bash has ${got ?? "closed"}`);
          else if (mode !== undefined && mode !== want.mode) bad.push(`fd ${fd} (${want.path}): expected mode ${want.mode}, bash has ${mode}`);
          break;
      }
    }
  }
  for (const v of x.fdVars) {
    if (v.kind === "unknown" || v.kind === "closed") continue;
    const fits = (target: string) =>
      v.kind === "file" ? target === v.path : v.kind === "pipe" ? target.startsWith("pipe:") : target.startsWith("pipe:") || target === "heredoc" || (target === "/dev/null" && !v.content);
    const hit = Object.entries(e.fds).some(([fd, target]) => Number(fd) >= 10 && fits(target));
    if (!hit) bad.push(`{var} redirect: expected an fd >= 10 on ${v.kind === "file" ? v.path : v.kind}, bash has ${JSON.stringify(e.fds)}`);
  }
  return bad;
}

function stdinNote(e: ObservedRun["executed"][number], x: Expect): string | null {
  const want = x.fds?.get(0);
  if (!want || want.kind !== "stdin-data" || want.content === null || e.stdin === null) return null;
  const expected = want.content.slice(0, e.stdin.length + (e.stdinTruncated ? 0 : 1));
  if (e.stdinTruncated ? want.content.startsWith(e.stdin) : want.content === e.stdin) return null;
  return `stdin: parser's here-document body ${JSON.stringify(expected.slice(0, 80))}, bash fed ${JSON.stringify(e.stdin.slice(0, 80))}`;
}

const argvEq = (a: (string | null)[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** A dynamic candidate is consistent when its static words before the first dynamic one match. */
function prefixConsistent(x: Expect, argv: string[]): boolean {
  for (let i = 0; i < x.argv.length; i++) {
    const v = x.argv[i];
    if (v === null) return true;
    if (v !== argv[i]) return false;
  }
  return false;
}

export function compareWithOracle(command: string, runs: ObservedRun[], ctx: WordContext = {}): Comparison {
  const valid = runs[0]?.valid ?? true;
  let ast: Script;
  try {
    ast = parse(command);
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    return { accept: valid ? { kind: "rejected-valid", parserError: e.message } : { kind: "agree-invalid", parserError: e.message }, divergences: [], matched: { static: 0, dynamic: 0, dynamicCode: 0 } };
  }
  if (!valid) return { accept: { kind: "accepted-invalid", bashError: runs[0]?.syntaxError ?? "bash -n rejected it" }, divergences: [], matched: { static: 0, dynamic: 0, dynamicCode: 0 } };

  const w: Walk = { expects: [], writeTargets: new Set(), dynamicWrite: false, dynamicCode: [], ctx };
  walkList(ast.body, new Map(BASE), w);

  const divergences: Divergence[] = [];
  // The classifier walks the AST with forEachNode: it must reach every command this walk found.
  const visited = new Set<unknown>();
  forEachNode(ast, (n) => {
    if (n.type === "SimpleCommand") visited.add(n);
  });
  for (const x of w.expects) {
    if (!visited.has(x.cmd)) divergences.push({ kind: "missed-command", unsafe: true, detail: `forEachNode never visits the command at offset ${x.cmd.pos} (${JSON.stringify(command.slice(x.cmd.pos, x.cmd.end))})` });
  }
  const seen = new Set<string>();
  const matched = { static: 0, dynamic: 0, dynamicCode: 0 };
  for (const run of runs) {
    for (const e of run.executed) {
      const key = JSON.stringify([e.argv, e.fds, e.stdin]);
      if (seen.has(key)) continue;
      seen.add(key);
      const statics = w.expects.filter((x) => x.exact && argvEq(x.argv, e.argv));
      if (statics.length > 0) {
        matched.static++;
        const problems = statics.map((x) => fdMismatches(e, x));
        if (problems.every((p) => p.length > 0)) {
          divergences.push({ kind: "wrong-fd", unsafe: true, detail: `${JSON.stringify(e.argv)}: ${problems[0]!.join("; ")}` });
        } else {
          const ok = statics.filter((_x, i) => problems[i]!.length === 0);
          const notes = ok.map((x) => stdinNote(e, x));
          if (notes.every((n) => n !== null)) divergences.push({ kind: "stdin-mismatch", unsafe: false, detail: `${JSON.stringify(e.argv)}: ${notes[0]}` });
        }
        continue;
      }
      if (w.expects.some((x) => !x.exact && prefixConsistent(x, e.argv))) {
        matched.dynamic++;
        continue;
      }
      if (w.dynamicCode.length > 0) {
        matched.dynamicCode++;
        continue;
      }
      // The parser has the command but reads its words differently (`time a` taken as argv).
      const sameName = w.expects.find((x) => x.argv[0] === e.argv[0]) ?? w.expects.find((x) => x.argv.includes(e.argv[0]!));
      if (sameName) divergences.push({ kind: "wrong-static-argv", unsafe: true, detail: `bash ran ${JSON.stringify(e.argv)}; the parser's argv is ${JSON.stringify(sameName.argv)} (null: dynamic word)` });
      else divergences.push({ kind: "missed-command", unsafe: true, detail: `bash ran ${JSON.stringify(e.argv)}; no command in the AST can produce it (parser found: ${JSON.stringify(w.expects.map((x) => x.argv))})` });
    }
    for (const f of run.createdFiles) {
      if (f.endsWith("/")) continue;
      if (w.writeTargets.has(normPath(f)) || w.dynamicWrite) continue;
      divergences.push({ kind: "missed-write", unsafe: true, detail: `bash created ${f}; the parser has no write redirect to it (static write targets: ${JSON.stringify([...w.writeTargets])})` });
    }
  }
  const uniq = new Map(divergences.map((d) => [d.kind + d.detail, d]));
  return { accept: { kind: "agree-valid" }, divergences: [...uniq.values()], matched };
}
