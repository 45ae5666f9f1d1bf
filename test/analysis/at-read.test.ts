// Option values that name a file only when spelled `@FILE` (role `at-read`: `zip -x @list` reads
// its exclusion list from the file), and zstdcat's --patch-from (a dictionary it reads). Both
// were approved with a secret named there (found by the option search: zip 8 cases, zstdcat 9).
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";

const at = (command: string) => classify(command, { level: "developer", cwd: "/p", roots: ["/p"], home: "/h", env: { HOME: "/h" }, fs: null });

describe("at-read values and zstdcat --patch-from", () => {
  it("reads the file a value names with @", () => {
    expect(at("zip -x @/h/.netrc out.zip a").decision).toBe("ask");
    expect(at("zip --exclude=@/h/.ssh/id_rsa out.zip a").decision).toBe("ask");
    expect(at("zstdcat --patch-from=/h/.netrc README.md").decision).toBe("ask");
    expect(at("zstdcat --patch-from /h/.netrc README.md").decision).toBe("ask");
  });

  it("leaves a plain pattern as data", () => {
    const v = at("zip out.zip a.py b.pyc -x '*.pyc'");
    expect(v.decision).toBe("allow");
    expect(v.level).toBe("editor");
  });
});
