// Small accessors for AST facts in tests.
import { forEachNode, parse, staticArgv, type Command, type Node, type Script, type SimpleCommand } from "../../src/shell/index.ts";

export function simpleCommands(s: Script | Node): SimpleCommand[] {
  const out: SimpleCommand[] = [];
  forEachNode(s, (n) => {
    if (n.type === "SimpleCommand") out.push(n);
  });
  return out;
}

/** Static argv of every simple command in source order (null for a dynamic word). */
export function argvs(src: string, ctx = {}): (string | null)[][] {
  return simpleCommands(parse(src)).map((c) => staticArgv(c.words, ctx).argv);
}

/** The first command of the first pipeline. */
export function firstCommand(src: string): Command {
  return parse(src).body.items[0]!.andOr.first.commands[0]!;
}

export function only<T extends Command["type"]>(src: string, type: T): Extract<Command, { type: T }> {
  const c = firstCommand(src);
  if (c.type !== type) throw new Error(`expected ${type}, got ${c.type}`);
  return c as Extract<Command, { type: T }>;
}
