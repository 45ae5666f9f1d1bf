// Every gap between the committed extracts and the registry, read from disk. Used by the
// completeness test and by `npm run options:gaps` (a report for whoever settles them).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CNode, Registry } from "../../src/analysis/registry/compiled.ts";
import { loadRegistry } from "../../src/analysis/registry/load.ts";
import { atCeiling, describeGap, gapsOf, type Gap } from "./check.ts";
import { createClassifier } from "../../src/index.ts";
import type { ToolExtract } from "./types.ts";

export const OPTIONS_DIR = fileURLToPath(new URL("../../registry/options/", import.meta.url));

export function loadExtracts(dir = OPTIONS_DIR): ToolExtract[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as ToolExtract);
}

export interface ToolGaps {
  tool: string;
  entry: string;
  lax: boolean | "values";
  gaps: Gap[];
}

/** The need of a bare command under `reg`, judged without a filesystem (no operand to place). */
function needUnder(reg: Registry): (command: string) => string {
  const classify = createClassifier({ registry: reg });
  return (command) => classify(command, { level: "yolo", cwd: "/nonexistent/project", roots: ["/nonexistent/project"], home: "/nonexistent/home", env: {}, fs: null }).level;
}

export function allGaps(reg: Registry, extracts: ToolExtract[]): ToolGaps[] {
  const out: ToolGaps[] = [];
  const needOf = needUnder(reg);
  const memo = new Map<CNode, boolean>();
  const ceiling = (n: CNode) => memo.get(n) ?? (memo.set(n, atCeiling(n, needOf)), memo.get(n)!);
  for (const x of extracts) {
    const entry = reg.commands.get(x.tool);
    if (!entry) continue; // an extract for a name the registry dropped: the test reports it
    out.push({ tool: x.tool, entry: entry.name, lax: entry.laxValues ? "values" : entry.lax, gaps: gapsOf(x, entry, x.tool, ceiling) });
  }
  return out;
}

function main() {
  const all = allGaps(loadRegistry(), loadExtracts());
  let n = 0;
  const verbose = process.argv.includes("--verbose");
  for (const t of all.sort((a, b) => b.gaps.length - a.gaps.length)) {
    if (!t.gaps.length) continue;
    n += t.gaps.length;
    const miss = t.gaps.filter((g) => g.kind === "missing").length;
    console.log(`${t.tool} (entry ${t.entry}${t.lax ? `, lax=${t.lax}` : ""}): ${miss} missing, ${t.gaps.length - miss} arity`);
    if (verbose) for (const g of t.gaps) console.log(`   ${describeGap(g)}`);
  }
  console.log(`${n} gaps over ${all.length} tools`);
  // What each kind can cost: an arity gap or a lax entry's unknown valued option misreads argv
  // (soundness); a missing option elsewhere is refused today (precision).
  // (lax is a node's own: `docker ps` is lax where `docker` is not)
  const reg = loadRegistry();
  const nodeOf = (p: string) => p.split(" ").slice(1).reduce<CNode | undefined>((n, s) => n?.subs.get(s), reg.commands.get(p.split(" ")[0]!));
  const sev = { arity: 0, laxValued: 0, laxBool: 0, refused: 0 };
  for (const t of all) for (const g of t.gaps) {
    if (g.kind === "arity") sev.arity++;
    else if (nodeOf(g.node)?.lax) g.arity === 0 ? sev.laxBool++ : sev.laxValued++;
    else sev.refused++;
  }
  console.log(`  arity ${sev.arity}; lax entries: ${sev.laxValued} valued options read as operands, ${sev.laxBool} flags ignored; ${sev.refused} options refused today`);
  if (process.argv.includes("--write-known")) {
    const lines = all.flatMap((t) => t.gaps.map(describeGap));
    writeFileSync(path.join(OPTIONS_DIR, "KNOWN-GAPS"), KNOWN_HEADER + lines.join("\n") + "\n");
  }
}

const KNOWN_HEADER = `# Option gaps not settled yet: an option the tool lists (registry/options/<tool>.json) that its
# registry entry does not read as the tool does. test/analysis/registry/options.test.ts fails on
# a gap not listed here and on a listed gap that is gone. Settle a gap by declaring the option
# (registry/README.md), or marking it unknown with a reason; then delete its line.
`;

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
