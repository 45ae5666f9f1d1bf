// Observes every parser-corpus command with the argv oracle (handler status 0 and 1) and
// rewrites datasets/parser/oracle-cache.jsonl. Prints the oracle's throughput.
//
//   npx tsx datasets/parser/observe.ts          only commands missing from the cache
//   npx tsx datasets/parser/observe.ts --all    re-observe everything

import { bashFacts, observeMany } from "../../oracle/argv/index.ts";
import { CORPUS_OBSERVE_OPTIONS, loadCorpus } from "./corpus.ts";
import { STATUSES, cacheKey, compact, loadCache, saveCache, type CachedObservation } from "./cache.ts";
import { plantsFor } from "./plants.ts";

const all = process.argv.includes("--all");
const corpus = loadCorpus();
const { version } = await bashFacts();
const cache = loadCache();
const keep = new Map<string, CachedObservation>();
const todo: { command: string; status: number }[] = [];
for (const e of corpus) {
  for (const status of STATUSES) {
    const key = cacheKey(version, status, e.command, plantsFor(e.command));
    const hit = cache.get(key);
    if (hit && !all) keep.set(key, hit);
    else todo.push({ command: e.command, status });
  }
}
const started = performance.now();
for (const status of STATUSES) {
  const cmds = todo.filter((t) => t.status === status).map((t) => t.command);
  const obs = await observeMany(cmds, { ...CORPUS_OBSERVE_OPTIONS, status }, 2, (cmd) => ({ plant: plantsFor(cmd) }));
  for (const o of obs) {
    const c = compact(o, plantsFor(o.command));
    keep.set(c.key, c);
  }
}
const secs = (performance.now() - started) / 1000;
saveCache([...keep.values()]);
console.log(
  `${corpus.length} commands, ${todo.length} observations run in ${secs.toFixed(1)} s` +
    (todo.length ? ` (${(todo.length / secs).toFixed(1)} observations/s at concurrency 2)` : "") +
    `; cache: ${keep.size} entries`,
);
