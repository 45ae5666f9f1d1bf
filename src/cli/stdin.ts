// Reading the hook's stdin with a size cap and a deadline, so a runaway or silent writer can
// neither exhaust memory nor keep the hook (and the agent) waiting forever.
import { read as fsRead } from "node:fs";
import type { Readable } from "node:stream";

export type ReadResult =
  | { ok: true; text: string }
  | { ok: false; why: string };

export interface ReadLimits {
  maxBytes: number;
  timeoutMs: number;
}

const tooLarge = (max: number): ReadResult => ({ ok: false, why: `hook input is larger than ${max} bytes` });
const tooSlow = (ms: number): ReadResult => ({ ok: false, why: `no end of hook input within ${ms} ms` });

/** From a stream (tests, and any caller that already has one). */
export function readBounded(stream: Readable, opts: ReadLimits): Promise<ReadResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (r: ReadResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stream.off("data", onData).off("end", onEnd).off("error", onError);
      // Stop reading: nothing more is wanted, and an open stdin must not keep the process alive.
      if (!r.ok) stream.destroy();
      resolve(r);
    };
    const onData = (c: Buffer | string) => {
      const b = typeof c === "string" ? Buffer.from(c) : c;
      size += b.length;
      if (size > opts.maxBytes) return finish(tooLarge(opts.maxBytes));
      chunks.push(b);
    };
    const onEnd = () => finish({ ok: true, text: Buffer.concat(chunks).toString("utf8") });
    const onError = (e: Error) => finish({ ok: false, why: `cannot read stdin (${e.message})` });
    const timer = setTimeout(() => finish(tooSlow(opts.timeoutMs)), opts.timeoutMs);
    timer.unref?.();
    stream.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/**
 * From a file descriptor with plain fs.read: the hook's path, because process.stdin builds a
 * net.Socket stream whose start-up costs milliseconds on every agent command. A read still
 * pending at the deadline cannot be cancelled: the caller must exit the process after a
 * failed result (the hook does).
 */
export function readFdBounded(fd: number, opts: ReadLimits): Promise<ReadResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (r: ReadResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(r);
    };
    const timer = setTimeout(() => finish(tooSlow(opts.timeoutMs)), opts.timeoutMs);
    const step = () => {
      // One byte over the cap is enough to know the input is too large.
      const buf = Buffer.allocUnsafe(Math.min(65536, opts.maxBytes + 1 - size));
      fsRead(fd, buf, 0, buf.length, null, (err, n) => {
        if (done) return;
        if (err) {
          // A non-blocking pipe with nothing in it yet: try again shortly.
          if ((err as NodeJS.ErrnoException).code === "EAGAIN") return void setTimeout(step, 2);
          return finish({ ok: false, why: `cannot read stdin (${err.message})` });
        }
        if (n === 0) return finish({ ok: true, text: Buffer.concat(chunks, size).toString("utf8") });
        size += n;
        if (size > opts.maxBytes) return finish(tooLarge(opts.maxBytes));
        chunks.push(buf.subarray(0, n));
        step();
      });
    };
    step();
  });
}
