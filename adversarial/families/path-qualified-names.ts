// Path-qualified names: a local program named like a safe one.
import type { Family, Transform } from "../compose.ts";
import { render } from "../render.ts";
import { sq } from "../quote.ts";

/** Write the payload into an executable at `file`, then run it as `run`. */
const planted = (name: string, file: string, run: string): Transform => ({
  name,
  wrap: (c) => `mkdir -p $(dirname ${file}) && printf '#!/bin/sh\\n%s\\n' ${sq(c)} > ${file} && chmod +x ${file} && ${run}`,
});

export const family: Family = {
  name: "path-qualified-names",
  transforms: [
    planted("dot-slash-ls", "ls", "./ls"),
    planted("dot-slash-cat", "cat", "./cat README.md"),
    planted("bin-test", "bin/test", "bin/test"),
    planted("tmp-git", "/tmp/b/git", "/tmp/b/git status"),
    planted("parent-bin-git", "../bin/git", "../bin/git status"),
    planted("node-modules-bin", "node_modules/.bin/eslint", "./node_modules/.bin/eslint ."),
    planted("scripts-dir-check", "scripts/check", "./scripts/check"),
    {
      // A copy of the real tool under a harmless name: the name says `ls`, the program is `cat`.
      name: "copied-binary-renamed",
      applies: (i) => !["echo", "sh"].includes(i.action.tool),
      render: (i, s) => `cp /usr/bin/${i.action.tool} ./ls && ${render(i.action, { ...s, tool: () => "./ls" })}`,
    },
  ],
};
