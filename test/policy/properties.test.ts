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

// The heredoc sits in a group so its delimiter line ends the body whatever follows the atom
// (`EOF; b` is not the delimiter: bash would read `b` as part of the body).
// Atoms deliberately exclude directory movers outside subshells: `cd X && b` legitimately
// changes where b's paths land (and a cd known to fail skips b), so composition with a mover
// can lower b's need. Movers appear only where they cannot affect the other side.
const atoms = [
  "ls", "cat README.md", "cat ~/.ssh/id_rsa", "rm -rf build", "touch /etc/x", "echo hi > out.txt",
  "curl https://example.com", "python3 -c 'print(1)'", "sudo ls", "kill 1", "git status", "make",
  "x=$(date)", "echo $X", "true", "grep a README.md", "cp README.md /tmp/b", "bash -c 'ls src'",
  "rm -rf ~", "frobnicate --all", "echo hi >> ~/.bashrc", "./run.sh", "{ cat <<'EOF'\nhi\nEOF\n}",
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
const pairs = atoms.flatMap((a) => atoms.flatMap((b) => composers.map((k) => ({ a, b, cmd: k(a, b) }))));

/** Composed commands whose need is below a part's need: composition may only add effects. */
function lowered(items: { cmd: string; parts: string[] }[]): string[] {
  const alone = new Map<string, Need>();
  const needOf = (c: string) => alone.get(c) ?? alone.set(c, need(c)).get(c)!;
  return items.flatMap(({ cmd, parts }) => {
    const whole = need(cmd);
    return parts.filter((p) => !atLeast(whole, needOf(p))).map((p) => `${JSON.stringify(cmd)} needs ${whole}, ${JSON.stringify(p)} alone needs ${needOf(p)}`);
  });
}

describe("verdict properties", () => {
  // The atom set is small enough to check every pair under every composer (13,456 commands,
  // about 1.5 s): complete, and the same on every run, unlike a random sample of it.
  it("level monotonicity: approved at L implies approved at every level above L (every pair)", () => {
    const broken: string[] = [];
    for (const { cmd } of pairs) {
      const decisions = Object.fromEntries(LEVELS.map((l) => [l, classifyFake(cmd, { ...ctx, level: l }).decision]));
      for (const l of LEVELS) {
        if (decisions[l] !== "allow") continue;
        for (const up of LEVELS) if (levels.upward[l].has(up) && decisions[up] !== "allow") broken.push(`${JSON.stringify(cmd)}: allowed at ${l}, not at ${up}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("composition never needs a lower level than either part alone (every pair)", () => {
    expect(pairs.length).toBe(atoms.length * atoms.length * composers.length);
    expect(lowered(pairs.map(({ a, b, cmd }) => ({ cmd, parts: [a, b] })))).toEqual([]);
  });

  it("nested composition never needs a lower level than any part alone", () => {
    const atom = fc.constantFrom(...atoms);
    const composer = fc.integer({ min: 0, max: composers.length - 1 });
    fc.assert(
      fc.property(atom, atom, atom, composer, composer, fc.boolean(), (a, b, c, j, k, left) => {
        const cmd = left ? composers[k]!(composers[j]!(a, b), c) : composers[k]!(a, composers[j]!(b, c));
        expect(lowered([{ cmd, parts: [a, b, c] }])).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it("the decision is exactly admits(configured, level) (every atom, every level)", () => {
    for (const a of atoms) {
      for (const l of LEVELS) {
        const v = classifyFake(a, { ...ctx, level: l });
        expect(v.decision === "allow", `${a} at ${l}`).toBe(admits(levels, l, v.level));
      }
    }
  });
});
