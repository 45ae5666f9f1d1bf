// tar: the mode (-c, -x, -t, -r, -u, -A, --delete) decides what the archive and the operands are;
// `-C DIR` applies to the operands after it (and extraction lands under the last one), not to the
// archive named by -f, so it is applied per operand instead of as a command-wide base.
import type { ArgWord } from "../types.ts";
import { Unknown, pathEffect, type Ctx, type Handler } from "../engine.ts";

function under(dir: ArgWord | undefined, p: ArgWord): ArgWord {
  if (dir === undefined) return p;
  if (p === null || dir === null) return null;
  if (p.startsWith("/")) return p;
  return dir.replace(/\/+$/, "") + "/" + p;
}

/** `--checkpoint-action`: `exec=CMD` runs `sh -c CMD` (observed); the others print, wait or sleep. */
function checkpointAction(ctx: Ctx, v: ArgWord, at: number): void {
  if (v === null) throw new Unknown("a dynamic --checkpoint-action may run a command", at);
  if (v.startsWith("exec=")) {
    ctx.out.inner.push({ type: "script", script: v.slice(5), shell: "sh", argIndex: at });
    return;
  }
  if (!/^(bell|dot|\.|echo|totals|(echo|ttyout)=.*|sleep=\d+|wait=\w+)$/s.test(v)) throw new Unknown(`the checkpoint action \`${v}\` is not modelled`, at);
}

export const tar: Handler = {
  operands(ctx, _node, argv, parsed, modes) {
    const create = modes.has("create") || modes.has("append") || modes.has("update") || modes.has("concat");
    const extract = modes.has("extract");
    const list = modes.has("list") || modes.has("diff");
    const del = modes.has("delete");
    const count = [create, extract, list, del].filter(Boolean).length;
    if (count === 0) throw new Unknown("tar without a mode (-c, -x, -t...)", 0);
    if (count > 1 && !(modes.has("create") && modes.has("append"))) throw new Unknown("tar with more than one mode", 0);
    for (const f of parsed.flags) if (f.name === "--checkpoint-action") checkpointAction(ctx, f.value ?? null, f.valueIndex);
    // Walk the flags and operands in argv order so each -C applies to what follows it.
    const events = [
      ...parsed.flags.filter((f) => f.name === "-C" || f.name === "--directory").map((f) => ({ at: f.index, dir: f.value as ArgWord })),
      ...parsed.operands.map((o) => ({ at: o.index, op: o })),
    ].sort((a, b) => a.at - b.at);
    let dir: ArgWord | undefined;
    for (const e of events) {
      if ("dir" in e) {
        dir = dir === undefined ? e.dir : under(dir, e.dir);
        continue;
      }
      const o = e.op!;
      if (create) pathEffect(ctx, "read", under(dir, o.value), o.index, "tar archives it", true);
      // Extract and list name archive members, not paths on disk.
    }
    const archives = parsed.flags.filter((f) => f.name === "-f" || f.name === "--file");
    for (const a of archives) {
      if (a.value === "-") continue;
      // `host:file` archives go through a remote shell unless --force-local.
      if (typeof a.value === "string" && /^[^/]*:/.test(a.value) && !modes.has("force-local")) {
        throw new Unknown("a host:file archive runs a remote shell (rsh/ssh)", a.valueIndex);
      }
      const op = create || del ? "write" : "read";
      pathEffect(ctx, op, a.value as ArgWord, a.valueIndex, create || del ? "tar writes the archive" : "tar reads the archive");
      if (modes.has("append") || modes.has("update")) pathEffect(ctx, "read", a.value as ArgWord, a.valueIndex, "tar reads the archive");
    }
    if (!archives.length && create) {
      // No -f: the archive goes to stdout (or $TAPE): nothing written here.
    }
    if (extract && !modes.has("to-stdout")) {
      if (modes.has("absolute")) pathEffect(ctx, "write", null, 0, "tar -P extracts members to absolute paths");
      else pathEffect(ctx, "write", dir ?? ".", -1, "tar extracts the archive's members under it", true);
    }
    void argv;
  },
};
