// Throughput of the sandbox oracle on the calibration set:
//   npx tsx oracle/sandbox/throughput.ts [--concurrency N] [--json]
// Reports wall-clock commands/second per core, and CPU per command (this node process plus the
// CPU inside each sandbox: world copy, strace, the command). On a shared machine the wall figure
// depends on everyone else's load; commands per CPU-second does not (bwrap's own namespace setup,
// ~2 ms of kernel time per run, is not in it).
import os from "node:os";
import { loadCalibration, optionsOf } from "./calibration.ts";
import { observe, observeMany } from "./index.ts";

const argv = process.argv.slice(2);
const json = argv.includes("--json");
const ci = argv.indexOf("--concurrency");
const concurrency = ci >= 0 ? Number(argv[ci + 1]) : os.cpus().length;

const cases = loadCalibration();
await observe("true"); // build or load the template outside the measurement
const load = os.loadavg()[0]!;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const obs = await observeMany(cases.map((c) => ({ command: c.cmd, options: optionsOf(c) })), { concurrency });
const wallS = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const nodeMs = (cpu.user + cpu.system) / 1000;
const sandboxMs = obs.reduce((a, o) => a + (o.cpuMs ?? 0), 0);
const n = cases.length;
const report = {
  commands: n,
  concurrency,
  loadAverageAtStart: Number(load.toFixed(2)),
  wallSeconds: Number(wallS.toFixed(2)),
  perSecondPerCoreWall: Number((n / wallS / concurrency).toFixed(1)),
  cpuMsPerCommand: { node: Number((nodeMs / n).toFixed(1)), sandbox: Number((sandboxMs / n).toFixed(1)) },
  perCpuSecond: Number((n / ((nodeMs + sandboxMs) / 1000)).toFixed(1)),
  timedOut: obs.filter((o) => o.timedOut).length,
};
if (json) console.log(JSON.stringify(report));
else
  console.log(
    [
      `${n} calibration commands, ${concurrency} at a time, load average ${report.loadAverageAtStart} at start`,
      `wall: ${report.wallSeconds} s = ${report.perSecondPerCoreWall} commands/s per core`,
      `cpu per command: ${report.cpuMsPerCommand.node} ms in node + ${report.cpuMsPerCommand.sandbox} ms in the sandbox = ${report.perCpuSecond} commands per CPU-second`,
      report.timedOut ? `timed out: ${report.timedOut}` : "",
    ].filter(Boolean).join("\n"),
  );
