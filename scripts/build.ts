// Bundles the CLI (which also serves the hook) and the library into dist/.
// Nothing loaded that is not needed: the hook starts on every agent command. The CLI is split
// into chunks (dist/cli.js plus dist/<name>-<hash>.js) so that a subcommand's `await import()`
// loads only its own code: the hook never parses setup, levels or explain code.
import { build, type Plugin } from "esbuild";
import { spawnSync } from "node:child_process";
import { SNAPSHOT_NODE_FLAGS } from "../src/cli/snapshot-flags.ts";
import { readdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * Source modules find their data (regions/*.toml, registry/) relative to their own file
 * (`new URL("../../regions/levels.toml", import.meta.url)`). In a bundle every module shares the
 * bundle's import.meta.url, so each source file's `import.meta.url` is rewritten to its own
 * location, expressed relative to the bundle (the package ships src/, regions/ and registry/).
 * The snapshot entry gets absolute URLs instead: it is built, and reads its data, on the
 * machine that runs it.
 */
export function ownUrlPlugin(outfile: string | null): Plugin {
  return {
    name: "own-import-meta-url",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const text = await readFile(args.path, "utf8");
        if (args.path.includes(`${path.sep}node_modules${path.sep}`) || !text.includes("import.meta.url")) return { contents: text, loader: "ts" };
        // outfile null (the CommonJS snapshot entry, which has no import.meta): the absolute URL.
        const url =
          outfile === null
            ? JSON.stringify(pathToFileURL(args.path).href)
            : `new URL(${JSON.stringify(path.relative(path.dirname(outfile), args.path).split(path.sep).join("/"))}, import.meta.url).href`;
        return { contents: text.replaceAll("import.meta.url", url), loader: "ts" };
      });
    },
  };
}

const common = {
  bundle: true,
  platform: "node" as const,
  format: "esm" as const,
  target: "node20",
  sourcemap: false,
  legalComments: "none" as const,
  logLevel: "warning" as const,
  absWorkingDir: root,
};

/**
 * One entry into `outfile`; with `split`, lazily imported modules become chunks beside it (the
 * chunks must sit in the same directory as the entry, since ownUrlPlugin computes paths from there).
 */
export async function bundle(entry: string, outfile: string, split = false): Promise<void> {
  const out = path.resolve(root, outfile);
  const plugins = [ownUrlPlugin(out)];
  if (!split) {
    await build({ ...common, entryPoints: [entry], outfile: out, plugins });
    return;
  }
  const outdir = path.dirname(out);
  const name = path.basename(out, ".js");
  // Chunks of earlier builds would pile up: drop every hashed chunk of this entry's directory.
  try {
    for (const f of readdirSync(outdir)) if (/-[A-Z0-9]{8}\.js$/.test(f)) rmSync(path.join(outdir, f));
  } catch {
    // no outdir yet
  }
  // The CLI is minified (less to scan at every start; keepNames keeps error names intact);
  // the library bundle stays readable for the people who import it.
  await build({ ...common, entryPoints: { [name]: entry }, outdir, splitting: true, chunkNames: "[name]-[hash]", plugins, minify: true, keepNames: true });
}

/**
 * The hook's V8 startup snapshot: a CommonJS bundle of src/cli/snapshot.ts, run once under
 * `node --build-snapshot`. The blob only works with the exact node binary that built it, so it
 * is built on the machine that runs it (npm ci runs this script as `prepare`), and setup writes
 * a hook command that falls back to the plain CLI when node refuses the blob. Returns the blob
 * path, or null (with the reason on stderr) when this node cannot build one. `srcRoot`: a copy
 * of the package to build from (the bench uses one, so concurrent edits cannot stale its blob).
 */
export async function buildHookSnapshot(outdir: string, srcRoot: string = root): Promise<string | null> {
  const dir = path.resolve(root, outdir);
  const entry = path.join(dir, "hook-snapshot.cjs");
  const blob = path.join(dir, "hook.blob");
  await build({
    ...common,
    format: "cjs",
    entryPoints: [path.join(srcRoot, "src/cli/snapshot.ts")],
    outfile: entry,
    plugins: [ownUrlPlugin(null)],
    // Minified: V8 keeps the script source in the blob, and a smaller blob starts faster
    // (9.2 MB -> 7.5 MB). keepNames: messages and `name` checks stay as written.
    minify: true,
    keepNames: true,
  });
  // A clean environment: NODE_OPTIONS from a tsx or vitest parent must not shape the heap.
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin" };
  const r = spawnSync(process.execPath, [...SNAPSHOT_NODE_FLAGS, "--snapshot-blob", blob, "--build-snapshot", entry], { encoding: "utf8", cwd: dir, env });
  const fail = (why: string) => {
    rmSync(blob, { force: true });
    const lines = why.trim().split("\n");
    const line = lines.find((l) => /error|cannot|self-test/i.test(l)) ?? lines[0];
    process.stderr.write(`build: no hook snapshot (${line}); the hook runs from dist/cli.js\n`);
    return null;
  };
  if (r.status !== 0) return fail(r.stderr || r.error?.message || `exit ${r.status}`);
  // Self-test: the blob must start and answer (a blob that crashes would only cost the
  // fallback's time, but it is better not to ship it).
  const payload = JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "true" }, cwd: "/" });
  const t = spawnSync(process.execPath, [...SNAPSHOT_NODE_FLAGS, "--snapshot-blob", blob, "hook"], { input: payload, encoding: "utf8", env: { ...env, HOME: "/nonexistent" } });
  if (t.status !== 0 || !/"permissionDecision":"allow"/.test(t.stdout)) return fail(`self-test: exit ${t.status}, ${t.stderr || t.stdout || "no output"}`);
  return blob;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await bundle("src/cli/main.ts", "dist/cli.js", true);
  await bundle("src/index.ts", "dist/index.js");
  await buildHookSnapshot("dist");
}
