// Bundles the CLI (which also serves the hook) and the library into dist/.
// Nothing loaded that is not needed: the hook starts on every agent command. The CLI is split
// into chunks (dist/cli.js plus dist/<name>-<hash>.js) so that a subcommand's `await import()`
// loads only its own code: the hook never parses setup, levels or explain code.
import { build, type Plugin } from "esbuild";
import { makeBlob } from "../src/cli/blob.ts";
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
 * The snapshot entry (CommonJS) resolves the same relative paths against __dirname.
 */
export function ownUrlPlugin(outfile: string, cjs = false): Plugin {
  return {
    name: "own-import-meta-url",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const text = await readFile(args.path, "utf8");
        if (args.path.includes(`${path.sep}node_modules${path.sep}`) || !text.includes("import.meta.url")) return { contents: text, loader: "ts" };
        const rel = JSON.stringify(path.relative(path.dirname(outfile), args.path).split(path.sep).join("/"));
        // CommonJS (the snapshot entry) has no import.meta: resolve against __dirname instead.
        const url = cjs ? `require("node:url").pathToFileURL(require("node:path").resolve(__dirname, ${rel})).href` : `new URL(${rel}, import.meta.url).href`;
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
 * The hook's V8 startup snapshot: a CommonJS bundle of src/cli/snapshot.ts (dist/hook-snapshot.cjs,
 * shipped), run once under `node --build-snapshot` (src/cli/blob.ts). The blob only works with
 * the exact node binary that built it, so it is made on the machine that runs it (npm ci runs
 * this script as `prepare`; `shellfence setup` remakes it when node refuses it), and setup
 * writes a hook command that falls back to the plain CLI when node refuses the blob. Returns the blob
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
    plugins: [ownUrlPlugin(entry, true)],
    // Minified: V8 keeps the script source in the blob, and a smaller blob starts faster
    // (9.2 MB -> 7.5 MB). keepNames: messages and `name` checks stay as written.
    minify: true,
    keepNames: true,
  });
  const made = makeBlob(dir);
  if (made.ok) return made.blob;
  rmSync(blob, { force: true });
  process.stderr.write(`build: no hook snapshot (${made.why}); the hook runs from dist/cli.js\n`);
  return null;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await bundle("src/cli/main.ts", "dist/cli.js", true);
  await bundle("src/index.ts", "dist/index.js");
  await buildHookSnapshot("dist");
}
