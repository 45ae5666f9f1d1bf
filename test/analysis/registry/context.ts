// The fixed context registry examples are written for (registry/README.md says the same): a small
// project tree in memory, with no secrets inside the project, a sibling project, a HOME with
// dotfiles and keys, and a temp directory that holds a .env file.
import { Volume } from "memfs";
import type { FsLike } from "../../../src/analysis/fs.ts";

export const ROOT = "/home/dev/code/project";
export const HOME = "/home/dev";

const FILES: Record<string, string> = {
  [`${ROOT}/README.md`]: "# project\n",
  [`${ROOT}/package.json`]: '{"name":"p","scripts":{"test":"vitest"}}\n',
  [`${ROOT}/Makefile`]: "all:\n\techo hi\n",
  [`${ROOT}/Cargo.toml`]: "[package]\nname = \"p\"\n",
  [`${ROOT}/pom.xml`]: "<project/>\n",
  [`${ROOT}/build.gradle`]: "\n",
  [`${ROOT}/CMakeLists.txt`]: "project(p)\n",
  [`${ROOT}/data.csv`]: "a,b\n",
  [`${ROOT}/src/index.ts`]: "export {};\n",
  [`${ROOT}/src/a.ts`]: "export {};\n",
  [`${ROOT}/src/app.py`]: "print(1)\n",
  [`${ROOT}/src/main.py`]: "print(1)\n",
  [`${ROOT}/src/x.c`]: "int x;\n",
  [`${ROOT}/tests/test_api.py`]: "def test_x(): pass\n",
  [`${ROOT}/docs/index.md`]: "docs\n",
  [`${ROOT}/old/a.txt`]: "a\n",
  [`${ROOT}/new/a.txt`]: "b\n",
  [`${ROOT}/scripts/build.sh`]: "echo build\n",
  [`${ROOT}/node_modules/.bin/tsc`]: "#!/usr/bin/env node\n",
  // a virtualenv as venv writes it (activate abridged: the walk does not read it)
  [`${ROOT}/.venv/pyvenv.cfg`]: "home = /usr/bin\n",
  [`${ROOT}/.venv/bin/activate`]: 'deactivate () { :; }\nVIRTUAL_ENV="/home/dev/code/project/.venv"\nPATH="$VIRTUAL_ENV/bin:$PATH"\nexport PATH\n',
  [`${ROOT}/.venv/bin/pytest`]: "#!/home/dev/code/project/.venv/bin/python\n",
  [`${ROOT}/.git/HEAD`]: "ref: refs/heads/main\n",
  [`${ROOT}/.git/config`]: "[core]\n",
  [`${ROOT}/.git/hooks/pre-commit.sample`]: "#!/bin/sh\n",
  [`/home/dev/code/other/README.md`]: "# other\n",
  [`${HOME}/.bashrc`]: "export PATH\n",
  [`${HOME}/.ssh/id_rsa`]: "KEY\n",
  [`${HOME}/.ssh/config`]: "Host x\n",
  [`${HOME}/notes.txt`]: "notes\n",
  [`/tmp/leaky/.env`]: "TOKEN=x\n",
  [`/tmp/a`]: "a\n",
  [`/etc/hosts`]: "127.0.0.1 localhost\n",
  [`/etc/passwd`]: "root:x:0:0::/root:/bin/bash\n",
};

function fixtureFs(): FsLike {
  const vol = Volume.fromJSON(FILES);
  return {
    lstatSync: (p) => vol.lstatSync(p),
    readlinkSync: (p) => String(vol.readlinkSync(p)),
    existsSync: (p) => vol.existsSync(p),
    readFileSync: (p) => String(vol.readFileSync(p, "utf8")),
    readdirSync: (p) => vol.readdirSync(p).map(String),
    realpathSync: (p) => String(vol.realpathSync(p)),
    readdirEntries: (p) =>
      vol.readdirSync(p, { withFileTypes: true }).map((d) => {
        const e = d as unknown as { name: string | Buffer; isDirectory(): boolean; isSymbolicLink(): boolean };
        return { name: String(e.name), isDir: e.isDirectory(), isLink: e.isSymbolicLink() };
      }),
  };
}

export const EXAMPLE_CONTEXT = {
  cwd: ROOT,
  roots: [ROOT],
  home: HOME,
  tmp: ["/tmp"],
  env: { HOME },
  fs: fixtureFs(),
};
