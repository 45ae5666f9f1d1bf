// git: `-c key=value` may name a program git runs (core.pager, core.fsmonitor, diff.external...),
// so only keys known to be inert are accepted; `git config` reads or writes one of three places;
// `git clone` fetches a URL into a directory (or copies a local path).
import type { ArgWord, GitRepository } from "../types.ts";
import { Unknown, applyRole, joinCwd, pathEffect, type Ctx, type Handler, type Parsed } from "../engine.ts";
import type { CNode } from "../compiled.ts";
import { walkFilterOf } from "../../walkfilter.ts";

/**
 * Config keys whose value is never run and never redirects where data goes. Anything else given
 * with `-c` (core.pager, core.fsmonitor, core.sshCommand, core.editor, core.hooksPath, diff.external,
 * diff.*.textconv, filter.*.*, merge.*.driver, credential.helper, sequence.editor, gpg.program,
 * pager.*, alias.*, protocol.*.allow, uploadpack.packObjectsHook, include.path, includeIf.*.path,
 * core.worktree, url.*.insteadOf, remote.*.url...) is treated as running unmodelled code.
 */
const INERT_KEYS = [
  /^user\.(name|email|signingkey)$/,
  /^author\.(name|email)$/,
  /^committer\.(name|email)$/,
  /^color\.[a-z.]+$/,
  /^advice\.[a-z]+$/,
  /^init\.defaultbranch$/,
  /^core\.(quotepath|autocrlf|safecrlf|filemode|ignorecase|abbrev|longpaths|precomposeunicode|eol|whitespace|commentchar|commentstring|symlinks|checkstat|trustctime|untrackedcache|splitindex|preloadindex|bigfilethreshold|compression|loosecompression|packedgitlimit|deltabasecachelimit)$/,
  /^commit\.(verbose|status|cleanup)$/,
  /^tag\.sort$/,
  /^log\.(date|decorate|follow|abbrevcommit|mailmap|showroot|graphcolors|excludedecoration|initialdecorationset)$/,
  /^diff\.(renames|renamelimit|noprefix|mnemonicprefix|relative|algorithm|indentheuristic|colormoved|colormovedws|context|interhunkcontext|submodule|statgraphwidth|suppressblankempty|wserrorhighlight|ignoresubmodules|dirstat)$/,
  /^merge\.(conflictstyle|ff|log|renamelimit|renames|stat|autostash|verbosity|directoryrenames)$/,
  /^pull\.(rebase|ff|octopus|twohead)$/,
  /^push\.(default|autosetupremote|followtags|usebitmaps)$/,
  /^fetch\.(prune|prunetags|parallel|writecommitgraph|showforcedupdates|recursesubmodules|negotiationalgorithm)$/,
  /^rebase\.(autosquash|autostash|updaterefs|stat|abbreviatecommands|missingcommitscheck|rescheduleFailedExec)$/i,
  /^status\.[a-z]+$/,
  /^column\.[a-z]+$/,
  /^format\.(pretty|numbered|signoff|coverletter|suffix|thread|useautobase)$/,
  /^pretty\.[a-z0-9_-]+$/,
  /^i18n\.[a-z]+$/,
  /^safe\.directory$/,
  /^protocol\.version$/,
  /^gc\.(auto|autodetach|autopacklimit)$/,
  /^maintenance\.auto$/,
  /^http\.(sslverify|postbuffer|lowspeedlimit|lowspeedtime|version)$/,
  /^pack\.(threads|windowmemory|depth|window)$/,
  /^grep\.(linenumber|extendedregexp|patterntype|column|fullname|fallbacktonoindex)$/,
  /^blame\.(date|coloring|markunblamablelines|markignoredlines)$/,
  /^branch\.(sort|autosetupmerge|autosetuprebase)$/,
  /^checkout\.(defaultremote|workers|guess)$/,
  /^feature\.(manyfiles|experimental)$/,
  /^index\.(version|threads|sparse)$/,
  /^rerere\.(enabled|autoupdate)$/,
  /^submodule\.recurse$/,
  /^transfer\.fsckobjects$/,
  /^versionsort\.suffix$/,
  /^help\.autocorrect$/,
];

export function isInertConfigKey(key: string): boolean {
  const k = key.toLowerCase();
  return INERT_KEYS.some((re) => re.test(k));
}

/** Keys whose value is a file git reads or a directory it writes (with `-c`: placed like the options they stand for). */
const PATH_KEYS: Record<string, "read" | "write"> = { "format.outputdirectory": "write", "diff.orderfile": "read" };

/** Keys that make git sign or check signatures: it runs gpg, which creates and updates ~/.gnupg (observed). */
const GPG_KEYS = /^((commit|tag|push)\.gpgsign|log\.showsignature|merge\.verifysignatures)$/;

function checkConfigPair(ctx: Ctx, pair: ArgWord, index: number, what: string): void {
  if (pair === null) throw new Unknown(`a dynamic \`${what}\` may name a program git runs`, index);
  const eq = pair.indexOf("=");
  const key = (eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
  const value = eq < 0 ? "true" : pair.slice(eq + 1);
  const role = PATH_KEYS[key];
  if (role) return pathEffect(ctx, role, value, index, `\`${what} ${key}=...\` ${role === "write" ? "writes there" : "reads that file"}`);
  if (GPG_KEYS.test(key)) {
    if (!/^(false|no|off|0|)$/i.test(value)) pathEffect(ctx, "write", "~/.gnupg", index, `\`${what} ${key}\` runs gpg, which creates and updates ~/.gnupg (observed)`);
    return;
  }
  if (!isInertConfigKey(key)) {
    ctx.out.effects.push({
      type: "other",
      op: "exec",
      locus: "none",
      target: key,
      kind: "unmodelled",
      argIndex: index,
      why: `\`${what} ${key}=...\` may make git run a program or send data elsewhere`,
    });
  }
}

/** Subcommands that find no repository and read none (observed: `version`; `clone` makes a new one). */
const NO_REPOSITORY = new Set(["version", "clone"]);

/**
 * The repository a git command reads (DESIGN "Foreign git directories"): `--git-dir`, else the
 * one discovery finds from the `-C` directories (git applies them in order, and resolves a
 * relative `--git-dir` from where they lead). None without a subcommand (`git --version`).
 */
function repositoryOf(argv: ArgWord[], parsed: Parsed): GitRepository | null {
  if (!parsed.sub) return null;
  const sub = argv[parsed.subIndex];
  if (sub != null && NO_REPOSITORY.has(sub)) return null;
  let from: string | null | undefined;
  let gitDir: string | null | undefined;
  for (const f of parsed.flags) {
    if (f.name === "-C") from = joinCwd(from, f.value ?? null);
    else if (f.name === "--git-dir") gitDir = f.value ?? null;
  }
  const repo: GitRepository = {};
  if (from !== undefined) repo.from = from;
  if (gitDir !== undefined) repo.gitDir = gitDir === null || from === undefined || gitDir.startsWith("/") ? gitDir : joinCwd(from, gitDir);
  return repo;
}

/** The root `git` node: global options. */
export const git: Handler = {
  post(ctx, _node, argv, parsed) {
    const dirs = parsed.flags.filter((f) => f.name === "--git-dir" || f.name === "--work-tree");
    if (dirs.some((f) => f.name === "--git-dir") && dirs.some((f) => f.name === "--work-tree")) {
      throw new Unknown("git with both --git-dir and --work-tree: the repository and the files live in different places", dirs[1]!.index);
    }
    // every git command, `git --version` included, reads the user's config (observed)
    ctx.out.effects.push({ type: "path", op: "read", path: "~/.gitconfig", argIndex: -1, why: "git reads the user's config" });
    // and the XDG ones, when they are there (observed: links planted there are read)
    for (const f of ["~/.config/git/config", "~/.config/git/attributes", "~/.config/git/ignore"]) ctx.out.effects.push({ type: "path", op: "read", path: f, ifExists: true, argIndex: -1, why: "git reads the user's XDG config, attributes and excludes" });
    const repo = repositoryOf(argv, parsed);
    if (repo) ctx.out.repository = repo;
    for (const pf of parsed.flags) {
      if (pf.name === "-c") checkConfigPair(ctx, pf.value ?? null, pf.valueIndex, "git -c");
      else if (pf.name === "--exec-path" && pf.value !== undefined) {
        ctx.out.effects.push({ type: "other", op: "exec", locus: "none", target: pf.value ?? "", kind: "unmodelled", argIndex: pf.index, why: "git --exec-path=DIR runs git's subcommands from DIR" });
      }
    }
  },
};

const SECRET_KEY = /^(credential\b|.*\b(token|password|passwd|secret|extraheader|apikey|api-key)\b|url\..*\.insteadof$|http\..*\.extraheader$)/i;

/** `git config`, old style (`--get`, `--list`, `name value`) and new style (`get`, `set`, `list`...). */
export const gitConfig: Handler = {
  operands(ctx, node, argv, parsed, modes) {
    const ops = parsed.operands;
    const scope = modes.has("global") ? "global" : modes.has("system") ? "system" : "local";
    const file = parsed.flags.find((f) => f.name === "-f" || f.name === "--file");
    const blob = parsed.flags.some((f) => f.name === "--blob");
    let action: "read" | "write" | "list" = "read";
    let keyWord: ArgWord | undefined;
    let keyIndex = -1;
    let rest = ops;
    const verb = ops[0]?.value;
    const NEW_READ = new Set(["get", "list"]);
    const NEW_WRITE = new Set(["set", "unset", "rename-section", "remove-section"]);
    if (verb === "edit" || modes.has("edit")) throw new Unknown("git config --edit opens an editor", ops[0]?.index ?? 0);
    if (verb != null && (NEW_READ.has(verb) || NEW_WRITE.has(verb))) {
      action = verb === "list" ? "list" : NEW_READ.has(verb) ? "read" : "write";
      rest = ops.slice(1);
    } else if (modes.has("list")) action = "list";
    else if (modes.has("write")) action = "write";
    else if (modes.has("getregexp")) action = "list";
    else if (!modes.has("read") && ops.length >= 2) action = "write";
    if (ops.some((o) => o.value === null) && action !== "list") {
      // A dynamic name could be any key; a dynamic value is just data.
      if (rest[0]?.value === null) throw new Unknown("git config with a dynamic key", rest[0].index);
    }
    if (action !== "list") {
      keyWord = rest[0]?.value;
      keyIndex = rest[0]?.index ?? -1;
      if (keyWord === undefined) throw new Unknown("git config without a key", argv.length - 1);
    }
    if (action === "write" && blob) throw new Unknown("git config --blob cannot write", keyIndex);
    if (file && (file.value === undefined || file.value === null)) throw new Unknown("git config --file with a dynamic path", file.index);
    const filePath = file?.value as string | undefined;
    if (action === "write") {
      if (filePath) return pathEffect(ctx, "write", filePath, file!.valueIndex, "git config writes that file");
      const locus = scope === "global" ? "user-config" : scope === "system" ? "system" : "vcs-control";
      ctx.out.effects.push({ type: "other", op: "config", locus, target: keyWord ?? "", argIndex: keyIndex, why: `git config sets \`${keyWord}\` in the ${scope} config` });
      // A key that may name a program: the file is written, so a later git in this command
      // reads config this command changed (DESIGN "Foreign git directories").
      if (keyWord == null || !isInertConfigKey(keyWord)) {
        const file = scope === "global" ? "~/.gitconfig" : scope === "system" ? "/etc/gitconfig" : ".git/config";
        pathEffect(ctx, "write", file, keyIndex, `git config writes \`${keyWord}\`, which may name a program git runs, to ${file}`);
      }
      return;
    }
    if (keyWord != null && SECRET_KEY.test(keyWord)) {
      ctx.out.effects.push({ type: "other", op: "read", locus: "secret", target: keyWord, argIndex: keyIndex, why: "the key may hold a credential" });
      return;
    }
    if (filePath) return pathEffect(ctx, "read", filePath, file!.valueIndex, "git config reads that file");
    if (scope === "global") ctx.out.effects.push({ type: "other", op: "read", locus: "user-config", target: "~/.gitconfig", argIndex: -1, why: "git config reads the user's config" });
    else if (scope === "system") ctx.out.effects.push({ type: "other", op: "read", locus: "system", target: "/etc/gitconfig", argIndex: -1, why: "git config reads the system config" });
    else {
      pathEffect(ctx, "read", ".git/config", -1, "git config reads the repository config");
      ctx.out.effects.push({ type: "other", op: "read", locus: "user-config", target: "~/.gitconfig", argIndex: -1, why: "git config also reads the user's config" });
    }
    void node;
  },
};

/** `git init [DIR]` writes DIR/.git/config and DIR/.git/hooks (DIR/config, DIR/hooks with --bare). */
export const gitInit: Handler = {
  post(ctx, _node, _argv, parsed) {
    const op = parsed.operands[0];
    const dir = op ? op.value : ".";
    if (dir === null) return; // a dynamic directory: its own write is already unplaceable
    const git = `${dir.replace(/\/+$/, "")}${parsed.flags.some((f) => f.name === "--bare") ? "" : "/.git"}`;
    // the git directory itself first: a `.git` made below a root decides which repository git
    // reads there (vcs-control; observed as the mkdir of DIR/.git)
    ctx.out.effects.push({ type: "path", op: "write", path: git, argIndex: op ? op.index : -1, why: "git init creates the git directory" });
    for (const f of ["config", "hooks"]) {
      ctx.out.effects.push({ type: "path", op: "write", path: `${git}/${f}`, argIndex: op ? op.index : -1, why: `git init writes ${f === "config" ? "the repository config" : "the sample hooks"}` });
    }
  },
};

/** `git clone URL [DIR]`: fetch (or copy a local repository) into DIR or the URL's last segment. */
export const gitClone: Handler = {
  operands(ctx, node, argv, parsed, modes) {
    for (const pf of parsed.flags) {
      if (pf.name === "-c" || pf.name === "--config") checkConfigPair(ctx, pf.value ?? null, pf.valueIndex, "git clone -c");
    }
    const [src, dir, extra] = parsed.operands;
    if (!src) throw new Unknown("git clone without a repository", argv.length - 1);
    if (extra) throw new Unknown(`unexpected operand \`${extra.value ?? "<dynamic>"}\` for git clone`, extra.index);
    const url = src.value;
    if (url !== null && /^(ext|fd)::/.test(url)) throw new Unknown("git's ext:: and fd:: transports run commands", src.index);
    const local = url !== null && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !/^[^/]+@[^/:]+:/.test(url) && !/^[^/:]+:[^/]/.test(url);
    if (local) pathEffect(ctx, "read", url, src.index, "git clone copies a local repository", true);
    else applyRole(ctx, node, "url", url, src.index, false);
    let target: ArgWord;
    if (dir) target = dir.value;
    else if (url === null) target = null;
    else {
      const base = url.replace(/\/+$/, "").replace(/\.git$/, "").replace(/\/\.git$/, "").split(/[/:]/).pop();
      target = base && base !== ".." && base !== "." ? base + (modes.has("bare") ? ".git" : "") : null;
    }
    pathEffect(ctx, "write", target, dir?.index ?? src.index, "git clone creates the checkout there", true);
    if (modes.has("template")) {
      const t = parsed.flags.find((f) => f.name === "--template")!;
      pathEffect(ctx, "exec", (t.value as ArgWord) ?? null, t.valueIndex, "git clone --template installs hooks from that directory");
    }
  },
};

/** Transports git runs itself; any other `scheme://` or `helper::` runs a remote helper program. */
const GIT_SCHEMES = /^(https?|ftps?|git|ssh|git\+ssh|ssh\+git):\/\//i;
const NET_HELPERS = /^(https?|ftps?)::/i;

/**
 * A repository operand (`git fetch REPO`, `git push REPO`, `git archive --remote=REPO`): git takes
 * it as a configured remote when one has that name, else as a URL, and a word with no `://` and
 * no colon before its first slash is a local path (observed: `git fetch foo` runs
 * `git-upload-pack foo` on ./foo). Whether a name is a configured remote is not known here, so
 * every such word, `origin` included, is also the path it would be: read as a repository
 * (fetch, pull, ls-remote, archive), or written with its hooks run (push runs receive-pack there).
 */
function repositoryWord(ctx: Ctx, node: CNode, word: ArgWord, index: number, push: boolean): void {
  const what = `\`${node.path}\``;
  if (word === null) {
    // a dynamic repository may be any local path
    if (push) pathEffect(ctx, "write", null, index, `${what} to a dynamic repository may write any local path`, true);
    return pathEffect(ctx, "read", null, index, `${what} from a dynamic repository may read any local path`, true);
  }
  if (/^[a-z][a-z0-9+.-]*::/i.test(word)) {
    if (!NET_HELPERS.test(word)) throw new Unknown("git's `TRANSPORT::` syntax runs a remote helper program (ext:: runs any command)", index);
    if (!push) applyRole(ctx, node, "url", word.replace(/^[^:]+::/, ""), index, false);
    return;
  }
  if (/^file:\/\//i.test(word)) word = word.replace(/^file:\/\/[^/]*/i, "") || "/";
  else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(word)) {
    if (!GIT_SCHEMES.test(word)) throw new Unknown("an unknown URL scheme makes git run a remote helper program", index);
    if (!push) applyRole(ctx, node, "url", word, index, false);
    return;
  } else {
    const colon = word.indexOf(":");
    const slash = word.indexOf("/");
    if (colon >= 0 && (slash < 0 || colon < slash)) {
      // scp-like `host:path`: ssh (git refuses a host starting with `-`)
      if (word.startsWith("-")) throw new Unknown("a repository host starting with `-`", index);
      if (!push) applyRole(ctx, node, "url", word, index, false);
      return;
    }
  }
  if (push) {
    // its hooks are there before the push (the push writes objects and refs, not hooks)
    pathEffect(ctx, "exec", word, index, `${what} to a local repository runs its receive hooks (unless \`${word}\` is a configured remote)`);
    pathEffect(ctx, "write", word, index, `${what} to a local repository writes it (unless \`${word}\` is a configured remote)`, true);
  }
  pathEffect(ctx, "read", word, index, `${what} reads a local repository there (unless \`${word}\` is a configured remote)`, true);
}

/**
 * `git fetch/pull/push/ls-remote [REPO [REFSPEC...]]`, `git push --repo=REPO`, `git archive
 * --remote=REPO`: the repository words (all operands with `fetch --multiple`) are placed by
 * repositoryWord; refspecs and patterns are names.
 */
export const gitRemote: Handler = {
  operands(ctx, node, _argv, parsed, modes) {
    const push = node.path === "git push";
    for (const pf of parsed.flags) {
      if ((pf.name === "--repo" || pf.name === "--remote") && pf.value !== undefined) repositoryWord(ctx, node, pf.value, pf.valueIndex, push);
    }
    // `git archive TREE PATH...`: its operands are no repository
    const ops = node.path === "git archive" ? [] : parsed.operands;
    const repos = modes.has("multiple") ? ops : ops.slice(0, 1);
    for (const o of repos) repositoryWord(ctx, node, o.value, o.index, push);
  },
};

export function configPairs(parsed: Parsed): ArgWord[] {
  return parsed.flags.filter((f) => f.name === "-c").map((f) => f.value ?? null);
}

/** `git branch NAME`, `git tag NAME`: a name creates a ref unless a listing or deleting flag is given. */
export const gitRefs: Handler = {
  post(ctx, node, _argv, parsed, modes) {
    if (parsed.operands.length && !modes.has("list") && !modes.has("delete") && !modes.has("change")) {
      pathEffect(ctx, "write", ".git", -1, `\`${node.path} NAME\` creates a ref`);
    }
  },
};

/**
 * What a git pathspec may reach beyond itself as a path (null: nothing more). git matches a
 * pathspec's glob itself, across `/` (`src/*.ts` takes `src/a/b.ts`), so a glob reaches the tree
 * below its literal directory prefix; magic (`:/x`, `:(top)`, `:(glob)../x`) is relative to the
 * work tree's top, all but an exclusion (`:!x`, `:^x`), which takes the rest of the working
 * directory when it stands alone (`git grep x -- ':!src'`).
 */
export function pathspecReach(spec: string): { path: string; fromGitTop?: true } | null {
  if (/^:[!^]/.test(spec)) return { path: "." };
  if (spec.startsWith(":")) return { path: ".", fromGitTop: true };
  if (!/[*?[\\]/.test(spec)) return null;
  const parts = spec.split("/");
  const lit: string[] = [];
  for (const x of parts.slice(0, -1)) {
    if (/[*?[\\]/.test(x)) break;
    lit.push(x);
  }
  const dir = lit.join("/");
  return { path: spec.startsWith("/") && dir === "" ? "/" : dir === "" ? "." : dir };
}

/** Reads of what each pathspec operand reaches beyond itself, through the node's own filters. */
function pathspecReads(ctx: Ctx, node: CNode, parsed: Parsed, specs: Parsed["operands"], why: string): void {
  const walk = node.walk ? walkFilterOf(node.path, node.walk, parsed.flags) : undefined;
  for (const o of specs) {
    if (o.value === null) continue; // a dynamic operand is an unknown read already
    const r = pathspecReach(o.value);
    if (!r) continue;
    ctx.out.effects.push({ type: "path", op: "read", path: r.path, recursive: true, argIndex: o.index, why: `${why} (\`${o.value}\`)`, ...(r.fromGitTop ? { fromGitTop: true } : {}), ...(walk ? { walk } : {}) });
  }
}

/**
 * `git add` with a pathspec git matches itself (`git add '*.env'`, `:(glob)**`, `:/`): which files
 * it stages is git's to say, so it reads the tree the pattern reaches by git's ignore rules, as
 * `-A` does.
 */
export const gitAdd: Handler = {
  post(ctx, node, _argv, parsed) {
    pathspecReads(ctx, node, parsed, parsed.operands, "git matches the pathspec itself: it may stage any file below");
  },
};

/** Deletes of what each pathspec operand reaches (itself, and beyond it for globs and magic). */
function pathspecDeletes(ctx: Ctx, specs: Parsed["operands"], why: string): void {
  for (const o of specs) {
    const r = o.value === null ? null : pathspecReach(o.value);
    if (!r) pathEffect(ctx, "delete", o.value, o.index, why, true);
    else ctx.out.effects.push({ type: "path", op: "delete", path: r.path, recursive: true, argIndex: o.index, why: `${why} (\`${o.value}\` is matched by git)`, ...(r.fromGitTop ? { fromGitTop: true } : {}) });
  }
}

/** `git clean -f PATHSPEC...`: deletes the untracked files below each pathspec (`:/` from the work tree's top). */
export const gitClean: Handler = {
  post(ctx, _node, _argv, parsed, modes) {
    if (modes.has("force") && !modes.has("dry")) pathspecDeletes(ctx, parsed.operands, "deletes untracked files below it");
  },
};

/**
 * `git stash -u`/`-a`: untracked files (with -a ignored ones too) of the whole work tree, wherever
 * it runs from, are saved and removed; pathspecs narrow that, so the whole tree stands for them.
 */
export const gitStash: Handler = {
  post(ctx, _node, _argv, _parsed, modes) {
    if (modes.has("untracked")) ctx.out.effects.push({ type: "path", op: "delete", path: ".", recursive: true, fromGitTop: true, argIndex: -1, why: "saves and removes the untracked files of the whole work tree (-u; -a: ignored ones too)" });
  },
};

/**
 * `git grep`: after the pattern (none with -e/-f), its operands are revisions or pathspecs; a
 * pathspec git matches itself reads the tracked files it reaches (`:/` from a subdirectory: the
 * whole work tree's).
 */
export const gitGrep: Handler = {
  post(ctx, node, _argv, parsed, modes) {
    pathspecReads(ctx, node, parsed, modes.has("pat") ? parsed.operands : parsed.operands.slice(1), "git matches the pathspec itself: it reads the tracked files below");
  },
};
