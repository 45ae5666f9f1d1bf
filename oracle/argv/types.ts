// Types of the argv oracle's answers. Pure data: JSON-serialisable, no Buffers.

/** One command bash tried to execute (after all expansion), as seen from inside its process. */
export interface ExecutedCommand {
  /** argv exactly as bash passed it, decoded as UTF-8 (see `argvUtf8`). */
  argv: string[];
  /** false when some argument is not valid UTF-8: compare `argvHex` instead. */
  argvUtf8: boolean;
  /** Each argument's raw bytes in hex (always present, exact). */
  argvHex: string[];
  /**
   * Open fds and where they point, normalised (see normalize.ts): a path under the work dir is
   * relative to it ("out.txt", "."), bash's own stdio is "<stdin>"/"<stdout>"/"<stderr>", pipes
   * are "pipe:N" (N numbered per observation, so both ends of one pipe share N), heredoc temp
   * files are "heredoc", anything else is the kernel's link text ("/dev/null").
   */
  fds: Record<number, string>;
  /** Access mode per fd: "r", "w", "rw", with "a" appended for O_APPEND. */
  fdModes: Record<number, string>;
  /** First bytes of stdin (UTF-8, lossy), or null when fd 0 is closed, write-only or a tty. */
  stdin: string | null;
  /** stdin had more than the bound. */
  stdinTruncated: boolean;
  /** stdin stayed open with no data until the wait ran out (an upstream that never ends). */
  stdinTimedOut: boolean;
  /** Environment entries that differ from the shell's starting environment (prefix assignments, exports). */
  envDelta: Record<string, string>;
  /** Order of execution start (1-based, as counted by the handler). */
  seq: number;
}

export interface ArgvObservation {
  command: string;
  /** `bash -n` accepted the command. */
  valid: boolean;
  /** `bash -n`'s message when it did not (line numbers refer to the command as given). */
  syntaxError?: string;
  /** `bash -n`'s warnings for a valid command (a here-document ended by end of input). */
  syntaxWarnings?: string;
  /** In seq order. */
  executed: ExecutedCommand[];
  /** Files and directories that exist after the run, relative to the work dir ("f", "d/", "../x"). */
  createdFiles: string[];
  /** bash's exit status; null when it was killed (timeout or command limit). */
  exitCode: number | null;
  timedOut: boolean;
  /** The handler stopped the shell after `maxCommands` executions (runaway loop). */
  limitHit: boolean;
  stdout: string;
  /** bash's stderr, with the temp root replaced by "$ROOT" so it is stable across runs. */
  stderr: string;
  /** The exit status the handler returned for every command (see ObserveOptions.status). */
  status: number;
  /** Paths where a logging stub was planted (ObserveOptions.plant requests that were honoured). */
  planted: string[];
  bashVersion: string;
  sandbox: "bwrap" | "none";
  durationMs: number;
}

export interface ObserveOptions {
  /** Whole-run timeout in ms (default 3000); the process group is killed with SIGKILL. */
  timeoutMs?: number;
  /**
   * Exit status every executed command reports (default 0). 0 walks `&&` chains and `then`
   * branches; 1 walks `||` alternatives and `else` branches. Run both for coverage.
   */
  status?: number;
  /** Stop the shell after this many executed commands (default 100). */
  maxCommands?: number;
  /** Bytes of stdin kept per command (default 4096). */
  stdinMax?: number;
  /** Seconds a command waits for stdin data before giving up (default 0.3). */
  stdinWaitSec?: number;
  /**
   * "bwrap" (default when bubblewrap works): the filesystem is read-only except the temp root,
   * no network. "none": only PATH and disabled builtins stand between the command and the
   * machine; a command named by a path (`/bin/rm`) runs for real.
   */
  sandbox?: "bwrap" | "none" | "auto";
  /**
   * Programs named by a path never reach command_not_found_handle: bash execs them directly.
   * List such paths here (`./gradlew`, `bin/test`, `/usr/bin/python3`) and a logging stub is
   * planted there, so running them is observed like any other command. Relative paths are
   * created under the work dir (their directories too; neither shows in createdFiles);
   * absolute paths are honoured only under bubblewrap and only over an existing regular file
   * (bind-mounted, the real file is untouched). Others are ignored; see `planted`.
   */
  plant?: string[];
}
