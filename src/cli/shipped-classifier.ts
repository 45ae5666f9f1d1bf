// The library with the shipped data (loaded lazily: the CLI's `levels` and `setup` never need
// it, and the fast hook bundle brings its own prebuilt tables instead).
import type { Classifier } from "./verdict.ts";

export async function loadClassifier(): Promise<Classifier> {
  const lib = await import("../index.ts");
  const regions = await import("../policy/regions.ts");
  let secret: ((name: string) => boolean) | null = null;
  return {
    secretName: (name) => (secret ??= regions.secretVariableTest(regions.loadRegions()))(name),
    classify: (command, ctx) => lib.classify(command, ctx),
    // The verdict handed back is the one classify returned, so the cast only restores its type.
    explain: (v) => lib.explain(v as ReturnType<typeof lib.classify>),
    declare: (d) => lib.compileDeclared(d, lib.loadRegistry()),
  };
}
