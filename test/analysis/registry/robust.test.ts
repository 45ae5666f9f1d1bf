// interpret() never throws and never approves what it cannot read: arbitrary argv built from
// command names, flags, dynamic words and odd strings always yields a well-formed answer.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { interpret, loadRegistry, type ArgWord } from "../../../src/analysis/registry/index.ts";
import { KINDS, LOCI, OPS } from "../../../src/policy/model.ts";

const reg = loadRegistry();
const names = [...reg.commands.keys()];
const words = ["-", "--", "-r", "-rf", "-o", "--output=x", "-c", "-e", "x", "/", "~", "..", "a b", "{}", ";", "+", "-9", "@f", "=", "-x=1", "http://h/x", "host:p", "s/a/b/w f", "{print > \"f\"}", "--help"];
const argWord: fc.Arbitrary<ArgWord> = fc.oneof(fc.constantFrom(...words), fc.constant(null), fc.string({ maxLength: 6 }));

describe("interpret on arbitrary argv", () => {
  it("returns a well-formed interpretation and never throws", () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.array(argWord, { maxLength: 8 }), (name, rest) => {
        const r = interpret(reg, [name, ...rest]);
        if (!r.known) {
          expect(typeof r.reason).toBe("string");
          return;
        }
        for (const e of r.effects) {
          expect(OPS).toContain(e.op);
          if (e.kind) expect(KINDS).toContain(e.kind);
          if (e.type === "other") expect(LOCI).toContain(e.locus);
        }
        for (const run of r.inner) expect(["argv", "script", "stdin-script"]).toContain(run.type);
      }),
      { numRuns: 3000, seed: 42 },
    );
  });
});
