// Decoding the handler's log (handler.pl): netstring-framed records of netstring fields.
// Pure: bytes in, raw records out. Normalisation of fd targets lives in normalize.ts.

export interface RawRecord {
  pid: number;
  ppid: number;
  argv: Buffer[];
  fds: { fd: number; mode: string; target: string }[];
  stdin: Buffer | null;
  stdinTruncated: boolean;
  stdinTimedOut: boolean;
  env: Map<string, string>;
  seq: number;
}

export class LogFormatError extends Error {
  constructor(message: string, readonly offset: number) {
    super(`argv oracle log, byte ${offset}: ${message} (handler.pl and decode.ts disagree on the format)`);
  }
}

/** Reads netstrings `len:bytes,` from buf; returns each payload. */
export function readNetstrings(buf: Buffer, base = 0): Buffer[] {
  const out: Buffer[] = [];
  let i = 0;
  while (i < buf.length) {
    const colon = buf.indexOf(0x3a, i);
    if (colon < 0) throw new LogFormatError("missing ':' after a length", base + i);
    const lenText = buf.subarray(i, colon).toString("latin1");
    if (!/^\d+$/.test(lenText)) throw new LogFormatError(`bad length ${JSON.stringify(lenText)}`, base + i);
    const len = Number(lenText);
    const start = colon + 1;
    const end = start + len;
    if (end >= buf.length) {
      throw new LogFormatError("record runs past the end of the log (truncated write?)", base + i);
    }
    if (buf[end] !== 0x2c) throw new LogFormatError("missing ',' after a payload", base + end);
    out.push(buf.subarray(start, end));
    i = end + 1;
  }
  return out;
}

function field(b: Buffer): [string, Buffer] {
  const eq = b.indexOf(0x3d);
  if (eq < 0) return [b.toString("latin1"), Buffer.alloc(0)];
  return [b.subarray(0, eq).toString("latin1"), b.subarray(eq + 1)];
}

export function decodeLog(log: Buffer): RawRecord[] {
  return readNetstrings(log).map((payload) => {
    const rec: RawRecord = {
      pid: 0,
      ppid: 0,
      argv: [],
      fds: [],
      stdin: null,
      stdinTruncated: false,
      stdinTimedOut: false,
      env: new Map(),
      seq: 0,
    };
    for (const f of readNetstrings(payload)) {
      const [key, value] = field(f);
      switch (key) {
        case "pid":
          rec.pid = Number(value.toString("latin1"));
          break;
        case "ppid":
          rec.ppid = Number(value.toString("latin1"));
          break;
        case "seq":
          rec.seq = Number(value.toString("latin1"));
          break;
        case "arg":
          rec.argv.push(Buffer.from(value));
          break;
        case "fd": {
          const s1 = value.indexOf(0x20);
          const s2 = value.indexOf(0x20, s1 + 1);
          rec.fds.push({
            fd: Number(value.subarray(0, s1).toString("latin1")),
            mode: value.subarray(s1 + 1, s2).toString("latin1"),
            target: value.subarray(s2 + 1).toString("utf8"),
          });
          break;
        }
        case "stdin":
          rec.stdin = Buffer.from(value);
          break;
        case "stdin-null":
          rec.stdin = null;
          break;
        case "stdin-trunc":
          rec.stdinTruncated = true;
          break;
        case "stdin-timeout":
          rec.stdinTimedOut = true;
          break;
        case "env": {
          const [k, v] = field(value);
          rec.env.set(k, v.toString("utf8"));
          break;
        }
        default:
          throw new LogFormatError(`unknown field ${JSON.stringify(key)}`, 0);
      }
    }
    return rec;
  });
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Exact UTF-8 decoding, or null when the bytes are not valid UTF-8. */
export function strictUtf8(b: Buffer): string | null {
  try {
    return utf8.decode(b);
  } catch {
    return null;
  }
}
