// A recipe's facts about options (oracle/options/tools.ts): which node a fact holds at, and what
// settling an option does to the merged list (its arity, its conflict, its mark, its spellings).
import { describe, expect, it } from "vitest";
import { factFor, settle } from "../../../oracle/options/extract.ts";
import type { OptionFact } from "../../../oracle/options/tools.ts";

const facts: Record<string, OptionFact> = {
  "--abbrev": { arity: "optional", why: "run A" },
  "log --format": { arity: "optional", why: "run B" },
  "-h": { arity: 1, only: true, why: "run C" },
  "--list": { arity: 0, why: "run D" },
  "-500": { drop: true, why: "run E" },
};

describe("factFor", () => {
  it("takes the node's own fact before the tool's, and the tool's at every node", () => {
    expect(factFor(facts, ["log"], "--format")).toEqual({ arity: "optional", why: "run B" });
    expect(factFor(facts, ["show"], "--format")).toBeUndefined();
    expect(factFor(facts, ["show"], "--abbrev")).toEqual({ arity: "optional", why: "run A" });
    expect(factFor(facts, [], "--abbrev")).toEqual({ arity: "optional", why: "run A" });
  });
});

describe("settle", () => {
  it("sets the arity, marks the run and settles the conflict on any spelling of the option", () => {
    const r = settle({ options: [{ names: ["-a", "--abbrev"], arity: 1, arg: "<n>" }], conflicts: [{ name: "-a", arities: [1, 0] }] }, facts, []);
    expect(r).toEqual({ options: [{ names: ["-a", "--abbrev"], arity: "optional", arg: "<n>", fixed: "run A" }], conflicts: [] });
  });

  it("keeps an `only` fact to its spelling (sudo's -h is not its --help)", () => {
    const r = settle({ options: [{ names: ["--help", "-h"], arity: 0 }], conflicts: [] }, facts, []);
    expect(r.options).toEqual([{ names: ["--help"], arity: 0 }, { names: ["-h"], arity: 1, fixed: "run C" }]);
  });

  it("drops the placeholder of an option a fact makes a flag", () => {
    expect(settle({ options: [{ names: ["--list"], arity: 1, arg: "FILE" }], conflicts: [] }, facts, []).options).toEqual([{ names: ["--list"], arity: 0, fixed: "run D" }]);
  });

  it("leaves options without a fact, and drop facts (applied before the merge), alone", () => {
    const options = [{ names: ["-x"], arity: 1 as const, arg: "X" }, { names: ["-500"], arity: 0 as const }];
    expect(settle({ options, conflicts: [] }, facts, []).options).toEqual(options);
  });
});
