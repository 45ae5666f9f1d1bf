// Reading the hook's stdin with a size cap and a deadline, so a runaway or silent writer can
// neither exhaust memory nor keep the hook (and the agent) waiting forever.
import type { Readable } from "node:stream";

export type ReadResult =
  | { ok: true; text: string }
  | { ok: false; why: string };

export function readBounded(stream: Readable, opts: { maxBytes: number; timeoutMs: number }): Promise<ReadResult> {
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
      if (size > opts.maxBytes) return finish({ ok: false, why: `hook input is larger than ${opts.maxBytes} bytes` });
      chunks.push(b);
    };
    const onEnd = () => finish({ ok: true, text: Buffer.concat(chunks).toString("utf8") });
    const onError = (e: Error) => finish({ ok: false, why: `cannot read stdin (${e.message})` });
    const timer = setTimeout(() => finish({ ok: false, why: `no end of hook input within ${opts.timeoutMs} ms` }), opts.timeoutMs);
    timer.unref?.();
    stream.on("data", onData).on("end", onEnd).on("error", onError);
  });
}
