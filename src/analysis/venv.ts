// `source .venv/bin/activate`: a Python virtualenv's activate script, kept in the project (DESIGN
// "Virtualenv activation"). The script is the project's own file: sourcing it runs project code,
// and after it command names resolve first in the virtualenv's bin directory, project code too.
// Real activate scripts (venv, virtualenv, uv) define functions, save and rebuild PATH and PS1
// from the environment and branch on the platform, which a walk of their text cannot follow;
// they are judged as what they are instead.
import path from "node:path";
import { tryLstat } from "./fs.ts";
import type { Shell } from "./shellstate.ts";
import type { Placement } from "./place.ts";

/**
 * The activate script and its virtualenv when `file` (as `source` names it) is `DIR/bin/activate`
 * of a virtualenv in the project: a regular file whose directory holds `pyvenv.cfg` (what venv,
 * virtualenv and uv write), both in the worktree wherever the command runs, neither written by
 * this command. null otherwise (the script is then walked as shell code, as before).
 */
export function venvActivation(w: Placement, file: string, sh: Shell): { script: string; dir: string } | null {
  const fs = w.deps.ctx.fs;
  if (!fs || !/(^|\/)activate$/.test(file)) return null;
  const placed = w.locate(file, sh.bases, sh);
  if (!placed || placed.length !== 1 || placed[0]!.locus !== "worktree") return null;
  const script = placed[0]!.path;
  if (path.basename(path.dirname(script)) !== "bin") return null;
  const dir = path.dirname(path.dirname(script));
  const cfg = path.join(dir, "pyvenv.cfg");
  if (w.deps.regions.locate(cfg) !== "worktree") return null;
  for (const p of [script, cfg]) {
    const st = tryLstat(fs, p);
    if (!st || st.isSymbolicLink() || st.isFile?.() !== true) return null;
    if (w.writeInfo(p) || w.writtenAtOrAbove(p, -1, false) || w.writtenAtOrBelow(p)) return null;
  }
  return { script, dir };
}
