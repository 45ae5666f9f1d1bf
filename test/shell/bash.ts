// Helpers that ask the installed bash (5.2) for the truth: does it accept a script, and what
// argv does it pass. Used by the tests to compare the parser with real bash, cheaply.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** bash -n accepts the script: exit 0 and nothing on stderr (bash -n reports some [[ ]] errors with status 0). */
export function bashAccepts(src: string): boolean {
  const r = spawnSync("bash", ["--norc", "--noprofile", "-n", "-c", "--", src], { encoding: "utf8", timeout: 10_000 });
  return r.status === 0 && !/syntax error|unexpected|expected/.test(r.stderr);
}

const emptyDir = mkdtempSync(path.join(tmpdir(), "sf-shell-test-"));

/** The argv bash passes for `printf '%s\0' ARGS`, run in an empty directory with HOME=/h. */
export function bashArgv(args: string, env: Record<string, string> = {}): string[] {
  const r = spawnSync("bash", ["--norc", "--noprofile", "-c", `printf '%s\\0' ${args}`], {
    encoding: "utf8",
    cwd: emptyDir,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: "/h", ...env },
    timeout: 10_000,
  });
  if (r.status !== 0) throw new Error(`bash failed on ${args}: ${r.stderr}`);
  const out = r.stdout.split("\0");
  out.pop();
  return out;
}
