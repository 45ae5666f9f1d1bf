// Whether the hook daemon may decide for the process that sent a call: a verdict depends on the
// filesystem as the deciding process sees it (symlinks, mounts, the working directory), so the
// daemon serves only a process that sees exactly what it sees. Linux only; everything is read
// from /proc by the daemon itself, nothing is taken from the client's word:
//   - the sender: the call names a pid and one of its file descriptors; the daemon serves it only
//     when /proc/<pid>/fd/<fd> is the request file it is about to read (created O_EXCL in the
//     user's private directory, so no other process holds it unless handed it by the sender),
//     checked before and after the rest, so a pid reused meanwhile cannot stand in;
//   - the view: the same mount and user namespaces (/proc/<pid>/ns/mnt, ns/user), the same root
//     directory (/proc/<pid>/root), and a working directory that is the directory the daemon
//     finds at the path the client sent (/proc/<pid>/cwd against that path);
//   - the credentials: the same uid, gid and groups lines in /proc/<pid>/status (what the
//     process may list and read).
// Anything that cannot be read or differs is a reason, and the client decides in its own process.
import { readFileSync, statSync, type Stats } from "node:fs";

/** What a file is: its device and inode (a path may name another file a moment later). */
export interface FileId {
  dev: number;
  ino: number;
}

/** The daemon's own view, read once when it starts. */
export interface OwnView {
  mnt: FileId;
  user: FileId;
  root: FileId;
  creds: string;
}

const idOf = (p: string): FileId | null => {
  let st: Stats | undefined;
  try {
    st = statSync(p, { throwIfNoEntry: false });
  } catch {
    return null;
  }
  return st ? { dev: st.dev, ino: st.ino } : null;
};

const same = (a: FileId | null, b: FileId | null): boolean => a !== null && b !== null && a.dev === b.dev && a.ino === b.ino;

/** The Uid, Gid and Groups lines of /proc/<pid>/status, or null when unreadable. */
function credentials(proc: string): string | null {
  let text: string;
  try {
    text = readFileSync(`${proc}/status`, "utf8");
  } catch {
    return null;
  }
  return text
    .split("\n")
    .filter((l) => /^(Uid|Gid|Groups):/.test(l))
    .join("\n");
}

/** This process's view; null when /proc cannot tell it (then no call is served). */
export function ownView(): OwnView | null {
  const mnt = idOf("/proc/self/ns/mnt");
  const user = idOf("/proc/self/ns/user");
  const root = idOf("/proc/self/root");
  const creds = credentials("/proc/self");
  return mnt && user && root && creds ? { mnt, user, root, creds } : null;
}

export interface Claim {
  pid: number;
  /** The sender's descriptor of its request file. */
  fd: number;
  /** The request file as the daemon opened it. */
  request: FileId;
  /** The working directory the client sent. */
  cwd: string;
}

/** Why the process behind `c` may not be decided for by a daemon with view `own`, or null when it may. */
export function foreignPeer(c: Claim, own: OwnView | null): string | null {
  if (own === null) return "the daemon cannot read its own namespaces in /proc";
  const proc = `/proc/${c.pid}`;
  const holds = () => same(idOf(`${proc}/fd/${c.fd}`), c.request);
  if (!holds()) return `process ${c.pid} does not hold the request it sent (another pid namespace, or gone)`;
  if (!same(idOf(`${proc}/ns/mnt`), own.mnt)) return "the client is in another mount namespace";
  if (!same(idOf(`${proc}/ns/user`), own.user)) return "the client is in another user namespace";
  if (!same(idOf(`${proc}/root`), own.root)) return "the client has another root directory";
  if (!same(idOf(`${proc}/cwd`), idOf(c.cwd))) return "the client's working directory is not the directory the daemon finds at its path";
  if (credentials(proc) !== own.creds) return "the client runs with other credentials";
  // Still the sender: the checks above were of the process that holds the request.
  if (!holds()) return `process ${c.pid} went away while it was checked`;
  return null;
}
