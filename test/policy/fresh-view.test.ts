// classify() without an fs looks at the real filesystem afresh on every call: a long-running
// host (the hook daemon, an agent framework importing the library) must not judge a command by
// where the project was a command ago.
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { classify, realFs } from "../../src/index.ts";

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

  it("a view the host reuses keeps what it learnt until the host passes a new one", () => {
    const proj = path.join(dir, "proj2");
    mkdirSync(path.join(proj, ".git"), { recursive: true });
    const view = { ...realFs };
    const ctx = { cwd: proj, home: path.join(dir, "home"), env: {} };
    expect(classify("rm -rf build", { ...ctx, fs: view }).decision).toBe("allow");
    renameSync(proj, `${proj}.old`);
    symlinkSync("/etc", proj);
    // The reused view still places the project where it was (the host said nothing moved) ...
    expect(classify("rm -rf build", { ...ctx, fs: view }).decision).toBe("allow");
    // ... and a new view sees the symlink.
    expect(classify("rm -rf build", { ...ctx, fs: { ...realFs } }).decision).toBe("ask");
  });
});
