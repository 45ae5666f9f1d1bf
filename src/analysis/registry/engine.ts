// The generic argv engine: splits words into flags and operands the way getopt-style tools do
// (clusters, glued values, `--x=v`, abbreviations, `--`), descends into subcommands, and turns
// roles into abstract effects. Tool-specific logic lives in handlers/; this file stays generic.
import type { AbstractEffect, ArgWord, GitRepository, InnerRun, LocalBin } from "./types.ts";
import type { CFlag, CNode, CPolicy, Registry } from "./compiled.ts";
import type { EffectSpec, Role } from "./schema.ts";
import type { Kind } from "../../policy/model.ts";
import { controlPlanePort } from "./controlplanes.ts";
import { walkFilterOf } from "../walkfilter.ts";

/** Thrown anywhere below interpret(): the command is not modelled (fail closed). */
export class Unknown {
  constructor(
    readonly reason: string,
    readonly argIndex: number,
    /** Too few operands: the command would only fail (a word a nullglob removed). */
    readonly tooFew = false,
  ) {}
}

export interface Out {
  matched: string;
  effects: AbstractEffect[];
  inner: InnerRun[];
  cwdOverride?: string | null;
  execsStdin?: { kind: Kind; why: string };
  privileged?: boolean;
  repository?: GitRepository;
  /** Environment variables printed by name (see Interpretation.readsVars). */
  readsVars?: { name: string | null; argIndex: number; why: string }[];
  /** See Interpretation.localBin. */
  localBin?: LocalBin;
}

export interface PFlag {
  flag: CFlag;
  /** The node that defines the flag (a parent's, for inherited flags). */
  owner: CNode;
  name: string;
  /** undefined: no value; null: a dynamic value. */
  value: ArgWord | undefined;
  index: number;
  valueIndex: number;
}

export interface POperand {
  value: ArgWord;
  index: number;
}

export interface Parsed {
  flags: PFlag[];
  operands: POperand[];
  /** Words that a `rest=` flag or a `cmd` operand swallowed: [role, first index]. */
  restRole: Role | null;
  restFrom: number;
  sub: CNode | null;
  subIndex: number;
  /** Length of argv (to count the words a `cmd` operand swallowed). */
  argc: number;
}

export interface Handler {
  /** Replaces parsing and effects for the node entirely. */
  custom?: (ctx: Ctx, node: CNode, argv: ArgWord[], start: number, modes: Set<string>) => void;
  /** Replaces the operand phase (flags are applied generically first). */
  operands?: (ctx: Ctx, node: CNode, argv: ArgWord[], parsed: Parsed, modes: Set<string>) => void;
  /** Runs after the generic effects of the node (before descending into a subcommand). */
  post?: (ctx: Ctx, node: CNode, argv: ArgWord[], parsed: Parsed, modes: Set<string>) => void;
}

export interface Ctx {
  reg: Registry;
  handlers: Record<string, Handler>;
  out: Out;
  /** The program that runs a `script` role: the shell's own name, else "sh". */
  shell: string;
}

export function runNode(ctx: Ctx, node: CNode, argv: ArgWord[], start: number, modes: Set<string>): void {
  ctx.out.matched = node.path;
  if (node.unknown) throw new Unknown(`\`${node.path}\` is not modelled: ${node.unknown}`, start - 1);
  if (node.responseFiles && node.parent === null) refuseResponseFiles(node, argv, start);
  const handler = node.handler ? ctx.handlers[node.handler] : undefined;
  const before = ctx.out.effects.length;
  if (handler?.custom) handler.custom(ctx, node, argv, start, modes);
  else {
    const parsed = parseArgs(node, argv, start, modes);
    applyNode(ctx, node, argv, parsed, modes, handler);
    if (parsed.sub) runNode(ctx, parsed.sub, argv, parsed.subIndex + 1, modes);
  }
  if (node.runsInBase) for (let k = before; k < ctx.out.effects.length; k++) {
    const e = ctx.out.effects[k]!;
    if (e.type === "path" && e.op === "exec") e.inBase = true;
  }
}

/**
 * A tool that expands `@FILE` arguments before parsing reads FILE wherever the word stands, even
 * as an option's value (`gcc -o @f`, `clang-format --style @f`, and glued, `-o@f`, since the
 * driver passes it on to ld as a word of its own), and its words become arguments nobody sees:
 * unknown. A dynamic word may be such an argument too.
 */
function refuseResponseFiles(node: CNode, argv: ArgWord[], start: number): void {
  for (let i = start; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === null) throw new Unknown(`\`${node.path}\` reads a dynamic argument starting with \`@\` as a response file`, i);
    // also a short option's glued value or a value after `=`: the driver hands it on as a word
    // of its own to a tool that expands it (gcc -o@f reaches ld as `-o @f`)
    if (/^(-[A-Za-z])?@|=@/.test(w)) throw new Unknown(`\`${node.path}\` replaces \`${w}\` with the arguments in that file (response files are not read)`, i);
  }
}

export function applyNode(ctx: Ctx, node: CNode, argv: ArgWord[], parsed: Parsed, modes: Set<string>, handler?: Handler): void {
  for (const name of node.modeOrder) {
    const m = node.modes.get(name)!;
    if (m.unknown && modes.has(name)) throw new Unknown(`\`${node.path}\`: ${m.unknown}`, parsed.flags.find((f) => f.flag.modes.includes(name))?.index ?? 0);
  }
  let recursive = node.recursive;
  for (const pf of parsed.flags) if (effectiveFlag(pf, modes).recursive) recursive = true;
  for (const name of node.modeOrder) if (modes.has(name) && node.modes.get(name)!.recursive) recursive = true;
  const into = intoMode(node, modes);
  for (const pf of parsed.flags) {
    const f = effectiveFlag(pf, modes);
    if (f.unknown) throw new Unknown(`\`${pf.name}\` of \`${node.path}\` is not modelled: ${f.unknown}`, pf.index);
    if (pf.value !== undefined) applyRole(ctx, node, f.role, pf.value, pf.valueIndex, recursive);
    // `cp -t DIR`: every operand lands in DIR.
    if (pf.value !== undefined && f.into && into !== "none") landsIn(ctx, pf.valueIndex, parsed.operands, { trees: recursive || node.intoTrees, whole: into === "whole", always: true });
    for (const e of f.effects) emitSpec(ctx, e, modes, pf.index);
  }
  const first = ctx.out.effects.length;
  if (handler?.operands) handler.operands(ctx, node, argv, parsed, modes);
  else applyOperands(ctx, node, parsed, modes, recursive);
  if (parsed.restRole && parsed.restRole !== "cmd") {
    for (let i = parsed.restFrom; i < argv.length; i++) applyRole(ctx, node, parsed.restRole, argv[i]!, i, recursive);
  } else if (parsed.restRole === "cmd") {
    ctx.out.inner.push({ type: "argv", argv: argv.slice(parsed.restFrom), argIndex: parsed.restFrom });
  }
  // A node's own effects describe it run as is; with a subcommand, the subcommand's apply instead.
  for (const e of node.effects) if (!parsed.sub || e.always) emitSpec(ctx, e, modes, -1);
  // The trees it reads (operands' or its own effects') are read through its own filters (registry `walk`).
  if (node.walk) {
    const filter = walkFilterOf(node.path, node.walk, parsed.flags);
    for (let k = first; k < ctx.out.effects.length; k++) {
      const e = ctx.out.effects[k]!;
      if (e.type === "path" && e.op === "read" && e.recursive) e.walk = filter;
    }
  }
  handler?.post?.(ctx, node, argv, parsed, modes);
}

/** Path effects from `before` on came from an operand, not an option's value (AbstractEffect.operand). */
function markOperand(ctx: Ctx, before: number): void {
  for (let i = before; i < ctx.out.effects.length; i++) {
    const e = ctx.out.effects[i]!;
    if (e.type === "path") e.operand = true;
  }
}

export function applyOperands(ctx: Ctx, node: CNode, parsed: Parsed, modes: Set<string>, recursive: boolean): void {
  const { policy, implicit } = currentPolicy(node, modes);
  const ops = parsed.operands;
  const n = ops.length;
  const swallowed = parsed.restRole === "cmd" ? parsed.argc - parsed.restFrom : 0;
  if (n + swallowed < policy.min) throw new Unknown(`\`${node.path}\` needs at least ${policy.min} operand(s)`, ops[n - 1]?.index ?? 0, true);
  if (n > policy.max) {
    const extra = ops[policy.max]!;
    throw new Unknown(`unexpected operand \`${extra.value ?? "<dynamic>"}\` for \`${node.path}\``, extra.index);
  }
  const into = intoMode(node, modes);
  for (let k = 0; k < n; k++) {
    const role = roleAt(policy, k, n);
    if (role === null) throw new Unknown(`unexpected operand \`${ops[k]!.value ?? "<dynamic>"}\` for \`${node.path}\``, ops[k]!.index);
    const before = ctx.out.effects.length;
    applyRole(ctx, node, role, ops[k]!.value, ops[k]!.index, recursive);
    markOperand(ctx, before);
    // The destination of `cp a b DIR`: when DIR is a directory, a and b land in it.
    if (k === n - 1 && n >= 2 && policy.last === role && (into === "last" || into === "whole")) {
      landsIn(ctx, ops[k]!.index, ops.slice(0, -1), { trees: recursive || node.intoTrees, whole: into === "whole", always: false });
    }
  }
  // The implicit operand (`.` for ls, grep -r, rg) stands in for the first path-like operand
  // when none was given past the fixed slots (`grep -r PATTERN` searches `.`).
  if (implicit !== null && n <= policy.slots.length) {
    for (let k = n; k <= policy.slots.length; k++) {
      const role = policy.slots[k] ?? policy.rest;
      if (role && role !== "ignore" && role !== "pattern") {
        const before = ctx.out.effects.length;
        applyRole(ctx, node, role, implicit, -1, recursive);
        markOperand(ctx, before);
        break;
      }
    }
  }
}

/** Where operands land (registry `into`, modes may change it): null when the node has no destination. */
function intoMode(node: CNode, modes: Set<string>): "none" | "last" | "whole" | null {
  let m: "none" | "last" | "whole" | null = node.into;
  for (const name of node.modeOrder) {
    const x = modes.has(name) ? node.modes.get(name)!.into : null;
    if (x !== null && m !== null) m = x;
  }
  return m;
}

/** Marks the path effect just made for the word at `index` as a destination the sources land in. */
export function landsIn(ctx: Ctx, index: number, sources: readonly { value: ArgWord; index: number }[], how: { trees: boolean; whole: boolean; always: boolean; slashContents?: boolean }): void {
  // a `replace` destination made two effects (delete, then write) for the same word
  for (let k = ctx.out.effects.length - 1; k >= 0 && k >= ctx.out.effects.length - 2; k--) {
    const e = ctx.out.effects[k]!;
    if (e.type !== "path" || e.argIndex !== index || (e.op !== "write" && e.op !== "delete")) break;
    e.into = { sources: sources.map((s) => ({ value: s.value, index: s.index })), ...how };
  }
}

export function roleAt(p: CPolicy, k: number, n: number): Role | null {
  if (p.last && k === n - 1 && n >= Math.max(2, p.slots.length + 1)) return p.last;
  return p.slots[k] ?? p.rest;
}

export function currentPolicy(node: CNode, modes: Set<string>): { policy: CPolicy; implicit: string | null } {
  let policy = node.policy;
  let implicit = node.implicit;
  for (const name of node.modeOrder) {
    if (!modes.has(name)) continue;
    const m = node.modes.get(name)!;
    if (m.policy) policy = m.policy;
    if (m.implicit !== null) implicit = m.implicit || null;
  }
  return { policy, implicit };
}

function effectiveFlag(pf: PFlag, modes: Set<string>): CFlag {
  const node = pf.owner;
  for (let i = node.modeOrder.length - 1; i >= 0; i--) {
    const name = node.modeOrder[i]!;
    if (!modes.has(name)) continue;
    const over = node.modes.get(name)!.flagOverrides.get(pf.flag);
    if (over) return over;
  }
  return pf.flag;
}

export function emitSpec(ctx: Ctx, e: EffectSpec, modes: Set<string>, argIndex: number): void {
  if (e.when && !modes.has(e.when)) return;
  if (e.unless && modes.has(e.unless)) return;
  if (e.from_env) {
    ctx.out.effects.push({ type: "path", op: e.op, path: "$" + e.from_env, fromEnv: e.from_env, kind: e.kind, ...(e.exists ? { ifExists: true } : {}), argIndex, why: e.why });
  } else if (e.path !== undefined || (e.locus === "worktree" && ctx.out.cwdOverride !== undefined)) {
    // A non-path effect said to be in the worktree (git hooks) is placed like a path once the
    // command's base moved (`git -C elsewhere commit` runs elsewhere's hooks).
    ctx.out.effects.push({ type: "path", op: e.op, path: e.path ?? ".", recursive: e.recursive, kind: e.path ? e.kind : undefined, ...(e.glob && e.path ? { glob: true } : {}), ...(e.exists && e.path ? { ifExists: true } : {}), ...(e.upward && e.path ? { upward: true } : {}), argIndex, why: e.why });
  } else {
    ctx.out.effects.push({ type: "other", op: e.op, locus: e.locus ?? "none", target: e.target ?? "", kind: e.kind, argIndex, why: e.why });
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing

export function parseArgs(node: CNode, argv: ArgWord[], start: number, modes: Set<string>): Parsed {
  const parsed: Parsed = { flags: [], operands: [], restRole: null, restFrom: argv.length, sub: null, subIndex: -1, argc: argv.length };
  let optsDone = false;
  const n = argv.length;
  for (let i = start; i < n; i++) {
    const w = argv[i]!;
    if (!optsDone) {
      if (w === null) {
        if (node.subs.size && parsed.operands.length === 0) throw new Unknown(`the subcommand of \`${node.path}\` is dynamic`, i);
        if (node.effectFlags && !node.lax) throw new Unknown(`a dynamic word stands where \`${node.path}\` may take a flag`, i);
      } else if (w === "--" && !node.lax) {
        optsDone = true;
        continue;
      } else if (w.length > 1 && (w.charCodeAt(0) === 45 /* - */ || ((w.charCodeAt(0) === 43 /* + */ || w.charCodeAt(0) === 64) /* @ */ && plusFlag(node, w)))) {
        const before = parsed.flags.length;
        const next = parseFlagWord(node, argv, i, parsed, modes);
        if (next >= 0) {
          i = next;
          for (let k = before; k < parsed.flags.length; k++) {
            const f = parsed.flags[k]!.flag;
            if (f.stop) optsDone = true;
            if (f.rest) {
              parsed.restRole = f.rest;
              parsed.restFrom = i + 1;
              return parsed;
            }
          }
          continue;
        }
      } else if (i === start && node.oldStyle) {
        i = parseOldStyle(node, argv, i, parsed, modes);
        continue;
      }
    }
    if (node.subs.size && parsed.operands.length === 0) {
      if (w === null) throw new Unknown(`the subcommand of \`${node.path}\` is dynamic`, i);
      const sub = node.subs.get(w);
      if (sub) {
        parsed.sub = sub;
        parsed.subIndex = i;
        return parsed;
      }
      if (node.policy.max === 0) throw new Unknown(`unknown subcommand \`${w}\` for \`${node.path}\``, i);
    }
    parsed.operands.push({ value: w, index: i });
    if (node.optionsFirst) {
      optsDone = true;
      const { policy } = currentPolicy(node, modes);
      const k = parsed.operands.length - 1;
      if (policy.hasCmd && (policy.slots[k] ?? policy.rest) === "cmd") {
        parsed.operands.pop();
        parsed.restRole = "cmd";
        parsed.restFrom = i;
        return parsed;
      }
    }
  }
  return parsed;
}

/** `+x` flags (`set +x`), `+cmd` and `@argfile` prefix flags are flags only where declared. */
function plusFlag(node: CNode, w: string): boolean {
  if (node.short.has(w)) return true;
  for (const [p] of node.prefixFlags) if (w.startsWith(p)) return true;
  return false;
}

function lookupShort(node: CNode, name: string): [CFlag, CNode] | null {
  for (let n: CNode | null = node; n; n = n.inherit ? n.parent : null) {
    const f = n.short.get(name);
    if (f) return [f, n];
  }
  return null;
}

function lookupWord(node: CNode, word: string): [CFlag, CNode, string | undefined] | null {
  for (let n: CNode | null = node; n; n = n.inherit ? n.parent : null) {
    const f = n.wordFlags.get(word);
    if (f) return [f, n, undefined];
    for (const [prefix, pf] of n.prefixFlags) {
      if (word.startsWith(prefix) && word.length > prefix.length) return [pf, n, word.slice(prefix.length)];
    }
  }
  return null;
}

/** The flag, its node and its full name (an abbreviation resolves to the name it stands for). */
function lookupLong(node: CNode, name: string, at: number): [CFlag, CNode, string] {
  for (let n: CNode | null = node; n; n = n.inherit ? n.parent : null) {
    const f = n.long.get(name);
    if (f) return [f, n, name];
  }
  // getopt_long and git's parse-options accept any unambiguous prefix of a long option.
  let found: [CFlag, CNode, string] | null = null;
  let foundName = "";
  for (let n: CNode | null = node; n; n = n.inherit ? n.parent : null) {
    if (n.noAbbrev) break;
    for (const cand of n.longNames) {
      if (cand.startsWith(name)) {
        const f = n.long.get(cand)!;
        if (found && found[0] !== f) throw new Unknown(`\`${name}\` is ambiguous for \`${node.path}\` (${foundName}, ${cand})`, at);
        found = [f, n, cand];
        foundName = cand;
      }
    }
  }
  if (found && name.length > 2) return found;
  throw new Unknown(`unknown flag \`${name}\` for \`${node.path}\``, at);
}

/**
 * An unknown flag of a "values" node: its arity is unknown, so a glued value is kept as an
 * operand (`--out=/x`, `-o~/x`, and a bare name too: `vite --config=secret-link` opens what the
 * link in the current directory leads to, observed); a separate value becomes an operand anyway.
 */
/** Values of a wrapper's unknown options that name nothing on disk: numbers, yes/no, kinds, tool names. */
const INERT_VALUE = /^(\d+[kKmMgG]?|yes|no|full|summary|all|none|definite|possible|reachable|indirect|memcheck|cachegrind|callgrind|helgrind|drd|massif|dhat|lackey)(,(\d+|[a-z]+))*$/;

function laxValue(node: CNode, parsed: Parsed, word: string, glued: string | null, i: number): number {
  if (glued === null || !glued.length) return i;
  // A wrapper's operands are the command it runs: a value taken as one would be run instead of
  // it (`valgrind --track-origins=yes ./app` as `yes ./app`). Only inert words pass; anything
  // that may name a file (`--suppressions=secret-link`) is not modelled.
  if (node.policy.rest === "cmd" || node.policy.slots[0] === "cmd") {
    if (!INERT_VALUE.test(glued)) throw new Unknown(`unknown flag \`${word}\` for \`${node.path}\` with a value that may name a file`, i);
    return i;
  }
  parsed.operands.push({ value: glued, index: i });
  return i;
}

function pushFlag(parsed: Parsed, modes: Set<string>, flag: CFlag, owner: CNode, name: string, value: ArgWord | undefined, index: number, valueIndex: number): void {
  parsed.flags.push({ flag, owner, name, value, index, valueIndex });
  for (const m of flag.modes) modes.add(m);
}

/** Parses the flag word at argv[i]; returns the index of the last word consumed, or -1 when a lax node takes it as an operand. */
function parseFlagWord(node: CNode, argv: ArgWord[], i: number, parsed: Parsed, modes: Set<string>): number {
  const w = argv[i]!;
  const n = argv.length;
  if (w.startsWith("--")) {
    const eq = w.indexOf("=");
    const written = eq < 0 ? w : w.slice(0, eq);
    let hit: [CFlag, CNode, string];
    try {
      hit = lookupLong(node, written, i);
    } catch (e) {
      // `--add-opens=...`-style prefix flags, then lax nodes' operands.
      const word = lookupWord(node, w);
      if (word) {
        pushFlag(parsed, modes, word[0], word[1], w, undefined, i, -1);
        return i;
      }
      if (node.lax) return -1;
      if (node.laxValues) return laxValue(node, parsed, w, eq >= 0 ? w.slice(eq + 1) : null, i);
      throw e;
    }
    const [flag, owner, canonical] = hit;
    const name = canonical;
    if (flag.arity === 0) {
      if (eq >= 0) throw new Unknown(`\`${name}\` of \`${node.path}\` takes no value`, i);
      pushFlag(parsed, modes, flag, owner, name, undefined, i, -1);
      return i;
    }
    if (eq >= 0) {
      pushFlag(parsed, modes, flag, owner, name, w.slice(eq + 1), i, i);
      return i;
    }
    if (flag.arity === "optional") {
      pushFlag(parsed, modes, flag, owner, name, undefined, i, -1);
      return i;
    }
    if (i + 1 >= n) throw new Unknown(`\`${name}\` of \`${node.path}\` needs a value`, i);
    pushFlag(parsed, modes, flag, owner, name, argv[i + 1], i, i + 1);
    return i + 1;
  }
  // `-name=value` of a single-dash long flag (Go's flag package, `-modfile=F`): the value is
  // what follows the `=`.
  const eqAt = w.indexOf("=");
  const wordEq = eqAt > 2 ? lookupWord(node, w.slice(0, eqAt)) : null;
  if (wordEq && wordEq[2] === undefined && wordEq[0].arity !== 0) {
    pushFlag(parsed, modes, wordEq[0], wordEq[1], w.slice(0, eqAt), w.slice(eqAt + 1), i, i);
    return i;
  }
  const word = lookupWord(node, w);
  if (word) {
    const [flag, owner, glued] = word;
    if (glued !== undefined || flag.arity !== 1) {
      pushFlag(parsed, modes, flag, owner, w, flag.arity === 0 ? undefined : glued, i, i);
      return i;
    }
    if (i + 1 >= n) throw new Unknown(`\`${w}\` of \`${node.path}\` needs a value`, i);
    pushFlag(parsed, modes, flag, owner, w, argv[i + 1], i, i + 1);
    return i + 1;
  }
  if (node.numFlag && /^-\d+$/.test(w)) {
    pushFlag(parsed, modes, node.numFlag, node, w, undefined, i, -1);
    return i;
  }
  // A cluster of short flags: `-la`, `-ofile`, `-n5`.
  const staged: PFlag[] = [];
  let end = i;
  for (let j = 1; j < w.length; j++) {
    const name = w[0] + w[j]!;
    const hit = lookupShort(node, name);
    if (!hit) {
      if (node.lax) return -1;
      if (node.laxValues) return laxValue(node, parsed, w, j === 1 && w.length > 2 ? w.slice(2) : null, i);
      if (node.numFlag && /\d/.test(w[j]!) && j === 1) throw new Unknown(`unknown flag \`${w}\` for \`${node.path}\``, i);
      throw new Unknown(`unknown flag \`${name}\`${w.length > 2 ? ` (in \`${w}\`)` : ""} for \`${node.path}\``, i);
    }
    const [flag, owner] = hit;
    if (flag.arity === 0) {
      staged.push({ flag, owner, name, value: undefined, index: i, valueIndex: -1 });
      continue;
    }
    const rest = w.slice(j + 1);
    // `-o=x`: getopt tools take `=x` as the value, Go's flag package takes `x`. Not guessed.
    if (rest.startsWith("=") && flag.role !== "ignore" && flag.role !== "pattern") throw new Unknown(`\`${w}\`: some tools read the value after the \`=\`, others with it`, i);
    if (rest.length) staged.push({ flag, owner, name, value: rest, index: i, valueIndex: i });
    else if (flag.arity === "optional") staged.push({ flag, owner, name, value: undefined, index: i, valueIndex: -1 });
    else {
      if (i + 1 >= n) throw new Unknown(`\`${name}\` of \`${node.path}\` needs a value`, i);
      staged.push({ flag, owner, name, value: argv[i + 1], index: i, valueIndex: i + 1 });
      end = i + 1;
    }
    break;
  }
  for (const pf of staged) {
    parsed.flags.push(pf);
    for (const m of pf.flag.modes) modes.add(m);
  }
  return end;
}

/** `tar xzf a.tar`, `ps aux`: a dashless first word of short flags; values come from the next words in order. */
function parseOldStyle(node: CNode, argv: ArgWord[], i: number, parsed: Parsed, modes: Set<string>): number {
  const w = argv[i]!;
  let next = i;
  for (let j = 0; j < w.length; j++) {
    const name = "-" + w[j]!;
    const hit = lookupShort(node, name);
    if (!hit) throw new Unknown(`unknown flag \`${w[j]}\` (in \`${w}\`) for \`${node.path}\``, i);
    const [flag, owner] = hit;
    let value: ArgWord | undefined;
    let valueIndex = -1;
    if (flag.arity === 1) {
      next++;
      if (next >= argv.length) throw new Unknown(`\`${w[j]}\` of \`${node.path}\` needs a value`, i);
      value = argv[next];
      valueIndex = next;
    }
    parsed.flags.push({ flag, owner, name, value, index: i, valueIndex });
    for (const m of flag.modes) modes.add(m);
  }
  return next;
}

// ---------------------------------------------------------------------------------------------
// Roles to effects

const GLOB = /[*?[]/;

export function pathEffect(
  ctx: Ctx,
  op: "read" | "write" | "delete" | "exec",
  path: ArgWord,
  argIndex: number,
  why: string,
  recursive = false,
): void {
  const e: AbstractEffect = { type: "path", op, path, argIndex, why };
  if (recursive && op !== "exec") e.recursive = true;
  if (path !== null && GLOB.test(path)) e.glob = true;
  if (op === "delete" && recursive && path !== null && isUnboundedTarget(path)) e.kind = "unbounded";
  ctx.out.effects.push(e);
}

/**
 * `rm -rf` targets whose deletion is unbounded whatever the context: `/`, `~`, `$HOME`, a
 * top-level directory (`/usr`) or everything in one (`/usr/*`, `~/*`). Context-dependent cases
 * (`..` above the root, the resolved HOME) are the walk's to decide from the resolved path.
 */
export function isUnboundedTarget(p: string): boolean {
  const s = p.replace(/(\/\.)+$/, "").replace(/\/+$/, "") || "/";
  if (UNBOUNDED.has(s)) return true;
  const m = /^\/([^/]+)(\/\*)?$/.exec(s);
  return m !== null && m[1] !== "tmp" && m[1] !== "." && m[1] !== "..";
}
const UNBOUNDED = new Set(["/", "/*", "~", "~/*", "$HOME", "${HOME}", "$HOME/*", "${HOME}/*", "/.."]);

export function applyRole(ctx: Ctx, node: CNode, role: Role, word: ArgWord, idx: number, recursive: boolean): void {
  switch (role) {
    case "read":
    case "write":
    case "delete":
      if (word === "-" && role !== "delete") return;
      if (recursive && node.treeGlob && word !== null && role === "read") {
        // Only files matching the glob under the tree: a glob the walk places by its prefix.
        const verb = role === "read" ? "reads" : role === "write" ? "writes" : "deletes";
        ctx.out.effects.push({ type: "path", op: role, path: `${word.replace(/\/+$/, "")}/**/${node.treeGlob}`, glob: true, argIndex: idx, why: `\`${node.path}\` ${verb} its ${node.treeGlob} files` });
        return;
      }
      if (recursive && node.readsWritten && role === "write" && word !== null) pathEffect(ctx, "read", word, idx, `\`${node.path}\` reads everything below it first, through its symlinks`, true);
      return pathEffect(ctx, role, word, idx, `\`${node.path}\` ${role === "read" ? "reads" : role === "write" ? "writes" : "deletes"} it`, recursive);
    case "attr-read": {
      // git reads the path and the attribute file of every directory along it, as written: for
      // `/home/u/p/a.txt` up to `/.gitattributes` (HOME's parent included), for `data/a.txt` up to
      // the cwd's (observed with `git diff --no-index`).
      pathEffect(ctx, "read", word, idx, `\`${node.path}\` reads it`, recursive);
      // /dev/null (the usual other side) has no attributes looked up (observed)
      if (word === null || word === "-" || word.startsWith("/dev/")) return;
      const abs = word.startsWith("/");
      const parts = word.split("/").filter((x) => x !== "" && x !== ".");
      for (let n = parts.length - 1; n >= 0; n--) {
        const dir = (abs ? "/" : "") + parts.slice(0, n).join("/");
        pathEffect(ctx, "read", `${dir === "" ? "." : dir === "/" ? "" : dir}/.gitattributes`.replace(/^\.\//, ""), idx, `\`${node.path}\` reads the attributes file of each directory along \`${word}\``);
      }
      return;
    }
    case "name-or-read":
      // a word with a slash (or one not known) is taken as a file name by the tool
      if (word !== null && !word.includes("/")) return;
      return pathEffect(ctx, "read", word, idx, `\`${node.path}\` reads a name with a \`/\` as a file`);
    case "replace":
      // The old file goes and new content takes its place: judged as both (a delete may need
      // less than a write where code runs from later: ~/.cargo/bin).
      pathEffect(ctx, "delete", word, idx, `\`${node.path}\` replaces it (an existing one is removed)`, recursive);
      return pathEffect(ctx, "write", word, idx, `\`${node.path}\` writes it`, recursive);
    case "exec":
      if (word === "-") return;
      return pathEffect(ctx, "exec", word, idx, `\`${node.path}\` runs it as code`);
    case "source":
      return pathEffect(ctx, "exec", word, idx, `\`${node.path}\` runs it as shell code in the current shell`);
    case "cwd":
      ctx.out.cwdOverride = joinCwd(ctx.out.cwdOverride, word);
      return;
    case "url":
      if (word === null) {
        ctx.out.effects.push({ type: "other", op: "net-fetch", locus: "none", target: "", kind: "computed-url", argIndex: idx, why: `\`${node.path}\` fetches a URL computed at run time` });
      } else if (/^file:/i.test(word)) {
        pathEffect(ctx, "read", word.replace(/^file:(\/\/[^/]*)?/i, "") || "/", idx, `\`${node.path}\` reads a file: URL`);
      } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(word) && !/^(https?|ftps?):\/\//i.test(word)) {
        // telnet://, gopher://, dict://, smtp://, ldap://...: protocols that carry data out.
        ctx.out.effects.push({ type: "other", op: "net-send", locus: "none", target: word, argIndex: idx, why: `\`${node.path}\` talks a protocol that can send data` });
      } else {
        ctx.out.effects.push({ type: "other", op: "net-fetch", locus: "none", target: word, kind: "literal-url", argIndex: idx, why: `\`${node.path}\` fetches it` });
        const port = controlPlanePort(word);
        if (port !== null) ctx.out.effects.push({ type: "other", op: "read", locus: "secret", target: word, argIndex: idx, why: `port ${port} is a control plane's API (Docker, etcd, Kubernetes, the kubelet): what it answers holds container environments and cluster secrets` });
      }
      return;
    case "send-url":
      ctx.out.effects.push({ type: "other", op: "net-send", locus: "none", target: word ?? "", argIndex: idx, why: `\`${node.path}\` sends data to it` });
      return;
    case "data":
      if (word === null) {
        pathEffect(ctx, "read", null, idx, `a dynamic request body may name a file with @`);
        (ctx.out.effects[ctx.out.effects.length - 1] as { atFile?: boolean }).atFile = true;
        return;
      }
      if (word.startsWith("@") && word !== "@-") pathEffect(ctx, "read", word.slice(1), idx, `\`${node.path}\` sends the file's content`);
      return;
    case "at-read":
      // `zip -x @list`: the value may name a file the tool reads its list from
      if (word === null) pathEffect(ctx, "read", null, idx, `a dynamic value of \`${node.path}\` may name a file with @`);
      else if (word.startsWith("@")) pathEffect(ctx, "read", word.slice(1), idx, `\`${node.path}\` reads the list in the file`);
      return;
    case "code":
      if (word === null) throw new Unknown(`the code given to \`${node.path}\` is dynamic`, idx);
      ctx.out.effects.push({ type: "other", op: "exec", locus: "none", target: word, kind: "inline-code", argIndex: idx, why: `\`${node.path}\` runs inline code` });
      return;
    case "script":
      if (word === null) throw new Unknown(`the shell code given to \`${node.path}\` is dynamic`, idx);
      ctx.out.inner.push({ type: "script", script: word, shell: ctx.shell, argIndex: idx });
      return;
    case "script-args":
      if (word === null) throw new Unknown(`the shell code given to \`${node.path}\` is dynamic`, idx);
      // The tool appends words of its own: a parameter expansion is a word the walk never knows.
      ctx.out.inner.push({ type: "script", script: word + " $1", shell: "sh", argIndex: idx });
      return;
    case "words":
    case "words-args": {
      if (word === null) throw new Unknown(`the command line \`${node.path}\` runs is dynamic`, idx);
      const words = toolWords(word);
      if (words === null) throw new Unknown(`\`${node.path}\` splits \`${word}\` into words in a way not modelled (backslashes, an open quote)`, idx);
      if (words.length) ctx.out.inner.push({ type: "argv", argv: words, argIndex: idx, appendsUnknownArgs: role === "words-args" ? true : undefined });
      return;
    }
    case "cmd":
    case "cmd1":
      if (word === null) throw new Unknown(`the program \`${node.path}\` runs is dynamic`, idx);
      ctx.out.inner.push({ type: "argv", argv: [word], argIndex: idx, appendsUnknownArgs: role === "cmd1" ? true : undefined });
      return;
    case "pid":
    case "procname":
      ctx.out.effects.push({ type: "other", op: "process", locus: "none", target: word ?? "", argIndex: idx, why: `\`${node.path}\` signals a process` });
      return;
    case "unknown":
      throw new Unknown(`\`${node.path}\`: the operand \`${word ?? "<dynamic>"}\` is not modelled`, idx);
    case "host":
    case "ignore":
    case "pattern":
      return;
  }
}

/**
 * A command line as tools split it themselves (man-db's pager, tar's decompressor, rsync -e):
 * blanks separate words, single and double quotes keep blanks; nothing is expanded. Tools
 * disagree on backslashes, so a backslash is not guessed (null), nor is an open quote. A word
 * starting with `~` is a name in the working directory, not HOME.
 */
export function toolWords(s: string): string[] | null {
  if (s.includes("\\")) return null;
  const out: string[] = [];
  let cur: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === " " || c === "\t" || c === "\n") {
      if (cur !== null) out.push(cur);
      cur = null;
    } else if (c === "'" || c === '"') {
      const end = s.indexOf(c, i + 1);
      if (end < 0) return null;
      cur = (cur ?? "") + s.slice(i + 1, end);
      i = end;
    } else cur = (cur ?? "") + c;
  }
  if (cur !== null) out.push(cur);
  return out.map((w) => (w.startsWith("~") ? "./" + w : w));
}

export function joinCwd(prev: string | null | undefined, next: ArgWord): string | null {
  if (next === null || prev === null) return null;
  if (prev === undefined || next.startsWith("/")) return next;
  return prev.replace(/\/+$/, "") + "/" + next;
}
