"use strict";
// dist/shellfence-hook.cjs: the command `shellfence setup` installs as the Claude Code hook.
// A plain CommonJS script (node starts it faster than an ES module) that runs dist/hook-main.js
// (a function expression, written by scripts/build.ts) through V8's code cache made at build
// time, so nothing is parsed or compiled at start-up. A cache from another node version is
// refused by V8 and the code is compiled as usual: slower, same verdicts.
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const main = path.join(__dirname, "hook-main.js");
let code;
try {
  code = fs.readFileSync(main, "utf8");
} catch (e) {
  fs.writeSync(2, `shellfence: ${main} is missing (${e && e.code}); run \`npm run build\` in ${path.dirname(__dirname)}; not approved, the agent asks as usual\n`);
  process.exit(0);
}
let cachedData;
try {
  cachedData = fs.readFileSync(main + ".cache");
} catch {
  cachedData = undefined;
}
try {
  const mod = { exports: {} };
  new vm.Script(code, { filename: main, cachedData }).runInThisContext()(mod.exports, require, mod, main, __dirname);
  mod.exports.start({
    root: path.dirname(__dirname),
    argv: process.argv.slice(2),
    loadLibrary: () => import("./index.js"),
  });
} catch (e) {
  // Only reachable through a broken install or a bug: never an allow, and exit 0 like the hook.
  fs.writeSync(2, `shellfence: the hook could not start (${(e && e.message) || e}); not approved, the agent asks as usual\n`);
  process.exit(0);
}
