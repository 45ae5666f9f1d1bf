// `npm run oracle -- [--json] [--pty] [--cwd DIR] [--timeout MS] '<command>'`
// Runs the command in the planted world and prints its effects and the observed level.
import { observe, type ObserveOptions } from "./index.ts";

const USAGE = "usage: npm run oracle -- [--json] [--pty] [--cwd DIR] [--timeout MS] [--stdin TEXT] '<command>'";

async function main(argv: string[]): Promise<number> {
  const opts: ObserveOptions = {};
  let json = false;
  let command: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value\n${USAGE}`);
      return v;
    };
    if (a === "--json") json = true;
    else if (a === "--pty") opts.pty = true;
    else if (a === "--cwd") opts.cwd = value();
    else if (a === "--timeout") opts.timeoutMs = Number(value());
    else if (a === "--stdin") opts.stdin = value();
    else if (a === "--help" || a === "-h") {
      console.log(USAGE);
      return 0;
    } else if (command === null) command = a;
    else throw new Error(`unexpected argument ${JSON.stringify(a)}: quote the whole command as one argument\n${USAGE}`);
  }
  if (command === null) throw new Error(USAGE);
  const o = await observe(command, opts);
  if (json) {
    console.log(JSON.stringify(o, null, 2));
    return 0;
  }
  const lines = [`command: ${o.command}`, `cwd:     ${o.cwd}`, `exit:    ${o.exitCode}${o.timedOut ? "  TIMED OUT (effects are partial)" : ""}${o.truncated ? "  OUTPUT TRUNCATED (effects are partial)" : ""}${o.processLimitHit ? "  PROCESS LIMIT (effects are partial)" : ""}`];
  lines.push(`effects: ${o.effects.length ? "" : "none"}`);
  for (const e of o.effects) lines.push(`  ${e.op.padEnd(9)} ${e.locus.padEnd(12)} ${e.target}${e.kind ? `  [${e.kind}]` : ""}${e.via ? `  (via ${e.via})` : ""}`);
  if (o.disclosed.length) lines.push(`disclosed: ${o.disclosed.join(", ")}`);
  if (o.credentialUse.length) lines.push(`credential use (not effects): ${o.credentialUse.join(", ")}`);
  if (o.transient.length) lines.push(`transient files (not effects): ${o.transient.join(", ")}`);
  lines.push(`observed level: ${o.observedLevel}`, `observed level ignoring trusted code: ${o.observedLevelUntrusted}`);
  if (o.stdout) lines.push("--- stdout", o.stdout.replace(/\n$/, ""));
  if (o.stderr) lines.push("--- stderr", o.stderr.replace(/\n$/, ""));
  console.log(lines.join("\n"));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  },
);
