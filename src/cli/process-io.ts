// The real process as an Io, built at call time (never at module load: the hook snapshot
// would otherwise freeze the build machine's env, HOME and cwd into the blob).
// Output goes through fs.writeSync and input through fs.read: process.stdout/stdin would build
// stream objects that cost the hook milliseconds on every agent command.
import { writeSync } from "node:fs";
import { homedir } from "node:os";
import type { Io } from "./io.ts";
import { readFdBounded } from "./stdin.ts";

function writeAll(fd: number, text: string): void {
  const buf = Buffer.from(text);
  for (let off = 0; off < buf.length; ) {
    try {
      off += writeSync(fd, buf, off);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // A non-blocking pipe that is full: wait for the reader.
      if (code === "EAGAIN") continue;
      // The reader went away (`shellfence levels | head`): nothing more to say.
      if (code === "EPIPE") return;
      throw e;
    }
  }
}

export function processIo(binPath: string): Io {
  return {
    get stdin() {
      return process.stdin;
    },
    readInput: (limits) => readFdBounded(0, limits),
    out: (s: string) => writeAll(1, s),
    err: (s: string) => writeAll(2, s),
    env: process.env,
    home: homedir(),
    cwd: process.cwd(),
    binPath,
    now: () => new Date(),
  };
}

/** Runs the CLI with the process's arguments and exits with its code. */
export function runProcess(run: (argv: readonly string[], io: Io) => Promise<number>, argv: readonly string[], binPath: string): void {
  run(argv, processIo(binPath)).then(
    // Exit now: a stdin read abandoned at its deadline would otherwise keep the process alive.
    // All output was written synchronously, so nothing is lost.
    (code) => process.exit(code),
    (e: unknown) => {
      // Only reachable through a bug; the hook must still never approve, and exits 0.
      writeAll(2, `shellfence: internal error: ${(e as Error)?.message ?? String(e)}; not approved\n`);
      process.exit(argv[0] === "hook" ? 0 : 2);
    },
  );
}

/** Whether a process with this pid exists (EPERM: it does, owned by someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
