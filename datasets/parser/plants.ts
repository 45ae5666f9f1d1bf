// Which paths to plant logging stubs at for a corpus command (ObserveOptions.plant): every
// command word the parser reads as a static path (`./gradlew`, `bin/test`, `/usr/bin/python3`).
// Bash runs such programs directly, so without a stub the oracle could not see them at all.
// Taking the list from the parser is not circular: bash still decides what it executes; a
// command word the parser got wrong simply finds no stub and shows up as not executed.
import { ORACLE_HOME } from "../../oracle/argv/index.ts";
import { forEachNode, parse, ParseError, staticArgv } from "../../src/shell/index.ts";

export function plantsFor(command: string): string[] {
  let ast;
  try {
    ast = parse(command);
  } catch (e) {
    if (e instanceof ParseError) return [];
    throw e;
  }
  const out = new Set<string>();
  forEachNode(ast, (n) => {
    if (n.type !== "SimpleCommand" || n.words.length === 0) return;
    const first = staticArgv([n.words[0]!], { home: ORACLE_HOME }).argv;
    const name = first.length === 1 ? first[0] : null;
    if (name && name.includes("/")) out.add(name);
  });
  return [...out].sort();
}
