// Properties of verdicts over generated commands: level monotonicity and composition.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { admits, join } from "../../src/policy/levels.ts";
import { LEVELS, type Need } from "../../src/policy/model.ts";
import { classifyFake, levels } from "../analysis/support/classify.ts";
import { memFs } from "../analysis/support/memfs.ts";

const fs = memFs({
  dirs: ["/home/u/proj/.git", "/home/u/proj/src", "/home/u/proj/build", "/etc"],
  files: { "/home/u/proj/README.md": "x", "/home/u/.ssh/id_rsa": "k", "/home/u/proj/run.sh": "echo hi" },
});
const ctx = { cwd: "/home/u/proj", home: "/home/u", fs };

// Atoms deliberately exclude directory movers outside subshells: `cd X && b` legitimately
// changes where b's paths land (and a cd known to fail skips b), so composition with a mover
// can lower b's need. Movers appear only where they cannot affect the other side.
const atoms = [
  "ls", "cat README.md", "cat ~/.ssh/id_rsa", "rm -rf build", "touch /etc/x", "echo hi > out.txt",
  "curl https://example.com", "python3 -c 'print(1)'", "sudo ls", "kill 1", "git status", "make",
  "x=$(date)", "echo $X", "true", "grep a README.md", "cp README.md /tmp/b", "bash -c 'ls src'",
  "rm -rf ~", "frobnicate --all", "echo hi >> ~/.bashrc", "./run.sh", "cat <<'EOF'\nhi\nEOF",
  "(cd /etc; ls)", "$CMD", "echo a | sh", "env", "GIT_PAGER=cat git log", "PAGER='rm -rf /' git log",
];

const composers: ((a: string, b: string) => string)[] = [
  (a, b) => `${a}; ${b}`,
  (a, b) => `${a} && ${b}`,
  (a, b) => `${a} || ${b}`,
  (a, b) => `${a} | ${b}`,
  (a, b) => `${a} & ${b}`,
  (a, b) => `${a}\n${b}`,
  (a, b) => `echo $(${a}) ; ${b}`,
  (a, b) => `{ ${a}; ${b}; }`,
  (a, b) => `(${a}); ${b}`,
  (a, b) => `if ${a}; then ${b}; fi`,
  (a, b) => `while ${a}; do ${b}; done`,
  (a, b) => `for i in 1 2; do ${a}; ${b}; done`,
  (a, b) => `f() { ${a}; }; f; ${b}`,
  (a, b) => `cat <(${a}); ${b}`,
  (a, b) => `${a} > >(${b})`,
  (a, b) => `case x in x) ${a};; *) ${b};; esac`,
];

const need = (cmd: string): Need => classifyFake(cmd, ctx).level;
const atLeast = (big: Need, small: Need) => join(levels, big, small) === big;

describe("verdict properties", () => {
  it("level monotonicity: approved at L implies approved at every level above L", () => {
    fc.assert(
      fc.property(fc.constantFrom(...atoms), fc.constantFrom(...atoms), fc.integer({ min: 0, max: composers.length - 1 }), (a, b, k) => {
        const cmd = composers[k]!(a, b);
        const decisions = Object.fromEntries(LEVELS.map((l) => [l, classifyFake(cmd, { ...ctx, level: l }).decision]));
        for (const l of LEVELS) {
          if (decisions[l] !== "allow") continue;
          for (const up of LEVELS) if (levels.upward[l].has(up)) expect(decisions[up], `${cmd}: allowed at ${l}, not at ${up}`).toBe("allow");
        }
      }),
      { numRuns: 150 },
    );
  });

  it("composition never needs a lower level than either part alone", () => {
    fc.assert(
      fc.property(fc.constantFrom(...atoms), fc.constantFrom(...atoms), fc.integer({ min: 0, max: composers.length - 1 }), (a, b, k) => {
        const cmd = composers[k]!(a, b);
        const whole = need(cmd);
        expect(atLeast(whole, need(a)), `${JSON.stringify(cmd)} needs ${whole}, ${JSON.stringify(a)} alone needs ${need(a)}`).toBe(true);
        expect(atLeast(whole, need(b)), `${JSON.stringify(cmd)} needs ${whole}, ${JSON.stringify(b)} alone needs ${need(b)}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("the decision is exactly admits(configured, level)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...atoms), fc.constantFrom(...LEVELS), (a, l) => {
        const v = classifyFake(a, { ...ctx, level: l });
        expect(v.decision === "allow").toBe(admits(levels, l, v.level));
      }),
      { numRuns: 100 },
    );
  });
});
