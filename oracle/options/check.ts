// Comparing a tool's own option list (an extract) with what its registry entry declares. Pure.
// A gap is an option the tool accepts that the entry would read differently from the tool:
//   missing  the entry does not know it (with lax_flags, its value becomes an operand: the
//            `dig -f`, `ss -D` class; without, the command is refused, which is safe but is
//            still a gap to settle: declare it, or mark it `unknown` with a reason)
//   arity    the entry takes a value the tool does not (the tool's next word is an operand the
//            entry never sees), or the other way round (`git clean -e -n`: -n is the value)
import type { Arity, CFlag, CNode } from "../../src/analysis/registry/compiled.ts";
import type { OptionsNode } from "./types.ts";

export type Gap =
  | { kind: "missing"; node: string; option: string; arity: Arity; arg?: string; /** every name of the option (`-c`, `--config`) */ names?: readonly string[] }
  | { kind: "arity"; node: string; option: string; tool: Arity; declared: Arity; flag: string };

/** The flag an exact spelling selects in `node` (inherited flags included), as interpret() would. */
export function declaredFlag(node: CNode, name: string): CFlag | null {
  for (let n: CNode | null = node; n; n = n.inherit ? n.parent : null) {
    let f: CFlag | undefined;
    if (/^--./.test(name)) f = n.long.get(name);
    // `-NUM` and `-N` are the tools' placeholders for a count flag (`head -5`); `-n` is an option
    else if (/^-\d+$/.test(name) || /^-(NUM|N|<n>|<number>)$/i.test(name)) f = name === "-n" ? n.short.get(name) : (n.numFlag ?? n.short.get(name) ?? undefined);
    else if (/^[-+].$/.test(name)) f = n.short.get(name);
    else if (/^[-+]./.test(name)) {
      f = n.wordFlags.get(name);
      // `-std=<standard>` listed as `-std`: a prefix flag `-std=*` takes its glued value
      if (!f) for (const [p, pf] of n.prefixFlags) if (name.startsWith(p) || (name + "=").startsWith(p)) f = pf;
    }
    if (f) return f;
  }
  return null;
}

/**
 * Is a declared arity a safe reading of the tool's? An optional value is only ever glued
 * (`--color=always`), so a flag the entry takes without a value reads it the same way, and one
 * the entry takes with a required value does not (`--color always`: `always` is an operand).
 */
function compatible(tool: Arity, declared: Arity): boolean {
  if (tool === declared) return true;
  // and a glued value the entry allows where the tool takes none is one the tool rejects
  // (`--quiet=x` is an error): a separate next word is an operand for both
  return (tool === "optional" && declared === 0) || (tool === 0 && declared === "optional");
}

/**
 * Nodes with the runner treatment: their unknown options' values are judged as paths (written
 * and run), so an option missing from their list cannot hide a file. Tool groups whose plugins
 * add options (`lax_flags = "values"`) and the `project-runner` groups.
 */
export function runnerTreatment(node: CNode): boolean {
  return node.laxValues || (node.lax === true && node.handler === "project-runner");
}

/**
 * Whether a node is at the ceiling: `lax_flags = true` with a written reason, no mode an option
 * could turn on (a mode may drop an effect), and what it needs with no option at all is already
 * yolo (`docker run`: root-equivalent code); no effect of it is dropped by a mode (`unless`). An option the node does not declare is read as an
 * operand it ignores, and that can only add effects to a command that needs the top level
 * already, so no option it leaves undeclared can change a verdict. `needOf` is the classifier's
 * answer for the bare node (the caller binds it to the registry).
 */
export function atCeiling(node: CNode, needOf: (command: string) => string): boolean {
  const modal = node.modes.size > 0 || node.effects.some((e) => e.unless !== undefined);
  return node.lax === true && node.laxWhy !== null && !modal && needOf(node.path) === "yolo";
}

export function gapsOf(x: OptionsNode, node: CNode, path = node.path, ceiling: (n: CNode) => boolean = () => false): Gap[] {
  const out: Gap[] = [];
  // A node refused whatever its arguments (`vim`, `mount`, an unmodelled subcommand): no
  // option can change what is approved.
  if (node.unknown !== null) return out;
  const top = ceiling(node);
  for (const o of x.options) {
    for (const name of o.names) {
      const f = declaredFlag(node, name);
      if (!f) {
        // plugin-extended tool groups (`lax_flags = "values"`) judge unknown options' values as
        // paths; a node at the ceiling needs yolo whatever the value names
        if (runnerTreatment(node) || top) continue;
        out.push({ kind: "missing", node: path, option: name, arity: o.arity, names: o.names, ...(o.arg ? { arg: o.arg } : {}) });
        continue;
      }
      if (f.unknown !== null) continue; // refused whenever used: arity cannot matter
      // `fd -x CMD ARGS...`: a flag that takes no value but hands every later word to a role
      // (`rest = "cmd"`) reads the tool's value, the command's first word, as the tool does
      const taken = f.arity === 0 && f.rest !== null && o.arity === 1 ? 1 : f.arity;
      if (!compatible(o.arity, taken)) out.push({ kind: "arity", node: path, option: name, tool: o.arity, declared: f.arity, flag: f.name });
    }
  }
  for (const [sub, sx] of Object.entries(x.subcommands ?? {})) {
    const sn = node.subs.get(sub);
    if (sn) out.push(...gapsOf(sx, sn, `${path} ${sub}`, ceiling));
  }
  return out;
}

/** One line per gap, stable across runs (the KNOWN-GAPS list and the reports use it). */
export function describeGap(g: Gap): string {
  return g.kind === "missing" ? `${g.node}: ${g.option} missing (tool arity ${g.arity})` : `${g.node}: ${g.option} tool arity ${g.tool}, entry ${g.declared}`;
}
