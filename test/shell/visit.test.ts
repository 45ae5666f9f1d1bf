// forEachNode reaches every node: commands inside substitutions of every kind, heredoc bodies,
// arithmetic, array literals, redirect targets, function bodies, [[ ]] operands, ${..} operands.
import { describe, expect, it } from "vitest";
import { forEachNode, parse, staticValue, type Node } from "../../src/shell/index.ts";

function commandNames(src: string): string[] {
  const out: string[] = [];
  forEachNode(parse(src), (n) => {
    if (n.type === "SimpleCommand" && n.words[0]) {
      const v = staticValue(n.words[0]);
      out.push(v.static ? v.value : "?");
    }
  });
  return out.sort();
}

describe("forEachNode", () => {
  it("reaches commands in every nested position", () => {
    const src = [
      "a=(x $(c1) [$(c2)]=y)",
      "declare -a d=($(c3))",
      "cat <<EOF >$(c4)",
      "$(c5) `c6`",
      "EOF",
      "echo $(( $(c7) + x )) ${v:-$(c8)} ${v[$(c9)]}",
      "f() { c10; } >$(c11)",
      "[[ $(c12) == x && -f <(c13) ]]",
      "(( y = $(c14) ))",
      "for ((i=$(c15); i<1; i++)); do c16; done",
      "case $(c17) in $(c18)) c19;; esac",
      "coproc c20",
      'echo "$(c21 "$(c22)")" >(c23)',
    ].join("\n");
    const expected = Array.from({ length: 23 }, (_, i) => `c${i + 1}`);
    expect(commandNames(src).filter((n) => n.startsWith("c") && n !== "cat" && n !== "case")).toEqual(expected.sort());
  });

  it("visits parents before children and passes the parent", () => {
    const seen: [string, string | null][] = [];
    forEachNode(parse("echo $(ls)"), (n, p) => {
      seen.push([n.type, p ? p.type : null]);
    });
    expect(seen.slice(0, 3)).toEqual([
      ["Script", null],
      ["List", "Script"],
      ["ListItem", "List"],
    ]);
    expect(seen).toContainEqual(["CmdSubst", "Word"]);
    expect(seen).toContainEqual(["List", "CmdSubst"]);
  });

  it("skips children when the callback returns false", () => {
    const types: string[] = [];
    forEachNode(parse("echo $(ls)"), (n: Node | { type: string }) => {
      types.push(n.type);
      if (n.type === "CmdSubst") return false;
    });
    expect(types.filter((t) => t === "SimpleCommand")).toHaveLength(1);
  });
});
