// Literal evidence inside inline code (python -c, node -e, a heredoc fed to python3 -): best
// effort. Absolute and `~` paths named in the code are placed as if the command named them,
// so `python3 -c 'open("/home/u/.ssh/id_rsa").read()'` needs what `cat ~/.ssh/id_rsa` needs.
// The operation is a read unless the code visibly writes or deletes something.
import type { Op } from "../policy/model.ts";

export interface Evidence {
  path: string;
  op: Op;
}

const DELETE = /\b(rmtree|unlink|unlinkSync|rmSync|rmdirSync|rmdir|remove|removedirs|rm_rf|rm_r|remove_dir_all|remove_file|FileUtils\.rm|File\.delete)\b|\brm\s+-[a-zA-Z]*[rRf]/;
const WRITE = /\b(open\s*\([^)]*,\s*['"][^'"]*[wax+]|write_text|write_bytes|writeFileSync|writeFile|appendFile|appendFileSync|createWriteStream|copyfile|copy2|copytree|move|rename|renameSync|symlink|chmod|chown|mkdir|makedirs|touch|File\.write|IO\.write|print\s*>)/;
// A path starts after a quote, whitespace, `=`, `(` or `,` and runs to a quote, whitespace or bracket.
const PATHS = /(^|[\s'"`(=,:[])((?:~|\/)[^\s'"`(),;\]{}<>|&$]*)/g;

export function scanInlineCode(code: string, limit = 64): Evidence[] {
  const op: Op = DELETE.test(code) ? "delete" : WRITE.test(code) ? "write" : "read";
  const out: Evidence[] = [];
  const seen = new Set<string>();
  for (const m of code.matchAll(PATHS)) {
    let p = m[2]!;
    // A bare `/` or `~` counts only as a quoted string (not division, not a comment), unless the
    // code visibly deletes or writes something (`os.system("rm -rf ~")`).
    if ((p === "/" || p === "~") && !/['"`]/.test(m[1]!) && op === "read") continue;
    if (p.startsWith("//")) continue; // a comment or URL remainder, not a path
    if (p.startsWith("~") && !(p === "~" || p.startsWith("~/"))) continue;
    p = p.replace(/[.:]+$/, "") || p;
    if (seen.has(p)) continue;
    seen.add(p);
    out.push({ path: p, op });
    if (out.length >= limit) break;
  }
  return out;
}
