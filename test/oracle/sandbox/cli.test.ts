import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO = fileURLToPath(new URL("../../../", import.meta.url));
const cli = (...args: string[]) => spawnSync("node", ["--import", "tsx", "oracle/sandbox/cli.ts", ...args], { cwd: REPO, encoding: "utf8" });

describe("npm run oracle", () => {
  it("prints effects and the observed level as JSON", () => {
    const out = execFileSync("node", ["--import", "tsx", "oracle/sandbox/cli.ts", "--json", "cd ~ && cat .netrc > /dev/null"], { cwd: REPO, encoding: "utf8" });
    const o = JSON.parse(out) as { effects: { op: string; locus: string; target: string }[]; observedLevel: string; timedOut: boolean };
    expect(o.effects).toEqual([{ op: "read", locus: "secret", target: "/home/agent/.netrc" }]);
    expect(o.observedLevel).toBe("yolo");
    expect(o.timedOut).toBe(false);
  }, 30_000);

  it("prints a readable summary, and usage errors exit 2 with a fix", () => {
    const ok = cli("--cwd", "src", "cat index.js");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/read\s+worktree\s+\/home\/agent\/code\/project\/src\/index\.js/);
    expect(ok.stdout).toMatch(/observed level: reader/);
    const bad = cli("echo", "two words");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/quote the whole command/);
  }, 30_000);
});
