#!/usr/bin/env node
// The published entry: the bundled CLI (built by `npm run build`, which `npm ci` runs as `prepare`).
try {
  await import("../dist/cli.js");
} catch (e) {
  if (e?.code !== "ERR_MODULE_NOT_FOUND" || !String(e.message).includes("cli.js")) throw e;
  // A checkout builds dist/ itself; an installed package cannot (its build tools are dev dependencies).
  const { existsSync } = await import("node:fs");
  const checkout = existsSync(new URL("../scripts/build.ts", import.meta.url));
  const fix = checkout ? "run `npm run build` in the shellfence checkout (npm ci does it too)" : "this install is incomplete: reinstall shellfence";
  process.stderr.write(`shellfence: dist/cli.js is missing; ${fix}; not approved\n`);
  // The hook must never fail loudly; everything else reports a setup error.
  process.exitCode = process.argv[2] === "hook" ? 0 : 2;
}
