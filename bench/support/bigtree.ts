// A node_modules-shaped checkout of about `entries` entries (files, directories, the symlinks
// of `.bin`), generated in a directory of the caller's choosing: the size issue 15 asks a
// recursive read to be judged at. Deterministic: the same size gives the same tree.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface BigTree {
  root: string;
  entries: number;
  directories: number;
  links: number;
  /** A directory deep inside node_modules, about halfway through the tree. */
  deep: string;
}

/** Writes the tree below `root` (which must exist and be empty); about `entries` entries in all. */
export function makeBigTree(root: string, entries = 100_000): BigTree {
  let n = 0;
  let dirs = 0;
  let links = 0;
  const dir = (p: string) => (mkdirSync(p), n++, dirs++);
  const file = (p: string, text = "x\n") => (writeFileSync(p, text), n++);
  mkdirSync(path.join(root, "src"));
  dirs++;
  n++;
  for (let i = 0; i < 20; i++) file(path.join(root, "src", `mod${i}.ts`), `export const foo${i} = ${i};\n`);
  file(path.join(root, "package.json"), '{"name":"big"}\n');
  file(path.join(root, ".gitignore"), "node_modules\n");
  const nm = path.join(root, "node_modules");
  let deep = "";
  dir(nm);
  dir(path.join(nm, ".bin"));
  // A package: package.json, README, lib/ and dist/ with a few levels, about 60 entries.
  for (let p = 0; n < entries - 60; p++) {
    const scoped = p % 7 === 0;
    const scope = path.join(nm, `@scope${p % 13}`);
    if (scoped && p < 13 * 7) dir(scope);
    const pkg = scoped && p < 13 * 7 ? path.join(scope, `pkg${p}`) : path.join(nm, `pkg${p}`);
    dir(pkg);
    file(path.join(pkg, "package.json"), `{"name":"pkg${p}","bin":"bin/cli.js"}\n`);
    file(path.join(pkg, "README.md"));
    file(path.join(pkg, "LICENSE"));
    for (const sub of ["lib", "dist"]) {
      dir(path.join(pkg, sub));
      for (let d = 0; d < 3; d++) {
        const sd = path.join(pkg, sub, `part${d}`);
        dir(sd);
        for (let f = 0; f < 8; f++) file(path.join(sd, `file${f}.js`));
        if (!deep && n >= entries / 2) deep = sd;
      }
    }
    if (p % 10 === 0) {
      dir(path.join(pkg, "bin"));
      file(path.join(pkg, "bin", "cli.js"));
      symlinkSync(`../${path.relative(nm, pkg)}/bin/cli.js`, path.join(nm, ".bin", `cli${p}`));
      n++;
      links++;
    }
  }
  return { root, entries: n, directories: dirs, links, deep };
}
