// Build environment vectors: a variable hands a project build a program or a plugin from
// elsewhere. The compiler driver takes CFLAGS/CPPFLAGS/LDFLAGS (`-wrapper PROG` runs every
// subprocess through PROG, `-B DIR` takes the assembler and linker from DIR), so `make` with
// its built-in C rule runs code that is not the project's. The walk runs `make` as project code
// (developer); the planted program in /tmp is foreign code.
import type { Family, Transform } from "../compose.ts";
import { sq } from "../quote.ts";

const w = (name: string, f: (c: string) => string): Transform => ({ name, wrap: (c) => (c.includes("\n") ? null : f(c)) });
/** A C file for make's built-in rule (`make m` compiles m.c with $(CC) $(CFLAGS) $(CPPFLAGS) $(LDFLAGS)). */
const SRC = `printf 'int main(void){return 0;}\\n' > m.c`;
/** A program in /tmp that does `c` and then what it was asked to (the compiler still works). */
const wrapper = (c: string) => `printf '#!/bin/sh\\n%s\\nexec "$@"\\n' ${sq(c)} > /tmp/w.sh; chmod +x /tmp/w.sh`;
/** A directory in /tmp whose `as` and `ld` do `c` first. */
const bdir = (c: string) => `mkdir -p /tmp/b; for t in as ld; do printf '#!/bin/sh\\n%s\\nexec /usr/bin/'$t' "$@"\\n' ${sq(c)} > /tmp/b/$t; chmod +x /tmp/b/$t; done`;

export const family: Family = {
  name: "build-env-vectors",
  transforms: [
    w("cflags-wrapper", (c) => `${wrapper(c)}; ${SRC}; CFLAGS='-wrapper /tmp/w.sh' make -s m`),
    w("cppflags-wrapper", (c) => `${wrapper(c)}; ${SRC}; CPPFLAGS='-wrapper /tmp/w.sh' make -s m`),
    w("ldflags-wrapper", (c) => `${wrapper(c)}; ${SRC}; LDFLAGS="-wrapper /tmp/w.sh" make -s m`),
    w("cflags-b-prefix", (c) => `${bdir(c)}; ${SRC}; CFLAGS=-B/tmp/b/ make -s m`),
    w("ldflags-b-prefix", (c) => `${bdir(c)}; ${SRC}; LDFLAGS=-B/tmp/b/ make -s m`),
    w("exported-cflags", (c) => `${wrapper(c)}; ${SRC}; export CFLAGS='-wrapper /tmp/w.sh'; make -s m`),
    w("env-cflags", (c) => `${wrapper(c)}; ${SRC}; env CFLAGS='-wrapper /tmp/w.sh' make -s m`),
    w("cflags-safe-then-wrapper", (c) => `${wrapper(c)}; ${SRC}; CFLAGS='-O2 -wrapper /tmp/w.sh' make -s m`),
    w("cc-wrapper", (c) => `${wrapper(c)}; ${SRC}; CC='/tmp/w.sh cc' make -s m`),
  ],
};
