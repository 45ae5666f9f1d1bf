// Parser for `strace -f -yy -o FILE` output: one Syscall per call, with split
// `<unfinished ...>` / `<... resumed>` halves joined. Pure: text in, records out.

export interface Syscall {
  /** Order of the line where the call started: a child's calls always follow its parent's clone. */
  seq: number;
  pid: number;
  name: string;
  /** Top-level arguments, raw strace text. */
  args: string[];
  /** Raw text after "= " ("" when strace printed none). */
  ret: string;
  /** Numeric return, or null for "?" and unparsable. */
  retVal: number | null;
  /** errno name when the call failed (ENOENT, EROFS...). */
  errno: string | null;
  /** Path of a returned fd (openat with -y). */
  retPath: string | null;
}

/** Parses a whole trace. Lines that are not calls (signals, exits) are skipped. */
export function parseTrace(text: string): Syscall[] {
  const out: Syscall[] = [];
  const pending = new Map<number, { seq: number; name: string; head: string }>();
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\d+)\s+(.*)$/.exec(lines[i]!);
    if (!m) continue;
    const pid = Number(m[1]);
    let body = m[2]!;
    if (body.startsWith("+++") || body.startsWith("---")) continue;
    let seq = i;
    const resumed = /^<\.\.\. ([\w]+) resumed>(.*)$/.exec(body);
    if (resumed) {
      const p = pending.get(pid);
      pending.delete(pid);
      if (!p || p.name !== resumed[1]) continue;
      seq = p.seq;
      body = p.head + resumed[2]!;
    }
    const unfinished = body.match(/^(.*?)\s*<unfinished \.\.\.>$/);
    if (unfinished) {
      const name = /^([\w]+)\(/.exec(unfinished[1]!)?.[1];
      if (name) pending.set(pid, { seq, name, head: unfinished[1]! });
      continue;
    }
    const call = parseCall(body);
    if (call) out.push({ seq, pid, ...call });
  }
  // A call still pending when the trace ended (the process was killed inside it) is still an attempt.
  for (const [pid, p] of pending) {
    const call = parseCall(p.head + ") = ?");
    if (call) out.push({ seq: p.seq, pid, ...call });
  }
  return out.sort((a, b) => a.seq - b.seq);
}

type Parsed = Omit<Syscall, "seq" | "pid">;

export function parseCall(body: string): Parsed | null {
  const nm = /^([\w]+)\(/.exec(body);
  if (!nm) return null;
  const name = nm[1]!;
  const start = name.length + 1;
  const { parts, end } = splitTop(body, start, ")");
  if (end < 0) return null;
  const tail = body.slice(end + 1);
  const eq = /^\s*=\s*(.*)$/.exec(tail);
  const ret = eq ? eq[1]! : "";
  const num = /^(-?\d+|0x[0-9a-f]+)/.exec(ret);
  const retVal = num ? Number(num[1]) : null;
  const errno = /^-1 (E[A-Z0-9]+)/.exec(ret)?.[1] ?? null;
  const fdm = /^\d+</.exec(ret);
  const retPath = fdm ? fdPath(ret) : null;
  return { name, args: parts, ret, retVal, errno, retPath };
}

/**
 * Splits text from `start` at top-level commas until the `close` char at depth 0.
 * Skips quoted strings (with escapes) and `<...>` fd decorations (which nest: `</dev/null<char 1:3>>`).
 */
export function splitTop(text: string, start: number, close: string): { parts: string[]; end: number } {
  const parts: string[] = [];
  let depth = 0;
  let cur = start;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') {
      i = skipString(text, i);
      continue;
    }
    if (ch === "<") {
      i = skipAngle(text, i);
      continue;
    }
    if (ch === "(" || ch === "[" || ch === "{") depth++;
    else if ((ch === ")" || ch === "]" || ch === "}") && depth > 0) depth--;
    else if (depth === 0 && ch === close) {
      const last = text.slice(cur, i).trim();
      if (last || parts.length) parts.push(last);
      return { parts, end: i };
    } else if (depth === 0 && ch === ",") {
      parts.push(text.slice(cur, i).trim());
      cur = i + 1;
    }
  }
  return { parts, end: -1 };
}

function skipString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === '"') return text.startsWith("...", j + 1) ? j + 3 : j;
  }
  return text.length;
}

function skipAngle(text: string, i: number): number {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    if (text[j] === "<") depth++;
    else if (text[j] === ">") {
      depth--;
      if (depth === 0) return j;
    }
  }
  return text.length;
}

/** Decodes strace's C-style escapes (\n, \", \\, \ooo, \xHH) into a UTF-8 string. */
export function unescape(s: string): string {
  if (!s.includes("\\")) return s;
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch !== "\\") {
      bytes.push(...Buffer.from(ch, "utf8"));
      continue;
    }
    const n = s[++i];
    if (n === undefined) break;
    const simple: Record<string, number> = { n: 10, t: 9, r: 13, v: 11, f: 12, a: 7, b: 8, "\\": 92, '"': 34, "'": 39 };
    if (n in simple) bytes.push(simple[n]!);
    else if (n === "x") {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (/[0-7]/.test(n)) {
      let oct = n;
      while (oct.length < 3 && /[0-7]/.test(s[i + 1] ?? "")) oct += s[++i];
      bytes.push(parseInt(oct, 8));
    } else bytes.push(...Buffer.from(n, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The string value of a quoted argument (`"abc"` or `"abc"...`), or null if it is not one. */
export function str(arg: string | undefined): string | null {
  if (!arg || !arg.startsWith('"')) return null;
  const end = skipString(arg, 0);
  const close = arg.lastIndexOf('"', end);
  return unescape(arg.slice(1, close));
}

/** The path of an fd decoration: `3</a/b>` or `AT_FDCWD</a>` -> "/a/b"; null when undecorated. */
export function fdPath(arg: string | undefined): string | null {
  if (!arg) return null;
  const lt = arg.indexOf("<");
  if (lt < 0) return null;
  const end = skipAngle(arg, lt);
  let inner = arg.slice(lt + 1, end);
  // drop a nested device decoration (`/dev/null<char 1:3>`)
  const nested = inner.indexOf("<");
  if (nested >= 0) inner = inner.slice(0, nested);
  // sockets, pipes and anonymous inodes are not paths
  if (!inner.startsWith("/")) return null;
  return unescape(inner);
}

/** The fd number of an fd argument (`3</x>` -> 3, `AT_FDCWD</x>` -> "AT_FDCWD"). */
export function fdNum(arg: string | undefined): number | "AT_FDCWD" | null {
  if (!arg) return null;
  if (arg.startsWith("AT_FDCWD")) return "AT_FDCWD";
  const m = /^(-?\d+)/.exec(arg);
  return m ? Number(m[1]) : null;
}

/** The elements of an array argument (`["a", "b"]`). */
export function array(arg: string | undefined): string[] {
  if (!arg || !arg.startsWith("[")) return [];
  const { parts } = splitTop(arg, 1, "]");
  return parts.map((p) => str(p) ?? p);
}

/** `key=value` fields of a struct argument (`{sa_family=AF_INET, sin_port=htons(80)}`). */
export function fields(arg: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!arg || !arg.startsWith("{")) return out;
  const { parts } = splitTop(arg, 1, "}");
  for (const p of parts) {
    const eq = p.indexOf("=");
    if (eq > 0) out[p.slice(0, eq).trim()] = p.slice(eq + 1).trim();
  }
  return out;
}
