// The hook daemon under load and faults: 256 calls from 16 clients at a time, through a daemon
// that is killed outright (kill -9) and stopped (SIGSTOP) on the way; every answer must be the
// one the hook gives in its own process, and nothing may be left in the daemon's directory.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtPackage, daemonUp, entries, hook, hookAsync, pidIn, sleep, stopDaemon, type HookRun, type Pkg } from "./daemon-support.ts";
import { VARIED_COMMANDS } from "./helpers.ts";

let p: Pkg;
beforeAll(async () => {
  p = await builtPackage("sf-load-");
}, 60_000);
afterAll(async () => {
  await stopDaemon(p.daemonDir);
  p.cleanup();
});

const CLIENTS = 16;
const COMMANDS = [...VARIED_COMMANDS, "cat README.md | head -3", "ls -la && git status", `printf '%s\\n' "$(cat a.txt)" > b.txt`];
/** A fallback note: the only stderr a daemon call may add to the in-process answer. */
const FALLBACK = /^shellfence: .*; deciding without the hook daemon$/;

describe("the hook daemon under load", () => {
  it("answers every call of 16 clients exactly as the hook in its own process, through kill -9 and SIGSTOP", async () => {
    const expected = new Map(COMMANDS.map((c) => [c, hook(p, c, { args: ["--no-daemon"] })]));
    const mismatches: { command: string; got: HookRun }[] = [];
    const notes: string[] = [];
    let n = 0;
    /** `count` calls, CLIENTS at a time, each checked against the in-process answer. */
    const phase = async (count: number) => {
      const work = Array.from({ length: count }, () => COMMANDS[n++ % COMMANDS.length]!);
      const worker = async () => {
        for (let c = work.shift(); c !== undefined; c = work.shift()) {
          const got = await hookAsync(p, c);
          const want = expected.get(c)!;
          const errLines = got.err.split("\n").filter(Boolean);
          const own = errLines.filter((l) => !FALLBACK.test(l)).map((l) => l + "\n").join("");
          notes.push(...errLines.filter((l) => FALLBACK.test(l)));
          if (got.code !== want.code || got.out !== want.out || own !== want.err) mismatches.push({ command: c, got });
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, worker));
    };
    hook(p, "true");
    const first = await daemonUp(p.daemonDir);
    await phase(96);
    // Killed outright: calls find no reader, decide themselves, and one of them starts another.
    process.kill(first, "SIGKILL");
    await phase(48);
    const second = await daemonUp(p.daemonDir, first);
    await phase(48);
    // Stopped: calls wait their second, decide themselves, and leave nothing for it to answer.
    process.kill(second, "SIGSTOP");
    try {
      await phase(32);
    } finally {
      process.kill(second, "SIGCONT");
    }
    await phase(32);
    expect(n).toBe(256);
    expect(mismatches).toEqual([]);
    // The faults were real: calls found no daemon, and calls gave up on a stopped one.
    expect(notes.some((l) => /did not answer within 1000 ms/.test(l))).toBe(true);
    expect(pidIn(p.daemonDir)).toBe(second);
    // Once the stopped daemon has worked through what it missed, its directory holds only itself
    // (and its own barrier directory, once a verdict walked a tree: `git diff` reads tracked files).
    const own = () => entries(p.daemonDir).filter((n) => n !== `barrier.${second}`);
    for (let i = 0; i < 100 && own().length > 2; i++) await sleep(50);
    expect(own()).toEqual(["daemon.pid", "wake"]);
  }, 300_000);
});
