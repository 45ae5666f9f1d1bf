// Globs as bash expands them: the shopt options in force (dotglob, nocaseglob, globstar,
// nullglob), the options an inner bash starts with (`bash -O dotglob -c ...`), the words a
// nullglob may remove, and the per-process part of /proc, which is never listed (a listing
// would show the classifier's own process, not the command's).
import type { ArgWord } from "./registry/types.ts";
import { segmentRegExp } from "./paths.ts";
import { shellWith, type GlobOpts, type Shell } from "./shellstate.ts";

const SHOPT_GLOB: Record<string, keyof GlobOpts> = { dotglob: "dot", nocaseglob: "nocase", globstar: "globstar", nullglob: "nullglob" };

/** The shell an inner `bash -O NAME -c ...` runs its script in: the named glob options on too. */
export function withShoptFlags(sh: Shell, argv: readonly ArgWord[]): Shell {
  let glob: GlobOpts | null = null;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === "-c" || a === "--") break;
    if (a === "-O") {
      const v = argv[i + 1];
      const opt = v === null || v === undefined ? null : SHOPT_GLOB[v];
      if (v === null) glob = { dot: true, nocase: true, globstar: true, nullglob: true };
      else if (opt) glob = { ...(glob ?? sh.glob), [opt]: true };
      i++;
    } else if (a === null || (a !== undefined && /^-[^-]*O/.test(a))) glob = { dot: true, nocase: true, globstar: true, nullglob: true }; // a cluster or a dynamic word: any option
  }
  return glob ? shellWith(sh, { glob }) : sh;
}

/**
 * With nullglob possibly on, a glob word that matches nothing disappears, and the words after it
 * shift (`cp a b c*`: b becomes the destination; `find *.x -delete`: find starts at `.`). The
 * argv variants to judge besides the one with every word kept: each non-empty subset of the glob
 * words removed. null: too many glob words to try (the caller refuses).
 */
export function nullglobDrops<T extends { glob: boolean }>(items: readonly T[], limit = 3): T[][] | null {
  const at: number[] = [];
  for (let i = 1; i < items.length; i++) if (items[i]!.glob) at.push(i);
  if (at.length === 0) return [];
  if (at.length > limit) return null;
  const out: T[][] = [];
  for (let mask = 1; mask < 1 << at.length; mask++) {
    const drop = new Set(at.filter((_, k) => mask & (1 << k)));
    out.push(items.filter((_, i) => !drop.has(i)));
  }
  return out;
}

/** Entries of /proc/PID (and of /proc/PID/task/TID) that exist for every process. */
const PROC_PID_NAMES = [
  "attr", "autogroup", "auxv", "cgroup", "clear_refs", "cmdline", "comm", "coredump_filter", "cpu_resctrl_groups",
  "cpuset", "cwd", "environ", "exe", "fd", "fdinfo", "gid_map", "io", "ksm_merging_pages", "ksm_stat", "limits",
  "loginuid", "map_files", "maps", "mem", "mountinfo", "mounts", "mountstats", "net", "ns", "numa_maps",
  "oom_adj", "oom_score", "oom_score_adj", "pagemap", "personality", "projid_map", "root", "sched",
  "schedstat", "sessionid", "setgroups", "smaps", "smaps_rollup", "stack", "stat", "statm", "status",
  "syscall", "task", "timens_offsets", "timers", "timerslack_ns", "uid_map", "wchan",
];

/** Stand-ins for the process ids a pattern may name: the command's own, and one other process. */
const PIDS = ["self", "thread-self", "1"];

/**
 * A glob under /proc whose per-process part has glob characters (`/proc/self/cw?/.env`,
 * `/proc/*\/task/*\/environ`), rewritten as the paths and patterns it can stand for, with that
 * part made concrete from the names every process has (one other process stands for all of
 * them). `global`: the pattern may also match /proc's own entries (`/proc/sys`), listed as usual
 * minus the process directories. null: no glob in the per-process part.
 */
export function procGlob(pattern: string, opts: GlobOpts): { paths: string[]; global: boolean } | null {
  // A trailing slash stays on every path (it makes rm follow a final symlink).
  const slash = pattern.length > 1 && pattern.endsWith("/") ? "/" : "";
  const segs = pattern.replace(/\/+$/, "").split("/");
  if (segs[0] !== "" || segs[1] !== "proc" || segs.length < 3) return null;
  const isGlob = (x: string) => /(^|[^\\])[*?[(]/.test(x);
  const lit = (x: string) => x.replace(/\\(.)/g, "$1");
  /** The names a segment picks among `names` (a literal picks itself). */
  const pick = (x: string, names: readonly string[]) => (isGlob(x) ? names.filter((n) => segmentRegExp(x, opts).test(n)) : [lit(x)]);
  // The per-process part: PID/NAME, and PID/task/TID/NAME.
  const taskAt = segs.length > 4 && (segs[3] === "task" || (isGlob(segs[3]!) && segmentRegExp(segs[3]!, opts).test("task")));
  const perProcess = segs.slice(2, taskAt ? 6 : 4);
  // `.`, `..` or `//` inside the per-process part: left to the resolver (after it, they are the link's).
  if (!perProcess.some(isGlob) || perProcess.some((x) => x === "" || x === "." || x === "..")) return null;
  const rest = (i: number) => (i < segs.length ? "/" + segs.slice(i).join("/") : "");
  const out: string[] = [];
  // Another process stands for every number a pattern can match.
  const pids = isGlob(segs[2]!) ? PIDS.filter((p) => segmentRegExp(segs[2]!, opts).test(p === "1" ? "12345" : p) || segmentRegExp(segs[2]!, opts).test(p)) : [lit(segs[2]!)];
  for (const pid of pids) {
    if (segs.length === 3) out.push(`/proc/${pid}`);
    else
      for (const name of pick(segs[3]!, PROC_PID_NAMES)) {
        if (name !== "task" || pid === "thread-self" || segs.length === 4) {
          out.push(`/proc/${pid}/${name}${name === "task" ? "" : rest(4)}`);
          continue;
        }
        for (const tid of isGlob(segs[4]!) ? ["1"] : [lit(segs[4]!)]) {
          if (segs.length === 5) out.push(`/proc/${pid}/task/${tid}`);
          else for (const inner of pick(segs[5]!, PROC_PID_NAMES.filter((n) => n !== "task"))) out.push(`/proc/${pid}/task/${tid}/${inner}${rest(6)}`);
        }
      }
  }
  // A pattern in the pid's place may also match /proc's own entries (sys, kcore, sysrq-trigger).
  return { paths: out.map((x) => x + slash), global: isGlob(segs[2]!) };
}

/** /proc's per-process directories, which a listing of /proc must not show (they are the lister's). */
export function isProcessEntry(dir: string, name: string): boolean {
  return dir === "/proc" && (name === "self" || name === "thread-self" || /^\d+$/.test(name));
}
