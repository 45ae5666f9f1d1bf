// The documented noise list: reads that every program makes just to start (dynamic loader,
// locale, name service, time zone, terminal database, runtime introspection, an interpreter
// loading its own standard library). They are dropped so that `true` observes nothing and
// `ls` observes only the directory it lists. Only READS are ever noise; a write, delete, exec or
// network attempt is never filtered. Keep this list in step with README.md ("Noise").
import { globToRegExp } from "../../src/policy/regions.ts";

export const NOISE_READS: readonly { why: string; globs: string[] }[] = [
  {
    why: "dynamic loader and shared libraries",
    globs: ["/etc/ld.so.cache", "/etc/ld.so.preload", "/etc/ld.so.conf", "/etc/ld.so.conf.d/**",
      "/usr/lib/**/*.so", "/usr/lib/**/*.so.*", "/usr/lib64/**/*.so", "/usr/lib64/**/*.so.*",
      "/lib/**/*.so", "/lib/**/*.so.*", "/lib64/**/*.so", "/lib64/**/*.so.*",
      "/usr/local/lib/**/*.so", "/usr/local/lib/**/*.so.*", "/usr/lib/x86_64-linux-gnu/glibc-hwcaps/**"],
  },
  {
    why: "locale and character sets",
    globs: ["/usr/lib/locale/**", "/usr/share/locale/**", "/usr/share/locale-langpack/**", "/etc/locale.alias",
      "/usr/lib/x86_64-linux-gnu/gconv/**", "/usr/lib/aarch64-linux-gnu/gconv/**", "/usr/share/i18n/**"],
  },
  {
    why: "name service, resolver and time zone",
    globs: ["/etc/nsswitch.conf", "/etc/passwd", "/etc/group", "/etc/host.conf", "/etc/hosts", "/etc/resolv.conf",
      "/etc/gai.conf", "/etc/netsvc.conf", "/etc/svc.conf", "/etc/services", "/etc/protocols", "/etc/localtime", "/usr/share/zoneinfo/**",
      "/etc/ssl/**", "/usr/lib/ssl/**", "/usr/share/ca-certificates/**",
      // systemd's userdb drop-in records, probed by glibc's nss module for a user or group name
      "/etc/userdb/**", "/run/userdb/**", "/run/host/userdb/**", "/run/systemd/userdb", "/run/systemd/userdb/**",
      "/usr/lib/userdb/**", "/usr/local/lib/userdb/**"],
  },
  {
    why: "terminal database and readline",
    globs: ["/usr/share/terminfo/**", "/lib/terminfo/**", "/usr/lib/terminfo/**", "/etc/terminfo/**", "/etc/inputrc"],
  },
  {
    why: "runtime introspection of the process itself and the machine",
    globs: ["/proc/filesystems", "/proc/meminfo", "/proc/cpuinfo", "/proc/stat", "/proc/version",
      "/proc/self/maps", "/proc/self/status", "/proc/self/stat", "/proc/self/mountinfo", "/proc/self/cgroup",
      "/proc/self/exe", "/proc/self/auxv", "/proc/self/fd", "/proc/[0-9]*/fd", "/proc/self/limits", "/proc/self/task/*/comm", "/proc/self/task/*/stat",
      "/proc/[0-9]*/maps", "/proc/[0-9]*/status", "/proc/[0-9]*/stat", "/proc/[0-9]*/mountinfo", "/proc/[0-9]*/cgroup",
      "/proc/[0-9]*/task/*/comm", "/proc/[0-9]*/task/*/stat",
      "/proc/sys/kernel/ngroups_max", "/proc/sys/vm/overcommit_memory", "/proc/sys/kernel/osrelease",
      "/proc/sys/kernel/random/boot_id", "/proc/sys/fs/nr_open",
      "/sys/devices/system/cpu/**", "/sys/fs/cgroup/**", "/sys/kernel/mm/transparent_hugepage/**"],
  },
  {
    why: "an interpreter or tool loading its own installed runtime",
    globs: ["/usr/lib/python3*/**", "/usr/lib/python3/**", "/usr/local/lib/python3*/**", "/usr/pyvenv.cfg",
      "/usr/bin/pyvenv.cfg", "/usr/bin/python3*._pth", "/usr/bin/pybuilddir.txt", "/etc/python3*/**",
      "/usr/lib/node_modules/**", "/usr/share/nodejs/**", "/usr/lib/nodejs/**", "/usr/include/node/**",
      "/usr/share/perl/**", "/usr/share/perl5/**", "/usr/lib/x86_64-linux-gnu/perl/**",
      "/usr/lib/x86_64-linux-gnu/perl5/**", "/usr/lib/x86_64-linux-gnu/perl-base/**", "/etc/perl/**",
      "/usr/local/share/perl/**", "/usr/local/lib/x86_64-linux-gnu/perl/**", "/usr/lib/git-core/**",
      "/usr/share/git-core/**", "/etc/gitconfig", "/etc/gitattributes", "/usr/bin/node", "/usr/bin/nodejs", "/usr/share/misc/magic*", "/usr/lib/file/**",
      "/usr/share/file/**", "/etc/magic", "/etc/magic.mgc", "/etc/npmrc", "/usr/etc/npmrc"],
  },
];

const READ_NOISE = NOISE_READS.flatMap((g) => g.globs.map((glob) => globToRegExp(expandClass(glob))));

// globToRegExp has no character classes; `[0-9]*` here means "a pid", so rewrite it by hand.
function expandClass(glob: string): string {
  return glob.replace("[0-9]*", "\u0000");
}

export function isNoiseRead(path: string): boolean {
  return READ_NOISE.some((re) => re.test(path.replace(/^\/proc\/\d+\//, "/proc/\u0000/")));
}

/** Unix sockets every glibc program probes (name service cache) and syslog. */
export const NOISE_SOCKETS: readonly string[] = ["/var/run/nscd/socket", "/run/nscd/socket", "/dev/log"];

/** bash's here-document temp files: an implementation detail of `<<`, not a write by the command. */
export function isHeredocTemp(path: string): boolean {
  return /^\/tmp\/sh-thd[.-]?[A-Za-z0-9]+$/.test(path);
}

/**
 * A write to `/proc/<pid>/comm` or `/proc/<pid>/task/<tid>/comm` (or `/proc/self/...`,
 * `/proc/thread-self/comm`) of one of the command's own processes: pthread_setname_np naming a
 * thread (dig and host name their worker threads). It changes only the name `ps` shows for the
 * command's own process, so it is not an effect. Another process's name stays an effect.
 * Likewise `/proc/<pid>/coredump_filter` of its own process (the JVM sets what its own core dump
 * would hold): a setting of that process alone (and the children it starts).
 */
export function ownThreadName(path: string, own: (pid: number) => boolean): boolean {
  const filter = /^\/proc\/(self|\d+)\/coredump_filter$/.exec(path);
  if (filter) return filter[1] === "self" || own(Number(filter[1]));
  const m = /^\/proc\/(self|thread-self|\d+)\/(?:task\/(\d+)\/)?comm$/.exec(path);
  if (!m) return false;
  if (m[1] === "thread-self") return m[2] === undefined;
  if (m[1] !== "self" && !own(Number(m[1]))) return false;
  return m[2] === undefined || own(Number(m[2]));
}
