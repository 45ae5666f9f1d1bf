// Options whose entry read the next word differently from the tool (issue 14, arity gaps): an
// entry that takes a value where the tool takes none hides the next word, a flag or a path, from
// the analysis. Each command below was approved below its real level before its entry was fixed;
// the real run (Debian 12 tools, in a scratch directory) is stated with each.
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { memFs } from "./support/memfs.ts";

const fs = memFs({
  dirs: ["/home/u/proj/.git", "/home/u/proj/src", "/home/u/.ssh", "/tmp"],
  files: { "/home/u/proj/src/a.txt": "a", "/home/u/.ssh/id_rsa": "k", "/home/u/.bashrc": "#", "/tmp/evil.sh": "#!/bin/sh\n" },
});
const level = (cmd: string) => classify(cmd, { cwd: "/home/u/proj", home: "/home/u", roots: ["/home/u/proj"], fs, env: {} }).level;

describe("a switch the entry read as taking a value hid the option after it", () => {
  it("rg --max-columns-preview is a switch (ripgrep 13)", () => {
    // `rg --max-columns-preview --pre /tmp/evil.sh hello src` ran evil.sh on src/a.txt (was: reader)
    expect(level("rg --max-columns-preview --pre /tmp/evil.sh x src")).toBe("yolo");
    // -f reads its patterns from the file (was: reader, the key read as the pattern)
    expect(level("rg --max-columns-preview -f ~/.ssh/id_rsa src")).toBe("yolo");
  });

  it("dig -m is a switch (memory debugging)", () => {
    // `dig -m -f key @127.0.0.1` opened key and printed its line as the query name (was: reader)
    expect(level("dig -m -f ~/.ssh/id_rsa")).toBe("yolo");
  });

  it("wget --random-wait is a switch", () => {
    // `wget --random-wait -O rcfile http://127.0.0.1:1/` left rcfile empty (was: editor, the
    // file read as a URL whose download lands here)
    expect(level("wget --random-wait -O ~/.bashrc https://example.com")).toBe("local-admin");
  });

  it("fd --strip-cwd-prefix is a switch (fd 8)", () => {
    // `fdfind --strip-cwd-prefix -X rm` in a directory of two files removed both (was: reader)
    expect(level("fdfind --strip-cwd-prefix -X rm")).toBe("never");
  });
});

describe("a value the entry read as an operand", () => {
  it("curl --proto-default names the scheme of every URL without one", () => {
    // `curl -s --proto-default file /tmp/x/sec.txt` printed the file (was: reader, `file` and the
    // path read as two URLs)
    expect(level("curl -s --proto-default file /home/u/.ssh/id_rsa")).toBe("never");
  });

  it("curl --help reads a help category and fetches nothing", () => {
    // `curl --help http://127.0.0.1:1/`: "Invalid category provided", exit 0, no connection
    expect(level("curl --help all")).toBe("never"); // no URL: as `curl --help`
  });

  it("pkill -u, skill -u take a user: without a pattern every process of that user is signalled", () => {
    // `pkill -u` alone: option requires an argument -- 'u'; the same for skill
    expect(level("pkill -u u")).toBe("never");
    expect(level("skill -u u")).toBe("never");
    expect(level("pkill -u u node")).toBe("local-admin");
  });
});
