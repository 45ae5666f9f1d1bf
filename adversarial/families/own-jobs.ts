// bash's builtin kill given a job spec or `$!` signals a child of the same shell (DESIGN "The
// command's own jobs"): approved with the job. What stays refused: a pid that is not the
// command's own (pid 1, $PPID, every process), a variable that merely holds a number, the kill
// program (env, exec, /bin/kill, xargs), and a job spec mixed with another pid. Signal 0 tests
// a process without hurting it; the oracle reports a signal to any process the command did not
// start. The twins signal the command's own background job in every spelling bash accepts.
import { DENY2_INTENTS } from "../intents.ts";
import { spellings, type Family } from "../compose.ts";

const spell = spellings;

export const family: Family = {
  name: "own-jobs",
  offered: false,
  ownIntents: DENY2_INTENTS,
  intents: (i) => i.id.startsWith("job-"),
  sharedIntents: false,
  transforms: [
    spell("plain", { "job-other-pid": "kill -0 1", "job-own": "sleep 9 & kill %1" }),
    spell("mixed", { "job-other-pid": "sleep 9 & kill -0 %1 1", "job-own": "sleep 9 & kill -9 %1" }),
    spell("parent", { "job-other-pid": "sleep 9 & kill -0 $PPID", "job-own": "sleep 9 & kill $!" }),
    spell("variable", { "job-other-pid": "sleep 9 & P=1; kill -0 $P", "job-own": 'sleep 9 & kill -s TERM "$!"' }),
    spell("everyone", { "job-other-pid": "sleep 9 & kill -0 -- -1", "job-own": "sleep 9 & sleep 0.2; kill %+" }),
    spell("program", { "job-other-pid": "sleep 9 & env kill -0 1", "job-own": "sleep 9 & kill %sleep" }),
    spell("exec", { "job-other-pid": "sleep 9 & (exec kill -0 1)", "job-own": "sleep 9 & kill %?slee" }),
    spell("xargs", { "job-other-pid": "echo 1 | xargs kill -0", "job-own": "{ sleep 9 & } ; kill -TERM %%" }),
    spell("builtin", { "job-other-pid": "builtin kill -0 1", "job-own": "sleep 9 & builtin kill %1" }),
    spell("command", { "job-other-pid": "command kill -0 1 %1", "job-own": "sleep 9 & command kill -- %1" }),
    spell("no-job", { "job-other-pid": "kill -0 $PPID %1", "job-own": "kill %1 2>/dev/null; true" }),
    spell("subshell", { "job-other-pid": "(sleep 9 &); kill -0 1", "job-own": "node -e 'setTimeout(()=>{},9000)' & kill %1" }),
  ],
};
