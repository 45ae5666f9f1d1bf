#!/usr/bin/env node
// The published entry: the bundled CLI (built by `npm run build`, which `npm ci` runs as `prepare`).
try {
  await import("../dist/cli.js");
} catch (e) {
  if (e?.code !== "ERR_MODULE_NOT_FOUND" || !String(e.message).includes("cli.js")) throw e;
  process.stderr.write("shellfence: dist/cli.js is missing; run `npm run build` in the shellfence checkout (npm ci does it too); not approved\n");
  // The hook must never fail loudly; everything else reports a setup error.
  process.exitCode = process.argv[2] === "hook" ? 0 : 2;
}
