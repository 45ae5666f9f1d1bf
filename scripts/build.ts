// Bundles the CLI (which also serves the hook) and the library into dist/.
// One file per entry and nothing loaded that is not needed: the hook starts on every agent command.
import { build, type Plugin } from "esbuild";
import { readFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * Source modules find their data (regions/*.toml, registry/) relative to their own file
 * (`new URL("../../regions/levels.toml", import.meta.url)`). In a bundle every module shares the
 * bundle's import.meta.url, so each source file's `import.meta.url` is rewritten to its own
 * location, expressed relative to the bundle (the package ships src/, regions/ and registry/).
 */
export function ownUrlPlugin(outfile: string): Plugin {
  return {
    name: "own-import-meta-url",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const text = await readFile(args.path, "utf8");
        if (args.path.includes(`${path.sep}node_modules${path.sep}`) || !text.includes("import.meta.url")) return { contents: text, loader: "ts" };
        const rel = path.relative(path.dirname(outfile), args.path).split(path.sep).join("/");
        return { contents: text.replaceAll("import.meta.url", `new URL(${JSON.stringify(rel)}, import.meta.url).href`), loader: "ts" };
      });
    },
  };
}

export async function bundle(entry: string, outfile: string): Promise<void> {
  await build({
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: false,
    legalComments: "none",
    logLevel: "warning",
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    plugins: [ownUrlPlugin(path.resolve(root, outfile))],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await bundle("src/cli/main.ts", "dist/cli.js");
  await bundle("src/index.ts", "dist/index.js");
}
