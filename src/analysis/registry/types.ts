// The contract between the registry interpreter (argv -> what the command does) and the walk
// (which resolves paths against the directory context and turns them into located effects).
// The interpreter never touches the filesystem: paths stay as written, relative or absolute.
import type { Kind, Locus, Op } from "../../policy/model.ts";

/** An argv word: its static value, or null when the word is dynamic. */
export type ArgWord = string | null;

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
      kind?: Kind;
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
       * Environment variables the command prints by name (`printenv X`, jq `env.X`, awk
       * `ENVIRON["X"]`); name null: any of them. The walk judges each name (secret or not).
       */
      readsVars?: { name: string | null; argIndex: number; why: string }[];
    }
  | {
      known: false;
      /** A person-readable reason: "unknown command `foo`", "unknown flag `--bar` for `git log`". */
      reason: string;
      argIndex: number;
    };
