import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closest, editDistance } from "../../src/cli/didyoumean.ts";
import { COMMAND_HELP, run } from "../../src/cli/run.ts";
import { makeIo, tempDir } from "./helpers.ts";

let t: ReturnType<typeof tempDir>;
beforeEach(() => (t = tempDir()));
afterEach(() => t.cleanup());

async function cli(args: string[], binPath?: string) {
  const io = makeIo({ home: t.dir });
  if (binPath) io.binPath = binPath;
  const code = await run(args, io);
  return { code, out: io.stdout.join(""), err: io.stderr.join("") };
}

describe("CLI basics", () => {
  it("--version (and -V, version) prints this install's package.json version", async () => {
    const bin = path.resolve("bin/shellfence.js");
    const { version } = JSON.parse(readFileSync("package.json", "utf8"));
    for (const flag of ["--version", "-V", "version"]) expect(await cli([flag], bin)).toEqual({ code: 0, out: `${version}\n`, err: "" });
    // An install without a readable package.json says so and exits 2.
    const broken = await cli(["--version"], path.join(t.dir, "bin", "shellfence.js"));
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/cannot read the version/);
  });

  it("help <command> and <command> --help print that command's usage", async () => {
    for (const name of Object.keys(COMMAND_HELP).filter((n) => n !== "hook")) {
      const a = await cli(["help", name]);
      expect(a).toEqual({ code: 0, out: COMMAND_HELP[name], err: "" });
      expect(a.out.startsWith(`shellfence ${name}`)).toBe(true);
      if (name !== "help") expect(await cli([name, "--help"])).toEqual(a);
      if (name !== "help") expect(await cli([name, "-h"])).toEqual(a);
    }
    expect((await cli(["help", "hook"])).out).toMatch(/^shellfence hook/);
  });

  it("after --, --help is the command judged, not a request for help", async () => {
    const r = await cli(["check", "--", "--help"]);
    expect(r.out).not.toBe(COMMAND_HELP.check);
  });

  it("suggests the subcommand or option meant, and still exits 2", async () => {
    const sub = await cli(["chekc", "ls"]);
    expect(sub.code).toBe(2);
    expect(sub.err).toMatch(/unknown command "chekc"; did you mean check\?/);
    expect((await cli(["setpu"])).err).toMatch(/did you mean setup\?/);
    expect((await cli(["help", "explian"])).err).toMatch(/no command "explian"; did you mean explain\?/);
    const opt = await cli(["check", "--levle", "editor", "ls"]);
    expect(opt.code).toBe(2);
    expect(opt.err).toMatch(/unknown option --levle .*did you mean --level\?/);
    expect((await cli(["check", "--level", "develper", "ls"])).err).toMatch(/Did you mean developer\?/);
    expect((await cli(["setup", "--dryrun"])).err).toMatch(/did you mean --dry-run\?/);
    expect((await cli(["setup", "--agent", "codx"])).err).toMatch(/did you mean codex\?/);
    expect((await cli(["levels", "--jsn"])).err).toMatch(/did you mean --json\?/);
    // Nothing near: no guess.
    expect((await cli(["frobnicate"])).err).not.toMatch(/did you mean/);
  });
});

describe("closest", () => {
  it("finds a name within one typo of it", () => {
    const names = ["check", "explain", "hook", "setup", "levels", "doctor", "uninstall"];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.nat(), fc.constantFrom("drop", "swap", "change"), (name, at, kind) => {
        const i = at % (name.length - 1);
        const typo =
          kind === "drop" ? name.slice(0, i) + name.slice(i + 1) : kind === "swap" ? name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2) : name.slice(0, i) + (name[i] === "q" ? "z" : "q") + name.slice(i + 1);
        expect(editDistance(typo, name)).toBeLessThanOrEqual(1);
        if (typo !== name && typo.length >= 3) expect(closest(typo, names)).toBe(name);
      }),
    );
  });

  it("does not guess far", () => {
    expect(closest("x", ["check"])).toBeNull();
    expect(closest("completely", ["check", "setup"])).toBeNull();
  });
});
