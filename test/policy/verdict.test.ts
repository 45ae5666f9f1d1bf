// Verdicts, reasons and the explain text; the library API's contract.
import { describe, expect, it } from "vitest";
import { classify, explain, explainText, LEVELS } from "../../src/index.ts";
import { parseEnvVectors, loadEnvVectors } from "../../src/analysis/envvectors.ts";
import { scanInlineCode } from "../../src/analysis/evidence.ts";
import { classifyFake } from "../analysis/support/classify.ts";
import { memFs } from "../analysis/support/memfs.ts";

const fs = memFs({ dirs: ["/home/u/proj/.git", "/etc"], files: { "/home/u/proj/README.md": "x", "/home/u/.ssh/id_rsa": "k" } });
const ctx = { cwd: "/home/u/proj", home: "/home/u", fs };

describe("verdicts", () => {
  it("allow iff the configured level admits the join of every effect's need", () => {
    const v = classifyFake("cat README.md && rm -rf build", ctx);
    expect(v.level).toBe("developer");
    expect(v.decision).toBe("allow");
    expect(classifyFake("cat README.md && rm -rf build", { ...ctx, level: "editor" }).decision).toBe("ask");
    expect(v.explain.admittedAt).toEqual(["developer", "local-admin", "network-admin", "yolo"]);
  });
  it("a command with no effects needs paranoid", () => {
    expect(classifyFake("true", ctx).level).toBe("paranoid");
    expect(classifyFake("", ctx).level).toBe("paranoid");
  });
  it("reasons name the segment with its byte range, the effect and the rule", () => {
    const cmd = "echo é > /etc/x";
    const v = classifyFake(cmd, ctx);
    const r = v.reasons[0]!;
    expect(r.op).toBe("write");
    expect(r.locus).toBe("system");
    expect(r.segment.text).toBe("> /etc/x");
    expect(r.segment.pos).toBe(cmd.indexOf(">"));
    expect(r.segment.bytes).toEqual([cmd.indexOf(">") + 1, cmd.length + 1]); // é is two bytes in UTF-8
    expect(r.rule).toMatch(/levels\.toml rule #\d+ \(op=write loci=\[.*system.*\]\) -> local-admin/);
    expect(r.region).toBe("/etc/**");
    expect(r.message).toContain("bytes 8-16");
  });
  it("a parse error is never approved and says where", () => {
    const v = classifyFake("echo 'unterminated", ctx);
    expect(v.level).toBe("never");
    expect(v.explain.parseError?.code).toBe("unterminated-single-quote");
    expect(v.reasons[0]!.message).toMatch(/does not parse/);
  });
  it("commands carry argv with null where dynamic, and their bases", () => {
    const v = classifyFake("cd /etc && ls $X", ctx);
    const ls = v.commands.find((c) => c.argv[0] === "ls")!;
    expect(ls.argv).toEqual(["ls", null]);
    expect(ls.bases).toEqual(["/etc"]);
  });
  it("explain text shows the walk, the effects, loci and rules", () => {
    const v = classifyFake("cd src; cat ~/.ssh/id_rsa", ctx);
    const t = explainText(v);
    expect(t).toContain("verdict: ASK at developer; needs yolo");
    expect(t).toContain("[2] cat /home/u/.ssh/id_rsa");
    expect(t).toContain("read secret /home/u/.ssh/id_rsa");
    expect(t).toContain("~/.ssh/**");
    expect(t).toContain("why not approved:");
  });
});

describe("the library API", () => {
  it("classify() returns the --json fields and accepts every level", () => {
    const v = classify("true", { cwd: "/home/u/proj", home: "/home/u", roots: ["/home/u/proj"], fs: null, env: {} });
    expect(Object.keys(v)).toEqual(expect.arrayContaining(["decision", "level", "configuredLevel", "reasons", "effects", "commands", "explain"]));
    expect(v.configuredLevel).toBe("developer");
    for (const l of LEVELS) expect(classify("true", { level: l, fs: null, cwd: "/", home: "/home/u", env: {} }).configuredLevel).toBe(l);
    expect(explain(v)).toContain("verdict: ALLOW");
  });
  it("an unknown level is an error that lists the levels", () => {
    expect(() => classify("true", { level: "admin" as never })).toThrow(/unknown level "admin": use one of paranoid, reader/);
  });
  it("CLAUDE_PROJECT_DIR sets the root when no roots are given", () => {
    const v = classify("true", { cwd: "/somewhere", home: "/home/u", fs: null, env: { CLAUDE_PROJECT_DIR: "/home/u/proj" } });
    expect(v.explain.roots).toEqual(["/home/u/proj"]);
  });
});

describe("the env-vector table", () => {
  it("loads, and prefixes match the longest entry", () => {
    const t = loadEnvVectors();
    expect(t.lookup("GIT_SSH_COMMAND")?.effect).toBe("command");
    expect(t.lookup("GIT_CONFIG_KEY_0")?.effect).toBe("unmodelled");
    expect(t.lookup("npm_config_script_shell")?.effect).toBe("unmodelled");
    expect(t.lookup("LC_ALL")?.effect).toBe("none");
    expect(t.lookup("MY_VAR")).toBeNull();
  });
  it("errors name the file and line", () => {
    expect(() => parseEnvVectors("x.toml", '[[var]]\nname = "A"\neffect = "bogus"\nwhy = "w"\n')).toThrow(/x\.toml:3: at `var\.0\.effect`/);
    expect(() => parseEnvVectors("x.toml", '[[var]]\nname = "A"\neffect = "options"\nsafe = "("\nwhy = "w"\n')).toThrow(/x\.toml: `safe` of A is not a valid regular expression/);
  });
});

describe("evidence in inline code", () => {
  it("finds absolute and ~ paths, and the operation the code visibly performs", () => {
    expect(scanInlineCode("print(open('/home/u/.ssh/id_rsa').read())")).toEqual([{ path: "/home/u/.ssh/id_rsa", op: "read" }]);
    expect(scanInlineCode("import shutil; shutil.rmtree('~/x')")).toEqual([{ path: "~/x", op: "delete" }]);
    expect(scanInlineCode("open('/etc/hosts', 'w').write('x')")[0]!.op).toBe("write");
    expect(scanInlineCode("x = a / b  # https://example.com/y")).toEqual([]);
  });
});
