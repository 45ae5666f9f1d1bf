// Facts about this machine's bash, computed once per process: the builtin list (from
// `enable -a`, so a newer bash with more builtins is covered without a code change), the
// version string, and whether bubblewrap can build a sandbox here.

import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export const BASH = "/bin/bash";
export const PERL = "/usr/bin/perl";
export const BWRAP = "/usr/bin/bwrap";

export interface BashFacts {
  version: string;
  builtins: string[];
  bwrap: boolean;
}

let facts: Promise<BashFacts> | undefined;

export function bashFacts(): Promise<BashFacts> {
  facts ??= probe();
  return facts;
}

async function probe(): Promise<BashFacts> {
  const env = { PATH: "/nonexistent", LC_ALL: "C.UTF-8" };
  const { stdout } = await run(BASH, ["--norc", "--noprofile", "-c", 'enable -a; printf "%s\\n" "$BASH_VERSION"'], { env });
  const lines = stdout.trim().split("\n");
  const version = lines.pop() ?? "unknown";
  const builtins = lines
    .map((l) => /^enable (?:-n )?(\S+)$/.exec(l)?.[1])
    .filter((b): b is string => b !== undefined);
  if (!builtins.includes("enable")) throw new Error(`argv oracle: could not list bash builtins from \`enable -a\` (${BASH}); got: ${stdout.slice(0, 200)}`);
  let bwrap = false;
  try {
    await run(BWRAP, ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-net", "--die-with-parent", BASH, "-c", ":"], { env, timeout: 5000 });
    bwrap = true;
  } catch {
    bwrap = false;
  }
  return { version, builtins, bwrap };
}
