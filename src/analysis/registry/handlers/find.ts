// find: start points, then an expression language. Tests only read; actions do things:
// -delete deletes under each start point, -exec/-execdir/-ok/-okdir run a command once per match
// (`{}` stands for the match, i.e. some path under a start point), -fprint*/-fls write a file.
import type { ArgWord } from "../types.ts";
import { Unknown, pathEffect, type Handler } from "../engine.ts";

const NO_ARG = new Set([
  "-empty", "-readable", "-writable", "-executable", "-prune", "-print", "-print0", "-ls", "-quit",
  "-true", "-false", "-depth", "-d", "-follow", "-xdev", "-mount", "-noleaf", "-daystart",
  "-ignore_readdir_race", "-noignore_readdir_race", "-nouser", "-nogroup", "-warn", "-nowarn",
  "-not", "!", "-a", "-and", "-o", "-or", "(", ")", ",", "-help", "--help", "-version", "--version",
]);
const ONE_ARG = new Set([
  "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-type",
  "-xtype", "-size", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-perm", "-user",
  "-group", "-uid", "-gid", "-maxdepth", "-mindepth", "-links", "-inum", "-lname", "-ilname",
  "-fstype", "-used", "-regextype", "-printf", "-context", "-newer", "-anewer", "-cnewer",
  "-samefile", "-files0-from",
]);
const WRITE_ONE = new Set(["-fprint", "-fprint0", "-fls"]);
const EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

export const find: Handler = {
  custom(ctx, node, argv, start) {
    const n = argv.length;
    let i = start;
    // -H follows symlinks named as start points, -L every symlink (and so does -follow); the last one given wins.
    let follow: "none" | "start" | "all" = "none";
    while (i < n) {
      const w = argv[i]!;
      if (w === "-H" || w === "-L" || w === "-P") {
        follow = w === "-L" ? "all" : w === "-H" ? "start" : "none";
        i++;
      } else if (w != null && /^-O\d$/.test(w)) i++;
      else if (w === "-D") i += 2;
      else break;
    }
    const roots: { path: string; index: number }[] = [];
    for (; i < n; i++) {
      const w = argv[i]!;
      if (w === null) throw new Unknown("a dynamic word where find takes a start point or an expression", i);
      if (w.startsWith("-") || w === "(" || w === "!" || w === ",") break;
      roots.push({ path: w, index: i });
    }
    if (argv.slice(i).includes("-follow")) follow = "all";
    // A start point that is followed is written with a trailing slash: its final symlink is
    // resolved (`find -L link-out -delete` empties the link's target, not the link).
    const starts = (roots.length ? roots : [{ path: ".", index: -1 }]).map((r) => (follow !== "none" && !r.path.endsWith("/") ? { ...r, path: r.path + "/" } : r));
    const nameGlob = matchGlob(argv, i, start);
    const followAll = follow === "all";
    let deletes = false;
    for (; i < n; i++) {
      const w = argv[i]!;
      if (w === null) throw new Unknown("a dynamic word in a find expression", i);
      if (NO_ARG.has(w)) continue;
      if (ONE_ARG.has(w) || /^-newer[amctB][amctB]$/.test(w)) {
        if (i + 1 >= n) throw new Unknown(`\`${w}\` of find needs a value`, i);
        if (w === "-files0-from") pathEffect(ctx, "read", argv[i + 1]!, i + 1, "find reads start points from it");
        // GNU find opens the reference file of -samefile (to fstat it without a race): the
        // oracle sees that open as a read, so it is one here too (-newer and kin only stat)
        if (w === "-samefile") pathEffect(ctx, "read", argv[i + 1]!, i + 1, "find opens the reference file");
        i++;
        continue;
      }
      if (w === "-delete") {
        deletes = true;
        continue;
      }
      if (WRITE_ONE.has(w) || w === "-fprintf") {
        if (i + 1 >= n) throw new Unknown(`\`${w}\` of find needs a file`, i);
        pathEffect(ctx, "write", argv[i + 1]!, i + 1, `find ${w} writes it`);
        i += w === "-fprintf" ? 2 : 1;
        continue;
      }
      if (EXEC.has(w)) {
        let j = i + 1;
        while (j < n && argv[j] !== ";" && !(argv[j] === "+" && argv[j - 1] === "{}")) {
          if (argv[j] === null) throw new Unknown(`a dynamic word in find ${w}`, j);
          j++;
        }
        if (j >= n) throw new Unknown(`find ${w} without a terminating \`;\` or \`{} +\``, i);
        const words = argv.slice(i + 1, j);
        if (words.length === 0) throw new Unknown(`find ${w} without a command`, i);
        for (const s of starts) {
          const tree: number[] = [];
          const inner: ArgWord[] = words.map((word, k) => {
            if (word === "{}") {
              tree.push(k);
              return s.path;
            }
            // `{}` inside a longer word (`{}.bak`) names a path we cannot place.
            return word!.includes("{}") ? null : word;
          });
          const run = {
            type: "argv" as const,
            argv: inner,
            argIndex: i + 1,
            treeArgs: tree.length ? tree : undefined,
            ...(nameGlob !== null ? { treeName: nameGlob } : {}),
            ...(followAll ? { treeFollow: true } : {}),
            // -execdir/-okdir run in the directory of each match (`{}` is `./NAME` there).
            ...(w === "-execdir" || w === "-okdir" ? { inDirs: s.path } : {}),
          };
          ctx.out.inner.push(run);
        }
        i = j;
        continue;
      }
      throw new Unknown(`unknown find expression \`${w}\``, i);
    }
    // find opens its working directory (to come back to it) whatever the start points are.
    pathEffect(ctx, "read", ".", -1, "find opens the current directory");
    for (const s of starts) {
      // Walking a tree reveals names, not contents: the start point is read, not everything below.
      pathEffect(ctx, "read", s.path, s.index, "find lists the tree under it", true);
      // find -L enters the directories its links lead to (and lists them)
      const listed = ctx.out.effects[ctx.out.effects.length - 1];
      if (followAll && listed?.type === "path") listed.follow = true;
      if (deletes) {
        // with a plain -name conjunction only the matching names go (the walk lists them)
        const e = { type: "path" as const, op: "delete" as const, path: s.path, recursive: true, argIndex: s.index, why: followAll ? "find -L -delete removes what matches under it, through symlinks" : "find -delete removes what matches under it" };
        if (nameGlob !== null && !/[*?[]/.test(s.path)) ctx.out.effects.push({ ...e, named: nameGlob });
        else pathEffect(ctx, "delete", s.path, s.index, e.why, true);
        const last = ctx.out.effects[ctx.out.effects.length - 1];
        if (followAll && last?.type === "path") last.follow = true;
      }
    }
    void node;
  },
};

/**
 * The `-name` pattern every match must have, when the expression is a plain conjunction (no
 * `-o`, `!`, `,` or parentheses) and symlinks are not followed; else null (any path below).
 * `-iname` is not used: glob matching here is case-sensitive.
 */
function matchGlob(argv: ArgWord[], exprStart: number, start: number): string | null {
  if (argv.slice(start, exprStart).some((w) => w === "-L")) return null;
  let glob: string | null = null;
  let execSeen = false;
  for (let i = exprStart; i < argv.length; i++) {
    const w = argv[i];
    if (w === null || w === undefined) return null;
    if (EXEC.has(w)) {
      // skip the command up to its `;` or `{} +`
      execSeen = true;
      while (i + 1 < argv.length && argv[i + 1] !== ";" && !(argv[i + 1] === "+" && argv[i] === "{}")) i++;
      i++;
      continue;
    }
    if (["-o", "-or", "!", "-not", ",", "(", ")", "-follow"].includes(w)) return null;
    if (ONE_ARG.has(w) || WRITE_ONE.has(w)) {
      if (w === "-name") {
        const p = argv[i + 1];
        // a -name after an -exec does not filter what that -exec ran on
        if (execSeen || p === null || p === undefined || p === "" || p.includes("/") || p.includes("**")) return null;
        glob = p;
      }
      i++;
    } else if (w === "-fprintf") i += 2;
  }
  return glob;
}
