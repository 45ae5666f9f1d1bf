#!/usr/bin/env node
// The published entry: the bundled CLI (built by `npm run build`, which `npm ci` runs as `prepare`).
import "../dist/cli.js";
