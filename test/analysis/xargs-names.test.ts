// `find ... | xargs cmd`: the names find prints become cmd's words only when xargs splits its
// input the way find ends the names (newlines: xargs' default, or -I; NULs: -print0 with -0).
// Any other split (-d, a newline list read with -0) or another source (-a) is an unknown word.
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { memFs } from "./support/memfs.ts";

const P = "/home/u/proj";
const fs = memFs({
  dirs: ["/tmp", "/home/u/.ssh"],
  files: { [`${P}/.git/HEAD`]: "ref: refs/heads/main\n", [`${P}/docs/a.md`]: "a", [`${P}/docs/b.md`]: "b", [`${P}/src/x.ts`]: "x", "/home/u/.ssh/id_rsa": "k" },
});
const run = (cmd: string) => classify(cmd, { cwd: P, home: "/home/u", tmp: ["/tmp"], env: {}, fs, level: "reader" });
const argvs = (cmd: string) => run(cmd).commands.map((c) => c.argv);

describe("find | xargs: the names become words only when split as printed", () => {
  it.each([
    ["find . -name '*.md' | xargs wc -l", ["wc", "-l", "./docs/a.md", "./docs/b.md"]],
    ["find . -name '*.md' -print0 | xargs -0 wc -l", ["wc", "-l", "./docs/a.md", "./docs/b.md"]],
    ["find . -name '*.md' -print0 | xargs --null -n1 wc -l", ["wc", "-l", "./docs/a.md", "./docs/b.md"]],
    ["find . -name '*.md' | parallel wc -l", ["wc", "-l", "./docs/a.md", "./docs/b.md"]],
  ])("%s", (cmd, want) => {
    expect(run(cmd).decision).toBe("allow");
    expect(argvs(cmd)).toContainEqual(want);
  });

  it.each([
    ["find . -name '*.md' | xargs -0 wc -l", "a newline list read at NULs is one word"],
    ["find . -name '*.md' -print0 | xargs wc -l", "NUL-ended names read at blanks"],
    ["find . -name '*.md' | xargs -d : wc -l", "another delimiter"],
    ["find . -name '*.md' | xargs --delimiter=/ wc -l", "another delimiter"],
    ["find . -name '*.md' | xargs -a list wc -l", "the words come from a file"],
    ["find . -name '*.md' -print -print0 | xargs -0 wc -l", "both separators"],
    ["find . -name '*.md' | xargs -0 -I{} wc -l {}", "-I over NULs, names ended by newlines"],
    ["find . -name '*.md' | parallel -d : wc -l", "GNU parallel with another delimiter"],
    ["find . -name '*.md' | parallel --null wc -l", "GNU parallel reading a newline list at NULs"],
    ["find . -name '*.md' | tar -tf /tmp/a.tar -I wc", "a program tar runs takes no words from stdin"],
  ])("%s: an unknown word (%s)", (cmd) => {
    const v = run(cmd);
    expect(v.decision).toBe("ask");
    expect(v.commands.some((c) => c.argv[0] === "wc" && c.argv.includes(null))).toBe(true);
  });

  it("xargs -I runs the command once per name, the name in place of each marker", () => {
    const cmd = "find docs -name '*.md' | xargs -I{} sh -c 'echo \"== {}\"; head -3 \"{}\"'";
    expect(run(cmd).decision).toBe("allow");
    const got = argvs(cmd);
    expect(got).toContainEqual(["head", "-3", "docs/a.md"]);
    expect(got).toContainEqual(["head", "-3", "docs/b.md"]);
    expect(got).toContainEqual(["echo", "== docs/b.md"]);
    // -print0 with -0 -I: the same.
    expect(argvs("find docs -name '*.md' -print0 | xargs -0 -I% cp % /tmp/")).toContainEqual(["cp", "docs/a.md", "/tmp/"]);
  });

  it("a name substituted into a script is judged as the script bash will run", () => {
    // In the double quotes of the script, `$(id)` in a file name is a command substitution.
    const withSub = memFs({ files: { [`${P}/.git/HEAD`]: "x", [`${P}/docs/$(id).md`]: "x" }, dirs: ["/tmp"] });
    const v = classify("find docs -name '*.md' | xargs -I{} sh -c 'head -3 \"{}\"'", { cwd: P, home: "/home/u", tmp: ["/tmp"], env: {}, fs: withSub, level: "developer" });
    expect(v.commands.some((c) => c.argv.length === 1 && c.argv[0] === "id")).toBe(true);
    expect(v.commands.find((c) => c.argv[0] === "head")!.argv).toContain(null);
  });

  it("xargs -I runs are budgeted per verdict: nested, they would multiply", () => {
    const files: Record<string, string> = { [`${P}/.git/HEAD`]: "x" };
    for (let i = 0; i < 20; i++) {
      files[`${P}/m${i}.md`] = "x";
      files[`${P}/d/t${i}.ts`] = "x";
    }
    const many = memFs({ files, dirs: ["/tmp"] });
    const ctx = { cwd: P, home: "/home/u", tmp: ["/tmp"], env: {}, fs: many, level: "developer" as const };
    expect(classify("find . -name '*.md' | xargs -I{} sh -c 'head -3 {}'", ctx).decision).toBe("allow");
    const nested = classify("find . -name '*.md' | xargs -I{} sh -c 'find d -name \"*.ts\" | xargs -I@ cat @ {}'", ctx);
    expect(nested.decision).toBe("ask");
    expect(nested.commands.filter((c) => c.argv[0] === "cat").length).toBeLessThanOrEqual(64);
  });

  it("$(find -print0) is not the names (bash drops the NULs and joins them)", () => {
    const v = run("wc -l $(find . -name '*.md' -print0)");
    expect(v.commands.find((c) => c.argv[0] === "wc")!.argv).toContain(null);
  });
});
