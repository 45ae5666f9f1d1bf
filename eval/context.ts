// The world the classifier is evaluated in: the sandbox oracle's planted world when the oracle
// is present (labels were observed there), else a fixed stand-in with the same shape.
import type { ClassifyContext } from "./types.ts";

export const FALLBACK_CONTEXT: ClassifyContext = {
  cwd: "/home/dev/project",
  roots: ["/home/dev/project", "/home/dev/project-wt"],
  home: "/home/dev",
  tmp: "/tmp",
};

export async function evalContext(): Promise<{ context: ClassifyContext; source: string }> {
  try {
    // A computed specifier: the oracle may not exist in this checkout yet.
    const spec = new URL("../oracle/sandbox/index.ts", import.meta.url).href;
    const mod = (await import(spec)) as { sandboxContext?: () => ClassifyContext };
    if (typeof mod.sandboxContext === "function") return { context: mod.sandboxContext(), source: "oracle/sandbox sandboxContext()" };
  } catch {
    // the oracle is not there (yet): fall through
  }
  return { context: FALLBACK_CONTEXT, source: "eval/context.ts FALLBACK_CONTEXT (oracle/sandbox not available)" };
}
