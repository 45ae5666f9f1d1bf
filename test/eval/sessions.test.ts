import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadLevels } from "../../src/policy/levels.ts";
import { compileRegions, loadRegions } from "../../src/policy/regions.ts";
import { loadDataset, loadManifest } from "../../eval/datasets.ts";
import { evaluate } from "../../eval/evaluate.ts";
import { generate } from "../../eval/sessions/generate.ts";
import { extendWorld, HOME, packageName, PROJECT } from "../../eval/sessions/world.ts";
import { ANCHORS } from "../../oracle/sandbox/world.ts";
import type { Classifier, Dataset } from "../../eval/types.ts";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sf-sessions-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A stand-in for the planted world: just what extendWorld builds on. */
function base(name: string): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(path.join(dir, PROJECT, ".git/info"), { recursive: true });
  fs.mkdirSync(path.join(dir, "tmp"));
  return dir;
}

function listing(root: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(d, e.name);
      out.push(path.relative(root, p) + (e.isSymbolicLink() ? ` -> ${fs.readlinkSync(p)}` : e.isDirectory() ? "/" : ""));
      if (e.isDirectory()) walk(p);
    }
  };
  walk(root);
  return out;
}

describe("the real-size world", () => {
  const a = base("a");
  const stats = extendWorld(a, { scale: 0.02 });

  it("is the same tree every time it is built at a scale", () => {
    const b = base("b");
    extendWorld(b, { scale: 0.02 });
    expect(listing(b)).toEqual(listing(a));
  });

  it("scales node_modules to the asked size and names packages uniquely", () => {
    expect(stats.nodeModules).toBeGreaterThan(1800);
    expect(stats.nodeModules).toBeLessThan(2300);
    const names = Array.from({ length: 20_000 }, (_, i) => packageName(i));
    expect(new Set(names).size).toBe(names.length);
  });

  it("links node_modules/.bin entries inside the tree, and the venv's python out to the system's", () => {
    const bin = path.join(a, PROJECT, "node_modules/.bin");
    const links = fs.readdirSync(bin);
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) {
      const target = path.resolve(bin, fs.readlinkSync(path.join(bin, l)));
      expect(target.startsWith(path.join(a, PROJECT, "node_modules") + "/"), l).toBe(true);
      expect(fs.existsSync(target), l).toBe(true);
    }
    expect(fs.readlinkSync(path.join(a, PROJECT, ".venv/bin/python3"))).toBe("/usr/bin/python3");
  });

  it("writes the world's own paths into files, never the host dir it is built in", () => {
    const activate = fs.readFileSync(path.join(a, PROJECT, ".venv/bin/activate"), "utf8");
    expect(activate).toContain(`VIRTUAL_ENV="${PROJECT}/.venv"`);
    expect(activate).not.toContain(tmp);
    expect(fs.readFileSync(path.join(a, PROJECT, ".venv/bin/pytest"), "utf8").split("\n")[0]).toBe(`#!${PROJECT}/.venv/bin/python3`);
  });

  it("places toolchains as toolchain and their credential files as secrets", () => {
    const locate = compileRegions(loadRegions(), ANCHORS).locate;
    for (const p of [".cargo/registry/cache", ".m2/repository", ".gradle/caches", ".npm/_cacache", ".cache/pip", "go/pkg/mod", ".nvm/versions/node", ".rustup/settings.toml"]) {
      expect(fs.existsSync(path.join(a, HOME, p)), p).toBe(true);
      expect(locate(`${HOME}/${p}`), p).toMatch(/^toolchain/);
    }
    for (const p of [".cargo/credentials.toml", ".m2/settings.xml", ".gradle/gradle.properties", ".npmrc"]) {
      expect(fs.existsSync(path.join(a, HOME, p)), p).toBe(true);
      expect(locate(`${HOME}/${p}`), p).toBe("secret");
    }
  });
});

describe("the realistic-sessions set", () => {
  it("is committed, valid, several hundred cases, labelled with provenance, in the real-size world", () => {
    const ds = loadDataset("realistic-sessions");
    expect(ds.world).toBe("real-size");
    expect(ds.cases.length).toBeGreaterThanOrEqual(300);
    let oracle = 0;
    for (const c of ds.cases) {
      if (c.label.source === "hand") expect(c.label.reason, c.id).toBeTruthy();
      else {
        oracle++;
        expect(c.label.effects, c.id).toBeDefined();
      }
    }
    expect(oracle).toBeGreaterThan(ds.cases.length / 2);
    const templates = new Set(ds.cases.map((c) => c.tags.template));
    for (const t of ["dev-server", "curl-loopback", "ps-kill", "docker-compose", "toolchain-lookup", "recursive-read", "git-read", "test-build"]) expect(templates).toContain(t);
  });

  it("regenerates deterministically", () => {
    const flat = (m: ReturnType<typeof generate>) => [...m.values()].flat().map((c) => c.command);
    expect(flat(generate(15))).toEqual(flat(generate(15)));
  });

  it("rejects a dataset.json naming a world eval does not know, naming the file", () => {
    const dir = path.join(tmp, "bad-manifest");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "dataset.json"), `{"world": "mars"}`);
    expect(() => loadManifest(dir)).toThrow(/dataset\.json: world/);
    fs.writeFileSync(path.join(dir, "dataset.json"), `{}`);
    expect(loadManifest(dir).world).toBe("planted");
  });
});

describe("evaluate with a world per dataset", () => {
  it("classifies each set in its own world's context", () => {
    const table = loadLevels();
    const c = (command: string) => ({ id: "x", command, label: { level: "reader" as const, source: "hand" as const, reason: "synthetic" }, tags: {} });
    const planted: Dataset = { name: "planted-set", hash: "h", files: [], cases: [c("probe-a")] };
    const big: Dataset = { name: "big-set", world: "real-size", hash: "h2", files: [], cases: [c("probe-b")] };
    const seen = new Set<string>();
    const classify: Classifier = (cmd, ctx) => {
      seen.add(`${cmd}:${String((ctx.fs as { tag?: string } | null)?.tag)}`);
      return { decision: "allow", level: "reader", reasons: [] };
    };
    const base = { cwd: "/w/p", roots: ["/w/p"], home: "/w", tmp: "/tmp", fs: { tag: "planted" } };
    evaluate([planted, big], classify, table, { context: base, contexts: { "big-set": { ...base, fs: { tag: "real-size" } } }, passes: 1, verifyEvery: 1 });
    expect(seen).toEqual(new Set(["probe-a:planted", "probe-b:real-size"]));
  });
});
