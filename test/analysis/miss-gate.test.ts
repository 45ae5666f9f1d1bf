// Walk fixes for adversarial-set misses (issue 5): each case was approved below its oracle label.
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { classifyFake } from "./support/classify.ts";
import { memFs } from "./support/memfs.ts";

const fs = memFs({
  dirs: ["/home/u/proj/.git", "/home/u/proj/data", "/home/u/.claude", "/tmp"],
  files: { "/home/u/proj/data/a.txt": "a", "/home/u/.claude/settings.json": "{}", "/tmp/s.sh": "echo hi > /tmp/out" },
});
const ctx = { cwd: "/home/u/proj", home: "/home/u", fs };
const level = (cmd: string) => classifyFake(cmd, ctx).level;

describe("find -exec: `{}` is every path below the start point", () => {
  const tree = memFs({
    dirs: ["/home/u/proj/.git", "/home/u/proj/src/deep"],
    files: { "/home/u/proj/src/a.py": "x", "/home/u/proj/src/deep/b.py": "x", "/home/u/proj/.env": "S=1", "/home/u/.ssh/id_rsa": "k" },
    links: { "/home/u/proj/src/key.py": "/home/u/.ssh/id_rsa" },
  });
  const real = (cmd: string) => classify(cmd, { cwd: "/home/u/proj", home: "/home/u", roots: ["/home/u/proj"], fs: tree, env: {} }).level;
  it("so a command run on each match reads what lies below, secrets included", () => {
    expect(real("find . -type f -exec cat {} \\;")).toBe("yolo");
    expect(real("find . -type f -exec grep -l TODO {} +")).toBe("yolo");
  });
  it("a plain -name conjunction narrows it to the names that match (find's * matches a leading dot)", () => {
    expect(real("find src -name '*.md' -exec grep -l TODO {} +")).toBe("reader");
    expect(real("find . -name '.e*' -exec cat {} \\;")).toBe("yolo");
    expect(real("find . -name '*' -exec cat {} \\;")).toBe("yolo");
    expect(real("find src -name '*.py' -exec cat {} \\;")).toBe("yolo"); // key.py links to a secret
  });
  it("rm -r of a tree deletes what lies below it: a .env in it is a secret delete", () => {
    expect(real("rm -rf src")).toBe("yolo");
    expect(real("rm -rf src/deep")).toBe("developer");
    // the whole project root: never (issue 13 class 10)
    expect(real("rm -rf .")).toBe("never");
    expect(real("cd src && rm -r ..")).toBe("never");
  });
  it("find -delete deletes the tree below, or with a plain -name only the names that match", () => {
    expect(real("find src -delete")).toBe("yolo");
    expect(real("find . -delete")).toBe("never");
    expect(real("find . -name '.env' -delete")).toBe("yolo");
    expect(real("find . -name '*.pyc' -delete")).toBe("developer");
    expect(real("find . -name '*.pyc' -o -name x -delete")).toBe("never"); // not narrowed: the whole root
  });
  it("-o, !, ',' or -L undo the narrowing", () => {
    expect(real("find src -name '*.md' -o -name x -exec cat {} \\;")).toBe("yolo");
    expect(real("find src -name '*.md' -exec cat {} \\; , -exec cat {} \\;")).toBe("yolo");
    expect(real("find -L src -name '*.md' -exec cat {} \\;")).toBe("yolo");
    expect(real("find src -exec cat {} \\; -name '*.md'")).toBe("yolo");
  });
});

describe("exec -l / exec -a -NAME start a shell as a login shell (it reads the profiles)", () => {
  const real = (cmd: string) => classify(cmd, { ...ctx, roots: ["/home/u/proj"], env: {} }).level;
  it("is judged like the shell's own -l", () => {
    expect(real("bash -l -c true")).toBe("reader");
    expect(real("(exec -l bash -c true)")).toBe("reader");
    expect(real("(exec -a -bash bash -c true)")).toBe("reader");
    expect(real("bash -c 'exec -cl /bin/sh -c true'")).toBe("reader");
  });
  it("a plain argv[0] or a program that is not a shell changes nothing; a dynamic name is refused", () => {
    expect(real("(exec -a foo bash -c true)")).toBe("paranoid");
    expect(real("(exec -l cat /tmp/s.sh)")).toBe("paranoid");
    expect(real('(exec -a "$X" bash -c true)')).toBe("never");
  });
});

describe("source of stdin, streams and unreadable files", () => {
  it("`source /dev/stdin <<EOF` parses the heredoc as shell in the current shell", () => {
    expect(level("source /dev/stdin <<'EOF'\necho '{}' >~/.claude/settings.json\nEOF")).toBe("never");
    expect(level("source /dev/stdin <<'EOF'\necho x >data/a.txt\nEOF")).toBe("editor");
    expect(level(". /dev/stdin <<< 'echo x >~/.claude/settings.json'")).toBe("never");
    // the heredoc's `cd` moves the outer shell
    expect(level("source /dev/stdin <<'EOF'\ncd ~/.claude\nEOF\necho x > settings.json")).toBe("never");
  });
  it("`source /dev/stdin` fed by something that is not literal is unmodelled", () => {
    expect(level("cat data/a.txt | source /dev/stdin")).toBe("never");
  });
  it("`source <(...)`, /dev/fd/N or an existing file it cannot read is unmodelled, not foreign code", () => {
    expect(level(". <(printf '%s\\n' 'echo x > data/b.txt')")).toBe("never");
    expect(level("source /dev/fd/3")).toBe("never");
    expect(level("source ~/.claude")).toBe("never"); // a directory: not readable as a script
  });
  it("a readable sourced file is still parsed", () => {
    expect(level("source /tmp/s.sh")).toBe("editor");
  });
  it("`source -- FILE` sources FILE; `source -x FILE` fails without running it", () => {
    expect(level("source -- /dev/stdin <<'EOF'\necho x >~/.claude/settings.json\nEOF")).toBe("never");
    expect(level("echo 'echo x > ~/.claude/settings.json' > /tmp/t.sh; . -- /tmp/t.sh")).toBe("never");
    expect(level("source -- <(echo hi)")).toBe("never");
    expect(level("source -x /tmp/s.sh")).toBe("paranoid");
  });
});
