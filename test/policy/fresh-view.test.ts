// classify() without an fs looks at the real filesystem afresh on every call: a long-running
// host (the hook daemon, an agent framework importing the library) must not judge a command by
// where the project was a command ago.
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";

const dir = mkdtempSync(path.join(tmpdir(), "sf-fresh-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the default filesystem view", () => {
  it("sees a project that became a symlink to /etc since the last call", () => {
    const proj = path.join(dir, "proj");
    mkdirSync(path.join(proj, ".git"), { recursive: true });
    const ctx = { cwd: proj, home: path.join(dir, "home"), env: {} };
    expect(classify("rm -rf build", ctx).decision).toBe("allow");
    renameSync(proj, `${proj}.old`);
    symlinkSync("/etc", proj);
    const after = classify("rm -rf build", ctx);
    expect(after.decision).toBe("ask");
    expect(after.effects.some((e) => e.op === "delete" && e.target === "/etc/build")).toBe(true);
  });
});
