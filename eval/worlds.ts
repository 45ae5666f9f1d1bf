// The worlds eval sets are classified in besides the planted one: built once per run (only when a
// selected set names one in its dataset.json), on tmpfs when there is one, removed after.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildRealSizeWorld } from "./sessions/world.ts";
import type { ClassifyContext, Dataset } from "./types.ts";
import { worldFs } from "./world-fs.ts";

export interface Worlds {
  /** Per dataset name, the context of its world (absent: the planted world's). */
  contexts: Record<string, ClassifyContext>;
  /** One line per world built: what, where, how long. */
  notes: string[];
  /** Removes every world built. */
  cleanup(): void;
}

/** A writable tmpfs (building and removing 100,000 files on a disk costs minutes, on tmpfs seconds). */
function scratchRoot(): string {
  try {
    fs.accessSync("/dev/shm", fs.constants.W_OK);
    if (fs.statfsSync("/dev/shm").bavail * fs.statfsSync("/dev/shm").bsize > 2 * 1024 ** 3) return "/dev/shm";
  } catch {
    // no tmpfs: the system temp dir
  }
  return os.tmpdir();
}

export function prepareWorlds(datasets: readonly Dataset[], base: ClassifyContext, templateDir: string | undefined): Worlds {
  const contexts: Record<string, ClassifyContext> = {};
  const notes: string[] = [];
  const dirs: string[] = [];
  const cleanup = () => {
    for (const d of dirs.splice(0)) {
      try {
        execFileSync("rm", ["-rf", d]);
      } catch {
        fs.rmSync(d, { recursive: true, force: true });
      }
    }
  };
  const wanting = datasets.filter((d) => d.world === "real-size");
  if (!wanting.length) return { contexts, notes, cleanup };
  if (!templateDir) throw new Error(`the sets ${wanting.map((d) => d.name).join(", ")} are classified in the real-size world, which is built from the sandbox oracle's planted world: the oracle is not available here (bwrap, strace)`);
  const t0 = performance.now();
  const dir = fs.mkdtempSync(path.join(scratchRoot(), `shellfence-eval-real-size-${process.pid}-`));
  dirs.push(dir);
  try {
    const stats = buildRealSizeWorld(templateDir, dir, { scale: 1 });
    notes.push(`real-size world: ${stats.total} entries (${stats.nodeModules} in node_modules) built in ${((performance.now() - t0) / 1000).toFixed(1)} s in ${dir}`);
  } catch (e) {
    cleanup();
    throw e;
  }
  const ctx: ClassifyContext = { ...base, fs: worldFs(dir) };
  for (const d of wanting) contexts[d.name] = ctx;
  return { contexts, notes, cleanup };
}
