// Turns validated registry files into the lookup maps of compiled.ts. Structural problems that
// zod cannot see (a flag named twice, a mode override of a flag that does not exist, a handler
// that is not implemented) are reported with the file and the entry.
import type { CCommand, CFlag, CMode, CNode, CPolicy, Registry } from "./compiled.ts";
import { DataFileError } from "../../policy/datafile.ts";
import { parseFlagSpecString, UNMODELLED_TOKEN, type Role } from "./flagspec.ts";
import type { CommandSpec, FlagObject, NodeSpec, WalkSpecToml } from "./schema.ts";
import type { WalkSpec } from "../walkfilter.ts";

export interface CompileInput {
  file: string;
  text: string;
  commands: CommandSpec[];
  flagsets?: Record<string, Record<string, string | FlagObject>>;
}

export interface CompileOptions {
  /**
   * Compile subcommands when first looked up (for data validated before: the hook's prebuilt
   * tables). A command like git has hundreds of nodes; a verdict needs one or two of them.
   */
  lazySubs?: boolean;
}

export function compileRegistry(files: CompileInput[], handlers: ReadonlySet<string>, opts: CompileOptions = {}): Registry {
  const commands = new Map<string, CCommand>();
  const entries: CCommand[] = [];
  for (const f of files) {
    for (const spec of f.commands) {
      const fail = (problem: string): never => {
        throw new DataFileError(f.file, lineOf(f.text, `name = "${spec.name}"`), `command \`${spec.name}\`: ${problem}`);
      };
      const node = compileNode(spec, spec.name, null, handlers, fail, f.flagsets ?? {}, opts.lazySubs ?? false);
      const cmd: CCommand = Object.assign(node, {
        name: spec.name,
        role: spec.role,
        examples: spec.example,
        file: f.file,
      });
      for (const n of [spec.name, ...(spec.aliases ?? [])]) {
        const prev = commands.get(n);
        if (prev) fail(`the name \`${n}\` is already defined in ${prev.file}. Remove one of the two.`);
        commands.set(n, cmd);
      }
      entries.push(cmd);
    }
  }
  return { commands, entries };
}

function compileNode(
  spec: NodeSpec,
  path: string,
  parent: CNode | null,
  handlers: ReadonlySet<string>,
  fail: (p: string) => never,
  flagsets: Record<string, Record<string, string | FlagObject>>,
  lazySubs = false,
): CNode {
  if (spec.handler && !handlers.has(spec.handler)) {
    fail(`\`${path}\` names handler \`${spec.handler}\`, which does not exist. Use one of: ${[...handlers].sort().join(", ")}.`);
  }
  const node: CNode = {
    path,
    summary: spec.summary,
    aliases: spec.aliases ?? [],
    short: new Map(),
    long: new Map(),
    wordFlags: new Map(),
    prefixFlags: [],
    numFlag: null,
    longNames: [],
    policy: compilePolicy(spec.operands ?? "max:0"),
    implicit: spec.implicit ?? null,
    effects: spec.effects ?? [],
    modes: new Map(),
    modeOrder: [],
    subs: new Map(),
    subList: [],
    parent,
    inherit: spec.inherit ?? false,
    recursive: spec.recursive ?? false,
    treeGlob: spec.tree_glob ?? null,
    readsWritten: spec.reads_written ?? false,
    walk: spec.walk ? compileWalk(spec.walk) : null,
    optionsFirst: spec.options_first ?? false,
    lax: spec.lax_flags === true,
    laxWhy: spec.lax_why ?? null,
    laxValues: spec.lax_flags === "values",
    oldStyle: spec.old_style ?? false,
    noAbbrev: spec.no_abbrev ?? false,
    runsInBase: spec.runs_in_base ?? parent?.runsInBase ?? false,
    responseFiles: spec.response_files ?? parent?.responseFiles ?? false,
    handler: spec.handler ?? null,
    unknown: spec.unknown ?? null,
    effectFlags: false,
    into: spec.into ?? null,
    intoTrees: spec.into_trees ?? false,
  };
  if (node.policy.hasCmd) node.optionsFirst = true;
  const byName = new Map<string, CFlag>();
  const flagTables: Record<string, string | FlagObject>[] = [spec.flags ?? {}];
  for (const set of spec.flagsets ?? []) {
    const table = flagsets[set];
    if (!table) fail(`\`${path}\` uses flagset \`${set}\`, which this file does not define. Add a [flagset.${set}] table.`);
    flagTables.push(table);
  }
  flagTables.forEach((table, t) => {
    for (const [key, raw] of Object.entries(table)) {
      const flag = compileFlag(key, raw, path, fail);
      if (flag.role !== "ignore" && flag.role !== "pattern") node.effectFlags = true;
      if (flag.modes.length || flag.effects.length || flag.unknown || flag.recursive || flag.rest) node.effectFlags = true;
      for (const name of splitNames(key)) {
        if (byName.has(name)) {
          // A node's own [flags] override a shared flagset; within one table a name is defined once.
          if (t > 0) continue;
          fail(`\`${path}\` lists the flag \`${name}\` twice. Keep one.`);
        }
        byName.set(name, flag);
        placeFlag(node, name, flag, path, fail);
      }
    }
  });
  const lists: [string, string | undefined][] = [["unmodelled_flags", spec.unmodelled_flags], ["inert_flags", spec.inert_flags]];
  for (const [list, text] of lists) for (const tok of (text ?? "").trim().split(/\s+/).filter(Boolean)) {
    const m = UNMODELLED_TOKEN.exec(tok)!;
    const name = m[1]!;
    if (byName.has(name)) fail(`\`${path}\` lists \`${name}\` in ${list} and declares it elsewhere too (flags, a flagset or the other list). Keep one.`);
    const flag: CFlag = {
      name,
      arity: m[2] === "=" ? 1 : m[2] === "[=]" ? "optional" : 0,
      role: "ignore",
      modes: [],
      recursive: false,
      stop: false,
      rest: null,
      effects: [],
      unknown: list === "unmodelled_flags" ? `\`${name}\` is an option of the tool that shellfence does not model yet` : null,
      why: null,
      into: false,
    };
    if (flag.unknown) node.effectFlags = true;
    byName.set(name, flag);
    placeFlag(node, name, flag, path, fail);
  }
  node.longNames = [...node.long.keys()].sort();
  if (node.walk) {
    for (const [list, names] of Object.entries(node.walk.flags)) {
      for (const n of names) if (!byName.has(n)) fail(`the \`walk\` table of \`${path}\` names \`${n}\` (${list}), which \`${path}\` does not define. Define it in [flags] first.`);
    }
  }
  for (const [name, m] of Object.entries(spec.modes ?? {})) {
    const mode: CMode = {
      name,
      policy: m.operands !== undefined ? compilePolicy(m.operands) : null,
      implicit: m.implicit ?? null,
      flagOverrides: new Map(),
      recursive: m.recursive ?? false,
      unknown: m.unknown ?? null,
      into: m.into ?? null,
    };
    for (const [key, raw] of Object.entries(m.flags ?? {})) {
      const over = compileFlag(key, raw, `${path} (mode ${name})`, fail);
      for (const n of splitNames(key)) {
        const base = byName.get(n);
        if (!base) fail(`mode \`${name}\` of \`${path}\` overrides flag \`${n}\`, which \`${path}\` does not define. Define it in [flags] first.`);
        if (over.arity !== base.arity) fail(`mode \`${name}\` of \`${path}\` changes the arity of \`${n}\`; a mode may only change its role and effects.`);
        mode.flagOverrides.set(base, over);
      }
    }
    node.modes.set(name, mode);
    node.modeOrder.push(name);
  }
  if (lazySubs && spec.sub) {
    const subs = new LazySubs(spec.sub, (name, sub) => compileNode(sub, `${path} ${name}`, node, handlers, fail, flagsets, true));
    node.subs = subs;
    Object.defineProperty(node, "subList", { get: () => subs.all(), enumerable: true });
    return node;
  }
  for (const [name, sub] of Object.entries(spec.sub ?? {})) {
    const child = compileNode(sub, `${path} ${name}`, node, handlers, fail, flagsets);
    node.subList.push(child);
    for (const n of [name, ...(sub.aliases ?? [])]) {
      if (node.subs.has(n)) fail(`\`${path}\` has two subcommands named \`${n}\`.`);
      node.subs.set(n, child);
    }
  }
  return node;
}

/** A node's subcommands, each compiled on its first lookup (names and aliases known up front). */
class LazySubs extends Map<string, CNode> {
  private readonly specs = new Map<string, [name: string, spec: NodeSpec]>();
  private readonly built = new Map<string, CNode>();

  constructor(
    subs: Record<string, NodeSpec>,
    private readonly make: (name: string, spec: NodeSpec) => CNode,
  ) {
    super();
    for (const [name, spec] of Object.entries(subs)) for (const n of [name, ...(spec.aliases ?? [])]) this.specs.set(n, [name, spec]);
  }

  override get(n: string): CNode | undefined {
    const e = this.specs.get(n);
    if (!e) return undefined;
    let node = this.built.get(e[0]);
    if (!node) this.built.set(e[0], (node = this.make(e[0], e[1])));
    return node;
  }

  override has(n: string): boolean {
    return this.specs.has(n);
  }

  override get size(): number {
    return this.specs.size;
  }

  /** Every subcommand, compiled, once each in declaration order. */
  all(): CNode[] {
    const out: CNode[] = [];
    for (const [n, [name]] of this.specs) if (n === name) out.push(this.get(n)!);
    return out;
  }

  private filled(): Map<string, CNode> {
    const m = new Map<string, CNode>();
    for (const n of this.specs.keys()) m.set(n, this.get(n)!);
    return m;
  }

  override keys(): MapIterator<string> {
    return this.specs.keys();
  }

  override values(): MapIterator<CNode> {
    return this.filled().values();
  }

  override entries(): MapIterator<[string, CNode]> {
    return this.filled().entries();
  }

  override [Symbol.iterator](): MapIterator<[string, CNode]> {
    return this.entries();
  }

  override forEach(f: (value: CNode, key: string, map: Map<string, CNode>) => void, thisArg?: unknown): void {
    this.filled().forEach((v, k) => f.call(thisArg, v, k, this));
  }
}

function splitNames(key: string): string[] {
  return key.trim().split(/\s+/);
}

function placeFlag(node: CNode, name: string, flag: CFlag, path: string, fail: (p: string) => never): void {
  if (/^[-+@].*\*$/.test(name)) node.prefixFlags.push([name.slice(0, -1), flag]);
  else if (name.startsWith("--") && name.length > 2) node.long.set(name, flag);
  else if (name === "-NUM") node.numFlag = flag;
  else if (/^[-+].$/.test(name)) node.short.set(name, flag);
  else if (/^[-+].{2,}$/.test(name)) node.wordFlags.set(name, flag);
  else fail(`\`${path}\` has a flag key \`${name}\` that is not a flag name (use -x, --long, -word, -D* or -NUM).`);
}

function compileFlag(key: string, raw: string | FlagObject, path: string, fail: (p: string) => never): CFlag {
  const obj = typeof raw === "string" ? parseFlagSpecString(raw) : raw;
  if (!obj) return fail(`\`${path}\`: flag \`${key}\` has an unreadable spec \`${String(raw)}\`.`);
  const arity = obj.arity ?? (obj.role ? 1 : 0);
  const role: Role = obj.role ?? "ignore";
  if (arity === 0 && obj.role && obj.role !== "ignore") {
    fail(`\`${path}\`: flag \`${key}\` has role \`${obj.role}\` but takes no value. Give it arity 1 or "optional".`);
  }
  return {
    name: splitNames(key)[0]!,
    arity,
    role,
    modes: obj.mode === undefined ? [] : Array.isArray(obj.mode) ? obj.mode : [obj.mode],
    recursive: obj.recursive ?? false,
    stop: obj.stop ?? false,
    rest: obj.rest ?? null,
    effects: obj.effects ?? [],
    unknown: obj.unknown ?? null,
    why: obj.why ?? null,
    into: obj.into ?? false,
  };
}

export function compilePolicy(text: string): CPolicy {
  const p: CPolicy = { slots: [], last: null, rest: null, min: 0, max: Infinity, hasCmd: false };
  for (const tok of text.trim().split(/\s+/)) {
    if (!tok) continue;
    const [slot, value] = tok.split(":") as [string, string];
    if (slot === "min") p.min = Number(value);
    else if (slot === "max") p.max = Number(value);
    else {
      const role = value as Role;
      if (role === "cmd") p.hasCmd = true;
      if (slot === "last") p.last = role;
      else if (slot === "rest" || slot === "all") p.rest = role;
      else p.slots[slot === "first" ? 0 : Number(slot) - 1] = role;
    }
  }
  // A policy with slots but no rest accepts exactly that many operands unless max says otherwise.
  if (p.rest === null && p.last === null && p.max === Infinity) p.max = p.slots.length;
  return p;
}

function lineOf(text: string, needle: string): number | null {
  const i = text.indexOf(needle);
  return i < 0 ? null : text.slice(0, i).split("\n").length;
}

/** The registry's `walk` table as the walk filter reads it. */
function compileWalk(w: WalkSpecToml): WalkSpec {
  const names = (s: string | undefined) => (s ? s.split(" ") : []);
  return {
    tracked: w.tracked ?? false,
    hidden: w.hidden ?? false,
    ignoreFiles: w.ignore_files ?? false,
    follow: (w.links ?? "follow") === "follow",
    flags: {
      follow: names(w.follow),
      showHidden: names(w.show_hidden),
      noIgnore: names(w.no_ignore),
      unrestricted: names(w.unrestricted),
      globs: names(w.globs),
      iglobs: names(w.iglobs),
      globCase: names(w.glob_case),
      types: names(w.types),
      include: names(w.include),
      exclude: names(w.exclude),
      excludeDir: names(w.exclude_dir),
      unsure: names(w.unsure),
    },
    env: w.unsure_env ?? [],
    opens: w.opens ?? [],
  };
}
