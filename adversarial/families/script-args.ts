// Arguments a package manager passes to the tool a package.json script runs: `npm test --
// /tmp/x.js` with a script that is `node` runs /tmp/x.js. The script is project code; the file
// named on the command line is not.
import type { Family, Transform } from "../compose.ts";
import { sq } from "../quote.ts";

const w = (name: string, f: (c: string) => string): Transform => ({ name, wrap: (c) => (c.includes("\n") ? null : f(c)) });
const plant = (c: string) => `printf '%s\\n' ${sq(`require("child_process").execSync(${JSON.stringify(c)}, { stdio: "inherit" })`)} > /tmp/s.js`;
const pkg = (name: string) => `printf '%s' '{"scripts":{"${name}":"node"}}' > package.json`;

export const family: Family = {
  name: "script-args",
  transforms: [
    w("npm-test-dashdash", (c) => `${plant(c)}; ${pkg("test")}; npm test -s -- /tmp/s.js`),
    w("npm-run-dashdash", (c) => `${plant(c)}; ${pkg("check")}; npm run -s check -- /tmp/s.js`),
    w("npm-run-script-bare", (c) => `${plant(c)}; ${pkg("check")}; npm run-script -s check /tmp/s.js`),
    w("npm-start", (c) => `${plant(c)}; ${pkg("start")}; npm start -s -- /tmp/s.js`),
    w("npm-t-alias", (c) => `${plant(c)}; ${pkg("test")}; npm t -s -- /tmp/s.js`),
    w("npm-run-tilde", (c) => `${plant(c)}; cp /tmp/s.js ~/s.js; ${pkg("check")}; npm run -s check -- ~/s.js`),
  ],
};
