// Needs dist/ (`npm run build`): doctor probes the checkout's own fast hook.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runDoctor, type DoctorReport } from "../../src/cli/doctor.ts";
import { runSetup } from "../../src/cli/setup.ts";
import { builtPackage, type Pkg } from "./daemon-support.ts";
import { makeIo, tempDir } from "./helpers.ts";

const checkoutBin = path.resolve("bin/shellfence.js");
let t: ReturnType<typeof tempDir>;
beforeEach(() => (t = tempDir("sf-doctor-test-")));
afterEach(() => t.cleanup());

async function doctor(bin = checkoutBin, cwd?: string) {
  const io = makeIo({ home: t.dir, env: { TMPDIR: t.dir }, ...(cwd ? { cwd } : {}) });
  io.binPath = bin;
  const code = await runDoctor(["--json"], io);
  const text = makeIo({ home: t.dir, env: { TMPDIR: t.dir } });
  text.binPath = bin;
  await runDoctor([], text);
  return { code, report: JSON.parse(io.stdout.join("")) as DoctorReport, text: text.stdout.join("") };
}
async function setup(bin = checkoutBin, ...args: string[]) {
  const io = makeIo({ home: t.dir });
  io.binPath = bin;
  expect(await runSetup(["--no-daemon", ...args], io)).toBe(0);
}
const check = (r: DoctorReport, name: string) => r.checks.find((c) => c.name === name);
const claude = (r: DoctorReport) => r.agents.find((a) => a.agent === "claude-code")!;

describe("shellfence doctor", () => {
  it("healthy: the installed hook answers its probe; exit 0", async () => {
    await setup();
    const { code, report, text } = await doctor();
    expect(claude(report).commands).toHaveLength(1);
    expect(claude(report).probe).toEqual({ ok: true, detail: "answers a probe with an allow" });
    expect(check(report, "config")).toMatchObject({ status: "ok" });
    expect(check(report, "node")).toMatchObject({ status: "ok" });
    expect(report.ok).toBe(true);
    expect(code).toBe(0);
    expect(text).toMatch(/^ok {4}claude-code: hook in ~\/\.claude\/settings\.json: answers a probe/m);
    expect(text).toMatch(/Approvals work here\./);
  });

  it("a broken config: named by file and line, and exit 1", async () => {
    await setup();
    mkdirSync(path.join(t.dir, ".config", "shellfence"), { recursive: true });
    writeFileSync(path.join(t.dir, ".config", "shellfence", "config.toml"), '# mine\nlevl = "editor"\n');
    const { code, report } = await doctor();
    expect(code).toBe(1);
    expect(check(report, "config")).toMatchObject({ status: "fail", detail: expect.stringMatching(/config\.toml:2: .*levl/) });
  });

  it("custom rules: counted when valid; an invalid declared command named by file and line, exit 1", async () => {
    await setup();
    const file = path.join(t.dir, ".config", "shellfence", "config.toml");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'on_deny = "deny"\n\n[[allow]]\nargv = ["tool", "session", "*"]\nlevel = "developer"\n\n[[command]]\nname = "myproj"\nsummary = "mine"\n');
    const good = await doctor();
    expect(check(good.report, "rules")).toMatchObject({ status: "ok", detail: "1 declared command, 1 allow rule, 0 deny rules" });
    expect(check(good.report, "on_deny")?.detail).toMatch(/every supported agent can deny/);
    writeFileSync(file, '[[command]]\nname = "myproj"\nsummary = "mine"\noperands = "all:frobnicate"\n');
    const { code, report } = await doctor();
    expect(code).toBe(1);
    expect(check(report, "config")).toMatchObject({ status: "fail", detail: expect.stringMatching(/config\.toml:4: .*operands/) });
  });

  it("a hook whose install is gone, and none at all: exit 1", async () => {
    const none = await doctor();
    expect(none.code).toBe(1);
    expect(check(none.report, "hooks")).toMatchObject({ status: "fail" });
    const gone = "[ -f /nonexistent/sf/dist/shellfence-hook.cjs ] && [ -x /usr/bin/node ] || exit 0; exec /usr/bin/node /nonexistent/sf/dist/shellfence-hook.cjs hook";
    await setup(checkoutBin, "--command", gone);
    const r = await doctor();
    expect(r.code).toBe(1);
    expect(claude(r.report).probe).toMatchObject({ ok: false, detail: expect.stringMatching(/answers nothing/) });
    // An older, unguarded command fails loudly instead.
    await setup(checkoutBin, "--command", "node /nonexistent/sf/bin/shellfence.js hook");
    expect(claude((await doctor()).report).probe).toMatchObject({ ok: false, detail: expect.stringMatching(/exits 1/) });
  });

  it("rejects an unknown argument with a suggestion", async () => {
    const io = makeIo({ home: t.dir });
    expect(await runDoctor(["--jsn"], io)).toBe(2);
    expect(io.stderr.join("")).toMatch(/did you mean --json\?/);
  });
});

describe("shellfence doctor on stale data", () => {
  let p: Pkg;
  beforeAll(async () => {
    p = await builtPackage("sf-doctor-stale-");
  }, 120_000);
  afterAll(() => p.cleanup());

  it("warns (slower, same verdicts) without failing, and names the file", async () => {
    const bin = path.join(p.root, "bin", "shellfence.js");
    await setup(bin);
    expect(check((await doctor(bin)).report, "data")).toMatchObject({ status: "ok" });
    const f = path.join(p.root, "registry", "text.toml");
    writeFileSync(f, readFileSync(f, "utf8") + "\n# edited after the build\n");
    const { code, report } = await doctor(bin);
    expect(check(report, "data")).toMatchObject({ status: "warn", detail: expect.stringMatching(/registry\/text\.toml changed after/) });
    expect(claude(report).probe?.ok).toBe(true);
    expect(code).toBe(0);
  }, 60_000);
});
