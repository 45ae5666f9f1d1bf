// Tools that run a program their project config names before doing anything: every yarn command
// runs the release `.yarnrc.yml` (yarnPath) names, and cargo's metadata and tree ask rustc for
// target info through the rustc-wrapper `.cargo/config.toml` names. So `yarn info` and `cargo
// tree` run project code: never at reader. Each case shows it with the real tool first (skipped
// when the tool is not installed).
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";

const has = (t: string) => spawnSync("bash", ["-c", `command -v ${t}`]).status === 0;

function project(files: Record<string, string>): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "sf-cfgprog-")));
  for (const [f, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), body, { mode: 0o755 });
  }
  return dir;
}

const cases: { tool: string; cmd: string; files: Record<string, string> }[] = [
  {
    tool: "yarn",
    cmd: "yarn info react",
    files: { "package.json": '{"name":"x","version":"1.0.0"}', "rel.cjs": 'require("fs").writeFileSync(__dirname + "/ran", "x")', ".yarnrc.yml": "yarnPath: ./rel.cjs\n" },
  },
  {
    tool: "cargo",
    cmd: "cargo tree",
    files: { "Cargo.toml": '[package]\nname = "ct"\nversion = "0.1.0"\nedition = "2021"\n', "src/main.rs": "fn main() {}\n", "w.sh": '#!/bin/sh\ntouch "$(dirname "$0")/ran"\nexec "$@"\n', ".cargo/config.toml": "" },
  },
];

describe("tools that run what their project config names", () => {
  for (const c of cases) {
    it.skipIf(!has(c.tool))(`${c.cmd} runs it, and is not approved at reader`, () => {
      const dir = project(c.files);
      try {
        if (c.tool === "cargo") fs.writeFileSync(path.join(dir, ".cargo/config.toml"), `[build]\nrustc-wrapper = "${dir}/w.sh"\n`);
        spawnSync("bash", ["-c", c.cmd], { cwd: dir, timeout: 60_000, stdio: "ignore" });
        expect(fs.existsSync(path.join(dir, "ran"))).toBe(true);
        const ctx = { cwd: dir, roots: [dir], home: "/nonexistent-home", tmp: ["/tmp"], env: {} };
        expect(classify(c.cmd, { ...ctx, level: "reader" }).decision).toBe("ask");
        // yarn also opens ~/.yarnrc and ~/.yarnrc.yml (registry tokens: a secret) on every
        // command, which the oracle counts even when they are absent: it needs more than developer
        if (c.tool === "yarn") expect(classify(c.cmd, { ...ctx, level: "yolo" }).decision).toBe("allow");
        else expect(classify(c.cmd, { ...ctx, level: "developer" }).decision).toBe("allow");
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
