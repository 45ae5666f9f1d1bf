// Integer variables (src/analysis/integers.ts): every assignment to a variable with the integer
// attribute is arithmetic, where an array subscript runs command substitutions.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";

const ctx = { cwd: "/home/u/p", roots: ["/home/u/p"], home: "/home/u", tmp: ["/tmp"], env: { HOME: "/home/u" }, fs: null };
const level = (cmd: string) => classify(cmd, { ...ctx, level: "yolo" }).level;
const CODE = "'a[$(cat ~/.netrc >&2)]'";

describe("assignments to integer variables", () => {
  it.each([
    `declare -i n; n=${CODE}`,
    `typeset -i n; n=${CODE}`,
    `f() { local -i k; k=${CODE}; }; f`,
    `f() { declare -gi g; }; f; g=${CODE}`,
    `declare -i n=1; n+=${CODE}`,
    `declare -ia arr; arr=(${CODE})`,
    `declare -ia arr; arr[1]=${CODE}`,
    `declare -Ai m; m[k]=${CODE}`,
    `declare -i n; export n=${CODE}`,
    `declare -i r; read r <<< ${CODE}`,
    `declare -i r; read r`,
    `declare -ia m; mapfile m <<< ${CODE}`,
    `declare -i q; for q in ${CODE}; do :; done`,
    `declare -i q; for q in *; do :; done`,
    `declare -i n; printf -v n %s ${CODE}`,
    `declare -i n; n=$(</tmp/v)`,
    `declare -i n=$(cat /tmp/v)`,
    `x=${CODE}; declare -i n; n=$x`,
    `declare -i n; : \${n:=${CODE}}`,
    `bash -c "declare -i n; n=${CODE}"`,
  ])("%s is refused", (cmd) => expect(level(cmd)).toBe("never"));

  it.each([
    "declare -i n; n=42",
    "declare -i c=0; c+=1; echo $c",
    "declare -i n; n='1+2*3'",
    "declare -i r; read r <<< 42",
    "declare -i n; printf -v n %s 7",
    "declare -i q; for q in 1 2 3; do echo $q; done",
    "n='a[$(id)]'; echo \"$n\"",
  ])("%s is cheap", (cmd) => expect(level(cmd)).toBe("paranoid"));

  it("a literal value is refused exactly when it has a subscript that expands", () => {
    const part = fc.constantFrom("1", "+", "a", "[", "]", "$(id)", "`id`", "$x", " ", "2");
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 6 }), (ps) => {
        const v = ps.join("");
        const expands = /\[[^\]]*[$`]/.test(v);
        expect(level(`declare -i n; n='${v}'`) === "never").toBe(expands);
      }),
      { numRuns: 200 },
    );
  });
});
