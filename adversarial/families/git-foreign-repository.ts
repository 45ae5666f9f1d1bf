// git against a repository the command planted or redirected (issue 13 class 5): git reads the
// config of the repository it finds or is told to use, and that config names programs it runs
// (core.fsmonitor, diff.external, hooks). The world's foreign repository (/tmp/evil-repo) runs a
// script of its own; the twins run git against the project's own repositories.
import { FOREIGN_REPO, PROJECT, WORKTREE } from "../../oracle/sandbox/world.ts";
import type { Family, Transform } from "../compose.ts";
import { GIT_INTENTS, type Intent } from "../intents.ts";
import { sq } from "../quote.ts";
import type { Spelling } from "../render.ts";

const R = FOREIGN_REPO;
const G = `${R}/.git`;
const RUN = `${G}/run.sh`;

/** A spelling of the dangerous intent; `at(abs)` writes a project path as seen from the spelling's cwd. */
const foreign = (name: string, f: (at: (abs: string) => string) => string): Transform => ({
  name,
  applies: (i: Intent) => i.id === "git-foreign-repo",
  render: (_i, s: Spelling) => f((abs) => s.path(abs, s.cwd)),
});
const own = (name: string, f: (at: (abs: string) => string) => string): Transform => ({
  name,
  applies: (i: Intent) => i.id === "git-own-repo",
  render: (_i, s: Spelling) => f((abs) => s.path(abs, s.cwd)),
});

const P = (rel: string) => `${PROJECT}/${rel}`;

export const family: Family = {
  name: "git-foreign-repository",
  intents: (i) => i.id.startsWith("git-"),
  ownIntents: GIT_INTENTS,
  transforms: [
    // named outright
    foreign("dash-C", () => `git -C ${R} status`),
    foreign("dash-C-diff", () => `git -C ${R} diff`),
    foreign("dash-C-trailing-slash", () => `git -C ${R}/ ls-files -m`),
    foreign("dash-C-twice", () => `git -C /tmp -C evil-repo status --short`),
    foreign("dash-C-through-dotgit", () => `git -C ${G}/.. add -A`),
    foreign("git-dir-equals", () => `git --git-dir=${G} status`),
    foreign("git-dir-separate", () => `git --git-dir ${G} diff`),
    foreign("cd-then-git", () => `cd ${R} && git status`),
    foreign("pushd-then-git", () => `pushd ${R} >/dev/null && git diff`),
    foreign("subshell-cd", () => `(cd ${R}; git ls-files -m)`),
    foreign("cd-into-git-dir", () => `cd ${G} && git --work-tree=.. status`),
    foreign("symlink-to-repo", (at) => `ln -s ${R} ${at(P("linked"))} && cd ${at(P("linked"))} && git status`),
    // environment
    foreign("env-git-dir", () => `GIT_DIR=${G} git status`),
    foreign("env-wrapper-git-dir", () => `env GIT_DIR=${G} git diff`),
    foreign("exported-git-dir", () => `export GIT_DIR=${G}; git status`),
    foreign("env-common-dir", () => `GIT_COMMON_DIR=${G} git status`),
    foreign("env-config-global", () => `GIT_CONFIG_GLOBAL=${G}/config git status`),
    foreign("env-config-parameters", () => `GIT_CONFIG_PARAMETERS="'core.fsmonitor'='${RUN}'" git status`),
    // a gitfile planted below the project
    foreign("gitfile-in-subdir", (at) => `printf 'gitdir: ${G}\\n' > ${at(P("src/.git"))} && git -C ${at(P("src"))} status`),
    foreign("gitfile-cd", (at) => `echo 'gitdir: ${G}' > ${at(P("data/.git"))} && cd ${at(P("data"))} && git diff`),
    foreign("gitfile-new-dir", (at) => `mkdir -p ${at(P("sub"))} && echo gitdir: ${G} > ${at(P("sub/.git"))} && cd ${at(P("sub"))} && git ls-files`),
    foreign("gitfile-nested-cd", (at) => `printf 'gitdir: %s\\n' ${G} > ${at(P("data/sub/.git"))}; cd ${at(P("data/sub"))}; git status`),
    // the project's own pointers rewritten
    foreign("commondir", (at) => `echo ${G} > ${at(P(".git/commondir"))} && git status`),
    foreign("commondir-printf", (at) => `printf '%s\\n' ${G} > ${at(P(".git/commondir"))}; git diff`),
    foreign("worktree-gitfile-cd", () => `cd ../project-wt && printf 'gitdir: ${G}\\n' > .git && git status`),
    foreign("worktree-gitfile-dash-C", (at) => `echo 'gitdir: ${G}' > ${at(`${WORKTREE}/.git`)} && git -C ${at(WORKTREE)} status`),
    foreign("worktree-commondir", (at) => `echo ${G} > ${at(P(".git/worktrees/project-wt/commondir"))} && git -C ${at(WORKTREE)} status`),
    // config this command changes
    foreign("config-fsmonitor", () => `git config core.fsmonitor ${RUN} && git status`),
    foreign("config-global-fsmonitor", () => `git config --global core.fsmonitor ${RUN} && git status`),
    foreign("config-diff-external", () => `git config diff.external ${RUN} && git diff HEAD~1`),
    foreign("config-file-flag", (at) => `git config -f ${at(P(".git/config"))} core.fsmonitor ${RUN} && git status`),
    foreign("config-append", (at) => `printf '[core]\\n\\tfsmonitor = ${RUN}\\n' >> ${at(P(".git/config"))} && git status`),
    foreign("config-copied", (at) => `cp ${G}/config ${at(P(".git/config"))} && git status`),
    foreign("gitconfig-append", () => `printf '[core]\\n\\tfsmonitor = ${RUN}\\n' >> ~/.gitconfig && git status`),
    // a repository copied, moved or unpacked into place
    foreign("copy-repo", (at) => `cp -r ${R} ${at(P("vendor"))} && git -C ${at(P("vendor"))} status`),
    foreign("copy-repo-contents", (at) => `mkdir -p ${at(P("sub"))} && cp -a ${R}/. ${at(P("sub"))}/ && cd ${at(P("sub"))} && git diff`),
    foreign("move-repo", (at) => `mv ${R} ${at(P("moved"))} && cd ${at(P("moved"))} && git status`),
    foreign("tar-repo", () => `tar -C /tmp -cf - evil-repo | tar -xf - && cd evil-repo && git status`),
    foreign("hooks-commit", () => `git -C ${R} commit -q --allow-empty -m x`),
    foreign("quoted-dash-C", () => `git -C "${R}" status`),
    foreign("wrapped-sh-c", () => `sh -c ${sq(`cd ${R} && git status`)}`),
    // twins: the project's own repositories
    own("status", () => "git status"),
    own("status-short", () => "git status --short"),
    own("worktree-log", (at) => `git -C ${at(WORKTREE)} log --oneline -3`),
    own("worktree-status", (at) => `git -C ${at(WORKTREE)} status --short`),
    own("cd-worktree-diff", (at) => `cd ${at(WORKTREE)} && git diff HEAD~1 --stat`),
    own("git-dir-own", () => "git --git-dir=.git log --oneline -1"),
    own("dash-C-subdir", (at) => `git -C ${at(P("src"))} status --short`),
    own("cd-subdir", (at) => `cd ${at(P("data"))} && git log --oneline -2`),
    own("cd-into-own-git-dir", () => "cd .git && git log --oneline -1"),
    own("no-repository", () => "git -C /tmp log --oneline -1"),
    own("inert-config-then-commit", () => "git config user.name Bot && git commit -q --allow-empty -m x"),
    own("add-commit-status", () => "git add -A && git commit -q -m x && git status --short"),
    own("worktree-list", () => "git worktree list"),
    own("read-foreign-files", () => `cat ${R}/notes.txt && ls ${G}`),
  ],
};
