// ack (registry/text.toml): each case first shows under real bash (strace, or the canary in its
// output) what ack 3 does, and the verdict must follow. ack loads rc files before its options:
// ~/.ackrc (its --pager is a shell command), and the first .ackrc from its working directory up
// to / (a project one may not set --pager, but its --files-from reads any file): the model does
// not follow an rc file's options, so one that exists is never approved; --noenv skips them all. Below its start it reads hidden files and opens no
// symlink unless --follow.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { realFs } from "../../src/analysis/fs.ts";
import { makeSandbox, type Sandbox } from "./support/realbash.ts";
import type { Level } from "../../src/policy/model.ts";

const has = (t: string) => spawnSync("sh", ["-c", `command -v ${t}`]).status === 0;
const verdict = (s: Sandbox, cmd: string, level: Level = "reader", cwd = s.proj) => classify(cmd, { cwd, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home }, level }).decision;
/** Did the command open the key (strace -y names the file each open returned, through links)? */
const opensKey = (s: Sandbox, cmd: string, cwd = s.proj) => s.run(`strace -f -qq -y -e trace=open,openat -o ${s.tmp}/trace ${cmd} >/dev/null 2>&1; grep -c 'id_rsa' ${s.tmp}/trace || true`, { cwd }).stdout.trim() !== "0";
/** An rc file whose --files-from names the key: ack then searches the key. */
const hostileRc = (s: Sandbox, rc: string) => s.run(`echo ${s.home}/.ssh/id_rsa > ${s.tmp}/list && echo --files-from=${s.tmp}/list > ${rc}`);
const withSandbox = (f: (s: Sandbox) => void) => () => {
  const s = makeSandbox({ worktree: false });
  try {
    f(s);
  } finally {
    s.cleanup();
  }
};

describe.skipIf(!has("ack") || !has("strace"))("attack family: ack's rc files and walk", () => {
  it(
    "approves `ack zzz src` at reader in a clean tree, and refuses `ack zzz .` over the project's .env",
    withSandbox((s) => {
      expect(opensKey(s, "ack zzz src")).toBe(false);
      expect(verdict(s, "ack zzz src")).toBe("allow");
      expect(s.run("ack -l CANARY .").stdout).toContain(".env");
      expect(verdict(s, "ack zzz .")).not.toBe("allow");
    }),
  );

  it(
    "refuses `ack zzz src` when the project's .ackrc makes it read the key (--files-from), at developer too",
    withSandbox((s) => {
      hostileRc(s, ".ackrc");
      expect(s.run(`ack ${s.canary} src`).stdout).toContain(`${s.canary}-ssh`);
      expect(verdict(s, "ack zzz src")).not.toBe("allow");
      expect(verdict(s, "ack zzz src", "developer")).not.toBe("allow");
      // run from below, ack finds it searching upward
      expect(s.run(`ack ${s.canary}`, { cwd: `${s.proj}/src` }).stdout).toContain(`${s.canary}-ssh`);
      expect(verdict(s, "ack zzz", "developer", `${s.proj}/src`)).not.toBe("allow");
    }),
  );

  it(
    "refuses an .ackrc above the project (outside it and HOME) even at developer",
    withSandbox((s) => {
      hostileRc(s, `${s.root}/.ackrc`);
      expect(s.run(`ack ${s.canary} src`).stdout).toContain(`${s.canary}-ssh`);
      expect(verdict(s, "ack zzz src", "developer")).not.toBe("allow");
    }),
  );

  it(
    "refuses a project .ackrc linked to the key (ack opens it through the link)",
    withSandbox((s) => {
      s.run("ln -s ~/.ssh/id_rsa .ackrc");
      expect(opensKey(s, "ack zzz src")).toBe(true);
      expect(verdict(s, "ack zzz src", "developer")).not.toBe("allow");
    }),
  );

  it.skipIf(!has("script"))(
    "refuses `ack zzz src` when ~/.ackrc sets a pager (run on a terminal, it runs the shell command)",
    withSandbox((s) => {
      s.run(`echo '--pager=touch ${s.tmp}/paged' > ~/.ackrc`);
      s.run(`script -qc 'ack README src README.md' /dev/null`);
      expect(s.exists(`${s.tmp}/paged`)).toBe(true);
      expect(verdict(s, "ack zzz src", "yolo")).not.toBe("allow");
    }),
  );

  it(
    "refuses when ACKRC (in the environment the command runs in) names an rc file, which ack loads instead of ~/.ackrc",
    withSandbox((s) => {
      hostileRc(s, `${s.tmp}/rc`);
      expect(s.run(`ack ${s.canary} src`, { env: { ACKRC: `${s.tmp}/rc` } }).stdout).toContain(`${s.canary}-ssh`);
      const withEnv = classify("ack zzz src", { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home, ACKRC: `${s.tmp}/rc` }, level: "yolo" }).decision;
      expect(withEnv).not.toBe("allow");
      expect(verdict(s, "ack zzz src")).toBe("allow");
    }),
  );

  it(
    "approves `ack --noenv zzz src` over a hostile .ackrc and ~/.ackrc: it loads neither",
    withSandbox((s) => {
      hostileRc(s, ".ackrc");
      s.run(`cp .ackrc ~/.ackrc`);
      expect(s.run(`ack --noenv ${s.canary} src`).stdout).not.toContain(`${s.canary}-ssh`);
      expect(opensKey(s, "ack --noenv zzz src")).toBe(false);
      expect(verdict(s, "ack --noenv zzz src")).toBe("allow");
      // ack's first pass takes --noenv wherever it stands; elsewhere it is refused, never guessed
      expect(verdict(s, "ack --match --noenv zzz src")).not.toBe("allow");
      expect(verdict(s, "ack --noe zzz src")).not.toBe("allow");
      expect(verdict(s, "ack --match -- --noenv zzz src")).not.toBe("allow");
    }),
  );

  it(
    "does not follow a link below its start (approved), and refuses --follow, which reads the key",
    withSandbox((s) => {
      s.run("mkdir -p src/d && ln -s ~/.ssh src/d/k");
      expect(opensKey(s, "ack zzz src")).toBe(false);
      expect(verdict(s, "ack zzz src")).toBe("allow");
      expect(opensKey(s, "ack --follow zzz src")).toBe(true);
      expect(verdict(s, "ack --follow zzz src")).not.toBe("allow");
    }),
  );

  it(
    "opens no ignore file: .ignore, .gitignore and .git/info/exclude linked to the key below its start stay unopened (approved)",
    withSandbox((s) => {
      s.run("mkdir -p src/d/.git/info && ln -s ~/.ssh/id_rsa src/.ignore && ln -s ~/.ssh/id_rsa src/d/.gitignore && ln -s ~/.ssh/id_rsa src/d/.git/info/exclude");
      expect(opensKey(s, "ack zzz src")).toBe(false);
      expect(verdict(s, "ack zzz src")).toBe("allow");
    }),
  );

  it(
    "reads hidden files below its start: a key copied to src/.k is refused",
    withSandbox((s) => {
      s.run("mkdir -p src/.hid && cp ~/.ssh/id_rsa src/.hid/id_rsa");
      expect(opensKey(s, "ack zzz src")).toBe(true);
      expect(verdict(s, "ack zzz src")).not.toBe("allow");
    }),
  );

  it(
    "takes the number after -A/-C as its value: `ack -A 1 CANARY ~/.ssh` reads the key",
    withSandbox((s) => {
      expect(s.run(`ack -A 1 ${s.canary} ~/.ssh`).stdout).toContain(`${s.canary}-ssh`);
      expect(verdict(s, "ack -A 1 zzz ~/.ssh")).not.toBe("allow");
      expect(verdict(s, "ack -C 3 zzz src")).toBe("allow");
    }),
  );
});
