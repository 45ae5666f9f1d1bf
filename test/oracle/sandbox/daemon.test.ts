// A label that rests on a container daemon's socket is the oracle's blind spot; one that a
// client-side effect raises as high is still a label.
import { describe, expect, it } from "vitest";
import { restsOnDaemon } from "../../../oracle/sandbox/daemon.ts";
import { loadLevels } from "../../../src/policy/levels.ts";

const table = loadLevels();
const sock = { op: "process", locus: "system", target: "/var/run/docker.sock" } as const;

describe("restsOnDaemon", () => {
  it("is true when the daemon connect alone raises the level", () => {
    expect(restsOnDaemon(table, [sock, { op: "read", locus: "system", target: "/usr/local/bin/docker" }])).toBe(true);
  });
  it("is false when another effect needs as much (a secret read through --config)", () => {
    expect(restsOnDaemon(table, [sock, { op: "read", locus: "secret", target: "/home/agent/.netrc" }])).toBe(false);
  });
  it("is false without a daemon connect", () => {
    expect(restsOnDaemon(table, [{ op: "process", locus: "system", target: "/run/other.sock" }])).toBe(false);
  });
});
