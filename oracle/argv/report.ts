// A readable report of one observation, for `npm run oracle:argv`. Pure.
import type { ArgvObservation } from "./types.ts";

/** JSON-quote an argument so spaces, newlines and empty strings are visible. */
const show = (s: string) => JSON.stringify(s);

export function formatObservation(o: ArgvObservation): string {
  const out: string[] = [];
  out.push(`command: ${show(o.command)}`);
  out.push(o.valid ? "bash -n: valid" : `bash -n: SYNTAX ERROR\n  ${(o.syntaxError ?? "").split("\n").join("\n  ")}`);
  if (o.syntaxWarnings) out.push(`  ${o.syntaxWarnings.split("\n").join("\n  ")}`);
  const end = o.timedOut ? "timed out (process group killed)" : o.limitHit ? "stopped at the command limit (runaway loop?)" : `exit ${o.exitCode}`;
  out.push(`run: ${end}, ${o.durationMs} ms, every command returned ${o.status}, sandbox ${o.sandbox}, bash ${o.bashVersion}`);
  out.push(`executed: ${o.executed.length}`);
  for (const c of o.executed) {
    out.push(`  #${c.seq} argv [${c.argv.map(show).join(", ")}]${c.argvUtf8 ? "" : `  (not UTF-8; hex: ${c.argvHex.join(" ")})`}`);
    const fds = Object.entries(c.fds).map(([fd, t]) => `${fd}${c.fdModes[Number(fd)] ? `(${c.fdModes[Number(fd)]})` : ""}=${t}`);
    out.push(`     fds ${fds.join("  ") || "(none)"}`);
    if (c.stdin === null) out.push("     stdin: (closed or not readable)");
    else if (c.stdin !== "") out.push(`     stdin: ${show(c.stdin)}${c.stdinTruncated ? " (truncated)" : ""}${c.stdinTimedOut ? " (still open when the wait ran out)" : ""}`);
    const env = Object.entries(c.envDelta);
    if (env.length) out.push(`     env: ${env.map(([k, v]) => `${k}=${show(v)}`).join(" ")}`);
  }
  out.push(`created files: ${o.createdFiles.length ? o.createdFiles.join(" ") : "(none)"}`);
  if (o.stdout) out.push(`stdout: ${show(o.stdout)}`);
  if (o.stderr) out.push(`stderr:\n  ${o.stderr.trimEnd().split("\n").join("\n  ")}`);
  return out.join("\n");
}
