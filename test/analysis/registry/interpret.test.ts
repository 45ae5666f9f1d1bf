// interpret(): argv shapes (clusters, glued values, abbreviations, `--`, old-style), roles to
// effects, subcommands, modes, inner runs and the fail-closed cases, on the real registry.
import { describe, expect, it } from "vitest";
import { interpret, loadRegistry, lookup, roleOf, isUnboundedTarget, type AbstractEffect, type ArgWord, type Interpretation } from "../../../src/analysis/registry/index.ts";

const reg = loadRegistry();
const run = (...argv: ArgWord[]): Interpretation => interpret(reg, argv);

function known(i: Interpretation) {
  if (!i.known) throw new Error(`expected known, got: ${i.reason}`);
  return i;
}
const paths = (i: Interpretation, op: string) =>
  known(i).effects.filter((e): e is Extract<AbstractEffect, { type: "path" }> => e.type === "path" && e.op === op).map((e) => e.path);
const others = (i: Interpretation, op: string) => known(i).effects.filter((e) => e.type === "other" && e.op === op);

describe("flag forms", () => {
  it("takes -o's value glued, separate, in a cluster and as --output=", () => {
    for (const argv of [["sort", "-oout", "in"], ["sort", "-o", "out", "in"], ["sort", "-rno", "out", "in"], ["sort", "--output=out", "in"], ["sort", "--output", "out", "in"]]) {
      expect(paths(run(...argv), "write"), argv.join(" ")).toEqual(["out"]);
      expect(paths(run(...argv), "read"), argv.join(" ")).toEqual(["in"]);
    }
  });
  it("accepts an unambiguous abbreviation of a long option", () => {
    expect(paths(run("sort", "--out=/etc/x", "a"), "write")).toEqual(["/etc/x"]);
  });
  it("refuses an ambiguous abbreviation", () => {
    const r = run("git", "log", "--outp=x");
    expect(r.known).toBe(false);
    if (!r.known) expect(r.reason).toMatch(/ambiguous/);
  });
  it("treats words after -- as operands", () => {
    expect(paths(run("rm", "--", "-rf"), "delete")).toEqual(["-rf"]);
  });
  it("refuses unknown flags with the flag and command named", () => {
    const r = run("ls", "--frobnicate");
    expect(r).toMatchObject({ known: false, argIndex: 1 });
    if (!r.known) expect(r.reason).toContain("--frobnicate");
  });
  it("takes a flag that needs a value and has none as unknown", () => {
    expect(run("sort", "-o").known).toBe(false);
  });
  it("reads dashless old-style clusters (tar czf)", () => {
    const i = run("tar", "czf", "out.tgz", "src");
    expect(paths(i, "write")).toEqual(["out.tgz"]);
    expect(paths(i, "read")).toEqual(["src"]);
  });
  it("prints unknown flags for lax commands (echo) instead of refusing", () => {
    expect(known(run("echo", "-rf", "/")).effects).toEqual([]);
  });
  it("matches -NUM and prefix flags (-D..., --add-opens=...)", () => {
    expect(known(run("head", "-20", "f")).effects).toHaveLength(1);
    expect(run("java", "-Dx=1", "--add-opens=java.base/java.lang=ALL-UNNAMED", "-jar", "a.jar").known).toBe(true);
  });
});

describe("abbreviations and lax flags", () => {
  it("hands handlers the full name of an abbreviated long option", () => {
    // tar --dir= is --directory: extraction lands under it.
    expect(paths(run("tar", "-xf", "a.tar", "--dir=/etc"), "write")).toEqual(["/etc"]);
  });
  it("keeps the path-like glued value of an unknown flag of a tool group", () => {
    expect(paths(run("vitest", "run", "--outputFile=/etc/x"), "write")).toEqual(["run", "/etc/x"]);
    expect(paths(run("vitest", "--coverage"), "write")).toEqual([]);
    expect(paths(run("shellcheck", "-o/tmp/x", "a.sh"), "read")).toEqual(["/tmp/x", "a.sh"]);
    // (and its configuration in the working directory)
    expect(paths(run("flake8", "src"), "read")).toEqual(["src/**/*.py", ".flake8", "setup.cfg", "tox.ini"]);
  });
  it("keeps a whole unknown dash word as an operand for lax commands (chmod -x f)", () => {
    expect(paths(run("chmod", "-x", "f"), "write")).toEqual(["f"]);
  });
});

describe("dynamic words", () => {
  it("is unknown when the command name is dynamic", () => {
    expect(run(null, "x").known).toBe(false);
  });
  it("is unknown when a subcommand is dynamic", () => {
    expect(run("git", null).known).toBe(false);
  });
  it("is unknown when a dynamic word may be a flag that matters", () => {
    expect(run("sort", null).known).toBe(false);
  });
  it("keeps a dynamic operand as a dynamic path when no flag could matter", () => {
    expect(paths(run("cat", null), "read")).toEqual([null]);
  });
  it("is unknown when inline code or a shell script is dynamic", () => {
    expect(run("python3", "-c", null).known).toBe(false);
    expect(run("bash", "-c", null).known).toBe(false);
  });
  it("turns a dynamic URL into a computed-url fetch", () => {
    const i = run("curl", "-s", "--", null);
    expect(others(i, "net-fetch")).toMatchObject([{ kind: "computed-url" }]);
  });
});

describe("positional policies and modes", () => {
  it("cp: last operand is written, the rest read; -t DIR overrides", () => {
    expect(paths(run("cp", "a", "b", "dst"), "write")).toEqual(["dst"]);
    expect(paths(run("cp", "a", "b", "dst"), "read")).toEqual(["a", "b"]);
    expect(paths(run("cp", "-t", "dst", "a", "b"), "read")).toEqual(["a", "b"]);
    expect(paths(run("cp", "-t", "dst", "a", "b"), "write")).toEqual(["dst"]);
  });
  it("mv deletes its sources and replaces its destination", () => {
    expect(paths(run("mv", "a", "b"), "delete")).toEqual(["a", "b"]);
  });
  it("grep: the first operand is a pattern unless -e gives one; -r defaults to .", () => {
    expect(paths(run("grep", "x", "f"), "read")).toEqual(["f"]);
    expect(paths(run("grep", "-e", "x", "f", "g"), "read")).toEqual(["f", "g"]);
    expect(paths(run("grep", "-r", "x"), "read")).toEqual(["."]);
    expect(paths(run("grep", "x"), "read")).toEqual([]);
  });
  it("uniq writes its second operand", () => {
    expect(paths(run("uniq", "in", "out"), "write")).toEqual(["out"]);
  });
  it("marks -r deletes recursive and rm -rf / unbounded", () => {
    const e = known(run("rm", "-rf", "/")).effects[0]!;
    expect(e).toMatchObject({ op: "delete", recursive: true, kind: "unbounded" });
    expect(known(run("rm", "-rf", "build")).effects[0]).not.toHaveProperty("kind");
  });
  it("requires operands where the tool does", () => {
    expect(run("mkdir").known).toBe(false);
    expect(run("cp", "a").known).toBe(false);
    expect(run("tr", "a", "b", "c").known).toBe(false);
  });
});

describe("unbounded delete targets", () => {
  it.each(["/", "/*", "~", "~/", "~/*", "$HOME", "/usr", "/etc/*", "/home", "/.", "//"])("%s is unbounded", (p) => {
    expect(isUnboundedTarget(p)).toBe(true);
  });
  it.each(["build", "./dist", "/tmp", "/tmp/*", "/tmp/x", "/usr/local/x", "..", "../x"])("%s is not", (p) => {
    expect(isUnboundedTarget(p)).toBe(false);
  });
});

describe("subcommands", () => {
  it("matches nested subcommands and reports the path", () => {
    expect(known(run("git", "stash", "list")).matched).toBe("git stash list");
    expect(known(run("git", "remote", "add", "o", "u")).matched).toBe("git remote add");
  });
  it("applies a parent's own effects only when no subcommand matched", () => {
    expect(paths(run("git", "stash"), "delete")).toEqual(["."]);
    expect(paths(run("git", "stash", "list"), "delete")).toEqual([]);
  });
  it("refuses unknown subcommands (git aliases included)", () => {
    expect(run("git", "st").known).toBe(false);
    expect(run("npm", "frobnicate").known).toBe(false);
  });
  it("lets inheriting subcommands take the parent's flags after them", () => {
    expect(known(run("npm", "ci", "--ignore-scripts")).effects.some((e) => e.op === "install" && e.kind === "pinned-scripts-off")).toBe(true);
    expect(known(run("npm", "ci")).effects.some((e) => e.op === "exec" && e.kind === "downloaded-code")).toBe(true);
  });
});

describe("git", () => {
  it("sets the base with -C (joined when repeated)", () => {
    expect(known(run("git", "-C", "a", "-C", "b", "status")).cwdOverride).toBe("a/b");
    expect(known(run("git", "-C", null, "status")).cwdOverride).toBeNull();
  });
  it("makes exec-capable -c keys unmodelled and lets inert keys pass", () => {
    for (const key of ["core.pager", "core.fsmonitor", "core.sshCommand", "diff.external", "filter.x.clean", "alias.st", "credential.helper", "core.hooksPath", "protocol.ext.allow", "include.path", "includeIf.gitdir:x.path", "uploadpack.packObjectsHook", "sequence.editor", "gpg.program", "pager.log", "diff.x.textconv", "merge.x.driver", "core.editor", "url.x.insteadOf", "remote.origin.url"]) {
      const e = others(run("git", "-c", `${key}=x`, "status"), "exec");
      expect(e, key).toMatchObject([{ kind: "unmodelled" }]);
    }
    expect(others(run("git", "-c", "user.name=x", "-c", "color.ui=false", "status"), "exec")).toEqual([]);
  });
  it("separates config reads from writes and scopes", () => {
    expect(others(run("git", "config", "user.name", "x"), "config")).toMatchObject([{ locus: "vcs-control" }]);
    expect(others(run("git", "config", "--global", "user.name", "x"), "config")).toMatchObject([{ locus: "user-config" }]);
    expect(others(run("git", "config", "user.name"), "config")).toEqual([]);
    expect(others(run("git", "config", "--get-all", "credential.helper"), "read")).toMatchObject([{ locus: "secret" }]);
  });
  it("clones into the URL's last segment", () => {
    expect(paths(run("git", "clone", "https://h/o/repo.git"), "write")).toEqual(["repo"]);
    expect(run("git", "clone", "ext::sh -c id").known).toBe(false);
  });
  it("models push as net-send and fetch as a literal fetch", () => {
    expect(others(run("git", "push"), "net-send")).toHaveLength(1);
    expect(others(run("git", "fetch"), "net-fetch")).toMatchObject([{ kind: "literal-url" }]);
  });
});

describe("inner runs", () => {
  it("wrappers hand back the wrapped argv", () => {
    expect(known(run("timeout", "5", "ls", "-la")).inner).toEqual([{ type: "argv", argv: ["ls", "-la"], argIndex: 2 }]);
    expect(known(run("nice", "-n", "5", "make")).inner).toMatchObject([{ argv: ["make"] }]);
  });
  it("env hands back assignments, -i and -C", () => {
    const i = known(run("env", "-i", "-C", "/tmp", "A=1", "ls"));
    expect(i.inner).toEqual([{ type: "argv", argv: ["ls"], argIndex: 5, env: { A: "1" }, clearsEnv: true }]);
    expect(i.cwdOverride).toBe("/tmp");
  });
  it("sudo is privileged and strips leading assignments", () => {
    const i = known(run("sudo", "-u", "pg", "X=1", "ls"));
    expect(i.privileged).toBe(true);
    expect(i.inner).toMatchObject([{ argv: ["ls"], env: { X: "1" } }]);
    expect(others(i, "privilege")).toMatchObject([{ target: "pg" }]);
  });
  it("shells hand back -c scripts, script files and stdin", () => {
    expect(known(run("bash", "-lc", "ls")).inner).toEqual([{ type: "script", script: "ls", shell: "bash", argIndex: 2 }]);
    expect(paths(run("sh", "x.sh", "arg"), "exec")).toEqual(["x.sh"]);
    expect(known(run("bash")).inner).toMatchObject([{ type: "stdin-script" }]);
    expect(known(run("sh", "-s")).inner).toMatchObject([{ type: "stdin-script" }]);
  });
  it("xargs appends unknown arguments, or replaces -I markers", () => {
    expect(known(run("xargs", "rm")).inner).toMatchObject([{ argv: ["rm"], appendsUnknownArgs: true }]);
    expect(known(run("xargs", "-I{}", "mv", "{}", "/tmp")).inner).toMatchObject([{ argv: ["mv", null, "/tmp"] }]);
  });
  it("find -exec substitutes the start point and marks it as a tree", () => {
    const i = known(run("find", "src", "/tmp", "-name", "*.o", "-exec", "rm", "{}", ";"));
    expect(i.inner).toEqual([
      { type: "argv", argv: ["rm", "src"], argIndex: 6, treeArgs: [1], treeName: "*.o" },
      { type: "argv", argv: ["rm", "/tmp"], argIndex: 6, treeArgs: [1], treeName: "*.o" },
    ]);
    // no -name narrowing under -o
    expect(known(run("find", ".", "-name", "*.o", "-o", "-exec", "rm", "{}", ";")).inner).toEqual([{ type: "argv", argv: ["rm", "."], argIndex: 6, treeArgs: [1] }]);
    expect(paths(run("find", ".", "-delete"), "delete")).toEqual(["."]);
    expect(run("find", ".", "-exec", "rm", "{}").known).toBe(false);
  });
  it("watch joins its words into a script; eval and trap take scripts", () => {
    expect(known(run("watch", "-n", "1", "ls", "-la")).inner).toMatchObject([{ type: "script", script: "ls -la" }]);
    expect(known(run("trap", "rm -f x", "EXIT")).inner).toMatchObject([{ type: "script", script: "rm -f x" }]);
  });
  it("python -m maps modules to registry commands", () => {
    expect(known(run("python3", "-m", "pytest", "-q")).inner).toMatchObject([{ argv: ["pytest", "-q"] }]);
    expect(run("python3", "-m", "mystery").known).toBe(false);
  });
});

describe("interpreters", () => {
  it("inline code is exec inline-code", () => {
    for (const argv of [["python3", "-c", "print(1)"], ["node", "-e", "1"], ["perl", "-e", "1"], ["ruby", "-e", "1"]]) {
      expect(others(run(...argv), "exec"), argv.join(" ")).toMatchObject([{ kind: "inline-code", locus: "none" }]);
    }
  });
  it("a script is a path exec; stdin sets execsStdin", () => {
    expect(paths(run("python3", "x.py", "--flag"), "exec")).toEqual(["x.py"]);
    expect(known(run("python3", "-")).execsStdin).toMatchObject({ kind: "inline-code" });
    expect(known(run("node")).execsStdin).toMatchObject({ kind: "inline-code" });
    expect(known(run("python3", "-c", "x")).execsStdin).toBeUndefined();
  });
});

describe("network", () => {
  it("curl fetches, sends with data, writes with -o/-O", () => {
    expect(others(run("curl", "https://x"), "net-fetch")).toMatchObject([{ kind: "literal-url", target: "https://x" }]);
    expect(others(run("curl", "-d", "a", "https://x"), "net-send")).toHaveLength(1);
    expect(others(run("curl", "-X", "GET", "https://x"), "net-send")).toHaveLength(0);
    expect(paths(run("curl", "-q", "-d", "@f.txt", "https://x"), "read")).toEqual(["f.txt"]);
    expect(paths(run("curl", "https://x"), "read")).toEqual(["~/.curlrc", "~/.config/curlrc"]);
    expect(paths(run("curl", "-O", "https://x/a/b.tgz?x=1"), "write")).toEqual(["b.tgz"]);
    expect(run("curl", "-K", "cfg").known).toBe(false);
  });
  it("ssh is remote exec; ssh options that run local commands are unknown", () => {
    expect(others(run("ssh", "h", "ls"), "exec")).toMatchObject([{ kind: "remote", target: "h" }]);
    expect(run("ssh", "-o", "ProxyCommand=x", "h").known).toBe(false);
    expect(run("ssh", "h", "-o", "LocalCommand=x").known).toBe(false);
  });
  it("scp/rsync: a local source to a remote is net-send", () => {
    expect(others(run("scp", "a", "h:b"), "net-send")).toHaveLength(1);
    expect(paths(run("scp", "h:b", "a"), "write")).toEqual(["a"]);
    expect(paths(run("rsync", "-a", "--delete", "s/", "d/"), "delete")).toEqual(["d/"]);
  });
});

describe("lookups for the walk", () => {
  it("resolves aliases and roles", () => {
    expect(lookup(reg, "egrep")?.name).toBe("grep");
    expect(roleOf(reg, "sudo")).toBe("privilege");
    expect(roleOf(reg, "bash")).toBe("shell");
    expect(roleOf(reg, "python3")).toBe("interpreter");
    expect(roleOf(reg, "xargs")).toBe("wrapper");
    expect(roleOf(reg, "nope")).toBeNull();
  });
  it("refuses unknown commands", () => {
    expect(run("frobnicate")).toMatchObject({ known: false, argIndex: 0 });
  });
});
