// Where paths land when bash, not the text, decides: globs with the shopt options in force and
// through symlinked directories, the command's own /proc links, deletes whose extent is a whole
// project or temp dir, shred through links, find -execdir/-L, copies into directories, and a
// HOME under a temp dir.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { procLink, resolvePath, segmentRegExp } from "../../src/analysis/paths.ts";
import { nullglobDrops, procGlob } from "../../src/analysis/globs.ts";
import { DEFAULT_GLOB } from "../../src/analysis/shellstate.ts";
import { memFs } from "./support/memfs.ts";

const HOME = "/home/u";
const P = `${HOME}/code/p`;
const fs = memFs({
  dirs: [`${P}/src/deep/er`, `${P}/.git/hooks`, `${P}/data`, `${HOME}/code/sib/.git`, `${HOME}/code/plain`, `${HOME}/.claude`, "/tmp/tmux-1000", "/etc"],
  files: {
    [`${P}/.env`]: "TOKEN=x\n",
    [`${P}/README.md`]: "r\n",
    [`${P}/src/a.js`]: "a\n",
    [`${P}/src/deep/er/x.js`]: "x\n",
    [`${P}/data/a.txt`]: "a\n",
    [`${P}/.git/config`]: "[core]\n",
    [`${HOME}/.ssh/id_rsa`]: "KEY\n",
    [`${HOME}/.bashrc`]: "rc\n",
    [`${HOME}/.claude/settings.json`]: "{}\n",
    [`${HOME}/code/sib/README.md`]: "s\n",
    [`${HOME}/code/plain/README.md`]: "s\n",
    "/tmp/scratch.txt": "t\n",
    "/tmp/cfg/settings.json": "{}\n",
    "/tmp/config": "[core]\n",
    "/etc/passwd": "root\n",
  },
  links: { [`${P}/out`]: "../sib", [`${P}/keys`]: "../../.ssh", [`${P}/rc`]: "../../.bashrc", [`${P}/self-cwd`]: "/proc/self/cwd" },
});
const ctx = { cwd: P, roots: [P], home: HOME, tmp: ["/tmp"], fs, env: { HOME } };
const level = (cmd: string, over: Partial<typeof ctx> = {}) => classify(cmd, { ...ctx, ...over, level: "yolo" }).level;

describe("the command's own /proc links", () => {
  it("resolves root to / and cwd to the given working directory, segment by segment", () => {
    const ok = (r: ReturnType<typeof resolvePath>) => (r.ok ? r.path : `!${r.why}`);
    expect(ok(resolvePath(fs, "/", "/proc/self/root/etc/passwd", true))).toBe("/etc/passwd");
    expect(ok(resolvePath(fs, P, "/proc/thread-self/cwd/../plain", true, P))).toBe(`${HOME}/code/plain`);
    expect(ok(resolvePath(fs, P, "self-cwd/.env", true, P))).toBe(`${P}/.env`);
    const r = resolvePath(fs, "/", "/proc/self/task/7/cwd/src", true);
    expect(r.ok === false && r.cwdRest).toBe("src");
    expect(resolvePath(fs, "/", "/proc/42/cwd/x", true).ok).toBe(false);
    expect(resolvePath(fs, "/", "/proc/self/fd/3/x", true).ok).toBe(false);
    expect(procLink(["self", "fd", "1"], 0)).toBeNull();
    expect(procLink(["self", "environ"], 0)).toBeNull();
  });
  it("places reads through them like the paths they stand for", () => {
    expect(level("cat /proc/self/cwd/.env")).toBe("yolo");
    expect(level("cat /proc/self/root/home/u/.ssh/id_rsa")).toBe("yolo");
    expect(level("cat self-cwd/README.md")).toBe("reader");
    expect(level("cat /proc/1/cwd/README.md")).toBe("yolo");
    expect(level("cat /proc/self/task/1/environ")).toBe("yolo");
  });
  it("reads a relative path and the same path below /proc/self/cwd at the same level (property)", () => {
    const names = ["README.md", ".env", "src/a.js", "keys/id_rsa", "out/README.md", "data/../.env", "src/deep/er/x.js", "rc"];
    fc.assert(fc.property(fc.constantFrom(...names), fc.constantFrom("cat", "head -n1", "wc -l"), (n, tool) => level(`${tool} ${n}`) === level(`${tool} /proc/self/cwd/${n}`)), { numRuns: 40 });
  });
  it("makes the per-process part of a /proc pattern concrete", () => {
    expect(procGlob("/proc/self/cw?/.env", DEFAULT_GLOB)?.paths).toEqual(["/proc/self/cwd/.env"]);
    expect(procGlob("/proc/*/environ", DEFAULT_GLOB)).toEqual({ paths: ["/proc/self/environ", "/proc/thread-self/environ", "/proc/1/environ"], global: true });
    expect(procGlob("/proc/self/task/*/cwd/", DEFAULT_GLOB)?.paths).toEqual(["/proc/self/task/1/cwd/"]);
    expect(procGlob("/proc/self/cwd/*.js", DEFAULT_GLOB)).toBeNull();
  });
});

describe("globs as bash expands them", () => {
  it("matches a leading dot only with dotglob, any case with nocaseglob", () => {
    expect(segmentRegExp("?env").test(".env")).toBe(false);
    expect(segmentRegExp("?env", { dot: true }).test(".env")).toBe(true);
    expect(segmentRegExp(".EN?").test(".env")).toBe(false);
    expect(segmentRegExp(".EN?", { nocase: true }).test(".env")).toBe(true);
  });
  it("keeps the shopt options in the shell state, through branches and inner bash -O", () => {
    expect(level("cat ?env")).toBe("reader");
    expect(level("shopt -s dotglob; cat ?env")).toBe("yolo");
    expect(level("shopt -s dotglob; shopt -u dotglob; cat ?env")).toBe("reader");
    expect(level("if true; then shopt -s dotglob; fi; cat ?env")).toBe("yolo");
    expect(level("(shopt -s dotglob); cat ?env")).toBe("reader");
    expect(level("shopt -s nocaseglob; cat .EN?")).toBe("yolo");
    expect(level("bash -O dotglob -c 'cat ?env'")).toBe("yolo");
  });
  it("goes through symlinked directories in any segment, and through links this command makes", () => {
    expect(level("cat ke?s/id_rsa")).toBe("yolo");
    expect(level("cat o?t/../../.ssh/id_rsa")).toBe("yolo");
    expect(level("echo x | tee -a o?t/README.md")).toBe("developer");
    expect(level("ln -s ../../.ssh k2; echo x | tee k?/authorized_keys")).toBe("never");
    expect(level("cat src/*.js")).toBe("reader");
  });
  it("judges a glob delete by what it matches, not by all of its directory", () => {
    expect(level("rm -f src/*.js")).toBe("developer");
    expect(level("rm -f *.log")).toBe("developer");
  });
  it("tries the argv without each glob word a nullglob may remove", () => {
    expect(nullglobDrops([{ glob: false }, { glob: true }, { glob: false }, { glob: true }])?.length).toBe(3);
    expect(nullglobDrops([{ glob: false }, { glob: true }, { glob: true }, { glob: true }, { glob: true }])).toBeNull();
    expect(level("shopt -s nullglob; find *.nomatch -delete")).toBe("never");
    expect(level("find *.nomatch -delete")).toBe("developer");
    expect(level("shopt -s nullglob; rm -f *.log")).toBe("developer");
  });
});

describe("deletes whose extent is a whole project or temp dir", () => {
  it.each([
    ["rm -rf ../p", "never"],
    ["cd .. && rm -rf p", "never"],
    ["rm -rf /proc/self/cw?/", "never"],
    ["rm -rf ../sib", "never"],
    ["rm -rf out/", "never"],
    ["rm -rf ../s?b", "never"],
    ["rm -rf ~/code", "never"],
    ["rm -rf /tmp/*", "never"],
    ["rm -rf /tmp", "never"],
    ["find /tmp -delete", "never"],
    ["mv ../sib /tmp/old", "never"],
    ["rm -rf ../plain", "yolo"],
    ["rm -rf /tmp/cfg", "developer"],
    ["rm -f /tmp/*.txt", "developer"],
    ["find /tmp -name '*.log' -delete", "developer"],
    ["rm -rf src/deep", "developer"],
  ])("%s needs %s", (cmd, need) => {
    expect(level(cmd)).toBe(need);
  });
});

describe("find runs its commands where the matches are, and follows links when told", () => {
  it.each([
    ["find src -name x.js -execdir cat ../../../.env \\;", "yolo"],
    ["find src -name a.js -execdir cat ../keys/id_rsa \\;", "yolo"],
    ["find src -name nomatch -execdir cat ../keys/id_rsa \\;", "reader"],
    ["find src -name '*.js' -execdir wc -l {} \\;", "reader"],
    ["find -L out -delete", "never"],
    ["find out -delete", "developer"],
    ["find -H out -name README.md -delete", "yolo"],
  ])("%s needs %s", (cmd, need) => {
    expect(level(cmd)).toBe(need);
  });
});

describe("shred writes what a symlink leads to", () => {
  it.each([
    ["shred -n1 rc", "local-admin"],
    ["shred -u -n1 keys/id_rsa", "yolo"],
    ["ln -s ~/.ssh/id_rsa k && shred -n1 k", "never"],
    ["shred -n1 data/a.txt", "editor"],
    ["shred -u data/a.txt", "developer"],
  ])("%s needs %s", (cmd, need) => {
    expect(level(cmd)).toBe(need);
  });
});

describe("a copy into a directory lands at DIR/NAME", () => {
  it.each([
    ["cp /tmp/config .git/", "local-admin"],
    ["cp /tmp/config .git", "local-admin"],
    ["cp -t .git /tmp/config", "local-admin"],
    // -T writes `.git` itself: a root's `.git` decides which repository git reads (a gitfile in a
    // linked worktree is replaced by it), so it is vcs-control even where cp would fail on a directory
    ["cp -T /tmp/config .git", "local-admin"],
    ["cp /tmp/cfg/settings.json ~/.claude", "never"],
    ["mkdir -p .claude && cp /tmp/cfg/settings.json .claude", "never"],
    ["cp -r /tmp/cfg/. ~/.claude/", "never"],
    ["cp -r /tmp/cfg .claude", "never"],
    ["mkdir -p /tmp/x && echo '{}' > /tmp/x/settings.json && cp -r /tmp/x/. .claude/", "never"],
    ["cp /tmp/config .gi?/", "yolo"],
    ["cp data/a.txt src/", "editor"],
    ["cp data/a.txt /tmp/", "editor"],
    ["cp --parents data/a.txt /tmp/", "editor"],
  ])("%s needs %s", (cmd, need) => {
    expect(level(cmd)).toBe(need);
  });
});

describe("a HOME or project under a temp dir", () => {
  const tfs = memFs({ dirs: ["/tmp/h/code/p/src", "/tmp/h/.claude"], files: { "/tmp/h/.bashrc": "rc\n", "/tmp/other.txt": "o\n" } });
  const tctx = { cwd: "/tmp/h/code/p", roots: ["/tmp/h/code/p"], home: "/tmp/h", tmp: ["/tmp"], fs: tfs, env: { HOME: "/tmp/h" } };
  const at = (cmd: string) => classify(cmd, { ...tctx, level: "yolo" }).level;
  it("is placed by its own loci, the rest of the temp dir stays tmp", () => {
    expect(at("echo x >> ~/.bashrc")).toBe("local-admin");
    expect(at("echo '{}' > ~/.claude/settings.json")).toBe("never");
    expect(at("echo x > src/a.txt")).toBe("editor");
    expect(at("echo x > /tmp/other.txt")).toBe("editor");
    expect(at("cat /tmp/other.txt")).toBe("paranoid");
  });
});
