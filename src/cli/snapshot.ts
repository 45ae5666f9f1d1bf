// Entry of the hook's V8 startup snapshot (dist/hook.blob, built by scripts/build.ts):
//   node --snapshot-blob dist/hook.blob hook
// Building it runs this file once: every CLI module is evaluated and the classifier is warmed
// (its registry, regions and levels loaded, validated and compiled), then V8 serialises the
// heap. Starting from the blob skips module loading and data loading, which is most of the
// hook's start-up cost. Nothing machine-specific may be read at module level (env, HOME, cwd):
// processIo reads them when the hook runs.
import { startupSnapshot } from "node:v8";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { runProcess } from "./process-io.ts";
import { run } from "./run.ts";
import { loadClassifier } from "./verdict.ts";

const binPath = path.join(path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url)))), "bin", "shellfence.js");

async function warm(): Promise<void> {
  // Evaluate the subcommand modules now, so `await import()` at run time finds them ready.
  await Promise.all([import("./hook.ts"), import("./check.ts"), import("./context.ts")]);
  try {
    const { classify } = await loadClassifier();
    classify("git status && ls -la | head", { level: "developer", cwd: "/", roots: ["/nonexistent-root"], home: "/nonexistent-home", env: {} });
  } catch {
    // No classifier built in: the hook will say so at run time.
  }
}

if (!startupSnapshot.isBuildingSnapshot()) throw new Error("snapshot.ts is the entry of `node --build-snapshot`, not a program");
// No top-level await: the snapshot entry is a CommonJS script. Node spins the event loop
// before it serialises the heap, so the warm-up finishes first.
void warm().then(() => startupSnapshot.setDeserializeMainFunction(() => runProcess(run, process.argv.slice(1), binPath)));
