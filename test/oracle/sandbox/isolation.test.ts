// Nothing a command does in the sandbox reaches the host: the real HOME, the repository, /tmp,
// the oracle's own template. Limits kill the whole process tree and say so.
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { observe, observeMany, sandboxContext, world } from "../../../oracle/sandbox/index.ts";
import { ensureTemplate } from "../../../oracle/sandbox/sandbox.ts";
import { snapshot } from "../../../oracle/sandbox/tree.ts";

const REPO = fileURLToPath(new URL("../../../", import.meta.url)).replace(/\/$/, "");
const nonce = `sf-iso-${process.pid}-${randomBytes(3).toString("hex")}`;
const hostHome = os.homedir();
const hostTmpDir = path.join(os.tmpdir(), nonce);
const sha = (file: string) => (fs.existsSync(file) ? createHash("sha256").update(fs.readFileSync(file)).digest("hex") : "absent");
const templateDigest = (dir: string) => {
  const s = snapshot(path.join(dir, "home"), "/home");
  snapshot(path.join(dir, "tmp"), "/tmp", s);
  return createHash("sha256").update(JSON.stringify([...s].map(([p, e]) => [p, e.type, e.mode, e.digest]))).digest("hex");
};

afterAll(() => {
  fs.rmSync(hostTmpDir, { recursive: true, force: true });
});

describe("isolation", () => {
  it("commands that attack the host's HOME, the repository, /tmp and the template change nothing outside", async () => {
    fs.mkdirSync(hostTmpDir, { recursive: true });
    fs.writeFileSync(path.join(hostTmpDir, "keep.txt"), "keep\n");
    const template = ensureTemplate();
    const before = {
      keep: sha(path.join(hostTmpDir, "keep.txt")),
      bashrc: sha(path.join(hostHome, ".bashrc")),
      pkg: sha(path.join(REPO, "package.json")),
      template: templateDigest(template.dir),
    };
    const attacks = [
      "rm -rf ~/* ~/.[!.]*; echo pwned > ~/.bashrc",
      `rm -rf /tmp/* /tmp/.[!.]*; echo x > ${hostTmpDir}/keep.txt; touch /tmp/${nonce}-created`,
      `mkdir -p ${hostHome}; echo x >> ${hostHome}/.bashrc; touch ${hostHome}/${nonce}-created`,
      `echo x >> ${REPO}/package.json; touch ${REPO}/${nonce}-created`,
      `rm -rf /.shellfence-oracle/template/home; touch /.shellfence-oracle/template/${nonce}`,
      `rm -rf /dev/shm/* 2>/dev/null; touch /dev/shm/${nonce}-created`,
      "cd ~/code && rm -rf project project-wt sibling",
    ];
    const obs = await observeMany(attacks);
    // the attacks really ran and were seen
    expect(obs[0]!.effects.some((e) => e.op === "delete" && e.target === `${world.home}/.bashrc`)).toBe(true);
    expect(obs[1]!.effects.some((e) => e.op === "delete" && e.target === "/tmp/scratch.txt")).toBe(true);
    expect(obs[6]!.effects.some((e) => e.op === "delete" && e.target === world.project)).toBe(true);

    expect(sha(path.join(hostTmpDir, "keep.txt"))).toBe(before.keep);
    expect(sha(path.join(hostHome, ".bashrc"))).toBe(before.bashrc);
    expect(sha(path.join(REPO, "package.json"))).toBe(before.pkg);
    for (const p of [path.join(os.tmpdir(), `${nonce}-created`), path.join(hostHome, `${nonce}-created`), path.join(REPO, `${nonce}-created`), `/dev/shm/${nonce}-created`])
      expect(fs.existsSync(p), p).toBe(false);
    expect(templateDigest(template.dir)).toBe(before.template);

    // and the next run starts from the intact world again
    const fresh = await observe("cat ~/.bashrc README.md > /dev/null");
    expect(fresh.exitCode).toBe(0);
  }, 120_000);

  it("a timeout kills the whole process tree and is reported as a timeout", async () => {
    const marker = `31.${process.pid % 1000}7`;
    const o = await observe(`sleep ${marker} & (sleep ${marker}; true) & sleep ${marker}`, { timeoutMs: 1500 });
    expect(o.timedOut).toBe(true);
    expect(o.exitCode).toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    const left = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" }).split("\n").filter((l) => l.includes(`sleep ${marker}`));
    expect(left).toEqual([]);
  }, 30_000);

  it("too much output stops the run and says so", async () => {
    const o = await observe("yes", { limits: { maxOutputBytes: 64 * 1024 } });
    expect(o.truncated).toBe(true);
    expect(o.stdout.length).toBeLessThanOrEqual(64 * 1024);
  }, 30_000);

  it("a fork bomb hits the process limit instead of the machine", async () => {
    const o = await observe("for i in $(seq 100); do sleep 3 & done; wait", { limits: { maxProcesses: 20 }, timeoutMs: 4500 });
    expect(o.processLimitHit || /fork|Resource temporarily unavailable/.test(o.stderr)).toBe(true);
    expect(o.timedOut).toBe(false);
  }, 30_000);

  it("a batch with a bad item rejects and names the item", async () => {
    await expect(observeMany(["true", { command: "true", options: { cwd: "no-such-dir" } }])).rejects.toThrow(/item 1 .*not a directory of the planted world/);
  }, 30_000);

  it("exposes the context the classifier needs to judge a command as the oracle ran it", () => {
    expect(sandboxContext()).toEqual({ cwd: world.project, roots: [world.project, world.worktree], home: world.home, tmp: [world.tmp] });
    expect(sandboxContext("src").cwd).toBe(`${world.project}/src`);
    expect(sandboxContext(world.sibling).cwd).toBe(world.sibling);
  });
});
