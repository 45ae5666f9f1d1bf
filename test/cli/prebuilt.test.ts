// The hook's prebuilt data: the same verdicts as the TOML files, compiled lazily, and refused
// (so the TOML files are read instead) once any data file changed after it was made.
import { cpSync, mkdtempSync, rmSync, utimesSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { classifyWith } from "../../src/policy/classify.ts";
import { loadRegistry } from "../../src/analysis/registry/index.ts";
import { renderCommandsDoc } from "../../src/analysis/registry/doc.ts";
import { makePrebuilt } from "../../src/cli/prebuilt-make.ts";
import { readPrebuilt, type PrebuiltResult } from "../../src/cli/prebuilt.ts";
import { EXAMPLE_CONTEXT } from "../analysis/registry/context.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

let dir: string;
let file: string;
let pkg: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sf-prebuilt-"));
  pkg = path.join(dir, "pkg");
  for (const d of ["registry", "regions"]) cpSync(path.join(ROOT, d), path.join(pkg, d), { recursive: true, preserveTimestamps: true });
  file = path.join(dir, "prebuilt.json");
  writeFileSync(file, makePrebuilt(pkg));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function tablesOf(r: PrebuiltResult) {
  if (!r.ok) throw new Error(`prebuilt refused: ${r.why}`);
  return r.tables;
}

describe("prebuilt data", () => {
  it("gives every registry example the verdict the TOML files give", () => {
    const tables = tablesOf(readPrebuilt(file, pkg));
    let n = 0;
    for (const cmd of loadRegistry().entries) {
      for (const ex of cmd.examples) {
        const want = classify(ex.command, { ...EXAMPLE_CONTEXT, level: "developer" });
        const got = classifyWith(tables, ex.command, { ...EXAMPLE_CONTEXT, level: "developer" });
        expect({ command: ex.command, decision: got.decision, level: got.level }).toEqual({ command: ex.command, decision: want.decision, level: want.level });
        n++;
      }
    }
    expect(n).toBeGreaterThan(1000);
  });

  it("compiles a registry file only when one of its names is looked up", () => {
    const { registry } = tablesOf(readPrebuilt(file, pkg));
    const git = registry.commands.get("git");
    expect(git?.name).toBe("git");
    expect(registry.commands.has("jq")).toBe(true);
    expect(registry.commands.get("no-such-command")).toBeUndefined();
    // Whole-registry views compile everything and agree with the TOML registry.
    const toml = loadRegistry();
    expect(registry.entries.length).toBe(toml.entries.length);
    expect(registry.commands.size).toBe(toml.commands.size);
    expect([...registry.commands.keys()].sort()).toEqual([...toml.commands.keys()].sort());
  });

  it("renders the same commands document as the TOML registry (every subcommand, compiled on demand)", () => {
    const { registry } = tablesOf(readPrebuilt(file, pkg));
    const git = registry.commands.get("git")!;
    expect(git.subs.has("status")).toBe(true);
    expect(git.subs.get("status")?.path).toBe("git status");
    expect(git.subs.get("no-such-sub")).toBeUndefined();
    expect(renderCommandsDoc(registry).replaceAll(pkg, ROOT)).toBe(renderCommandsDoc(loadRegistry()));
  });

  it("is refused once a data file's bytes changed, naming the file, and not for a new mtime alone", () => {
    const f = path.join(pkg, "registry", "text.toml");
    const later = new Date(Date.now() + 5000);
    utimesSync(f, later, later);
    // A new mtime alone is no change (npm install gives every file one): the content decides.
    expect(readPrebuilt(file, pkg).ok).toBe(true);
    writeFileSync(f, readFileSync(f, "utf8") + "# edited\n");
    const r = readPrebuilt(file, pkg);
    expect(r.ok).toBe(false);
    expect(r.ok ? "" : r.why).toContain("registry/text.toml");
    writeFileSync(file, makePrebuilt(pkg)); // made again: accepted
    expect(readPrebuilt(file, pkg).ok).toBe(true);
  });

  it("is refused when missing or of another version", () => {
    const missing = readPrebuilt(path.join(dir, "nope.json"), pkg);
    expect(missing.ok ? "" : missing.why).toMatch(/no prebuilt data/);
    const text = readFileSync(file, "utf8");
    const other = path.join(dir, "other.json");
    writeFileSync(other, text.replace(/^\{"version":\d+,/, '{"version":99,'));
    const r = readPrebuilt(other, pkg);
    expect(r.ok ? "" : r.why).toMatch(/version 99/);
  });
});
