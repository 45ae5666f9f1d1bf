// Path re-spelling: the kernel opens a different file than the text suggests.
import path from "node:path";
import { CODE, HOME, PROJECT, SIBLING } from "../../oracle/sandbox/world.ts";
import type { Family, Transform } from "../compose.ts";
import { relativePath } from "../render.ts";

const target = (name: string, f: (abs: string, cwd: string) => string | null): Transform => ({
  name,
  applies: (i) => i.target !== null,
  spell: (s, i) => {
    if (f(i.target!, s.cwd) === null) return null;
    return { ...s, path: (abs, cwd) => (abs === i.target ? (f(abs, cwd) ?? s.path(abs, cwd)) : s.path(abs, cwd)) };
  },
});
const AWS = `${HOME}/.aws/credentials`;

export const family: Family = {
  name: "path-respelling",
  transforms: [
    target("dotdot-through-subdir", (abs, cwd) => `data/../${relativePath(abs, cwd)}`),
    target("relative-dotdot", (abs, cwd) => relativePath(abs, cwd)),
    target("double-slashes", (abs) => "/" + abs.replace(/\//g, "//")),
    target("dot-segments", (abs) => abs.replace(/\//g, "/./").replace(/^\/\.\//, "/")),
    target("proc-self-cwd", (abs, cwd) => `/proc/self/cwd/${relativePath(abs, cwd)}`),
    target("proc-self-root", (abs) => `/proc/self/root${abs}`),
    target("physical-parent-of-symlink", (abs, cwd) => (cwd === PROJECT && abs.startsWith(HOME + "/") ? `link-out/../${path.posix.relative(CODE, abs)}` : null)),
    target("planted-secret-symlink", (abs, cwd) => (abs === AWS && cwd === PROJECT ? "secret-link" : null)),
    target("planted-dir-symlink", (abs, cwd) => (abs.startsWith(SIBLING + "/") && cwd === PROJECT ? `link-out/${path.posix.relative(SIBLING, abs)}` : null)),
    target("absolute-through-project", (abs) => `${PROJECT}/../../${path.posix.relative(HOME, abs)}`),
    target("tilde-dotdot", (abs) => (abs.startsWith(HOME + "/") ? `~/../agent/${path.posix.relative(HOME, abs)}` : null)),
    target("trailing-dot-dir", (abs) => `${path.posix.dirname(abs)}/./${path.posix.basename(abs)}`),
  ],
};
