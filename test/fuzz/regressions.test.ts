// Replays every minimized fuzz finding in fuzz/regressions/<target>/ through its target. A finding
// is fixed when its input no longer violates the property; the selftest's planted bug must still
// be found (it proves the replay itself works).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../fuzz/regressions");
const targets = fs.existsSync(dir) ? fs.readdirSync(dir).filter((t) => fs.statSync(path.join(dir, t)).isDirectory()) : [];

describe("fuzz regressions", () => {
  it("has the selftest's planted finding", () => {
    expect(targets).toContain("selftest");
  });

  for (const target of targets) {
    const cases = fs.readdirSync(path.join(dir, target));
    for (const c of cases) {
      it(`${target}/${c}`, async () => {
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
