// Every registry example, through the full classifier: allowed at its level, refused at every
// level below it, and `level` reported as that lowest admitting level (or "never").
import { describe, expect, it } from "vitest";
import { loadRegistry } from "../../../src/analysis/registry/index.ts";
import { loadLevels } from "../../../src/policy/levels.ts";
import { LEVELS, type Level } from "../../../src/policy/model.ts";
import { EXAMPLE_CONTEXT } from "./context.ts";

type Classify = (command: string, ctx: Record<string, unknown>) => { decision: string; level: string };

const lib = (await import("../../../src/index.ts").catch(() => ({}))) as { classify?: Classify };
const classify = typeof lib.classify === "function" ? lib.classify : null;
const registry = loadRegistry();
const table = loadLevels();

/** Levels strictly below `level` in the lattice (the admin siblings are not below each other). */
function below(level: Level | "never"): Level[] {
  if (level === "never") return [...LEVELS];
  return LEVELS.filter((l) => l !== level && table.upward[l].has(level));
}

if (!classify) {
  describe("registry examples through classify()", () => {
    it.skip("classify() is not exported by src/index.ts yet: examples are checked against the interpreter only", () => {});
  });
} else {
  for (const cmd of registry.entries) {
    if (!cmd.examples.length) continue;
    describe(`${cmd.name} (${cmd.file.replace(/^.*\/registry\//, "registry/")})`, () => {
      it.each(cmd.examples.map((e) => [e.command, e] as const))("%s", (_c, ex) => {
        const ctx = (level: Level) => ({ ...EXAMPLE_CONTEXT, level });
        const top = classify(ex.command, ctx("yolo"));
        const why = ex.why ? ` (${ex.why})` : "";
        expect(top.level, `lowest admitting level of \`${ex.command}\`${why}`).toBe(ex.level);
        if (ex.level !== "never") {
          expect(classify(ex.command, ctx(ex.level)).decision, `allowed at ${ex.level}`).toBe("allow");
        }
        for (const l of below(ex.level)) {
          expect(classify(ex.command, ctx(l)).decision, `refused at ${l}`).not.toBe("allow");
        }
      });
    });
  }
}
