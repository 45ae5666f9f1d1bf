// Replays every minimized fuzz finding in fuzz/regressions/<target>/ through its target. A finding
// is fixed when its input no longer violates the property; the selftest's planted bug must still
// be found (it proves the replay itself works).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Findings reported to the owner of the code at fault and not fixed yet: replayed as expected
 * failures, so `npm test` stays usable and turns red (here) once the fix lands, to move them back.
 */
const OPEN_FINDINGS: Record<string, string> = {
};

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../fuzz/regressions");
const targets = fs.existsSync(dir) ? fs.readdirSync(dir).filter((t) => fs.statSync(path.join(dir, t)).isDirectory()) : [];

describe("fuzz regressions", () => {
  it("has the selftest's planted finding", () => {
    expect(targets).toContain("selftest");
  });

  for (const target of targets) {
    const cases = fs.readdirSync(path.join(dir, target));
    for (const c of cases) {
      const open = OPEN_FINDINGS[`${target}/${c}`];
      (open ? it.fails : it)(`${target}/${c}${open ? ` (open: ${open})` : ""}`, async () => {
        const mod = (await import(`../../fuzz/targets/${target}.ts`)) as { fuzz(data: Buffer): unknown; PlantedBug?: new () => Error };
        const data = fs.readFileSync(path.join(dir, target, c));
        if (target === "selftest") {
          expect(() => mod.fuzz(data)).toThrow(mod.PlantedBug!);
          return;
        }
        await mod.fuzz(data);
      });
    }
  }
});
