import { describe, expect, it } from "vitest";
import { buildScript, PROJECT } from "../../oracle/sandbox/world.ts";
import { loadDataset } from "../../eval/datasets.ts";
import { EDITABLE, EXISTING_DIRS, EXISTING_FILES } from "../../eval/realistic/layout.ts";
import { generate } from "../../eval/realistic/generate.ts";
import { familyOf, toolOf } from "../../eval/realistic/shape.ts";

describe("the realistic set", () => {
  it("names only files that the oracle's world really plants as existing", () => {
    const script = buildScript();
    for (const f of EXISTING_FILES) expect(script, f).toContain(`${PROJECT}/${f}'`);
    for (const d of EXISTING_DIRS) expect(EXISTING_FILES.some((f) => f.startsWith(d + "/")), d).toBe(true);
    for (const f of EDITABLE) expect(EXISTING_FILES as readonly string[]).toContain(f);
  });

  it("is committed, valid, large enough and labelled with provenance", () => {
    const ds = loadDataset("realistic");
    expect(ds.cases.length).toBeGreaterThanOrEqual(3000);
    for (const c of ds.cases) {
      if (c.label.source === "hand") expect(c.label.reason, c.id).toBeTruthy();
      else expect(c.label.effects, c.id).toBeDefined();
    }
    const ecos = new Set(ds.cases.map((c) => c.tags.ecosystem));
    for (const e of ["js", "python", "rust", "go", "java", "c", "ruby", "shell", "infra", "git"]) expect(ecos).toContain(e);
  });

  it("regenerates deterministically from its seed", () => {
    const a = generate(300, 7).map((c) => c.command);
    const b = generate(300, 7).map((c) => c.command);
    expect(a).toEqual(b);
    expect(new Set(a).size).toBe(a.length);
  });

  it("tags shapes and tools from the command text", () => {
    expect(familyOf("python3 - <<'EOF'\nprint(1)\nEOF")).toBe("heredoc-code");
    expect(familyOf("nl -ba src/app.py | sed -n '1,80p'")).toBe("pipe-view");
    expect(familyOf("cd src && ls")).toBe("cd-chain");
    expect(toolOf("CI=1 timeout 300 npm test")).toBe("npm");
    expect(toolOf("./gradlew test")).toBe("gradlew");
    expect(toolOf("env | grep -i node")).toBe("env");
  });
});
