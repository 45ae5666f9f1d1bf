// The contract between the registry interpreter (argv -> what the command does) and the walk
// (which resolves paths against the directory context and turns them into located effects).
// The interpreter never touches the filesystem: paths stay as written, relative or absolute.
import type { Kind, Locus, Op } from "../../policy/model.ts";
import type { WalkFilter } from "../walkfilter.ts";

/** An argv word: its static value, or null when the word is dynamic. */
export type ArgWord = string | null;

/**
 * How the walk found a simple command, beyond its words (custom allow rules match only plain
 * invocations: src/policy/custom.ts).
 */
export interface Invoked {
  /** Per word: an unquoted glob, which bash may turn into any number of words. */
  globs: readonly boolean[];
  /** Assignments come with it (`X=1 cmd`, `env X=1 cmd`). */
  prefixed: boolean;
  /** The physical directories it may run in; null when unknown. */
  bases: readonly string[] | null;
}

/** One thing a command does, before its paths are placed in loci. */
export type AbstractEffect =
  | {
      /** A filesystem effect on a path as written (the walk resolves it against the base dir). */
      type: "path";
      op: Op;
      /** null: the path is dynamic (the walk treats it as locus "unknown"). */
      path: string | null;
      /** `rm -r`/`cp -r`/`chmod -R`...: the effect covers everything under the path. */
      recursive?: boolean;
      /** Glob pattern rather than a literal path (the walk places its literal directory prefix). */
      glob?: boolean;
      /** With recursive: only the paths below whose basename matches this glob (`find R -name P -delete`). */
      named?: string;
      /** With recursive: the tree below goes through symlinks to directories (`find -L`). */
      follow?: boolean;
      /** With recursive: the reader's own filters on what it reads below (registry `walk`). */
      walk?: WalkFilter;
      /**
       * A destination that may be a directory (`cp a b DIR`, `cp -t DIR a`): when it is one (or
       * `always`), each source lands at DIR/NAME (`whole`: DIR/its path as written; a source
       * ending in `/.`, or in `/` when `slashContents`, lands its content in DIR itself), as a
       * whole tree with `trees`. Sources are argv words (null: dynamic).
       */
      into?: Into;
      kind?: Kind;
      /** An exec whose code runs with the command's base as working directory (runs_in_base). */
      inBase?: boolean;
      /**
       * A dynamic word that names a file only when it starts with `@` (a request body or header):
       * the walk drops the read when the word's first character is static and not `@`.
       */
      atFile?: boolean;
      /** Only when something is at the path at the verdict, or this command writes it first. */
      ifExists?: boolean;
      /** The path is relative to the git work tree's top of the base (a `:/` pathspec, git's own `.git`); outside a repository, to the base. */
      fromGitTop?: boolean;
      /** The name in the base directory and in every directory above it (registry `upward`). */
      upward?: boolean;
      /** The path is this environment variable's value, when set (registry `from_env`). */
      fromEnv?: string;
      /** An operand's effect (not an option's value): metadata-only readers judge it (walker METADATA_ONLY). */
      operand?: boolean;
      /** Index into argv of the word that produced it (for explain); -1 for implicit ones. */
      argIndex: number;
      why: string;
    }
  | {
      /** A non-filesystem effect: network, privilege, process, install, inline code... */
      type: "other";
      op: Op;
      locus: Locus;
      target: string;
      kind?: Kind;
      argIndex: number;
      why: string;
    };

export interface Into {
  sources: { value: ArgWord; index: number }[];
  trees: boolean;
  whole: boolean;
  always: boolean;
  slashContents?: boolean;
}

/** Code the command runs that the walk must analyse as well. */
export type InnerRun =
  /** A wrapped command (`sudo X`, `env A=1 X`, `timeout 5 X`, `xargs X` (+ unknown extra args), `find -exec X {} ;`). */
  | {
      type: "argv";
      argv: ArgWord[];
      argIndex: number;
      appendsUnknownArgs?: boolean;
      env?: Record<string, string | null>;
      clearsEnv?: boolean;
      /**
       * Indexes into `argv` of words that stand for any path under themselves: `find R -exec cmd {} ;`
       * becomes `cmd R` with treeArgs [1]. The walk marks the path effects of those words recursive.
       */
      treeArgs?: number[];
      /** Every path a tree word stands for has a basename matching this glob (`find R -name P -exec`). */
      treeName?: string;
      /** The tree a tree word stands for goes through symlinks to directories (`find -L`). */
      treeFollow?: boolean;
      /**
       * The command runs in the directory of each path below this start point (`find -execdir`):
       * its relative paths resolve from any of them, and a tree word is `./NAME` there.
       */
      inDirs?: string;
      /**
       * How the words it gets from stdin are split (xargs): at blanks and newlines, honouring
       * quotes (the default), at NULs (`-0`), one per line (`-I`), or otherwise (`-d`, `-a`:
       * never the names a producer prints). Absent: not from stdin (no names either).
       */
      stdinArgs?: "blank" | "nul" | "line" | "other";
      /** xargs -I: the replace string, and the words before replacement (`marker` in them). */
      marker?: { text: string; words: ArgWord[] };
    }
  /** A shell script in a string (`bash -c S`, `sh -c S`, `eval S`, `watch S`, `env -S S`, `su -c S`). */
  | { type: "script"; script: string | null; shell: string; argIndex: number }
  /** The command runs shell code read from its stdin (`bash` with no script, `sh -s`). */
  | { type: "stdin-script"; shell: string; argIndex: number };

/**
 * `npx NAME` and `npm exec NAME` run NAME from the npm project's `node_modules/.bin` when it is
 * there (nothing is fetched), and fetch the package NAME from the registry otherwise. Which one
 * depends on the filesystem, so the walk decides (src/analysis/npmbin.ts): the path effects of
 * the installed binary, or `otherwise` (the download).
 */
export interface LocalBin {
  /** The binary's name: no `/`, no leading `.` or `@`, no version. */
  name: string;
  argIndex: number;
  /** What the command does when the binary is not proven installed. */
  otherwise: AbstractEffect[];
}

/** Which repository a git command reads (null: a dynamic word). */
export interface GitRepository {
  gitDir?: string | null;
  from?: string | null;
}

export type Interpretation =
  | {
      known: true;
      /** The registry entry (and subcommand path) that matched, e.g. "git commit". */
      matched: string;
      effects: AbstractEffect[];
      inner: InnerRun[];
      /** `git -C d`, `make -C d`, `tar -C d`, `env -C d`, `npm --prefix d`: a new base for the command's own relative paths (null = dynamic). */
      cwdOverride?: string | null;
      /** The command reads code from stdin and runs it (`python3 -`, `node` with no file, `sh`): the walk decides where stdin comes from. */
      execsStdin?: { kind: Kind; why: string };
      /** Privilege wrappers (`sudo`, `doas`) set this; inner runs run with privilege. */
      privileged?: boolean;
      /**
       * git: the repository whose config it reads (config can name programs git runs):
       * `gitDir` from `--git-dir`, else found by walking up from `from` (the joined `-C`
       * directories; absent: the command's base). Absent: no repository is read (`git --version`).
       */
      repository?: GitRepository;
      /**
       * Environment variables the command prints by name (`printenv X`, jq `env.X`, awk
       * `ENVIRON["X"]`); name null: any of them. The walk judges each name (secret or not).
       */
      readsVars?: { name: string | null; argIndex: number; why: string }[];
      /** npx / npm exec: which installed binary it runs when the npm project has it (see LocalBin). */
      localBin?: LocalBin;
    }
  | {
      known: false;
      /** A person-readable reason: "unknown command `foo`", "unknown flag `--bar` for `git log`". */
      reason: string;
      argIndex: number;
      /** Too few operands: run, the command would fail before doing anything. */
      tooFew?: boolean;
    };
