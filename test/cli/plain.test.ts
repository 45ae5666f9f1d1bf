// The first reason in words a person reads, from real verdicts; the technical chain stays in
// the reason's message (check --json, explain).
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { plainReason } from "../../src/cli/plain.ts";
import { shortWhy, verdictJson } from "../../src/cli/verdict.ts";
import { classify } from "../../src/index.ts";

const ctx = { cwd: "/home/u/code/proj", roots: ["/home/u/code/proj"], home: "/home/u", fs: null, level: "developer" as const, env: {} };

describe("plain reasons", () => {
  it.each([
    ["cat ~/.ssh/id_rsa", "reads `~/.ssh/id_rsa`, a secret", /^needs yolo, above developer: reads/],
    ["echo $GITHUB_TOKEN", "reads `$GITHUB_TOKEN`, a secret variable", /^needs yolo/],
    ["sudo ls", "runs as `root` (`sudo`)", /^needs local-admin, above developer/],
    ["echo x > ~/.claude/settings.json", "writes `~/.claude/settings.json`, shellfence's or the agent's own settings", /^never auto-approved: writes/],
    ["frobnicate --all", "shellfence cannot tell what `frobnicate` does (unknown command `frobnicate`)", /^never auto-approved: shellfence cannot tell/],
    ["rm -rf ~", "deletes `~`, a whole tree in your home directory, outside the project", /^never auto-approved/],
  ])("%s: %s", (command, plain, hookReason) => {
    const v = classify(command, ctx);
    expect(plainReason(v)).toBe(plain);
    expect(shortWhy(v)).toMatch(hookReason);
    expect(shortWhy(v)).not.toMatch(/rule #|regions\/levels\.toml|bytes \d/);
    // The chain is still there for check --json and explain, and summary is added beside it.
    const j = verdictJson(v);
    expect((j.reasons as { message: string }[])[0]!.message).toMatch(/regions\/levels\.toml/);
    expect(j.summary).toBe(plain);
  });

  it("names the file, not an option that only causes the read", () => {
    // libldap, linked into curl, reads ~/ldaprc whatever the options say
    expect(plainReason(classify("curl --version", { ...ctx, level: "paranoid" }))).toBe("reads `/home/u/ldaprc`, a dotfile or user config");
  });

  it("names a sibling project by the word the command used", () => {
    const d = realpathSync(mkdtempSync(path.join(tmpdir(), "sf-plain-")));
    try {
      mkdirSync(path.join(d, "home", "code", "proj", ".git"), { recursive: true });
      mkdirSync(path.join(d, "home", "code", "other"), { recursive: true });
      const proj = path.join(d, "home", "code", "proj");
      const v = classify("rm -rf ../other", { cwd: proj, roots: [proj], home: path.join(d, "home"), level: "developer", env: {} });
      expect(plainReason(v)).toBe("deletes `../other`, outside the project");
      expect(shortWhy(v)).toMatch(/^needs yolo, above developer: deletes `\.\.\/other`, outside the project$/);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
