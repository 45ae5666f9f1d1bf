// npm run oracle:argv -- [--json] [--status N] [--timeout MS] [--no-sandbox] '<cmd>' ['<cmd>'...]
import { observeMany } from "./run.ts";
import { formatObservation } from "./report.ts";
import type { ObserveOptions } from "./types.ts";

const USAGE = `usage: npm run oracle:argv -- [--json] [--status N] [--timeout MS] [--no-sandbox] '<command>' ...
Runs each command under bash with no PATH and every builtin disabled, and reports each command
bash executed (argv, fds, stdin), bash -n validity, created files and the exit status.
  --json        one JSON observation per line
  --status N    exit status every executed command returns (default 0; 1 explores || and else)
  --timeout MS  whole-run timeout (default 3000)
  --no-sandbox  run without bubblewrap (a command named by a path then runs for real)`;

async function main(argv: string[]): Promise<number> {
  const opts: ObserveOptions = {};
  let json = false;
  const commands: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const num = (flag: string): number => {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 0) throw new Error(`${flag} needs a non-negative integer\n${USAGE}`);
      return v;
    };
    if (a === "--json") json = true;
    else if (a === "--status") opts.status = num(a);
    else if (a === "--timeout") opts.timeoutMs = num(a);
    else if (a === "--no-sandbox") opts.sandbox = "none";
    else if (a === "-h" || a === "--help") {
      console.log(USAGE);
      return 0;
    } else if (a === "--") continue;
    else commands.push(a);
  }
  if (commands.length === 0) {
    console.error(USAGE);
    return 2;
  }
  const results = await observeMany(commands, opts);
  for (const r of results) console.log(json ? JSON.stringify(r) : formatObservation(r) + "\n");
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  },
);
