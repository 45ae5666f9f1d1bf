// Loading: every registry file validates, and a broken entry is reported with its file, line and
// what to change. Compiled registries are cached per directory.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadRegistry, parseRegistry } from "../../../src/analysis/registry/index.ts";
import { DataFileError } from "../../../src/policy/datafile.ts";

function errorOf(text: string): DataFileError {
  try {
    parseRegistry([{ file: "registry/x.toml", text }]);
  } catch (e) {
    if (e instanceof DataFileError) return e;
    throw e;
  }
  throw new Error("expected a DataFileError");
}

describe("loadRegistry", () => {
  it("loads the shipped registry once per directory", () => {
    const a = loadRegistry();
    expect(a.entries.length).toBeGreaterThanOrEqual(150);
    expect(loadRegistry()).toBe(a);
  });
  it("skips files that hold other data (env-vectors.toml)", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "reg-"));
    writeFileSync(path.join(dir, "env-vectors.toml"), "not = [valid command data");
    writeFileSync(path.join(dir, "a.toml"), '[[command]]\nname = "a"\nsummary = "x"\n');
    expect(loadRegistry(dir).commands.has("a")).toBe(true);
  });
});

describe("errors name the file, the line and the fix", () => {
  it("bad TOML", () => {
    const e = errorOf('[[command]]\nname = "a"\nsummary = \n');
    expect(e.file).toBe("registry/x.toml");
    expect(e.line).toBe(3);
    expect(e.message).toMatch(/Fix/);
  });
  it("an unknown role in an operand policy", () => {
    const e = errorOf('[[command]]\nname = "a"\nsummary = "x"\noperands = "all:reed"\n');
    expect(e.line).toBe(4);
    expect(e.message).toMatch(/operand policy/);
  });
  it("an unknown flag type", () => {
    const e = errorOf('[[command]]\nname = "a"\nsummary = "x"\nflags = { "-o" = "wirte" }\n');
    expect(e.message).toMatch(/unknown flag type/);
  });
  it("an unknown key", () => {
    const e = errorOf('[[command]]\nname = "a"\nsummary = "x"\nflagz = {}\n');
    expect(e.message).toMatch(/flagz/);
  });
  it("a flag listed twice", () => {
    const e = errorOf('[[command]]\nname = "a"\nsummary = "x"\nflags = { "-a" = "bool", "-b -a" = "arg" }\n');
    expect(e.message).toMatch(/`-a` twice/);
    expect(e.line).toBe(2);
  });
  it("a name defined twice", () => {
    const e = errorOf('[[command]]\nname = "a"\nsummary = "x"\n\n[[command]]\nname = "b"\naliases = ["a"]\nsummary = "y"\n');
    expect(e.message).toMatch(/already defined/);
    expect(e.line).toBe(6);
  });
  it("a handler that does not exist", () => {
    const e = errorOf('[[command]]\nname = "a"\nsummary = "x"\nhandler = "nope"\n');
    expect(e.message).toMatch(/handler `nope`/);
  });
  it("a mode override of an undefined flag", () => {
    const e = errorOf('[[command]]\nname = "a"\nsummary = "x"\nmodes = { m = { flags = { "-z" = "write" } } }\n');
    expect(e.message).toMatch(/does not define/);
  });
  it("an example with an unknown level", () => {
    const e = errorOf('[[command]]\nname = "a"\nsummary = "x"\nexample = [{ command = "a", level = "admin" }]\n');
    expect(e.message).toMatch(/example/);
    expect(e.line).toBe(4);
  });
  it("a role flag that takes no value", () => {
    const e = errorOf('[[command]]\nname = "a"\nsummary = "x"\nflags = { "-o" = { arity = 0, role = "write" } }\n');
    expect(e.message).toMatch(/takes no value/);
  });
});
