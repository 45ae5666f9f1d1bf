// Secrets in the sandbox's environment: a token in output, or in a non-shell program's argv, is a disclosure.
import { describe, expect, it } from "vitest";
import { envInTexts, tokenOrigin } from "../../../oracle/sandbox/envcanary.ts";
import { analyze, type TokenReport } from "../../../oracle/sandbox/analyze.ts";
import { parseTrace } from "../../../oracle/sandbox/trace.ts";
import { ENV_CANARIES } from "../../../oracle/sandbox/world.ts";
import { sandboxEnv } from "../../../oracle/sandbox/sandbox.ts";

const gh = ENV_CANARIES.find((c) => c.name === "GITHUB_TOKEN")!;
const db = ENV_CANARIES.find((c) => c.name === "DATABASE_URL")!;

describe("environment canaries", () => {
  it("are in the sandbox's environment, each with its own token", () => {
    const env = sandboxEnv(false);
    for (const c of ENV_CANARIES) expect(env[c.name]).toContain(c.token);
    expect(new Set(ENV_CANARIES.map((c) => c.token)).size).toBe(ENV_CANARIES.length);
    expect(db.value).toMatch(/^postgres:\/\/app:.*@/);
  });

  it("are found in output texts", () => {
    expect(envInTexts([`x ${gh.token} y`], ENV_CANARIES)).toEqual(["$GITHUB_TOKEN"]);
    // changed case or punctuation (`tr a-z A-Z`, `${X//-/_}`) is still the token
    expect(envInTexts([gh.token.toUpperCase().replace(/-/g, "_")], ENV_CANARIES)).toEqual(["$GITHUB_TOKEN"]);
    expect(envInTexts(["nothing"], ENV_CANARIES)).toEqual([]);
  });

  it("are found in the argv of a program the command ran, not of a shell or a failed exec", () => {
    const trace = [
      `10 execve("/bin/bash", ["bash", "-c", ":", "x", "${gh.token}"], 0x1 /* 9 vars */) = 0`,
      `11 execve("/usr/local/bin/curl", ["curl", "-A", "${gh.token}"], 0x1 /* 9 vars */) = -1 ENOENT (No such file or directory)`,
      `11 execve("/usr/bin/curl", ["curl", "-u", "app:${db.token}"], 0x1 /* 9 vars */) = 0`,
    ].join("\n");
    const report: TokenReport = { uses: [], trustedRan: false };
    const world = { readlink: () => null, existedBefore: () => true, existsAfter: () => true };
    analyze({ calls: parseTrace(trace), cwd: "/w", world, locate: () => "system", home: "/h", tokens: ENV_CANARIES, report });
    expect(report.uses).toEqual([{ name: "DATABASE_URL", how: "argv", trusted: false }]);
  });

  it("are attributed to the first process that let them out", () => {
    expect(tokenOrigin([
      { name: "A", how: "write", trusted: true },
      { name: "A", how: "write", trusted: false },
      { name: "B", how: "argv", trusted: false },
      { name: "B", how: "write", trusted: true },
    ])).toEqual(new Map([["A", true], ["B", false]]));
  });
});
