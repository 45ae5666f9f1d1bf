import { describe, expect, it } from "vitest";
import { parseCheckArgs } from "../../src/cli/args.ts";

describe("parseCheckArgs", () => {
  it("parses every option, before or after the command, spaced or with =", () => {
    const r = parseCheckArgs(["--level", "editor", "git status", "--cwd=/w", "--root", "/a", "--root=/b", "--json"], "check");
    expect(r).toEqual({ ok: true, value: { level: "editor", cwd: "/w", roots: ["/a", "/b"], json: true, command: "git status" } });
  });

  it("takes a command that starts with a dash after --", () => {
    const r = parseCheckArgs(["--", "-rf"], "check");
    expect(r.ok && r.value.command).toBe("-rf");
  });

  it("lists the levels for an unknown level", () => {
    const r = parseCheckArgs(["--level", "admin", "ls"], "check");
    expect(!r.ok && r.error).toMatch(/unknown level "admin".*paranoid, reader, editor, developer, local-admin, network-admin, yolo/);
  });

  it.each([
    [["--frobnicate", "ls"], /unknown option --frobnicate/],
    [["--json"], /missing command/],
    [[], /missing command/],
    [["git", "status"], /one quoted argument/],
    [["ls", "--level"], /--level needs a value/],
    [["ls", "--root"], /--root needs/],
    [["--json=1", "ls"], /takes no value/],
  ])("rejects %j", (args, msg) => {
    const r = parseCheckArgs(args, "check");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(msg);
  });
});
