// Every handler a registry entry may name with `handler = "..."`. The loader rejects other names.
import type { Handler } from "../engine.ts";
import { awk } from "./awk.ts";
import { find } from "./find.ts";
import { git, gitAdd, gitClean, gitClone, gitGrep, gitStash, gitConfig, gitInit, gitRefs, gitRemote } from "./git.ts";
import { node, python, scriptInterp, shell } from "./interp.ts";
import { curl, ghApi, kubeRead, remoteCopy, rsyncShell, ssh, wget } from "./net.ts";
import { cmake, composeRead, compress, dd, shred, dockerBuild, fd, jq, kill, npmExec, npmLogs, pipInstall, pipDownload, projectRunner, ps, scriptArgs, pytest, tasks, unzip, yq } from "./misc.ts";
import { sed } from "./sed.ts";
import { tar } from "./tar.ts";
import { ack, man, openssl } from "./tools.ts";
import { env, joinScript, parallel, printenv, privilege, shopt, xargs } from "./wrappers.ts";

export const HANDLERS: Record<string, Handler> = {
  awk,
  sed,
  pytest,
  "project-runner": projectRunner,
  "pip-download": pipDownload,
  "script-args": scriptArgs,
  find,
  git,
  "git-add": gitAdd,
  "git-grep": gitGrep,
  "git-clean": gitClean,
  "git-stash": gitStash,
  "git-config": gitConfig,
  "git-clone": gitClone,
  "git-init": gitInit,
  "git-refs": gitRefs,
  "git-remote": gitRemote,
  shell,
  python,
  node,
  "script-interp": scriptInterp,
  curl,
  wget,
  ssh,
  "gh-api": ghApi,
  "kube-read": kubeRead,
  scp: { operands: remoteCopy.operands },
  rsync: { operands: remoteCopy.operands, post: rsyncShell.post },
  tar,
  man,
  ack,
  openssl,
  env,
  printenv,
  privilege,
  xargs,
  "join-script": joinScript,
  parallel,
  shopt,
  jq,
  fd,
  dd,
  "pip-install": pipInstall,
  tasks,
  unzip,
  compress,
  shred,
  cmake,
  yq,
  "docker-build": dockerBuild,
  "npm-logs": npmLogs,
  "npm-exec": npmExec,
  kill,
  ps,
  "compose-read": composeRead,
};

export const HANDLER_NAMES: ReadonlySet<string> = new Set(Object.keys(HANDLERS));
