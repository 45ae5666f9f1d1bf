// Whether a client's install has exactly the bytes the hook daemon decides with. Installs that
// share a build id share a daemon (the id names its directory), and a copy of an install keeps
// the id while its data may since have been edited: so for every call the daemon compares the
// client's install, file by file, with what it loaded (its entry script, its bundle, its
// prebuilt data, and the data files the prebuilt data was made from, by the digests recorded
// there). A file is hashed again only when its identity or stamps changed since it was last
// found equal (device, inode, size, mtime and ctime from one fstat of the descriptor it is read
// through: any write moves ctime), so a call costs one stat per file.
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs";

/** [absolute path, SHA-256 of the bytes it must have (hex)]. */
export type Expected = readonly [file: string, sha256: string];

/** Data files are small; a bundle or prebuilt data far larger than this is not ours. */
const MAX_FILE = 64 * 1024 * 1024;

const stampOf = (st: { dev: number; ino: number; size: number; mtimeMs: number; ctimeMs: number }) => `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;

export class InstallCheck {
  /** Absolute path -> stamp of the file last found to have the expected bytes. */
  private readonly known = new Map<string, string>();

  /** `expected`: the files a decision depends on in the install whose entry script is the argument. */
  constructor(
    readonly expected: (script: string) => readonly Expected[],
    readonly sha256: (bytes: Buffer) => string,
  ) {}

  /** Why the install of the entry script `script` is not byte for byte the daemon's, or null when it is. */
  differs(script: string): string | null {
    for (const [file, digest] of this.expected(script)) {
      let st;
      try {
        st = statSync(file);
      } catch (e) {
        return `${file} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
      }
      if (this.known.get(file) === stampOf(st)) continue;
      const seen = this.hash(file);
      if (typeof seen === "string") return seen;
      if (seen.digest !== digest) {
        this.known.delete(file);
        return `${file} differs from the daemon's`;
      }
      this.known.set(file, seen.stamp);
    }
    return null;
  }

  /** The digest of `file` and the stamp of what was read (one descriptor for both). */
  private hash(file: string): { digest: string; stamp: string } | string {
    let fd: number;
    try {
      // Non-blocking: a FIFO in its place must not hold the daemon.
      fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch (e) {
      return `${file} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile() || st.size > MAX_FILE) return `${file} is not a file of this install`;
      const buf = Buffer.allocUnsafe(st.size);
      let n = 0;
      for (let k; n < buf.length && (k = readSync(fd, buf, n, buf.length - n, n)) > 0; ) n += k;
      return { digest: this.sha256(buf.subarray(0, n)), stamp: stampOf(st) };
    } catch (e) {
      return `${file} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
    } finally {
      closeSync(fd);
    }
  }
}
