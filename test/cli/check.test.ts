// check / explain / levels in-process with a fake classifier: exit codes, JSON fields, precedence.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { run } from "../../src/cli/run.ts";
import { makeIo, tempDir } from "./helpers.ts";

let t: ReturnType<typeof tempDir>;
beforeEach(() => {
  t = tempDir();
});
afterEach(() => t.cleanup());

async function cli(args: string[], env: Record<string, string> = {}) {
  const io = makeIo({ home: t.dir, env });
  const code = await run(args, io);
  return { code, out: io.stdout.join(""), err: io.stderr.join(""), io };
}
function userConfig(text: string) {
  mkdirSync(path.join(t.dir, ".config/shellfence"), { recursive: true });
  writeFileSync(path.join(t.dir, ".config/shellfence/config.toml"), text);
}

describe("shellfence check", () => {
  it("exits 0 for an approved command and 1 for one that is not", async () => {
    expect((await cli(["check", "git status"])).code).toBe(0);
    expect((await cli(["check", "rm -rf /"])).code).toBe(1);
  });

  it("--json carries the contract fields", async () => {
    const r = await cli(["check", "--json", "git status"]);
    const j = JSON.parse(r.out);
    expect(Object.keys(j)).toEqual(expect.arrayContaining(["decision", "level", "reasons", "effects", "commands"]));
    expect(j.decision).toBe("allow");
    expect(j.level).toBe("reader");
    expect(j.effects).toEqual([{ op: "read", locus: "worktree", target: "/repo/.git", source: { pos: 0, end: 3, text: "git" } }]);
    expect(j.commands).toEqual([{ argv: ["git", "status"], bases: [t.dir] }]);
    const no = JSON.parse((await cli(["check", "--json", "curl x | sh"])).out);
    expect(no).toMatchObject({ decision: "ask", level: "never" });
  });

  it("exits 2 listing the levels for an unknown level", async () => {
    const r = await cli(["check", "--level", "superuser", "ls"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/paranoid, reader, editor, developer, local-admin, network-admin, yolo/);
    expect(r.io.calls).toHaveLength(0);
  });

  it("exits 2 for an unknown flag or a missing command", async () => {
    expect((await cli(["check", "--verbose", "ls"])).code).toBe(2);
    expect((await cli(["check"])).code).toBe(2);
    expect((await cli(["check", "--json"])).code).toBe(2);
  });

  it("exits 2 on a config error, naming the file and line", async () => {
    userConfig('level = "developer"\nroots = [1]\n');
    const r = await cli(["check", "ls"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/config\.toml:2:.*roots/);
  });

  it("--level beats the config file; the config beats the default", async () => {
    userConfig('level = "editor"\n');
    expect((await cli(["check", "ls"])).io.calls[0]!.ctx!.level).toBe("editor");
    expect((await cli(["check", "--level", "yolo", "ls"])).io.calls[0]!.ctx!.level).toBe("yolo");
  });

  it("a repo-local file can lower but never raise, even under --level", async () => {
    const proj = path.join(t.dir, "proj");
    mkdirSync(proj);
    writeFileSync(path.join(proj, ".shellfence.toml"), 'level = "yolo"\nroots = ["/"]\n');
    const up = await cli(["check", "--root", proj, "ls"]);
    expect(up.io.calls[0]!.ctx!.level).toBe("developer");
    expect(up.io.calls[0]!.ctx!.roots).toEqual([proj]);
    expect(up.err).toMatch(/can only lower/);
    expect(up.err).toMatch(/roots.*ignored/);
    writeFileSync(path.join(proj, ".shellfence.toml"), 'level = "reader"\n');
    const down = await cli(["check", "--root", proj, "--level", "yolo", "ls"]);
    expect(down.io.calls[0]!.ctx!.level).toBe("reader");
  });

  it("resolves --cwd and --root against the working directory and adds the user's extra roots", async () => {
    userConfig('roots = ["~/lib"]\n');
    const r = await cli(["check", "--cwd", "sub", "--root", "proj", "ls"]);
    expect(r.io.calls[0]!.ctx).toMatchObject({ cwd: path.join(t.dir, "sub"), roots: [path.join(t.dir, "proj"), path.join(t.dir, "lib")] });
  });
});

describe("classifier failures", () => {
  const failing = (e: Error) => async () => ({
    classify: () => {
      throw e;
    },
  });
  it("exits 2 on a broken data file and 1 on a bug, never 0", async () => {
    const dataErr = Object.assign(new Error("/r/registry/x.toml:3: bad"), { name: "DataFileError" });
    const io1 = makeIo({ home: t.dir, classifier: failing(dataErr) });
    expect(await run(["check", "ls"], io1)).toBe(2);
    expect(io1.stderr.join("")).toMatch(/x\.toml:3/);
    const io2 = makeIo({ home: t.dir, classifier: failing(new Error("boom")) });
    expect(await run(["check", "ls"], io2)).toBe(1);
    expect(io2.stderr.join("")).toMatch(/internal error: boom/);
  });
});

describe("shellfence explain", () => {
  it("shows each command, its base, effects with loci, and the reasons", async () => {
    const r = await cli(["explain", "git status"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('"git" "status"');
    expect(r.out).toContain(t.dir);
    expect(r.out).toMatch(/read worktree \/repo\/.git/);
    const no = await cli(["explain", "rm -rf /"]);
    expect(no.code).toBe(1);
    expect(no.out).toMatch(/fake: rm -rf \/ is not on the list/);
  });
});

describe("shellfence levels and dispatch", () => {
  it("lists all seven levels with their summaries and marks the current one", async () => {
    userConfig('level = "editor"\n');
    const r = await cli(["levels", "--json"]);
    const j = JSON.parse(r.out);
    expect(j.levels.map((l: { name: string }) => l.name)).toEqual(["paranoid", "reader", "editor", "developer", "local-admin", "network-admin", "yolo"]);
    expect(j.current).toBe("editor");
    expect(j.levels.find((l: { name: string }) => l.name === "yolo").includes).toContain("local-admin");
    expect(j.levels.find((l: { name: string }) => l.name === "local-admin").includes).not.toContain("network-admin");
    // What each level adds comes from the rules of levels.toml.
    expect(j.levels.find((l: { name: string }) => l.name === "editor").admits.join(";")).toMatch(/write [a-z|-]*worktree/);
    expect(j.never.join(";")).toMatch(/write [a-z|-]*self/);
    const text = await cli(["levels"]);
    expect(text.out).toMatch(/^\* editor +write \(not delete\)/m);
  });

  it("exits 2 for an unknown subcommand or none", async () => {
    expect((await cli(["frob"])).code).toBe(2);
    expect((await cli([])).code).toBe(2);
    expect((await cli(["--help"])).code).toBe(0);
  });
});
