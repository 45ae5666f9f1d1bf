// The world the classifier is evaluated in: the sandbox oracle's planted world when the oracle
// is present (labels were observed there), with a filesystem view of it; else a stand-in with the
// same paths and no filesystem (the classifier then resolves paths lexically).
import type { ClassifyContext } from "./types.ts";
import { worldFs } from "./world-fs.ts";

export const FALLBACK_CONTEXT: ClassifyContext = {
  cwd: "/home/agent/code/project",
  roots: ["/home/agent/code/project", "/home/agent/code/project-wt"],
  home: "/home/agent",
  tmp: ["/tmp"],
  env: { HOME: "/home/agent", PATH: "/usr/local/bin:/usr/bin:/bin" },
  fs: null,
};

async function importOptional<T>(rel: string): Promise<T | null> {
  try {
    // A computed specifier: the oracle may not exist in this checkout yet.
    return (await import(new URL(rel, import.meta.url).href)) as T;
  } catch {
    return null;
  }
}

export async function evalContext(): Promise<{ context: ClassifyContext; source: string; templateDir?: string }> {
  const index = await importOptional<{ sandboxContext?: () => { cwd: string; roots: string[]; home: string; tmp: string[] } }>("../oracle/sandbox/index.ts");
  const sandbox = await importOptional<{ ensureTemplate?: () => { dir: string } }>("../oracle/sandbox/sandbox.ts");
  if (typeof index?.sandboxContext !== "function") return { context: FALLBACK_CONTEXT, source: "eval/context.ts stand-in (oracle/sandbox not available), no filesystem" };
  const base = index.sandboxContext();
  const context: ClassifyContext = { ...base, env: { HOME: base.home, PATH: "/usr/local/bin:/usr/bin:/bin" } };
  try {
    if (typeof sandbox?.ensureTemplate === "function") {
      const t = sandbox.ensureTemplate();
      return { context: { ...context, fs: worldFs(t.dir) }, source: `oracle sandboxContext() with the planted world's filesystem (${t.dir})`, templateDir: t.dir };
    }
  } catch (e) {
    return { context: { ...context, fs: null }, source: `oracle sandboxContext(), no filesystem (building the planted world failed: ${(e as Error).message.split("\n")[0]})` };
  }
  return { context: { ...context, fs: null }, source: "oracle sandboxContext(), no filesystem" };
}
