// Environment variables that make programs act (registry/env-vectors.toml): files they write or
// read, config and code they load, variables they print, functions a child bash imports.
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { loadEnvVectors, parseEnvVectors } from "../../src/analysis/envvectors.ts";
import { DataFileError } from "../../src/policy/datafile.ts";

const ctx = { cwd: "/home/u/p", roots: ["/home/u/p"], home: "/home/u", tmp: ["/tmp"], env: { HOME: "/home/u" }, fs: null };
const level = (cmd: string) => classify(cmd, { ...ctx, level: "yolo" }).level;

describe("env vectors", () => {
  it.each([
    ["GIT_TRACE2_EVENT=~/.claude/settings.json git status", "never"],
    ["GIT_TRACE=$HOME/.bashrc git status", "local-admin"],
    ["GIT_TRACE_PACKET=/home/u/.bashrc git fetch", "local-admin"],
    // git then reads a repository this same command wrote into: its config may now run programs
    ["export GIT_TRACE_SETUP=/home/u/p/.git/hooks/pre-commit; git status", "yolo"],
    ["GIT_TRACE2=af_unix:/tmp/s git status", "never"],
    ["GIT_FROBNICATE=1 git status", "never"],
    ["LD_DEBUG=files LD_DEBUG_OUTPUT=/home/u/.bashrc ls", "local-admin"],
    ["TZ=:/home/u/.ssh/id_rsa date", "yolo"],
    ["HOSTALIASES=/home/u/.netrc getent hosts foo", "yolo"],
    ["OPENSSL_CONF=/tmp/x.cnf openssl version", "yolo"],
    ["CURL_HOME=/tmp curl -s https://example.com/", "yolo"],
    ["ZIPOPT='-T -TT id' zip a.zip README.md", "never"],
    ["VIMINIT=':!id' git commit", "never"],
    ["LESS=-O/home/u/.bashrc less README.md", "never"],
    ["GIT_TRACE2_ENV_VARS=GITHUB_TOKEN GIT_TRACE2=1 git status", "yolo"],
    ["env 'BASH_FUNC_ls%%=() { cat ~/.netrc; }' bash -c ls", "yolo"],
    // (no filesystem here: the sourced file cannot be read, so the shell's start is unmodelled)
    ["BASH_ENV=.env bash -c :", "never"],
    ["cd src && BASH_ENV=../.env bash -c :", "never"],
    ["export BASH_ENV=scripts/x.sh; bash -c :", "never"],
  ])("%j needs %s", (cmd, want) => expect(level(cmd)).toBe(want));

  it.each([
    ["GIT_TRACE=1 git status", "reader"],
    ["GIT_TRACE=/tmp/t.log git status", "editor"],
    ["GIT_TRACE2=false git status", "reader"],
    ["TZ=UTC date", "paranoid"],
    ["TZ=America/New_York date", "paranoid"],
    ["ZIPOPT=-q zip /tmp/a.zip README.md", "editor"],
    ["env 'BASH_FUNC_ls%%=() { echo hi; }' bash -c ls", "reader"],
    ["env 'A-B=1' ls", "reader"],
    ["SHELL=/bin/bash make -n", "developer"],
  ])("%j needs only %s", (cmd, want) => expect(level(cmd)).toBe(want));

  // less itself saves a history file on a terminal; a LESS value of display options adds nothing to that
  it.each(["-FRX", "-R", "-S --mouse"])("LESS=%j less README.md needs what plain less needs", (v) => expect(level(`LESS='${v}' less README.md`)).toBe(level("less README.md")));

  it("every entry in the shipped table loads; a bad suffix type names the line", () => {
    expect(loadEnvVectors().lookup("GIT_TRACE2_PERF")?.effect).toBe("write-file");
    expect(loadEnvVectors().lookup("LD_DEBUG_OUTPUT")?.suffix).toBe(".<pid>");
    const bad = '[[var]]\nname = "X"\neffect = "write-file"\nsuffix = 1\nwhy = "w"\n';
    expect(() => parseEnvVectors("v.toml", bad)).toThrow(DataFileError);
    expect(() => parseEnvVectors("v.toml", bad)).toThrow(/v\.toml:\d+:/);
  });
});
