// What a subcommand may touch of the outside world; tests pass their own.
import type { Readable } from "node:stream";
import type { ReadLimits, ReadResult } from "./stdin.ts";
import type { Classifier } from "./verdict.ts";

export interface Io {
  stdin: Readable;
  /** The whole of stdin, bounded (the hook's input). */
  readInput(limits: ReadLimits): Promise<ReadResult>;
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  home: string;
  /** The process's working directory (the default for --cwd). */
  cwd: string;
  /** Absolute path of bin/shellfence.js of this install (for `setup`). */
  binPath: string;
  now(): Date;
  /** Tests inject a classifier; the real one is loaded lazily from the library. */
  classifier?: () => Promise<Classifier>;
}
