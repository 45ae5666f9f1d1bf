// The jazzer addon patch: version-need parsing and weak marking on the real prebuilt file (its
// pristine backup when a patch already ran), and the glibc version comparison.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { markVersionsWeak, versionNeeds, VER_FLG_WEAK } from "../../fuzz/elf-verneed.ts";
import { addonPath, versionBelow, WEAK_VERSIONS } from "../../fuzz/setup-jazzer.ts";

describe("versionBelow", () => {
  it("compares dotted versions numerically", () => {
    expect(versionBelow("2.36", "2.38")).toBe(true);
    expect(versionBelow("2.38", "2.38")).toBe(false);
    expect(versionBelow("2.4", "2.38")).toBe(true);
    expect(versionBelow("3.0", "2.38")).toBe(false);
  });
});

describe("ELF version needs", () => {
  const original = fs.existsSync(addonPath() + ".orig") ? addonPath() + ".orig" : addonPath();
  const buf = fs.readFileSync(original);

  it("lists the glibc and libstdc++ requirements of the prebuilt addon", () => {
    const names = versionNeeds(buf).map((n) => `${n.file}:${n.name}`);
    expect(names).toContain("libc.so.6:GLIBC_2.38");
    expect(names).toContain("libstdc++.so.6:GLIBCXX_3.4.32");
  });

  it("marks exactly the named needs weak, once", () => {
    const copy = Buffer.from(buf);
    const before = versionNeeds(copy).filter((n) => n.flags & VER_FLG_WEAK).map((n) => n.name);
    const changed = markVersionsWeak(copy, WEAK_VERSIONS);
    expect(changed.sort()).toEqual(WEAK_VERSIONS.filter((v) => !before.includes(v)).sort());
    const after = versionNeeds(copy);
    for (const n of after) expect(Boolean(n.flags & VER_FLG_WEAK), n.name).toBe(WEAK_VERSIONS.includes(n.name as never) || before.includes(n.name));
    expect(markVersionsWeak(copy, WEAK_VERSIONS)).toEqual([]);
  });

  it("rejects a file that is not ELF", () => {
    expect(() => versionNeeds(Buffer.from("not an elf file at all, just text, long enough to read a header from it...."))).toThrow(/not an ELF/);
  });
});
