// Test entry points: the real walk, levels and regions, with the fake registry and a chosen fs.
import { parse } from "../../../src/shell/index.ts";
import { analyze } from "../../../src/analysis/analyze.ts";
import { buildContext } from "../../../src/analysis/context.ts";
import { loadEnvVectors } from "../../../src/analysis/envvectors.ts";
import type { FsLike } from "../../../src/analysis/fs.ts";
import { loadLevels } from "../../../src/policy/levels.ts";
import type { Level } from "../../../src/policy/model.ts";
import { compileRegions, loadRegions } from "../../../src/policy/regions.ts";
import { decide, type Verdict } from "../../../src/policy/verdict.ts";
import { fakeInterpret } from "./fake.ts";

const levels = loadLevels();
const regions = loadRegions();
const vectors = loadEnvVectors();

export interface FakeCtx {
  cwd: string;
  roots?: string[];
  home: string;
  tmp?: string[];
  fs: FsLike | null;
  level?: Level;
  shell?: string;
  env?: Record<string, string | undefined>;
}

const cache = new Map<string, { ctx: ReturnType<typeof buildContext>; compiled: ReturnType<typeof compileRegions> }>();
const fsIds = new WeakMap<object, number>();
let nextFsId = 1;

function prepared(c: FakeCtx) {
  if (c.fs && !fsIds.has(c.fs)) fsIds.set(c.fs, nextFsId++);
  const key = JSON.stringify([c.cwd, c.roots, c.home, c.tmp, c.env?.CLAUDE_PROJECT_DIR, c.fs ? fsIds.get(c.fs) : null]);
  let hit = cache.get(key);
  if (!hit) {
    const ctx = buildContext({ cwd: c.cwd, roots: c.roots, home: c.home, tmp: c.tmp ?? ["/tmp"], env: c.env ?? {}, fs: c.fs });
    hit = { ctx, compiled: compileRegions(regions, { home: ctx.home, roots: ctx.anchors.roots, tmp: ctx.anchors.tmp }) };
    if (cache.size > 200) cache.clear();
    cache.set(key, hit);
  }
  return hit;
}

export function classifyFake(command: string, c: FakeCtx): Verdict {
  const { ctx, compiled } = prepared(c);
  const a = analyze(command, { parse, interpret: fakeInterpret, vectors, regions: compiled, ctx, shell: c.shell ?? "bash" }, c.env ?? {});
  return decide(levels, c.level ?? "developer", command, a.effects, a.commands, {
    command,
    shell: c.shell ?? "bash",
    cwd: ctx.cwd.physical,
    roots: ctx.roots,
    home: ctx.home,
    tmp: ctx.tmp,
    parseError: a.parseError,
  });
}

export { levels };
