// A project Makefile (or package scripts) run in another directory (issue 19 class 4): the
// recipes run with that directory as their working directory, so the project's code runs
// outside the project: foreign code. Twins keep both the build file and the directory inside.
import { twinned, type Family } from "../compose.ts";
import { EXTRA_INTENTS } from "../intents.ts";

const run = twinned("run-makefile-elsewhere", "cat-readme");

export const family: Family = {
  name: "runner-directories",
  offered: false,
  intents: (i) => i.id === "cat-readme" || i.kind === "foreign-code" && i.target !== null && !i.target.includes("sibling"),
  ownIntents: EXTRA_INTENTS.filter((i) => i.id === "run-makefile-elsewhere"),
  transforms: [
    run("make-C-f", "make -C ../sibling -f ../project/Makefile test", "make -C src -f ../Makefile test"),
    run("make-long", "make --directory=../sibling --file=/home/agent/code/project/Makefile test", "make --directory=src --file=/home/agent/code/project/Makefile test"),
    run("make-makefile", "make --makefile=../project/Makefile --directory ../sibling build", "make --makefile=Makefile --directory . build"),
    run("make-cluster", "make -sC ../sibling -f ../project/Makefile", "make -sC data -f ../Makefile"),
    run("make-tmp-pwd", 'make -C /tmp -f "$PWD/Makefile" test', 'make -C src -f "$PWD/Makefile" test'),
    run("cd-then-f", "cd ../sibling && make -f ../project/Makefile test", "cd src && make -f ../Makefile test"),
    run("cd-tmp-abs", "cd /tmp && make -f /home/agent/code/project/Makefile test", "cd data && make -f /home/agent/code/project/Makefile test"),
    run("subshell", "(cd /tmp; make -f ~/code/project/Makefile build)", "(cd src; make -f ~/code/project/Makefile test)"),
    run("npm-prefix", "npm --prefix ../sibling test", "npm --prefix . run hello"),
    run("npm-prefix-tmp", "cd /tmp && npm --prefix /tmp run hello", "cd /tmp && npm --prefix /home/agent/code/project run hello"),
  ],
};
