// Inline code that runs a file by a literal path: the file is planted in /tmp first, then python,
// node or perl inline code loads it (runpy.run_path, exec(open()), import(), a static import, do,
// a shell command string). Inline code is trusted at developer; the file it loads is not.
import type { Family, Transform } from "../compose.ts";
import { sq } from "../quote.ts";

const w = (name: string, f: (c: string) => string): Transform => ({ name, wrap: (c) => (c.includes("\n") ? null : f(c)) });
const js = (s: string) => JSON.stringify(s);
const plant = (file: string, content: string) => `printf '%s\\n' ${sq(content)} > ${file}`;
const py = (c: string) => `import os; os.system(${js(c)})`;
const mjs = (c: string) => `import { execSync } from "child_process"; execSync(${js(c)}, { stdio: "inherit" });`;

export const family: Family = {
  name: "inline-code-loads",
  transforms: [
    w("python-run-path", (c) => `${plant("/tmp/l.py", py(c))}; python3 -c 'import runpy; runpy.run_path("/tmp/l.py")'`),
    w("python-exec-open", (c) => `${plant("/tmp/l.py", py(c))}; python3 -c 'exec(open("/tmp/l.py").read())'`),
    w("python-spec-from-file", (c) => `${plant("/tmp/l.py", py(c))}; python3 -c 'import importlib.util as u; s = u.spec_from_file_location("l", "/tmp/l.py"); s.loader.exec_module(u.module_from_spec(s))'`),
    w("python-system-sh", (c) => `${plant("/tmp/l.sh", c)}; python3 -c '__import__("os").system("sh /tmp/l.sh")'`),
    w("python-subprocess-list", (c) => `${plant("/tmp/l.sh", "#!/bin/sh\n" + c)}; chmod +x /tmp/l.sh; python3 -c 'import subprocess; subprocess.run(["/tmp/l.sh"])'`),
    w("node-dynamic-import", (c) => `${plant("/tmp/l.mjs", mjs(c))}; node -e 'import("/tmp/l.mjs")'`),
    w("node-static-import", (c) => `${plant("/tmp/l.mjs", mjs(c))}; node --input-type=module -e 'import "/tmp/l.mjs"'`),
    w("node-eval-read", (c) => `${plant("/tmp/l.js", `require("child_process").execSync(${js(c)}, { stdio: "inherit" })`)}; node -e 'eval(require("fs").readFileSync("/tmp/l.js", "utf8"))'`),
    w("node-exec-sync-sh", (c) => `${plant("/tmp/l.sh", c)}; node -e 'require("child_process").execSync("sh /tmp/l.sh", { stdio: "inherit" })'`),
    w("perl-do", (c) => `${plant("/tmp/l.pl", `system(q{${c}}); 1;`)}; perl -e 'do "/tmp/l.pl"'`),
  ],
};
