// The evaluator: walks the AST (mvdan/sh's interp, without running anything) and finds every
// simple command that can run, with its possible working directories, its
// static argv, its redirects, substitutions and heredocs, and everything it runs in turn
// (functions, inner shells, wrapped commands, env-var commands). One rule throughout: what the
// walk cannot account for becomes an effect that the levels table refuses (exec unmodelled,
// or a path in the `unknown` locus).
//
// The arrows go one way: the evaluator reads and makes shell state (shellstate.ts: variables,
// directories, the walk's frame) and hands every path a command touches to the placement
// (place.ts), which never calls back into the evaluator. builtins.ts, envapply.ts and the other
// helpers of this folder are parts of the evaluator.
import type {
  AndOr,
  Command,
  List,
  Pipeline,
  Redirect,
  Script,
  SimpleCommand,
  TestExpr,
  Word,
  WordPart,
} from "../shell/ast.ts";
import path from "node:path";
import { forEachNode } from "../shell/visit.ts";
import type { Source } from "../policy/model.ts";
import type { ArgWord, Interpretation } from "./registry/types.ts";
import type { CommandRecord } from "./types.ts";
import { checkNameSubscripts, NAME_TAKERS, runBuiltin, storeData, STORES_DATA, WALK_BUILTINS } from "./builtins.ts";
import { applyAssignment, applyEnvRecord, applyVector, type PrefixEnv } from "./envapply.ts";
import { listDir, tryLstat, type DirEntry } from "./fs.ts";
import { globPrefix, resolvePath } from "./paths.ts";
import { nullglobDrops, withShoptFlags } from "./globs.ts";
import { after, failState, mergeShell, sameShell, shellWith, unknownBases, describeBases, withAssigned, type Bases, type Flow, type Shell } from "./shellstate.ts";
import { expandWord, heredocText, staticFirstChar } from "./words.ts";
import { Placement } from "./place.ts";
import { scopeWith, wordEnv, type Output, type Scope, type StdinSource } from "./shellstate.ts";
import { zshHazards } from "./othershells.ts";
import { checkRepository } from "./gitrepo.ts";
import { npmLocalBin } from "./npmbin.ts";
import { loopValues, loopVarStable } from "./loopvals.ts";
import { findArgvNames, findNameRegExp, findNames, soleSubstitution } from "./names.ts";
import { arithSecrets, envReads, paramSecret, quietTest, quietTestCommand } from "./secretvars.ts";
import { integerDefault, integerLoop, noteIntegers } from "./integers.ts";

export interface ArgItem {
  value: ArgWord;
  glob: boolean;
  source: Source;
  /** The word it came from (absent for argv that a registry or a variable produced). */
  word?: Word;
  /** Stands for any path under itself (`find R -exec cmd {} ;` runs `cmd` on everything below R). */
  tree?: boolean;
  /** ...whose basename matches this glob (`find R -name P -exec`). */
  treeName?: string;
  /** ...through symlinks to directories (`find -L R -exec`). */
  treeFollow?: boolean;
}

export interface Invocation {
  items: ArgItem[];
  span: Source;
  prefix: PrefixEnv;
  /** stdin as set by the command's own redirects (null: from the scope). */
  stdin: StdinSource | null;
  noFunctions: boolean;
  via: string;
  /** Bases override for the command's relative paths (git -C etc. already applied). */
  bases?: Bases;
  /** Offset of the call in `src` (to know whether a function definition ran before it). */
  at?: { src: string; pos: number };
  /** Its own redirects send stdout somewhere else than the pipe. */
  redirectsStdout?: boolean;
  /** A nullglob removed some of its words: too few operands left means it only fails. */
  vanishing?: boolean;
  /** The name runs as a program, never a shell builtin (a wrapper's argv, `exec`, `/bin/x`). */
  program?: boolean;
}

export type CmdFlow = Flow & { out: Output };

const NO_OUT: Output = { literal: null, fetched: false };

/** A flow with its output set (built field by field: spreading flows of varied shapes is slow). */
function withOut(f: Flow, out: Output): CmdFlow {
  const r: CmdFlow = { sh: f.sh, status: f.status, out };
  if (f.failSh) r.failSh = f.failSh;
  return r;
}

/** `f`, run at most once and only when first asked. */
function lazy<T>(f: () => T): () => T {
  let done = false;
  let v: T;
  return () => {
    if (!done) {
      v = f();
      done = true;
    }
    return v;
  };
}

export function walkScript(w: Placement, script: Script, sh: Shell, sc: Scope): Flow {
  collectDefinitions(w, script);
  markDefinite(w, script.body, sc.src);
  if (w.deps.shell !== "bash") zshHazards(w, script, sc);
  return walkList(w, script.body, sh, sc);
}

const SETS_FROM_DATA = new Set(["read", "mapfile", "readarray", "printf", "getopts", "declare", "typeset", "local", "export", "readonly", "let"]);

/** Function definitions and arithmetic-tainted names, collected before walking (order-insensitive). */
export function collectDefinitions(w: Placement, root: Script | List): void {
  forEachNode(root, (n) => {
    if (n.type === "FunctionDef") {
      const list = w.functions.get(n.name) ?? [];
      list.push(n);
      w.functions.set(n.name, list);
    } else if (n.type === "Assignment") {
      if (n.array || !n.value || !plainNumber(n.value)) w.tainted.add(n.name);
    } else if (n.type === "ForClause" || n.type === "SelectClause") {
      if (!n.items || !n.items.every(plainNumber)) w.tainted.add(n.name);
    } else if (n.type === "SimpleCommand") {
      noteIntegers(w, n);
      // read / mapfile / printf -v / getopts / declare NAME=... set names from data.
      const name = n.words[0] && wordLiteral(n.words[0]);
      if (name && SETS_FROM_DATA.has(name)) {
        for (const a of n.words.slice(1)) {
          const t = wordLiteral(a);
          const m = t?.match(/^([A-Za-z_][A-Za-z0-9_]*)(=(.*))?$/);
          if (m && !(m[3] !== undefined && /^-?\d+$/.test(m[3]))) w.tainted.add(m[1]!);
          if (!t) {
            const pre = a.parts[0]?.type === "Lit" ? a.parts[0].value.match(/^([A-Za-z_][A-Za-z0-9_]*)=/) : null;
            if (pre) w.tainted.add(pre[1]!);
          }
        }
      }
    }
  });
}

function markDefinite(w: Placement, body: List, src: string): void {
  for (const it of body.items) {
    const c = it.andOr.first.commands[0];
    if (!it.background && it.andOr.rest.length === 0 && it.andOr.first.commands.length === 1 && c?.type === "FunctionDef") w.definite.set(c, src);
  }
}

function wordLiteral(w: Word): string | null {
  let s = "";
  for (const p of w.parts) {
    if (p.type === "Lit" || p.type === "Escaped" || p.type === "SglQuoted") s += p.value;
    else if (p.type === "DblQuoted" && p.parts.every((q) => q.type === "Lit")) s += p.parts.map((q) => (q.type === "Lit" ? q.value : "")).join("");
    else return null;
  }
  return s;
}

function plainNumber(w: Word): boolean {
  if (w.parts.length === 1 && w.parts[0]!.type === "ArithExp") return true;
  if (w.parts.length === 1 && w.parts[0]!.type === "DblQuoted" && w.parts[0].parts.length === 1 && w.parts[0].parts[0]!.type === "ArithExp") return true;
  const t = wordLiteral(w);
  return t !== null && /^\s*[-+]?(\d+|0[xX][0-9a-fA-F]+)?\s*$/.test(t);
}

// ---------- structure ----------

export function walkList(w: Placement, list: List, sh: Shell, sc: Scope): Flow {
  let flow: Flow = { sh, status: "unknown" };
  for (const item of list.items) {
    const start = after(flow);
    if (item.background) {
      walkAndOr(w, item.andOr, start, scopeWith(sc, { async: true }));
      flow = { sh: start, status: "unknown" };
    } else flow = walkAndOr(w, item.andOr, start, sc);
  }
  return flow;
}

function walkAndOr(w: Placement, ao: AndOr, sh: Shell, sc: Scope): Flow {
  let f: Flow = walkPipeline(w, ao.first, sh, sc);
  for (const { op, pipeline } of ao.rest) {
    if (op === "&&") {
      // A left side known to fail does not skip the right one: `cd` may be a function from the
      // agent's shell (rvm and zoxide redefine it) and the tree may change before the command
      // runs, so `cd -bogus && rm -rf /` must not pass on the strength of that failure.
      const g = walkPipeline(w, pipeline, f.sh, sc);
      const fail = f.failSh ? mergeShell(f.failSh, failState(g)) : mergeShell(f.sh, failState(g));
      f = g.status === "fails" ? { sh: fail, status: "fails" } : { sh: g.sh, status: "unknown", failSh: fail };
    } else {
      if (f.status === "fails") {
        f = walkPipeline(w, pipeline, failState(f), sc);
        continue;
      }
      const g = walkPipeline(w, pipeline, failState(f), sc);
      f = g.status === "fails" ? { sh: f.sh, status: "unknown", failSh: g.sh } : { sh: mergeShell(f.sh, g.sh), status: "unknown", failSh: failState(g) };
    }
  }
  return f;
}

function walkPipeline(w: Placement, p: Pipeline, sh: Shell, sc: Scope): Flow {
  if (p.commands.length === 1) {
    const f = walkCommand(w, p.commands[0]!, sh, sc);
    if (!p.negated) return f;
    return f.status === "fails" ? { sh: f.sh, status: "unknown" } : { sh: failState(f), status: "unknown", failSh: f.sh };
  }
  // Every element runs in a subshell (lastpipe is off in scripts): nothing moves the parent.
  // A pipe carries a download only from the element that fetched it. Further down, what arrives
  // went through a filter we do not follow (`curl | echo a | sh` runs `a`, not the download), so
  // it is unknown text: labelling it downloaded code would admit it at yolo.
  let prev: Output | null = null;
  let fetched = false;
  for (let i = 0; i < p.commands.length; i++) {
    const c = p.commands[i]!;
    const stdin: StdinSource =
      i === 0 ? sc.stdin : { t: "pipe", fetched, text: prev?.literal ?? null, source: w.span(sc, p.commands[i - 1]!.pos, p.commands[i - 1]!.end), names: prev?.names ?? null };
    const before = w.effects.length;
    const f = walkCommand(w, c, sh, scopeWith(sc, { stdin, async: true }));
    prev = f.out;
    fetched = f.out.literal === null && (f.out.fetched || w.effects.slice(before).some((e) => e.op === "net-fetch"));
  }
  return { sh, status: "unknown" };
}

function loop(w: Placement, sh: Shell, sc: Scope, once: (s: Shell) => Shell): Shell {
  let s = sh;
  for (let i = 0; i < 3; i++) {
    const next = mergeShell(s, once(s));
    if (sameShell(next, s)) return s;
    s = next;
  }
  return { ...s, bases: unknownBases("a loop keeps changing the directory"), oldpwd: unknownBases("a loop changes the directory") };
}

export function walkCommand(w: Placement, c: Command, sh: Shell, sc: Scope): CmdFlow {
  if (c.type === "SimpleCommand") return walkSimple(w, c, sh, sc);
  if (c.type === "FunctionDef") return { sh, status: "unknown", out: NO_OUT };
  if (c.type === "Coproc") {
    walkCommand(w, c.body, sh, scopeWith(sc, { async: true }));
    return { sh, status: "unknown", out: NO_OUT };
  }
  const stdin = redirects(w, c.redirects, sh, sc, -1, null, "") ?? sc.stdin;
  const inner: Scope = scopeWith(sc, { stdin });
  switch (c.type) {
    case "BraceGroup": {
      return withOut(walkList(w, c.body, sh, inner), NO_OUT);
    }
    case "Subshell":
      walkList(w, c.body, sh, inner);
      return { sh, status: "unknown", out: NO_OUT };
    case "IfClause": {
      let cur = sh;
      const outs: Shell[] = [];
      for (const b of c.branches) {
        const cond = walkList(w, b.cond, cur, inner);
        // A branch whose condition is known to fail is still judged (see walkAndOr).
        outs.push(after(walkList(w, b.body, cond.sh, inner)));
        cur = failState(cond);
      }
      outs.push(c.elseBody ? after(walkList(w, c.elseBody, cur, inner)) : cur);
      return { sh: outs.reduce(mergeShell), status: "unknown", out: NO_OUT };
    }
    case "WhileClause": {
      const s = loop(w, sh, inner, (s0) => {
        const cond = walkList(w, c.cond, s0, inner);
        return mergeShell(after(cond), after(walkList(w, c.body, after(cond), inner)));
      });
      return { sh: s, status: "unknown", out: NO_OUT };
    }
    case "ForClause":
    case "SelectClause": {
      for (const it of c.items ?? []) wordSubst(w, it, sh, inner, -1);
      loopItemGlobs(w, c.items, sh, inner);
      integerLoop(w, c, inner);
      // The items bash iterates over, when they are static or globs listed now, and nothing in
      // the body can change the variable: the body is walked once per value (loopvals.ts).
      const values = c.type === "ForClause" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(c.name) && !w.loopVals.has(c.name) && loopVarStable(w, c.body, c.name) ? loopValues(w, c.items, sh) : null;
      // Inside the body the loop's variable holds an item, not the environment's value.
      // The variable is assigned like any other: `for PATH in /tmp/x; do ls; done` runs /tmp/x/ls.
      const src = w.span(inner, c.pos, c.end);
      const assign = (s0: Shell, v: string | null) => withAssigned(applyVector(w, c.name, v, s0, inner, src, -1, true), [c.name]);
      const once = (s0: Shell): Shell => {
        if (!values || values.length === 0) return after(walkList(w, c.body, assign(s0, null), inner));
        return values
          .map((v) => {
            w.loopVals.set(c.name, v);
            try {
              return after(walkList(w, c.body, assign(s0, v), inner));
            } finally {
              w.loopVals.delete(c.name);
            }
          })
          .reduce(mergeShell);
      };
      const s = loop(w, sh, inner, once);
      return { sh: s, status: "unknown", out: NO_OUT };
    }
    case "ArithForClause": {
      for (const a of [c.init, c.cond, c.step]) if (a) arith(w, a, sh, inner, -1);
      const s = loop(w, sh, inner, (s0) => after(walkList(w, c.body, s0, inner)));
      return { sh: s, status: "unknown", out: NO_OUT };
    }
    case "CaseClause": {
      wordSubst(w, c.word, sh, inner, -1);
      const outs: Shell[] = [sh];
      for (const item of c.items) {
        for (const p of item.patterns) wordSubst(w, p, sh, inner, -1);
        outs.push(after(walkList(w, item.body, sh, inner)));
      }
      return { sh: outs.reduce(mergeShell), status: "unknown", out: NO_OUT };
    }
    case "TestClause":
      testExpr(w, c.expr, sh, inner);
      return { sh, status: "unknown", out: NO_OUT };
    case "ArithCommand":
      arith(w, c.expr, sh, inner, -1);
      return { sh, status: "unknown", out: NO_OUT };
  }
}

const ARITH_TEST_OPS = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);

function testExpr(w: Placement, e: TestExpr, sh: Shell, sc: Scope): void {
  quietTest(e);
  switch (e.type) {
    case "TestWord":
      wordSubst(w, e.word, sh, sc, -1);
      return;
    case "TestUnary":
      wordSubst(w, e.operand, sh, sc, -1);
      if (e.op === "-v") arithWord(w, e.operand, sc);
      return;
    case "TestBinary":
      wordSubst(w, e.left, sh, sc, -1);
      wordSubst(w, e.right, sh, sc, -1);
      if (ARITH_TEST_OPS.has(e.op)) {
        arithWord(w, e.left, sc);
        arithWord(w, e.right, sc);
      }
      return;
    case "TestNot":
    case "TestParen":
      testExpr(w, e.expr, sh, sc);
      return;
    case "TestAnd":
    case "TestOr":
      testExpr(w, e.left, sh, sc);
      testExpr(w, e.right, sh, sc);
      return;
  }
}

/** A word whose value bash evaluates as arithmetic. */
function arithWord(w: Placement, word: Word, sc: Scope): void {
  const src = w.span(sc, word.pos, word.end);
  const t = wordLiteral(word);
  if (t !== null) w.checkArithText(t, sc, src, -1);
  else if (w.isWordDynamicCode(word)) w.unmodelled(sc, src, src.text, "the output of an expansion is evaluated as arithmetic (an array subscript in it would run code)");
}

function arith(w: Placement, a: import("../shell/ast.ts").Arithmetic, sh: Shell, sc: Scope, command: number): void {
  for (const p of a.parts) partSubst(w, p, sh, sc, command);
  w.checkArithmetic(a, sc, command);
  arithSecrets(w, a.names, sh, w.span(sc, a.pos, a.end), command);
}

// ---------- substitutions inside words ----------

/** Walks every substitution inside a word (each runs in a subshell) and flags expansions that run code. */
export function wordSubst(w: Placement, word: Word, sh: Shell, sc: Scope, command: number): void {
  for (const p of word.parts) partSubst(w, p, sh, sc, command);
}

function partSubst(w: Placement, p: WordPart, sh: Shell, sc: Scope, command: number): void {
  switch (p.type) {
    case "Lit":
    case "Escaped":
    case "SglQuoted":
    case "ExtGlob":
      return;
    case "DblQuoted":
      for (const q of p.parts) partSubst(w, q, sh, sc, command);
      return;
    case "ParamExp": {
      paramSecret(w, p, sh, sc, command);
      integerDefault(w, p, sc, command);
      const src = w.span(sc, p.pos, p.end);
      if (p.op === "@" && p.args.some((a) => wordLiteral(a)?.includes("P"))) {
        w.unmodelled(sc, src, src.text, "`${x@P}` expands the value as a prompt string, which runs command substitutions in it", command);
      }
      if (p.indirect && w.tainted.has(p.name)) {
        w.unmodelled(sc, src, src.text, `\`\${!${p.name}}\` names a variable this command sets; an array subscript in it would run code`, command);
      }
      if (p.index) {
        wordSubst(w, p.index, sh, sc, command);
        const t = wordLiteral(p.index);
        if (t !== null) w.checkArithText(t, sc, src, command);
      }
      if (p.op === ":") for (const a of p.args) arithWord(w, a, sc);
      for (const a of p.args) wordSubst(w, a, sh, sc, command);
      return;
    }
    case "CmdSubst":
      walkList(w, p.body, sh, scopeWith(sc, { via: sc.via ? `${sc.via} > $(..)` : "$(..)" }));
      return;
    case "ProcSubst":
      walkList(w, p.body, sh, scopeWith(sc, { via: sc.via ? `${sc.via} > ${p.op}(..)` : `${p.op}(..)`, stdin: { t: "inherited" }, async: true }));
      return;
    case "ArithExp":
      arith(w, p.expr, sh, sc, command);
      return;
    case "ArrayLiteral":
      for (const e of p.elems) {
        if (e.index) wordSubst(w, e.index, sh, sc, command);
        wordSubst(w, e.value, sh, sc, command);
      }
      return;
  }
}

// ---------- redirects ----------

/**
 * Emits each redirect's effect and walks heredoc bodies. Returns the stdin the redirects set
 * (the last one for fd 0), or null when they leave stdin alone.
 */
export function redirects(w: Placement, rs: Redirect[], sh: Shell, sc: Scope, command: number, out: Output | null, by: string): StdinSource | null {
  let stdin: StdinSource | null = null;
  for (const r of rs) {
    const src = w.span(sc, r.pos, r.end);
    if (r.heredoc) {
      wordSubst(w, r.heredoc.body, sh, sc, command);
      if ((r.fd ?? 0) === 0) stdin = { t: "text", text: heredocText(r.heredoc), source: w.span(sc, r.heredoc.pos, r.heredoc.end) };
      continue;
    }
    wordSubst(w, r.target, sh, sc, command);
    const x = expandWord(r.target, wordEnv(w, sh));
    const target = x.kind === "fields" && x.fields.length === 1 && !x.fields[0]!.glob ? x.fields[0]!.text : null;
    if (r.op === "<<<") {
      if ((r.fd ?? 0) === 0) stdin = { t: "text", text: target === null ? null : target + "\n", source: src };
      continue;
    }
    if ((r.op === ">&" || r.op === "<&") && target !== null && /^(\d+-?|-)$/.test(target)) continue; // fd dup or close
    if ((r.op === ">&" || r.op === "<&") && target === null && x.kind === "dynamic") {
      // `>&$fd` may be a dup or a file: a file is the worse case.
    }
    const reads = r.op === "<" || r.op === "<>" || r.op === "<&";
    const writes = r.op !== "<" && r.op !== "<&";
    const why = `redirect \`${src.text}\``;
    if (target !== null && /^\/dev\/(tcp|udp)\//.test(target)) {
      // The network, and also a path under /dev that the regions table places (the oracle sees both).
      w.other("net-send", "none", target, undefined, src, `${why} opens a network connection`, command);
      if (reads) w.other("net-fetch", "none", target, "computed-url", src, `${why} reads from the network`, command);
    }
    if (target === null && x.kind === "fields") {
      w.placePath({ op: writes ? "write" : "read", path: null, why: `${why}: the target is a glob or several words`, source: src, command, bases: sh.bases, sh, sc, by: "redirect" });
      continue;
    }
    if (reads) w.placePath({ op: "read", path: target, why, source: src, command, bases: sh.bases, sh, sc, by: "redirect" });
    if (writes) w.placePath({ op: "write", path: target, why, source: src, command, bases: sh.bases, sh, sc, by: "redirect", content: r.op === ">" || r.op === ">|" ? (out?.literal ?? null) : null });
    if ((r.fd ?? 0) === 0 && r.op === "<") stdin = { t: "file", path: target, source: src };
    if ((r.fd ?? 0) === 0 && r.op === "<>") stdin = { t: "file", path: target, source: src };
  }
  return stdin;
}

// ---------- simple commands ----------

function expandItems(w: Placement, words: Word[], sh: Shell, sc: Scope): ArgItem[] {
  const items: ArgItem[] = [];
  for (const word of words) {
    const source = w.span(sc, word.pos, word.end);
    const x = expandWord(word, wordEnv(w, sh));
    // `$(find src -name '*.java')`: the names find will print, when they can be listed, and
    // split at blanks only (names with none are then the words; another IFS may split them).
    const sub = x.kind === "dynamic" && sh.defaultIfs ? soleSubstitution(word) : null;
    const names = sub ? findNames(w, sub, sh) : null;
    if (names) for (const n of names) items.push({ value: n, glob: false, source, word });
    else if (x.kind === "dynamic") items.push({ value: null, glob: false, source, word });
    else for (const f of x.fields) items.push({ value: f.text, glob: f.glob, source, word });
  }
  return items;
}

function walkSimple(w: Placement, cmd: SimpleCommand, sh: Shell, sc: Scope): CmdFlow {
  const span = w.span(sc, cmd.pos, cmd.end);
  if (!w.tick(sc, span)) return { sh: shellWith(sh, { bases: unknownBases("budget spent") }), status: "unknown", out: NO_OUT };
  // Substitutions run first, each in its own subshell.
  for (const a of cmd.assigns) {
    if (a.index) wordSubst(w, a.index, sh, sc, -1);
    if (a.value) wordSubst(w, a.value, sh, sc, -1);
    if (a.array) for (const e of a.array.elems) {
      if (e.index) wordSubst(w, e.index, sh, sc, -1);
      wordSubst(w, e.value, sh, sc, -1);
    }
  }
  quietTestCommand(cmd);
  for (const word of cmd.words) wordSubst(w, word, sh, sc, -1);
  const items = expandItems(w, cmd.words, sh, sc);
  // Assignments.
  let cur = sh;
  const prefix: PrefixEnv = new Map();
  const standalone = cmd.words.length === 0;
  for (const a of cmd.assigns) {
    const r = applyAssignment(w, a, cur, sc, standalone);
    cur = r.sh;
    if (!standalone) prefix.set(a.name, r.value);
  }
  if (items.length === 0) {
    // Only assignments and redirects (a bare `$EMPTY` word may expand to nothing or to a command).
    const idx = w.record({ argv: cmd.words.map(() => null), bases: describeBases(cur.bases), ...(cur.bases.known ? {} : { baseUnknown: cur.bases.why }), source: span, matched: null, via: sc.via });
    const stdin = redirects(w, cmd.redirects, cur, sc, idx, null, "redirect");
    void stdin;
    return { sh: standalone ? cur : sh, status: "unknown", out: NO_OUT };
  }
  const inv: Invocation = { items, span, prefix, stdin: null, noFunctions: false, via: sc.via, at: { src: sc.src, pos: cmd.pos } };
  // Redirects are set up before the command runs; their stdin feeds the command.
  // (They are emitted inside dispatch once the command index is known.)
  const before = sh.glob.nullglob && items.some((i) => i.glob) ? new Map(w.written) : null;
  const flow = dispatch(w, inv, standalone ? cur : sh, sc, cmd.redirects);
  if (!before) return flow;
  // With nullglob a glob word that matches nothing vanishes: judge the argv without it too,
  // each variant against the writes made before this command (they are alternatives).
  const drops = nullglobDrops(items);
  if (drops === null) w.unmodelled(sc, span, "nullglob", "with nullglob on, any of these glob words may vanish and shift the others: too many to judge each way", -1);
  const all = new Map(w.written);
  for (const rest of drops ?? []) {
    if (rest.length === 0) continue;
    w.written.clear();
    for (const [k, v] of before) w.written.set(k, v);
    dispatch(w, { ...inv, items: rest, vanishing: true }, standalone ? cur : sh, sc, cmd.redirects);
    for (const [k, v] of w.written) if (!all.has(k)) all.set(k, v);
  }
  w.written.clear();
  for (const [k, v] of all) w.written.set(k, v);
  return flow;
}

/** Runs one command from its argv: functions, builtins, path-qualified programs, the registry. */
export function dispatch(w: Placement, inv: Invocation, sh: Shell, sc: Scope, rs: Redirect[] = []): CmdFlow {
  const argv = inv.items.map((i) => i.value);
  const bases = inv.bases ?? sh.bases;
  const name = argv[0];
  const rec: CommandRecord = { argv, bases: describeBases(bases), source: inv.span, matched: null, via: inv.via };
  if (!bases.known) rec.baseUnknown = bases.why;
  const idx = w.record(rec);
  // A heredoc or herestring on the command is its stdin (and may be its literal output).
  const pre = rs.length > 0 ? literalStdin(w, rs, sc) : null;
  const literal = literalOutput(pre ? { ...inv, stdin: pre } : inv, sc);
  if (rs.length > 0) {
    const own = redirects(w, rs, sh, sc, idx, { literal: literal.literal, fetched: false }, name ?? "redirect");
    const stdout = rs.some((r) => (r.fd ?? 1) === 1 && !r.heredoc && r.op !== "<" && r.op !== "<<<" && r.op !== "<&") || rs.some((r) => r.op === "&>" || r.op === "&>>");
    // One copy of the invocation for all that the redirects change.
    if (pre || own || stdout) inv = { ...inv, stdin: own ?? pre ?? inv.stdin, ...(stdout ? { redirectsStdout: true } : {}) };
  }
  if (name === null || name === undefined || inv.items[0]!.glob) {
    w.unmodelled(sc, inv.items[0]?.source ?? inv.span, "<dynamic>", "the command name is dynamic: it could be any command, `cd` or `eval` included", idx);
    return { sh: shellWith(sh, { bases: unknownBases("a dynamic command word could be `cd`"), oldpwd: unknownBases("a dynamic command word could be `cd`") }), status: "unknown", out: NO_OUT };
  }
  let flows: CmdFlow[] = [];
  const fns = inv.noFunctions ? undefined : w.functions.get(name);
  if (fns) {
    w.commands[idx]!.matched = `function ${name}`;
    if (sc.fnDepth >= w.limits.maxFunctionDepth) {
      w.unmodelled(sc, inv.span, name, `function calls nest deeper than ${w.limits.maxFunctionDepth} (recursion?)`, idx);
      return { sh: shellWith(sh, { bases: unknownBases("a function call was not followed") }), status: "unknown", out: NO_OUT };
    }
    for (const f of fns) {
      // Redirects written after the body apply at each call.
      const s1 = redirects(w, f.redirects, sh, sc, idx, null, `function ${name}`);
      const fsc: Scope = scopeWith(sc, { fnDepth: sc.fnDepth + 1, via: sc.via ? `${sc.via} > function ${name}` : `function ${name}`, stdin: s1 ?? inv.stdin ?? sc.stdin });
      flows.push(walkCommand(w, f.body, sh, fsc));
    }
  }
  // Unless a definition certainly ran before this call, the name may still be the builtin or program.
  const defined = fns?.some((f) => inv.at && w.definite.get(f) === inv.at.src && f.end <= inv.at.pos);
  if (!defined) flows.push(runNamed(w, inv, name, sh, sc, idx));
  if (flows.length === 1) {
    const f = flows[0]!;
    return f.out.literal !== null || literal.literal === null ? f : withOut(f, { literal: literal.literal, fetched: f.out.fetched, names: f.out.names ?? null });
  }
  const sh2 = flows.map(after).reduce(mergeShell);
  return { sh: sh2, status: "unknown", out: { literal: null, fetched: flows.some((f) => f.out.fetched) } };
}

function runNamed(w: Placement, inv: Invocation, name: string, sh0: Shell, sc: Scope, idx: number): CmdFlow {
  const literal = literalOutput(inv, sc);
  if (NAME_TAKERS.has(name)) checkNameSubscripts(w, inv, sc, idx);
  // what `read`, `printf -v`, `mapfile`... store is data the walk does not know
  const sh = STORES_DATA.has(name) ? storeData(w, inv, name, sh0, sc, idx) : sh0;
  if (WALK_BUILTINS.has(name)) {
    w.commands[idx]!.matched = `builtin ${name}`;
    return withOut(runBuiltin(w, inv, name, sh, sc, idx), literal.literal === null ? NO_OUT : { literal: literal.literal, fetched: false });
  }
  if (name.includes("/")) return pathQualified(w, inv, name, sh, sc, idx);
  return external(w, inv, sh, sc, idx, literal);
}

const BIN_DIRS = /^\/(usr\/(local\/)?)?s?bin\/[^/]+$/;

/** `./x`, `bin/x`, `/abs/tool`: runs that file, which is not the tool it may be named after. */
function pathQualified(w: Placement, inv: Invocation, name: string, sh: Shell, sc: Scope, idx: number): CmdFlow {
  const src = inv.items[0]!.source;
  const bases = inv.bases ?? sh.bases;
  // An absolute path in a system bin directory is the installed tool itself.
  if (name.startsWith("/") && BIN_DIRS.test(name)) {
    const before = w.effects.length;
    w.placePath({ op: "read", path: name, why: `runs \`${name}\``, source: src, command: idx, bases, sh, sc, by: name });
    const placed = w.effects.slice(before);
    if (placed.every((e) => e.locus === "system")) {
      w.dropEffectsFrom(before); // the read of the binary itself is not an effect worth reporting
      const base = name.slice(name.lastIndexOf("/") + 1);
      const items = [{ ...inv.items[0]!, value: base }, ...inv.items.slice(1)];
      return external(w, { ...inv, items, program: true }, sh, sc, idx, literalOutput(inv, sc));
    }
    w.dropEffectsFrom(before);
  }
  w.placePath({ op: "exec", path: name, why: `runs the file \`${name}\` (not the tool it may be named after)`, source: src, command: idx, bases, sh, sc, by: name });
  w.commands[idx]!.matched = `file ${name}`;
  return { sh, status: "unknown", out: NO_OUT };
}

function external(w: Placement, inv: Invocation, sh: Shell, sc: Scope, idx: number, literal: Output): CmdFlow {
  const argv = inv.items.map((i) => i.value);
  const name = argv[0]!;
  const src = (i: number): Source => (i >= 0 && i < inv.items.length ? inv.items[i]!.source : inv.span);
  if (sh.codeTaint) w.other("exec", "unknown", name, sh.codeTaint.kind, inv.items[0]!.source, `\`${name}\` may resolve to code this command brought in (${sh.codeTaint.why})`, idx);
  let interp: Interpretation;
  try {
    interp = w.deps.interpret(argv, () => {
      const b = inv.bases ?? sh.bases;
      return { globs: inv.items.map((i) => i.glob), prefixed: inv.prefix.size > 0, bases: b.known ? b.list.map((x) => x.physical) : null };
    });
  } catch (e) {
    interp = { known: false, reason: `the registry failed on this command (${(e as Error).message})`, argIndex: 0 };
  }
  if (!interp.known) {
    // A word a nullglob removed left too few operands: the command fails and does nothing.
    if (inv.vanishing && interp.tooFew) return { sh, status: "fails", out: NO_OUT };
    w.unmodelled(sc, src(interp.argIndex), name, interp.reason, idx);
    return { sh, status: "unknown", out: NO_OUT };
  }
  w.commands[idx]!.matched = interp.matched;
  if (interp.readsVars) envReads(w, interp.readsVars, sh, src(interp.readsVars[0]?.argIndex ?? 0), idx);
  let bases = inv.bases ?? sh.bases;
  // git reads the config of the repository it finds, before it writes anything (DESIGN "Foreign git directories").
  if (interp.repository) checkRepository(w, interp.repository, bases, sh, { command: idx, source: src(0) });
  if (interp.cwdOverride !== undefined) bases = overrideBases(w, interp.cwdOverride, bases, sh);
  w.commands[idx]!.bases = describeBases(bases);
  if (!bases.known) w.commands[idx]!.baseUnknown = bases.why;
  let fetched = false;
  // cp keeps symlinks as symlinks with -R/-r/-a/-d/-P/-s or --no-dereference/--preserve=links.
  const makesLinks = name !== "cp" || argv.some((a) => a === null || /^-[a-zA-Z]*[RradPs]/.test(a) || /^--(recursive|archive|no-dereference|symbolic-link|preserve(=.*links|$)|link)/.test(a));
  // bash lists a directory to expand a glob word, whatever the command then does with the names:
  // `echo ~/.aws/*` discloses what ~/.aws holds, and a pattern with a wildcard before its last
  // segment opens every entry it passes through (secret-link included). The command's own use of
  // the word (a read, a write) is placed below as well.
  inv.items.forEach((it, i) => {
    if (it.glob !== true || it.value === null || it.value === undefined) return;
    globListing(w, it.value, src(i), idx, bases, sh, sc);
  });
  for (const e of interp.effects) {
    // bash's builtin kill given a job spec or `$!` signals a child this same shell started
    if (e.type === "other" && e.op === "process" && name === "kill" && !inv.program && ownJob(inv.items[e.argIndex])) continue;
    const s = src(e.argIndex);
    if (e.type === "other") {
      w.other(e.op, e.locus, e.target, e.kind, s, e.why, idx);
      if (e.op === "net-fetch") fetched = true;
      // Inline code carried in an argument: literal evidence in it counts (DESIGN "Trusted code").
      if (e.op === "exec" && e.kind === "inline-code") {
        const code = e.argIndex >= 0 ? argv[e.argIndex] : null;
        if (code) w.inlineEvidence(code, sh, sc, s, idx, bases);
      }
      continue;
    }
    // `-H "Authorization: Bearer $JWT"`: a word whose first character is literal text other than `@` names no file
    if (e.atFile && e.path === null && e.argIndex >= 0) {
      const word = inv.items[e.argIndex]?.word;
      const first = word ? staticFirstChar(word) : null;
      if (first !== null && first !== "@") continue;
    }
    const glob = e.glob || (e.argIndex >= 0 && inv.items[e.argIndex]?.glob === true && inv.items[e.argIndex]?.value === e.path);
    // a `{}` of find -exec is every path under the start point: its effects reach the whole tree
    const tree = e.argIndex >= 0 && inv.items[e.argIndex]?.tree === true;
    const follow = e.follow === true || (tree && inv.items[e.argIndex]?.treeFollow === true);
    let recursive = (e.recursive ?? false) || tree;
    // `find R -name P -exec cmd {}` / `find R -name P -delete`: R and the paths below R named P
    const treeName = e.recursive && e.named !== undefined ? e.named : tree && !e.recursive ? inv.items[e.argIndex]!.treeName : undefined;
    if (treeName !== undefined && e.path !== null && !glob && !(e.op === "delete" && sweeping(w, e.path, bases, sh))) {
      const named = namedBelow(w, e.path, treeName, bases, sh);
      if (named) {
        recursive = false;
        for (const p of named) w.placePath({ op: e.op, path: p, recursive: false, glob: false, kind: e.kind, why: `${e.why} (\`${p}\` matches \`-name ${treeName}\`)`, source: s, command: idx, bases, sh, sc, by: interp.matched, makesLinks });
      }
    }
    // git's own "the repository" effects (objects, refs, the index) land in the git dir it was shown to read:
    // found from the base, it is the work tree top's (`git add` in a subdirectory writes the top's .git).
    const ownRepo = e.argIndex < 0 && e.path === ".git" && interp.repository !== undefined;
    const runsIn = e.inBase && e.op === "exec" ? outsideBase(w, bases) : null;
    const kind = runsIn ? "foreign-code" : e.kind;
    const why = runsIn ? `${e.why}, with ${runsIn} as its working directory (project code run outside the project is foreign code)` : e.why;
    // A destination directory: its sources land below it (glob words among them match names).
    const into = e.into ? { ...e.into, sources: e.into.sources.map((x) => ({ ...x, glob: inv.items[x.index]?.glob === true && inv.items[x.index]?.value === x.value })) } : undefined;
    // git's index is the one discovery finds from the base: a repository or work tree named on the command line is not modelled.
    const walkF = e.walk?.tracked && argv.some((a) => a === null || /^--(work-tree|git-dir)(=|$)/.test(a)) ? { ...e.walk, unsure: "another repository or work tree is named" } : e.walk;
    w.placePath({ op: e.op, path: e.path, recursive, glob, kind, why, source: s, command: idx, bases, sh, sc, by: interp.matched, makesLinks, ownRepo, ...(follow ? { follow } : {}), ...(into ? { into } : {}), ...(walkF ? { walk: walkF } : {}), ...(e.operand ? { operand: true } : {}), ...(e.ifExists ? { ifExists: true } : {}), ...(e.upward ? { upward: true } : {}), ...(e.fromEnv ? { fromEnv: e.fromEnv } : {}), ...(e.fromGitTop || (ownRepo && interp.repository?.gitDir === undefined) ? { fromGitTop: true } : {}) });
  }
  if (interp.localBin) npmLocalBin(w, interp.localBin, bases, sh, sc, idx, src(interp.localBin.argIndex), interp.matched);
  if (interp.privileged && !interp.effects.some((e) => e.op === "privilege")) {
    w.other("privilege", "system", name, undefined, src(0), `\`${name}\` runs commands as another user`, idx);
  }
  const innerSh: Shell = bases === sh.bases ? sh : shellWith(sh, { bases });
  for (const run of interp.inner) {
    const via = `${sc.via ? sc.via + " > " : ""}${name}`;
    if (run.type === "argv") {
      const toItems = (argv: ArgWord[]): ArgItem[] =>
        argv.map((v, i) => {
          const from = inv.items[run.argIndex + i];
          const item: ArgItem = { value: v, glob: from?.glob ?? false, source: src(run.argIndex + i) };
          // A `{}` of find -exec, or a word that already stood for a tree, stands for the tree.
          if (run.treeArgs?.includes(i)) {
            item.tree = true;
            if (run.treeName !== undefined) item.treeName = run.treeName;
            if (run.treeFollow) item.treeFollow = true;
          }
          if (from?.tree) {
            item.tree = true;
            if (from.treeName !== undefined) item.treeName = from.treeName;
            if (from.treeFollow) item.treeFollow = true;
          }
          return item;
        });
      // `find ... | xargs cmd`: the names find prints are the words xargs reads, when provable
      // and split the way find ends them (newlines by default or with -I, NULs with -0).
      const st = inv.stdin ?? sc.stdin;
      const split = run.stdinArgs ?? "other"; // only xargs and parallel read words from stdin
      // (The names are listed only when they could be the words: a listing is the costly part.)
      const printed = split !== "other" && (run.appendsUnknownArgs || run.marker) && st.t === "pipe" && st.names ? st.names() : null;
      const names = printed && (printed.nul ? split === "nul" : split === (run.marker ? "line" : "blank")) ? printed.names : null;
      let prefix: PrefixEnv | null = null;
      const runOne = (items: ArgItem[], runBases = bases) => {
        if (!prefix) {
          prefix = new Map(inv.prefix);
          if (run.env) {
            for (const [k, v] of Object.entries(run.env)) prefix.set(k, v);
            applyEnvRecord(w, run.env, innerSh, sc, src(run.argIndex), idx);
          }
        }
        dispatch(w, { items, span: inv.span, prefix, stdin: inv.stdin, noFunctions: true, via, bases: runBases, program: true }, runBases === bases ? innerSh : shellWith(innerSh, { bases: runBases }), scopeWith(sc, { via }));
      };
      if (run.inDirs !== undefined) {
        // find -execdir: once per start point it resolves to, in every directory a match may be in.
        for (const at of execdirPlaces(w, run.inDirs, run.treeFollow === true, run.treeName, bases, sh)) {
          const items = toItems(run.argv);
          for (const it of items) if (it.tree) it.value = at.start;
          runOne(items, at.bases);
        }
        continue;
      }
      if (run.marker && names && names.length <= w.markerRunsLeft) {
        // xargs -I: one run per name, with the name in place of each marker (a budget for the
        // whole verdict: nested, the runs would multiply).
        w.markerRunsLeft -= names.length;
        const { text, words } = run.marker;
        for (const n of names) runOne(toItems(words.map((x) => (x !== null && x.includes(text) ? x.split(text).join(n) : x))));
        continue;
      }
      const items = toItems(run.argv);
      if (run.appendsUnknownArgs) {
        if (names) for (const n of names) items.push({ value: n, glob: false, source: st.t === "pipe" ? st.source : inv.span });
        else items.push({ value: null, glob: false, source: inv.span });
      }
      if (items.length === 0) continue;
      runOne(items);
    } else if (run.type === "script") {
      innerScript(w, run.script, `${name} -c`, src(run.argIndex), withShoptFlags(innerSh, argv), scopeWith(sc, { via: `${via} (script)` }), idx);
    } else {
      stdinCode(w, inv, sc, innerSh, idx, { shell: true, kind: "unmodelled", why: `\`${name}\` runs shell code from its stdin` });
    }
  }
  if (interp.execsStdin) stdinCode(w, inv, sc, innerSh, idx, { shell: false, kind: interp.execsStdin.kind, why: interp.execsStdin.why });
  // Redirected stdout (`find . > list`) prints nothing into a pipe.
  const names = name === "find" && !inv.redirectsStdout && argv.every((a) => a !== null) ? lazy(() => findArgvNames(w, argv as string[], shellWith(sh, { bases }))) : null;
  return { sh, status: "unknown", out: { literal: literal.literal, fetched, names } };
}

/**
 * A word of builtin kill that names a child of this same shell: a job spec (`%1`, `%+`, `%%`,
 * `%-`, `%name`, `%?text`), which bash looks up in its own job table and signals only the job's
 * live processes, or `$!`, the pid of the last background job it started (another process only if
 * that child has exited and the kernel gave its pid to a new one within the command's run).
 * Each hook call is a new shell: its job table holds only what the command itself put there.
 */
function ownJob(it: ArgItem | undefined): boolean {
  if (!it || it.glob) return false;
  if (it.value !== null) return it.value.startsWith("%") && it.value.length > 1;
  const parts = it.word?.parts;
  if (!parts || parts.length !== 1) return false;
  const p = parts[0]!.type === "DblQuoted" && parts[0]!.parts.length === 1 ? parts[0]!.parts[0]! : parts[0]!;
  return p.type === "ParamExp" && p.name === "!" && !p.length && !p.indirect && p.index === null && p.op === null;
}

/** What bash reads to expand a glob word: its directory's listing, and the entries a later segment passes through. */
function globListing(w: Placement, pattern: string, source: Source, idx: number, bases: Bases, sh: Shell, sc: Scope): void {
  const g = globPrefix(pattern);
  w.placePath({ op: "read", path: g.prefix, recursive: false, glob: false, why: `bash lists \`${g.prefix}\` to expand \`${pattern}\``, source, command: idx, bases, sh, sc, by: "bash", record: false });
  // with segments after the first wildcard one, bash opens every entry that one matches
  // (a link to a secret file included: the attempt is what the oracle sees)
  if (g.rest.length > 1) {
    const first = (g.prefix === "." ? "" : g.prefix === "/" ? "/" : g.prefix + "/") + g.rest[0]!;
    w.placePath({ op: "read", path: first, recursive: false, glob: true, why: `bash opens what \`${first}\` matches to expand \`${pattern}\``, source, command: idx, bases, sh, sc, by: "bash", record: false });
  }
}

/** A `for`/`select` loop's items: bash expands their globs before the first iteration. */
function loopItemGlobs(w: Placement, items: Word[] | null, sh: Shell, sc: Scope): void {
  for (const it of items ?? []) {
    const x = expandWord(it, wordEnv(w, sh));
    if (x.kind !== "fields") continue;
    for (const f of x.fields) if (f.glob) globListing(w, f.text, w.span(sc, it.pos, it.end), -1, sh.bases, sh, sc);
  }
}

/** A base directory outside the project (or an unknown one), for code that runs in it; null when all are inside. */
function outsideBase(w: Placement, bases: Bases): string | null {
  if (!bases.known) return "an unknown directory";
  const out = bases.list.find((b) => w.deps.regions.locate(b.physical) !== "worktree");
  return out ? `\`${out.physical}\`` : null;
}

function overrideBases(w: Placement, dir: string | null, bases: Bases, sh: Shell): Bases {
  if (dir === null) return unknownBases("a `-C`/`--directory` style option names a dynamic directory");
  let d = dir;
  if (d === "~" || d.startsWith("~/")) {
    if (sh.home === null) return unknownBases("`~` after HOME changed");
    d = sh.home + d.slice(1);
  }
  const list: { logical: string; physical: string }[] = [];
  const starts = d.startsWith("/") ? [{ logical: "/", physical: "/" }] : bases.known ? bases.list : null;
  if (!starts) return bases;
  for (const b of starts) {
    const r = resolveDir(w, b.physical, d);
    if (!r) return unknownBases(`cannot resolve the directory \`${d}\``);
    list.push({ logical: r, physical: r });
  }
  return { known: true, list };
}

const NAMED_LIMIT = 2000;
const EXECDIR_DIRS = 512;

/**
 * Where `find START ... -execdir CMD` runs CMD: for each physical start point, the directories
 * holding a match (the start's parent, the start, every directory below it; with -name, only
 * those holding a matching name). Unknown bases when they cannot all be listed.
 */
function execdirPlaces(w: Placement, start: string, follow: boolean, name: string | undefined, bases: Bases, sh: Shell): { start: string; bases: Bases }[] {
  const placed = w.locate(start, bases, sh);
  const unknown = (why: string) => [{ start, bases: unknownBases(`find -execdir runs in the directory of each match, ${why}`) }];
  // The start point itself runs in the directory it is named from (a symlink's, not its target's).
  const trimmed = start.replace(/(.)\/+$/, "$1");
  const parents = w.locate(trimmed.includes("/") ? path.posix.dirname(trimmed) : ".", bases, sh);
  if (!placed || !parents) return unknown("below a start point that cannot be placed");
  const out: { start: string; bases: Bases }[] = [];
  for (const p of placed) {
    const startMatches = name === undefined || findNameRegExp(name).test(path.posix.basename(trimmed));
    const dirs = new Set<string>(startMatches ? parents.map((x) => x.path) : []);
    // (Names this command may create below the start are not listed yet: then every directory.)
    if (name !== undefined && !follow && !w.writtenAtOrBelow(p.path) && !w.opaqueWrites && !w.preOpaque) {
      const named = namedBelow(w, p.path, name, bases, sh);
      if (named === null) return unknown("and they cannot all be listed");
      for (const m of named) dirs.add(path.posix.dirname(m));
    } else {
      const all = w.dirsBelow(p.path, follow, EXECDIR_DIRS);
      if (all === null) return unknown(`and there are more than ${EXECDIR_DIRS} directories below \`${p.path}\``);
      for (const d of all) dirs.add(d);
    }
    out.push({ start: p.path, bases: { known: true, list: [...dirs].map((d) => ({ logical: d, physical: d })) } });
  }
  return out;
}


/** Is a delete under this path a sweep of `/`, HOME, an ancestor of HOME or a top-level tree (unbounded, not narrowed)? */
function sweeping(w: Placement, path: string, bases: Bases, sh: Shell): boolean {
  const placed = w.locate(path, bases, sh);
  if (!placed) return true;
  const home = w.deps.ctx.home;
  return placed.some((p) => p.path === "/" || p.path === home || home.startsWith(p.path + "/") || (p.path.split("/").filter(Boolean).length <= 1 && !w.deps.ctx.tmp.includes(p.path)));
}

/**
 * The paths below `path` (not following symlinked directories, as find without -L) whose name
 * matches find's `-name glob`, as absolute paths; null when they cannot all be listed.
 */
function namedBelow(w: Placement, path: string, glob: string, bases: Bases, sh: Shell): string[] | null {
  const fs = w.deps.ctx.fs;
  if (!fs || (!fs.readdirEntries && !fs.readdirSync)) return null;
  const placed = w.locate(path, bases, sh);
  if (!placed) return null;
  const re = findNameRegExp(glob);
  const out: string[] = [];
  let seen = 0;
  for (const root of placed) {
    // Only the start point needs an lstat: a listing says which entries are real directories.
    const st = tryLstat(fs, root.path);
    if (!st || !st.isDirectory()) continue; // missing (find fails) or a file: nothing below
    if (fs.tooBig?.exceeds(root.path, NAMED_LIMIT)) return null; // lately too big to list
    // The git dir of a project is looked at only where it matters (Placement.lookedAtBelow).
    const queue: { d: string; only?: ReadonlySet<string> | undefined }[] = [{ d: root.path }];
    while (queue.length) {
      const { d, only } = queue.shift()!;
      let entries: readonly DirEntry[];
      try {
        entries = listDir(fs, d);
      } catch {
        return null; // an unlistable directory: what lies there is unknown
      }
      for (const e of entries) {
        if (only && !only.has(e.name)) continue;
        if (++seen > NAMED_LIMIT) {
          fs.tooBig?.note(root.path, NAMED_LIMIT); // the whole-tree scan that follows gives up too
          return null;
        }
        const p = d === "/" ? "/" + e.name : d + "/" + e.name;
        if (re.test(e.name)) out.push(p);
        if (e.isDir && !e.isLink) {
          const next = w.lookedAtBelow(only, e.name, p, false);
          if (next !== "none") queue.push({ d: p, only: next });
        }
      }
    }
  }
  return out;
}

function resolveDir(w: Placement, base: string, d: string): string | null {
  const r = resolvePath(w.deps.ctx.fs, base, d, true);
  return r.ok ? r.path : null;
}

/** `bash -c S`, `eval S`, env-var commands: a shell script in a string, judged like the outer command. */
export function innerScript(w: Placement, script: string | null, what: string, source: Source, sh: Shell, sc: Scope, command: number, sameShell = false): Flow {
  // Another shell does not see the loop variables of this one (they are not exported).
  if (w.loopVals.size && !sameShell) {
    const saved = [...w.loopVals];
    w.loopVals.clear();
    try {
      return innerScript(w, script, what, source, sh, sc, command, sameShell);
    } finally {
      for (const [k, v] of saved) w.loopVals.set(k, v);
    }
  }
  if (script === null) {
    w.unmodelled(sc, source, what, `${what} runs a dynamic script`, command);
    return { sh: sameShell ? shellWith(sh, { bases: unknownBases(`${what} with a dynamic script may change directory`) }) : sh, status: "unknown" };
  }
  if (sc.depth + 1 > w.limits.maxDepth) {
    w.unmodelled(sc, source, what, `inner scripts nest deeper than ${w.limits.maxDepth}`, command);
    return { sh: shellWith(sh, { bases: unknownBases("inner script not followed") }), status: "unknown" };
  }
  let ast: Script;
  try {
    ast = w.deps.parse(script);
  } catch (e) {
    w.unmodelled(sc, source, what, `${what} runs a script that does not parse: ${(e as Error).message}`, command);
    return { sh: shellWith(sh, { bases: unknownBases("an inner script did not parse") }), status: "unknown" };
  }
  collectDefinitions(w, ast);
  markDefinite(w, ast.body, script);
  const isc: Scope = { src: script, origin: sc.origin ?? source, depth: sc.depth + 1, fnDepth: sc.fnDepth, via: sc.via, stdin: sc.stdin, async: sc.async ?? false };
  const f = walkList(w, ast.body, sh, isc);
  return sameShell ? f : { sh, status: "unknown" };
}

/** A command that runs code read from stdin: where does stdin come from? */
function stdinCode(w: Placement, inv: Invocation, sc: Scope, sh: Shell, idx: number, what: { shell: boolean; kind: import("../policy/model.ts").Kind; why: string }): void {
  const s = inv.stdin ?? sc.stdin;
  const src = inv.span;
  const name = inv.items[0]?.value ?? "?";
  switch (s.t) {
    case "text":
    case "pipe": {
      if (s.t === "pipe" && s.fetched) {
        w.other("exec", "none", name, "downloaded-code", src, `${what.why}, fed from a network download`, idx);
        return;
      }
      if (s.text === null) {
        w.unmodelled(sc, src, name, `${what.why}, and what reaches its stdin is not literal`, idx);
        return;
      }
      if (what.shell) innerScript(w, s.text, `${name} (stdin)`, s.source, sh, scopeWith(sc, { stdin: { t: "inherited" } }), idx);
      else {
        const kind = what.kind === "unmodelled" ? "inline-code" : what.kind;
        w.other("exec", "none", name, kind, s.source, `${what.why}: literal code in the command`, idx);
        w.inlineEvidence(s.text, sh, sc, s.source, idx, sh.bases);
      }
      return;
    }
    case "file":
      w.placePath({ op: "exec", path: s.path, why: `${what.why}, read from a file`, source: s.source, command: idx, bases: sh.bases, sh, sc, by: name });
      return;
    case "inherited":
      w.unmodelled(sc, src, name, `${what.why}, and its stdin comes from outside the command`, idx);
      return;
  }
}

function literalStdin(w: Placement, rs: Redirect[], sc: Scope): StdinSource | null {
  let out: StdinSource | null = null;
  for (const r of rs) {
    if ((r.fd ?? 0) !== 0) continue;
    if (r.heredoc) out = { t: "text", text: heredocText(r.heredoc), source: w.span(sc, r.heredoc.pos, r.heredoc.end) };
    else if (r.op === "<<<") {
      const x = expandWord(r.target, { home: null, defaultIfs: true, braceWork: w.braceWork });
      out = { t: "text", text: x.kind === "fields" && x.fields.length === 1 ? x.fields[0]!.text + "\n" : null, source: w.span(sc, r.pos, r.end) };
    } else if (r.op === "<" || r.op === "<>" || r.op === "<&") out = null;
  }
  return out;
}

/** Literal stdout of simple producers (`echo`, `printf` without conversions, `cat` of a heredoc). */
function literalOutput(inv: Invocation, sc: Scope): Output {
  const first = inv.items[0]?.value;
  if (first !== "echo" && first !== "printf" && first !== "cat") return NO_OUT; // the only producers followed
  const argv = inv.items.map((i) => i.value);
  if (argv.some((a) => a === null) || inv.items.some((i) => i.glob)) return NO_OUT;
  const [name, ...rest] = argv as string[];
  if (name === "echo") {
    let i = 0;
    let newline = true;
    while (i < rest.length && /^-[neE]+$/.test(rest[i]!)) {
      if (rest[i]!.includes("e") && rest.slice(i + 1).some((a) => a.includes("\\"))) return NO_OUT;
      if (rest[i]!.includes("n")) newline = false;
      i++;
    }
    return { literal: rest.slice(i).join(" ") + (newline ? "\n" : ""), fetched: false };
  }
  if (name === "printf" && rest.length === 1 && !/[%\\]/.test(rest[0]!)) return { literal: rest[0]!, fetched: false };
  if (name === "cat" && rest.length === 0) {
    const s = inv.stdin ?? sc.stdin;
    if (s.t === "text") return { literal: s.text, fetched: false };
  }
  return NO_OUT;
}
