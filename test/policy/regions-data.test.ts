import { describe, expect, it } from "vitest";
import { compileRegions, globToRegExp, loadRegions, normalizeAbsolute, parseRegions } from "../../src/policy/regions.ts";

const anchors = { home: "/home/u", roots: ["/home/u/code/p", "/home/u/code/p-wt"], tmp: ["/tmp"] };
const r = compileRegions(loadRegions(), anchors);

describe("regions", () => {
  it.each([
    ["/home/u/.ssh/id_rsa", "secret"],
    ["/home/u/.aws/credentials", "secret"],
    ["/home/u/code/p/.env", "secret"],
    ["/home/u/code/p/config/.env.local", "secret"],
    ["/home/u/code/p/src/a.ts", "worktree"],
    ["/home/u/code/p-wt/src/a.ts", "worktree"],
    ["/home/u/code/p", "worktree"],
    ["/home/u/code/p/.git/hooks/pre-commit", "vcs-control"],
    ["/home/u/code/p/.git/config", "vcs-control"],
    ["/home/u/code/p/.git/objects/ab/cdef", "worktree"],
    ["/home/u/code/p/.claude/settings.json", "self"],
    ["/home/u/.claude/settings.json", "self"],
    ["/home/u/.config/shellfence/config.toml", "self"],
    ["/home/u/code/sibling/x", "adjacent"],
    ["/home/u/.bashrc", "user-config"],
    ["/home/u/.config/git/config", "user-config"],
    ["/home/u/Documents/a.txt", "home"],
    ["/tmp/x", "tmp"],
    ["/tmp", "tmp"],
    ["/dev/null", "stream"],
    ["/dev/fd/3", "stream"],
    ["/dev/sda", "device"],
    ["/proc/sys/kernel/x", "kernel"],
    ["/proc/self/environ", "secret"],
    ["/proc/thread-self/environ", "secret"],
    ["/proc/self/task/123/environ", "secret"],
    ["/proc/42/task/42/environ", "secret"],
    ["/home/u/code/p/.git/config.worktree", "vcs-control"],
    ["/home/u/code/p/.git/worktrees/p-wt/config.worktree", "vcs-control"],
    ["/home/u/code/p/.claude/settings.dev.json", "self"],
    ["/home/u/.claude/settings.local.json", "self"],
    ["/etc/passwd", "system"],
    ["/etc/shadow", "secret"],
    ["/usr/bin/ls", "system"],
  ])("%s is %s", (p, locus) => {
    expect(r.locate(p)).toBe(locus);
  });

  it("normalises before matching, so .. cannot smuggle a path into the worktree", () => {
    expect(r.locate("/home/u/code/p/../../.ssh/id_rsa")).toBe("secret");
    expect(r.locate("/home/u/code/p/src/../../sibling/x")).toBe("adjacent");
    expect(normalizeAbsolute("//a//b/./c/")).toBe("/a/b/c");
  });

  it("places a HOME or a project inside a temp dir by their own anchors, the rest of the temp dir as tmp", () => {
    const inTmp = compileRegions(loadRegions(), { home: "/tmp/h", roots: ["/tmp/h/code/p", "/var/tmp/w/p"], tmp: ["/tmp", "/var/tmp"] });
    expect(inTmp.locate("/tmp/h/.bashrc")).toBe("user-config");
    expect(inTmp.locate("/tmp/h/.claude/settings.json")).toBe("self");
    expect(inTmp.locate("/tmp/h/.ssh/id_rsa")).toBe("secret");
    expect(inTmp.locate("/tmp/h/notes.txt")).toBe("home");
    expect(inTmp.locate("/tmp/h/code/p/src/a.ts")).toBe("worktree");
    expect(inTmp.locate("/tmp/h/code/p/.git/hooks/x")).toBe("vcs-control");
    expect(inTmp.locate("/tmp/h/code/other/x")).toBe("adjacent");
    expect(inTmp.locate("/var/tmp/w/p/a.txt")).toBe("worktree");
    expect(inTmp.locate("/var/tmp/w/q")).toBe("adjacent");
    expect(inTmp.locate("/tmp/other.txt")).toBe("tmp");
    expect(inTmp.locate("/tmp")).toBe("tmp");
    expect(inTmp.locate("/var/tmp/x")).toBe("tmp");
    // A root that is the temp dir's direct child has the temp dir as its parent: not inside it.
    const direct = compileRegions(loadRegions(), { home: "/home/u", roots: ["/tmp/p"], tmp: ["/tmp"] });
    expect(direct.locate("/tmp/q")).toBe("tmp");
    expect(direct.locate("/tmp/p/x")).toBe("worktree");
  });

  it("gives no adjacent locus when the root sits directly in HOME", () => {
    const flat = compileRegions(loadRegions(), { home: "/home/u", roots: ["/home/u/p"], tmp: ["/tmp"] });
    expect(flat.locate("/home/u/other/x")).toBe("home");
  });

  it("globs: * stays in a segment, ** spans segments and the directory itself", () => {
    expect(globToRegExp("/a/*").test("/a/b/c")).toBe(false);
    expect(globToRegExp("/a/**").test("/a")).toBe(true);
    expect(globToRegExp("/a/**").test("/a/b/c")).toBe(true);
    expect(globToRegExp("/a/**").test("/ab")).toBe(false);
    expect(globToRegExp("**/.env").test("/x/y/.env")).toBe(true);
  });

  it("places the config homes of $XDG_CONFIG_HOME and $CLAUDE_CONFIG_DIR in self, as well as the defaults", () => {
    const moved = compileRegions(loadRegions(), { ...anchors, config: ["/home/u/.xdg"], claude: ["/srv/cc"] });
    expect(moved.locate("/home/u/.xdg/shellfence/config.toml")).toBe("self");
    expect(moved.locate("/srv/cc/settings.json")).toBe("self");
    expect(moved.locate("/srv/cc/settings.local.json")).toBe("self");
    expect(moved.locate("/home/u/.config/shellfence/config.toml")).toBe("self");
    expect(moved.locate("/home/u/.claude/settings.json")).toBe("self");
    // Without them, those directories are ordinary places.
    expect(r.locate("/home/u/.xdg/shellfence/config.toml")).toBe("user-config");
    expect(r.locate("/srv/cc/settings.json")).toBe("system");
  });

  it("places the hook daemon's directory (in every temp dir) in self, and the rest of tmp in tmp", () => {
    const withTmpdir = compileRegions(loadRegions(), { ...anchors, tmp: ["/tmp", "/run/user/1000/t"] });
    for (const p of ["/tmp/shellfence-1000", "/tmp/shellfence-0/wake", "/tmp/shellfence-1000/x.out", "/run/user/1000/t/shellfence-1000/daemon.pid"]) {
      expect(withTmpdir.locate(p)).toBe("self");
    }
    expect(withTmpdir.locate("/tmp/shellfence")).toBe("tmp");
    expect(withTmpdir.locate("/tmp/build/shellfence-1000/x")).toBe("tmp");
  });

  it("rejects a pattern with no anchor", () => {
    expect(() => parseRegions("default.toml", 'fallback = "system"\n[[locus]]\nname = "tmp"\npatterns = ["tmp/**"]\n')).toThrow(/default\.toml:\d+/);
  });
});
