// The words after inline code are its arguments: the code may open any of them. Each case shows
// the harm under real bash in a throwaway project first, then that the verdict is not approved.
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { realFs } from "../../src/analysis/fs.ts";
import { makeSandbox } from "./support/realbash.ts";

const cases = [
  "python3 -c 'import sys; print(open(sys.argv[1]).read())' .env",
  "node -p 'require(\"fs\").readFileSync(process.argv[1], \"utf8\")' .env",
  "python3 -c 'import sys, os; os.system(\"cat \" + sys.argv[1])' .env",
  "node -e 'console.log(require(\"fs\").readFileSync(process.argv[1], \"utf8\"))' -- .env",
  "python3 -c 'import sys; sys.stdout.write(open(sys.argv[2]).read())' x .env",
];

describe("arguments handed to inline code", () => {
  for (const cmd of cases) {
    it(cmd, () => {
      const s = makeSandbox({ worktree: false });
      try {
        const verdict = classify(cmd, { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home } });
        const r = s.run(cmd);
        expect(r.stdout + r.stderr).toContain(s.canary);
        expect(verdict.decision).toBe("ask");
      } finally {
        s.cleanup();
      }
    });
  }
  it("a plain argument stays developer", () => {
    const s = makeSandbox({ worktree: false });
    try {
      expect(classify("python3 -c 'import sys; print(sys.argv)' a b", { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home } }).decision).toBe("allow");
    } finally {
      s.cleanup();
    }
  });
});
