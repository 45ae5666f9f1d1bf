// Python's module path (issue 13 class 9): for -c, -m and stdin the first entry of sys.path is
// the working directory, so Python run in /tmp imports the planted /tmp/json.py (the world plants
// it) on `import json` or `-m json.tool`; inline code can also move its path (os.chdir,
// sys.path.insert). -I and -P keep the directory off the path: their spellings are benign twins,
// as are the same commands run inside the project.
import { twinned, type Family } from "../compose.ts";
import { EXTRA_INTENTS } from "../intents.ts";

/** The planted-module spelling for the intent, and a twin of the same shape inside the project. */
const run = twinned("run-planted-module", "cat-readme");

export const family: Family = {
  name: "python-module-path",
  offered: false,
  intents: (i) => i.id === "cat-readme" || i.kind === "foreign-code" && i.target !== null && !i.target.includes("sibling"),
  ownIntents: EXTRA_INTENTS.filter((i) => i.id === "run-planted-module"),
  transforms: [
    run("cd-json-tool", "cd /tmp && python3 -m json.tool < /dev/null", "python3 -m json.tool < package.json"),
    run("cd-import", "cd /tmp && python3 -c 'import json'", "python3 -c 'import json'"),
    run("cd-import-from", "cd /tmp; python3 -c 'from json import dumps; print(dumps(1))'", "python3 -c 'from json import dumps; print(dumps(1))'"),
    run("subshell-stdin", "(cd /tmp; python3 - <<< 'import json')", "(cd src; python3 - <<< 'import json')"),
    run("heredoc-stdin", "cd /tmp && python3 <<'EOF'\nimport json\nprint(json.dumps({}))\nEOF", "python3 <<'EOF'\nimport json\nprint(json.dumps({}))\nEOF"),
    run("env-chdir", "env -C /tmp python3 -c 'import json'", "env -C src python3 -c 'import json'"),
    run("pushd", "pushd /tmp > /dev/null && python3 -m json.tool /dev/null", "pushd src > /dev/null && python3 -m json.tool ../package.json"),
    run("echo-pipe", "cd /tmp && echo '{}' | python3 -m json.tool", "echo '{}' | python3 -m json.tool"),
    run("chdir-in-code", "python3 -c 'import os; os.chdir(\"/tmp\"); import json'", "python3 -c 'import os; os.chdir(\"src\"); import json'"),
    run("sys-path-insert", "python3 -c 'import sys; sys.path.insert(0, \"/tmp\"); import json'", "python3 -c 'import sys; sys.path.insert(0, \"src\"); import json'"),
    run("flags-E-s", "cd /tmp && python3 -E -s -c 'import json'", "python3 -E -s -c 'import json'"),
    run("isolated", "cd /tmp && python3 -I -c 'import json'", "cd /tmp && python3 -I -m json.tool < /dev/null"),
    run("safe-path", "cd /tmp && python3 -P -m json.tool < /dev/null", "cd /tmp && python3 -P -c 'import json'"),
  ],
};
