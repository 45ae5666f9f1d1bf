// The package as users get it: `npm pack`, then `npm install -g` of the tarball into a temporary
// prefix (npm resolves the two runtime dependencies from its cache first). Setup against a
// temporary HOME writes a hook that approves with nothing on stderr, takes the fast path (the
// data files' mtimes are npm's, their bytes the build's) and starts the daemon; a TypeScript
// consumer type-checks against the published declarations; after `npm uninstall -g` the hook
// says nothing and exits 0. Needs dist/ (`npm run build`).
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hookBuildId } from "../../scripts/build.ts";
import { daemonUp, stopDaemon, uid } from "./daemon-support.ts";
import { hookPayload, tempDir } from "./helpers.ts";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const t = tempDir("sf-pack-");
const prefix = path.join(t.dir, "prefix");
const home = path.join(t.dir, "home");
const tmp = path.join(t.dir, "tmp");
const project = path.join(t.dir, "project");
const installed = path.join(prefix, "lib", "node_modules", "shellfence");
const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, TMPDIR: tmp };
let daemonDir = "";

function run(cmd: string, args: string[], opts: { cwd?: string; input?: string; env?: Record<string, string> } = {}): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { encoding: "utf8", timeout: 180_000, cwd: opts.cwd ?? t.dir, input: opts.input, env: { ...process.env, ...opts.env } });
}

function npm(args: string[]): void {
  const r = run("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd: repoRoot, env: { npm_config_cache: process.env.npm_config_cache ?? path.join(process.env.HOME ?? "/root", ".npm") } });
  if (r.status !== 0) throw new Error(`npm ${args.join(" ")} failed: ${r.stderr || r.error?.message}`);
}

/** The agent's way of running a hook: its command line through sh, with an envelope on stdin. */
function hook(command: string, shell: string) {
  const r = spawnSync("sh", ["-c", command], { encoding: "utf8", cwd: project, env, input: hookPayload({ cwd: project, tool_input: { command: shell } }), timeout: 30_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

let command = "";

beforeAll(() => {
  if (!existsSync(path.join(repoRoot, "dist", "shellfence-hook.cjs")) || !existsSync(path.join(repoRoot, "dist", "types", "index.d.ts"))) {
    throw new Error("dist/ is not built: run `npm run build` first");
  }
  for (const d of [home, path.join(home, ".claude"), tmp, project]) mkdirSync(d, { recursive: true });
  spawnSync("git", ["init", "-q", project]);
  // dist/ is built already: packing must not rebuild it (prepare would, in this checkout).
  npm(["pack", "--ignore-scripts", "--pack-destination", t.dir]);
  const tarball = readdirSync(t.dir).find((f) => f.endsWith(".tgz"))!;
  npm(["install", "-g", "--prefix", prefix, "--prefer-offline", path.join(t.dir, tarball)]);
  daemonDir = path.join(tmp, `shellfence-${uid}`, hookBuildId(path.join(installed, "dist", "shellfence-hook.cjs")));
}, 240_000);

afterAll(async () => {
  if (daemonDir) await stopDaemon(daemonDir);
  t.cleanup();
});

describe("the installed package", () => {
  it("ships no sources as types, a LICENSE, and no build script", () => {
    const pkg = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8"));
    expect(pkg.types).toBe("./dist/types/index.d.ts");
    expect(pkg.exports["."].types).toBe("./dist/types/index.d.ts");
    expect(existsSync(path.join(installed, pkg.types))).toBe(true);
    expect(readFileSync(path.join(installed, "LICENSE"), "utf8")).toMatch(/^MIT License/);
    // Its prepare script is a no-op there (no scripts/build.ts, no tsx).
    expect(existsSync(path.join(installed, "scripts"))).toBe(false);
    expect(run("sh", ["-c", pkg.scripts.prepare], { cwd: installed }).status).toBe(0);
  });

  it("setup writes an absolute node and script, and the hook approves on the fast path, then through its daemon", async () => {
    const r = run(path.join(prefix, "bin", "shellfence"), ["setup"], { env });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    command = JSON.parse(readFileSync(path.join(home, ".claude", "settings.json"), "utf8")).hooks.PreToolUse[0].hooks[0].command;
    const script = path.join(installed, "dist", "shellfence-hook.cjs");
    expect(command).toBe(`[ -f ${script} ] && [ -x ${process.execPath} ] || exit 0; exec ${process.execPath} ${script} hook`);
    const first = hook(command, "ls -la");
    // Nothing on stderr: no stale-data note (npm gave every file a new mtime), no slow path.
    expect(first).toEqual({ code: 0, out: expect.stringContaining('"permissionDecision":"allow"'), err: "" });
    // The first call started the daemon; the next ones are its.
    await daemonUp(daemonDir);
    const second = hook(command, "git status");
    expect(second).toEqual({ code: 0, out: expect.stringContaining('"permissionDecision":"allow"'), err: "" });
    expect(hook(command, "rm -rf ~").out).not.toContain('"allow"');
  }, 120_000);

  it("a TypeScript consumer type-checks against the published declarations and runs", () => {
    const consumer = path.join(t.dir, "consumer");
    mkdirSync(path.join(consumer, "node_modules"), { recursive: true });
    symlinkSync(installed, path.join(consumer, "node_modules", "shellfence"));
    writeFileSync(path.join(consumer, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(
      path.join(consumer, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, noEmit: true, skipLibCheck: false, types: [], typeRoots: [path.join(repoRoot, "node_modules", "@types")] }, files: ["main.ts"] }),
    );
    writeFileSync(
      path.join(consumer, "main.ts"),
      `import { classify, LEVELS, type Verdict, type Level } from "shellfence";\n` +
        `const level: Level = LEVELS[3];\nconst v: Verdict = classify("git status", { level });\n` +
        `const d: "allow" | "ask" = v.decision;\nexport { d };\n` +
        // A wrong use must fail: the declarations are really read.
        `// @ts-expect-error: no such level\nclassify("ls", { level: "root" });\n`,
    );
    const tsc = run(process.execPath, [path.join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", consumer]);
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
    const js = run(process.execPath, ["--input-type=module", "-e", `import { classify } from "shellfence"; console.log(classify("git status", { cwd: ${JSON.stringify(project)} }).decision);`], { cwd: consumer });
    expect(js.stderr).toBe("");
    expect(js.stdout.trim()).toBe("allow");
  }, 60_000);

  it("after npm uninstall -g, the hook says nothing and exits 0", async () => {
    expect(command).not.toBe("");
    await stopDaemon(daemonDir);
    npm(["uninstall", "-g", "--prefix", prefix, "shellfence"]);
    expect(existsSync(installed)).toBe(false);
    expect(hook(command, "ls")).toEqual({ code: 0, out: "", err: "" });
  }, 120_000);
});
