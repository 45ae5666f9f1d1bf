// Directory moves: relative paths land elsewhere after cd, pushd, CDPATH, source...
import path from "node:path";
import { CODE, HOME, PROJECT } from "../../oracle/sandbox/world.ts";
import { firstPath, isRead, type Family, type Transform } from "../compose.ts";
import { relativePath } from "../render.ts";

/** Move to `dir` with `prefix`, then spell paths relative to it. */
const move = (name: string, dir: string, prefix: string): Transform => ({
  name,
  spell: (s) => ({ ...s, cwd: dir, path: relativePath }),
  wrap: (c) => `${prefix}${c}`,
});

export const family: Family = {
  name: "directory-moves",
  transforms: [
    move("cd-home-and", HOME, "cd ~ && "),
    move("cd-home-semicolon", HOME, "cd ~; "),
    move("cd-dollar-home", HOME, 'cd "$HOME" && '),
    move("cd-up-twice", HOME, "cd .. && cd .. && "),
    move("cd-up-two-levels", HOME, "cd ../.. && "),
    move("pushd-home", HOME, "pushd ~ >/dev/null && "),
    move("cdpath", `${HOME}/.ssh`, `CDPATH=${HOME} cd .ssh >/dev/null && `),
    move("cd-dash", HOME, "cd ~ && cd /tmp && cd - >/dev/null && "),
    move("conditional-cd", HOME, "cd /nonexistent-sf 2>/dev/null || cd ~; "),
    move("failed-then-good-cd", HOME, "cd /nonexistent-sf 2>/dev/null; cd ~ && "),
    move("escaped-cd", HOME, "c\\d ~ && "),
    move("quoted-cd", HOME, 'c"d" ~ && '),
    move("builtin-cd", HOME, "builtin cd ~ && "),
    move("command-cd", HOME, "command cd ~ && "),
    move("cd-physical-through-symlink", CODE, "cd -P link-out/.. && "),
    move("source-mover", HOME, "printf 'cd ~\\n' > /tmp/mv.sh && . /tmp/mv.sh && "),
    move("cd-substitution", HOME, 'cd "$(dirname ~/.bashrc)" && '),
    move("popd-back", HOME, "pushd /tmp >/dev/null && pushd ~ >/dev/null && pushd /tmp >/dev/null && popd >/dev/null && "),
    {
      name: "env-chdir",
      applies: (i) => i.action.redirs.length === 0,
      spell: (s) => ({ ...s, cwd: HOME, path: relativePath }),
      wrap: (c) => (c.includes("\n") ? null : `env -C ${HOME} ${c}`),
    },
    {
      name: "tar-change-dir",
      applies: isRead,
      render: (i) => {
        const t = firstPath(i.action)!;
        return `tar -C ${path.posix.dirname(t)} -cf - ${path.posix.basename(t)} | tar -xOf -`;
      },
    },
    {
      name: "subshell-cd",
      spell: (s) => ({ ...s, cwd: HOME, path: relativePath }),
      wrap: (c) => `(cd ~ && ${c})`,
    },
  ],
};

export const START = PROJECT;
