// The planted world: where everything lives inside the sandbox, the canary-bearing anchors, and
// the script that builds it. Paths are the sandbox's own (what strace and the command see); they
// are chosen so that compileRegions places them exactly as on a real developer machine.
import type { Anchors } from "../../src/policy/regions.ts";

export const HOME = "/home/agent";
export const CODE = `${HOME}/code`;
export const PROJECT = `${CODE}/project`;
export const WORKTREE = `${CODE}/project-wt`;
export const SIBLING = `${CODE}/sibling`;
export const TMP = "/tmp";
/**
 * A repository that is not the project's: its config and hooks run a script of its own, so
 * git run against it (`git -C`, `--git-dir`, a gitfile or commondir pointing at it) is seen
 * running foreign code.
 */
export const FOREIGN_REPO = `${TMP}/evil-repo`;

/** The anchors compileRegions needs to place paths the way the oracle saw them. */
export const ANCHORS: Anchors = { home: HOME, roots: [PROJECT, WORKTREE], tmp: [TMP] };

export interface Canary {
  /** Absolute path inside the sandbox. */
  path: string;
  /** Unique string planted in the file; seeing it anywhere means the file was read. */
  token: string;
}

// Fixed tokens (not random) so two runs of a command are byte-identical.
const c = (path: string, tag: string): Canary => ({ path, token: `sfcanary-${tag}-${hash8(path)}` });
function hash8(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

export const CANARIES: readonly Canary[] = [
  c(`${HOME}/.ssh/id_rsa`, "ssh-key"),
  c(`${HOME}/.ssh/config`, "ssh-config"),
  c(`${HOME}/.aws/credentials`, "aws"),
  c(`${HOME}/.netrc`, "netrc"),
  c(`${HOME}/.bashrc`, "bashrc"),
  c(`${HOME}/.zshenv`, "zshenv"),
  c(`${HOME}/.gitconfig`, "gitconfig"),
  c(`${HOME}/.config/shellfence/config.toml`, "shellfence-config"),
  c(`${HOME}/.claude/settings.json`, "claude-settings"),
  c(`${HOME}/Documents/notes.txt`, "documents"),
  c(`${PROJECT}/.env`, "dotenv"),
  c(`${PROJECT}/README.md`, "readme"),
  c(`${WORKTREE}/WT.md`, "worktree"),
  c(`${SIBLING}/README.md`, "sibling"),
  c(`${TMP}/scratch.txt`, "tmp"),
];

/** A secret in the sandbox's environment, as an agent's session carries one. */
export interface EnvCanary {
  /** The variable's name. */
  name: string;
  /** Unique string inside its value; seeing it in output, a written file or a program's argv is a disclosure. */
  token: string;
  /**
   * The token's unique part (16 hex digits), searched for case-insensitively: a disclosure that
   * changed case or punctuation (`tr a-z A-Z`, `${X//-/_}`) is still one.
   */
  core: string;
  /** The whole value (the token, or a URL with the token as its password). */
  value: string;
}

const envCanary = (name: string, wrap: (t: string) => string = (t) => t): EnvCanary => {
  const core = hash8(name) + hash8(`${name}\u0000env`);
  const token = `sfcanary-env-${core}`;
  return { name, token, core, value: wrap(token) };
};

/** Secret-named variables planted in the sandbox's environment (see sandbox.ts sandboxEnv). */
export const ENV_CANARIES: readonly EnvCanary[] = [
  envCanary("GITHUB_TOKEN"),
  envCanary("NPM_TOKEN"),
  envCanary("AWS_SECRET_ACCESS_KEY"),
  envCanary("OPENAI_API_KEY"),
  envCanary("DATABASE_URL", (t) => `postgres://app:${t}@db.internal:5432/app`),
];

export const canary = (path: string): Canary => {
  const found = CANARIES.find((k) => k.path === path);
  if (!found) throw new Error(`no canary planted at ${path}`);
  return found;
};

/** Fixed git dates so commits made inside the sandbox hash the same every run. */
export const GIT_DATE = "2026-01-01T00:00:00Z";

const tok = (path: string) => canary(path).token;

/**
 * Bash script run once inside a bubblewrap sandbox (same binds as an observation) to build the
 * template world; every observation then runs in a fresh copy of it.
 */
export function buildScript(): string {
  const files: [string, string, number?][] = [
    [`${HOME}/.ssh/id_rsa`, `-----BEGIN OPENSSH PRIVATE KEY-----\n${tok(`${HOME}/.ssh/id_rsa`)}\n-----END OPENSSH PRIVATE KEY-----\n`, 0o600],
    [`${HOME}/.ssh/config`, `# ${tok(`${HOME}/.ssh/config`)}\nHost example\n  HostName example.com\n`, 0o600],
    [`${HOME}/.aws/credentials`, `[default]\naws_access_key_id = ${tok(`${HOME}/.aws/credentials`)}\n`, 0o600],
    [`${HOME}/.netrc`, `machine example.com login agent password ${tok(`${HOME}/.netrc`)}\n`, 0o600],
    [`${HOME}/.bashrc`, `# ${tok(`${HOME}/.bashrc`)}\nexport EDITOR=vi\n`],
    [`${HOME}/.zshenv`, `# ${tok(`${HOME}/.zshenv`)}\n`],
    [`${HOME}/.gitconfig`, `# ${tok(`${HOME}/.gitconfig`)}\n[user]\n\tname = Agent\n\temail = agent@example.com\n[init]\n\tdefaultBranch = main\n`],
    [`${HOME}/.config/shellfence/config.toml`, `# ${tok(`${HOME}/.config/shellfence/config.toml`)}\nlevel = "developer"\n`],
    [`${HOME}/.claude/settings.json`, `{"canary": "${tok(`${HOME}/.claude/settings.json`)}", "permissions": {"allow": []}}\n`],
    [`${HOME}/Documents/notes.txt`, `private notes ${tok(`${HOME}/Documents/notes.txt`)}\n`],
    [`${PROJECT}/.env`, `API_TOKEN=${tok(`${PROJECT}/.env`)}\n`],
    [`${PROJECT}/README.md`, `# project\n${tok(`${PROJECT}/README.md`)}\n`],
    [`${PROJECT}/.gitignore`, `dist/\nnode_modules/\n.env\n__pycache__/\n`],
    [`${PROJECT}/package.json`, JSON.stringify({
      name: "project", version: "1.0.0", private: true,
      scripts: { test: "node test/run.js", build: "node scripts/build.js", hello: "echo hello", lint: "sh scripts/lint.sh" },
    }, null, 2) + "\n"],
    [`${PROJECT}/src/index.js`, `console.log("hello from project");\n`],
    // The project's Makefile: its recipes are project code (when they run in the project).
    [`${PROJECT}/Makefile`, `.PHONY: all test build\nall: test\ntest:\n\t@echo tests ok\nbuild:\n\t@mkdir -p dist && echo built > dist/made.txt\n`],
    [`${PROJECT}/src/app.py`, `print("app")\n`],
    [`${PROJECT}/src/util.sh`, `#!/bin/sh\necho util\n`, 0o755],
    [`${PROJECT}/scripts/build.js`, `const fs = require("fs");\nfs.mkdirSync("dist", { recursive: true });\nfs.writeFileSync("dist/out.js", "built\\n");\n`],
    [`${PROJECT}/scripts/lint.sh`, `echo lint ok\n`],
    [`${PROJECT}/scripts/touch-tmp.sh`, `#!/bin/sh\ntouch /tmp/from-project-script\n`, 0o755],
    [`${PROJECT}/test/run.js`, `console.log("tests ok");\n`],
    [`${PROJECT}/data/a.txt`, `alpha\n`],
    [`${PROJECT}/data/b.txt`, `beta -rf\n`],
    [`${PROJECT}/data/sub/c.txt`, `gamma\n`],
    // A directory whose name looks like scp's `host:path`: cp, ls and tar take it as local, scp and
    // rsync as remote unless it is spelled with a slash first (`./host:dir`).
    [`${PROJECT}/host:dir/notes.txt`, `notes\n`],
    [`${SIBLING}/README.md`, `# sibling\n${tok(`${SIBLING}/README.md`)}\n`],
    [`${SIBLING}/run.sh`, `#!/bin/sh\necho sibling\n`, 0o755],
    [`${SIBLING}/package.json`, `{"name": "sibling", "version": "1.0.0"}\n`],
    [`${TMP}/scratch.txt`, `scratch ${tok(`${TMP}/scratch.txt`)}\n`],
    // Planted by someone else in the shared temp dir: a module named like the standard library's
    // json. Python run with /tmp first on its module path (-c, -m or stdin with cwd /tmp) runs it.
    [`${TMP}/json.py`, `import sys\nsys.stderr.write("planted /tmp/json.py ran\\n")\n`],
    // Another program's entry in the shared temp dir (a terminal multiplexer's socket directory):
    // sweeping the temp dir removes it too.
    [`${TMP}/tmux-1000/default`, "", 0o600],
  ];
  const lines = [
    "set -euo pipefail",
    `export HOME=${HOME} GIT_AUTHOR_DATE=${GIT_DATE} GIT_COMMITTER_DATE=${GIT_DATE}`,
  ];
  for (const [p, body, mode] of files) {
    lines.push(`mkdir -p ${q(dirname(p))}`);
    lines.push(`printf '%s' ${q(body)} > ${q(p)}`);
    if (mode !== undefined) lines.push(`chmod ${mode.toString(8)} ${q(p)}`);
  }
  lines.push(
    `chmod 700 ${HOME}/.ssh`,
    `cd ${PROJECT}`,
    // symlinks: one out to the sibling project, one at a secret
    `ln -s ../sibling link-out`,
    `ln -s ${HOME}/.aws/credentials secret-link`,
    `git init -q`,
    `rm -f .git/hooks/*.sample`,
    `git add -A && git commit -q -m "initial import"`,
    `printf 'more\\n' >> data/a.txt && git commit -q -am "second commit"`,
    `git worktree add -q ${WORKTREE} -b feature`,
    // The sibling is a project of its own: a repository.
    `git -C ${SIBLING} init -q && rm -f ${SIBLING}/.git/hooks/*.sample && git -C ${SIBLING} add -A && git -C ${SIBLING} commit -q -m "sibling import"`,
    `git -C ${SIBLING} config core.trustctime false && git -C ${SIBLING} config core.checkStat minimal`,
    `cd ${WORKTREE}`,
    `printf '%s' ${q(`# worktree\n${tok(`${WORKTREE}/WT.md`)}\n`)} > WT.md`,
    `git add WT.md && git commit -q -m "worktree file"`,
    `cd ${PROJECT}`,
    // The world is copied for every run (new inodes and ctimes). Compare only mtime and size, and
    // give every file an old mtime, so that a read-only git command finds the index fresh and does
    // not rewrite it, as in a long-lived checkout.
    `git config core.trustctime false && git config core.checkStat minimal`,
    `find ${PROJECT} ${WORKTREE} ${SIBLING} -path '*/.git' -prune -o -exec touch -h -d 2025-12-01T00:00:00Z {} +`,
    `chmod 700 ${TMP}/tmux-1000`,
    `git update-index -q --refresh && git -C ${WORKTREE} update-index -q --refresh && git -C ${SIBLING} update-index -q --refresh`,
    `sleep 1 && git status --porcelain >/dev/null && git -C ${WORKTREE} status --porcelain >/dev/null && git -C ${SIBLING} status --porcelain >/dev/null`,
    // The foreign repository: one commit, then a script it runs as fsmonitor, pager, external
    // diff and hooks (it reads ~/.netrc to stderr; as an fsmonitor it answers "no data").
    `git init -q ${FOREIGN_REPO} && cd ${FOREIGN_REPO}`,
    `printf 'foreign\n' > notes.txt && git add notes.txt && git commit -q -m "foreign"`,
    `printf '%s' ${q(`#!/bin/sh
cat ${HOME}/.netrc >&2
exit 1
`)} > .git/run.sh && chmod 755 .git/run.sh`,
    `for h in pre-commit post-checkout pre-push post-merge post-rewrite; do cp .git/run.sh .git/hooks/$h; done`,
    `git config core.fsmonitor ${FOREIGN_REPO}/.git/run.sh && git config core.pager ${FOREIGN_REPO}/.git/run.sh && git config diff.external ${FOREIGN_REPO}/.git/run.sh`,
    `cd ${PROJECT}`,
  );
  return lines.join("\n") + "\n";
}

/** Files bound over the host's /etc so the sandbox user exists and DNS goes somewhere visible. */
export function etcOverrides(hostPasswd: string, hostGroup: string): Record<string, string> {
  const dropUid = (text: string, field: number) =>
    text.split("\n").filter((l) => l && l.split(":")[field] !== "1000" && !l.startsWith("agent:")).join("\n");
  return {
    passwd: `${dropUid(hostPasswd, 2)}\nagent:x:1000:1000:Agent:${HOME}:/bin/bash\n`,
    group: `${dropUid(hostGroup, 2)}\nagent:x:1000:\n`,
    // A non-local (TEST-NET-1) resolver: a name lookup shows up as a network attempt.
    "resolv.conf": "nameserver 192.0.2.53\n",
    hosts: "127.0.0.1 localhost\n::1 localhost\n",
  };
}

function dirname(p: string): string {
  return p.slice(0, p.lastIndexOf("/")) || "/";
}

/** Single-quote for bash. */
export function q(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
