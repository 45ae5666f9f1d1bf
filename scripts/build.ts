// Bundles the CLI, the library and the fast hook into dist/.
// Nothing loaded that is not needed: the hook starts on every agent command. The CLI is split
// into chunks (dist/cli.js plus dist/<name>-<hash>.js) so that a subcommand's `await import()`
// loads only its own code. The fast hook (dist/shellfence-hook.cjs, what `setup` installs) is
// one CommonJS bundle without zod or the TOML loaders, with its data prebuilt and its code in
// V8's code cache.
import { build, type Plugin } from "esbuild";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { makePrebuilt } from "../src/cli/prebuilt-make.ts";
import { PREBUILT_FILE } from "../src/cli/prebuilt.ts";
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

/** Text that marks zod in a bundle: the fast hook must never contain it (it costs ~40 ms to load). */
export const ZOD_MARKERS = ["ZodError", "$ZodType", "zod/v4"];

/**
 * A private copy of this package in `into` (tests and benches build from it): its data files
 * are what prebuilt data is checked against, and someone may be editing the checkout's.
 * node_modules is linked, not copied.
 */
export function copyPackage(into: string, dirs: readonly string[] = ["src", "registry", "regions", "bin"]): void {
  for (const d of dirs) cpSync(path.join(root, d), path.join(into, d), { recursive: true });
  symlinkSync(path.join(root, "node_modules"), path.join(into, "node_modules"));
}

/** The build id a built dist/shellfence-hook.cjs carries (its daemon's directory is named by it). */
export function hookBuildId(hookFile: string): string {
  const m = /const BUILD = "([0-9a-f]+)";/.exec(readFileSync(hookFile, "utf8"));
  if (!m) throw new Error(`${hookFile} carries no build id: was it made by buildFastHook?`);
  return m[1]!;
}

/**
 * The fast hook in `outdir` (the package at `srcRoot`):
 *   prebuilt.json          the validated data tables (src/cli/prebuilt.ts)
 *   hook-main.js           src/cli/hook-main.ts as one CommonJS function expression, minified
 *   hook-main.js.cache     V8's code cache of it, made after a warm-up run of the hook path
 *   shellfence-hook.cjs    the entry (src/cli/hook-start.cjs)
 * The code cache is made by this node; another node version refuses it and compiles instead.
 */
export async function buildFastHook(outdir: string, srcRoot: string = root): Promise<void> {
  const dir = path.resolve(root, outdir);
  // The V8 startup snapshot this replaces (earlier builds).
  for (const old of ["hook.blob", "hook-snapshot.cjs"]) rmSync(path.join(dir, old), { force: true });
  writeFileSync(path.join(dir, PREBUILT_FILE), makePrebuilt(srcRoot));
  const main = path.join(dir, "hook-main.js");
  const out = await build({
    ...common,
    format: "cjs",
    entryPoints: [path.join(srcRoot, "src/cli/hook-main.ts")],
    write: false,
    outfile: main,
    plugins: [ownUrlPlugin(main, true)],
    // SHELLFENCE_BUILD_READABLE=1: not minified, for reading a profile of the hook. No
    // keepNames: it wraps every function in a naming call at load; the error classes on this
    // path (DataFileError, ParseError) set their names themselves.
    minify: !process.env.SHELLFENCE_BUILD_READABLE,
  });
  const code = out.outputFiles[0]!.text;
  const zod = ZOD_MARKERS.find((m) => code.includes(m));
  if (zod) throw new Error(`build: the fast hook bundle contains zod (\`${zod}\`): something on the hook path imports a TOML loader or a schema`);
  // A function expression: the entry compiles it with vm.Script and passes the CommonJS bindings.
  writeFileSync(main, `(function (exports, require, module, __filename, __dirname) {${code}\n})`);
  // The build id a daemon compares with its clients': a digest of everything that decides.
  const start = readFileSync(path.join(srcRoot, "src/cli/hook-start.cjs"), "utf8");
  const digest = createHash("sha256").update(start).update(readFileSync(main)).update(readFileSync(path.join(dir, PREBUILT_FILE))).digest("hex").slice(0, 16);
  const marker = 'const BUILD = "__SHELLFENCE_BUILD__";';
  if (!start.includes(marker)) throw new Error("build: src/cli/hook-start.cjs has no BUILD marker");
  writeFileSync(path.join(dir, "shellfence-hook.cjs"), start.replace(marker, `const BUILD = "${digest}";`));
  rmSync(main + ".cache", { force: true });
  const maker = `
    const fs = require("node:fs"), path = require("node:path"), vm = require("node:vm");
    const [main, root] = process.argv.slice(1);
    const script = new vm.Script(fs.readFileSync(main, "utf8"), { filename: main });
    const mod = { exports: {} };
    script.runInThisContext()(mod.exports, require, mod, main, path.dirname(main));
    mod.exports.warm(root).then(() => fs.writeFileSync(main + ".cache", script.createCachedData()));
  `;
  const r = spawnSync(process.execPath, ["-e", maker, main, srcRoot], { encoding: "utf8" });
  if (r.status !== 0) process.stderr.write(`build: no code cache for the fast hook (${(r.stderr || r.error?.message || "").trim().split("\n")[0]}); it compiles at start instead\n`);
}

/**
 * The library's declarations in dist/types (package.json `types`): a consumer's compiler must not
 * see src/*.ts (it would type-check our sources with its own options, and refuse the `.ts`
 * import specifiers: TS5097). Relative `.ts` specifiers become `.js`, as a consumer resolves them.
 */
export function buildTypes(): void {
  const out = path.join(root, "dist", "types");
  rmSync(out, { recursive: true, force: true });
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  const r = spawnSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.types.json")], { encoding: "utf8", cwd: root });
  if (r.status !== 0) throw new Error(`build: declarations failed:\n${r.stdout}${r.stderr}`);
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else if (f.endsWith(".d.ts")) writeFileSync(f, readFileSync(f, "utf8").replace(/((?:from |import\()["'](?:\.{1,2}\/)[^"']*)\.ts(["'])/g, "$1.js$2"));
    }
  };
  walk(out);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await bundle("src/cli/main.ts", "dist/cli.js", true);
  await bundle("src/index.ts", "dist/index.js");
  await buildFastHook("dist");
  buildTypes();
}
