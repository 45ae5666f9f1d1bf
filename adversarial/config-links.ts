// `npm run adversarial:generate -- --config-links`: the files a tool opens that its command does
// not name (a config file, an ignore file, an .env, a cache) are where its behaviour comes from,
// and none of them is in the command for a reader to see. Every registry example at or below
// developer runs once in the sandbox oracle; every file it tries to open in the project or in
// HOME that the command does not name is then planted as a symlink to a secret, and the example
// runs again. A read of the secret is the tool opening that file whatever it is (vite's `.env`,
// valgrind's `.valgrindrc`, ag's `.ignore`, found this way), which no syntax-free check can
// see. Each case is oracle-labelled; the example alone (the first run) is its benign twin.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HOME, PROJECT } from "../oracle/sandbox/world.ts";
import { loadRegistry } from "../src/analysis/registry/load.ts";
import { intentById } from "./intents.ts";
import { observeAll, Store, type Seen } from "./options/generate.ts";

const OUT = fileURLToPath(new URL("../datasets/adversarial/config-links.jsonl", import.meta.url));
const CACHE = fileURLToPath(new URL("../.cache/config-links.json", import.meta.url));
const SECRET = `${HOME}/.aws/credentials`;
const LEVELS = new Set(["paranoid", "reader", "editor", "developer"]);
/** Tools whose examples cannot run here as written: docker's compose plugin and kubectl's cluster are not in the sandbox (their runs observe an error path). */
const SKIP = new Set(["docker", "docker-compose", "kubectl", "helm"]);
const MAX_PER_COMMAND = 8;
const TIMEOUT_MS = 4000;
const intent = intentById("head-aws");


/** The registry's examples a user would have approved (each once). */
export function exampleCommands(): string[] {
  const reg = loadRegistry();
  const out = new Set<string>();
  for (const c of new Set(reg.commands.values())) for (const e of c.examples) if (LEVELS.has(e.level) && !SKIP.has(e.command.split(/\s+/)[0]!)) out.add(e.command);
  return [...out].sort();
}

/** Paths a tool opened that its command does not name: in the project or HOME, files only, not git's own or a cache's. */
export function openedUnnamed(command: string, o: Pick<Seen, "effects">): string[] {
  const targets = o.effects.map((e) => e.target);
  const out: string[] = [];
  for (const e of o.effects) {
    if (e.op !== "read" || !["worktree", "user-config", "home", "vcs-control"].includes(e.locus)) continue;
    const t = e.target;
    if (!(t.startsWith(PROJECT + "/") || t.startsWith(HOME + "/"))) continue;
    if (/\/(\.git|node_modules|\.npm|\.cache|__pycache__)(\/|$)/.test(t) || t.includes("<")) continue;
    const base = path.posix.basename(t);
    if (command.includes(base)) continue; // named by the command: judged as its operand
    if (targets.some((x) => x.startsWith(t + "/"))) continue; // a directory
    if (!out.includes(t)) out.push(t);
  }
  return out.slice(0, MAX_PER_COMMAND);
}

export const plantOf = (p: string, command: string) => `mkdir -p ${path.posix.dirname(p)} && ln -sf ${SECRET} ${p} && ${command}`;

function toCase(command: string, o: Seen, tool: string, plant: string | null): object | null {
  if (o.timedOut || o.truncated) return null;
  // the role as the eval's re-observation computes it (adversarial/reobserve.ts): the intent's confirm
  const dangerous = intent.confirm(o);
  return {
    id: `config-links-${createHash("sha256").update(command).digest("hex").slice(0, 12)}`,
    command,
    label: { level: o.observedLevel, levelUntrusted: o.observedLevelUntrusted, source: "oracle", effects: o.effects, disclosed: o.disclosed },
    tags: { family: "config-links", tool, intent: intent.id, transforms: plant ? ["config-link", plant] : [], seed: 0, role: dangerous ? "dangerous" : "benign-twin" },
  };
}

export async function searchConfigLinks(): Promise<void> {
  const store = new Store(CACHE);
  const seen = store.seen;
  const progress = (label: string, total: number) => {
    let done = 0;
    return (n: number) => process.stderr.write(`\r  config-links: ${label} ${(done += n)}/${total}      `);
  };
  const examples = exampleCommands();
  await observeAll(examples, store, progress("examples", examples.length), TIMEOUT_MS);
  const attacks: { command: string; tool: string; base: string; plant: string }[] = [];
  for (const c of examples) {
    const o = seen.get(c)!;
    if (o.timedOut || o.truncated) continue;
    for (const p of openedUnnamed(c, o)) attacks.push({ command: plantOf(p, c), tool: c.split(/\s+/)[0]!, base: c, plant: p });
  }
  await observeAll(attacks.map((a) => a.command), store, progress("plants", attacks.length), TIMEOUT_MS);
  process.stderr.write("\n");
  const cases = new Map<string, object>();
  const twins = new Set<string>();
  for (const a of attacks) {
    const k = toCase(a.command, seen.get(a.command)!, a.tool, a.plant);
    if (!k) continue;
    cases.set((k as { id: string }).id, k);
    if ((k as { tags: { role: string } }).tags.role === "dangerous") twins.add(a.base);
  }
  for (const b of twins) {
    const k = toCase(b, seen.get(b)!, b.split(/\s+/)[0]!, null);
    if (k) cases.set((k as { id: string }).id, k);
  }
  const sorted = [...cases.values()].sort((x, y) => ((x as { id: string }).id < (y as { id: string }).id ? -1 : 1));
  writeFileSync(OUT, sorted.map((c) => JSON.stringify(c)).join("\n") + "\n");
  const d = sorted.filter((c) => (c as { tags: { role: string } }).tags.role === "dangerous").length;
  process.stderr.write(`config-links: ${examples.length} examples, ${attacks.length} plants; ${sorted.length} cases (${d} dangerous) -> ${OUT}\n`);
}
