// Files a tool opens only when they are there (registry `exists`, `glob`): wget reads ~/.netrc
// for credentials on every fetch, vitest and vite load the project's .env files. The effect
// counts when the file exists, or when this command writes or links it first; a machine or
// project without one keeps the command's own level.
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import type { Level } from "../../src/policy/model.ts";
import { memFs } from "./support/memfs.ts";

const HOME = "/home/u";
const PROJ = "/home/u/proj";
const base = { dirs: [`${PROJ}/.git`, `${PROJ}/src`, `${HOME}/.ssh`], files: { [`${PROJ}/package.json`]: "{}", [`${HOME}/.ssh/id_rsa`]: "KEY" } as Record<string, string> };
const level = (fs: ReturnType<typeof memFs>, cmd: string): Level | "never" => classify(cmd, { cwd: PROJ, home: HOME, tmp: ["/tmp"], fs, env: { HOME }, level: "developer" }).level;

describe("reads that happen only when the file is there", () => {
  it("wget needs what a secret read needs when ~/.netrc exists, and its own level when it does not", () => {
    const without = memFs(base);
    const withNetrc = memFs({ ...base, files: { ...base.files, [`${HOME}/.netrc`]: "machine x login a password b" } });
    expect(level(without, "wget -O out.html http://example.com/")).toBe("editor");
    expect(level(withNetrc, "wget -O out.html http://example.com/")).toBe("yolo");
  });
  it("a ~/.netrc this command makes first counts (a link to a key, or a file written)", () => {
    const fs = memFs(base);
    expect(level(fs, "ln -s ~/.ssh/id_rsa ~/.netrc && wget http://example.com/")).toBe("yolo");
    expect(["yolo", "never"]).toContain(level(fs, "echo 'machine x' > ~/.netrc; wget http://example.com/"));
  });
  it("a ~/.netrc that is a link to a key is a read of the key", () => {
    const fs = memFs({ ...base, links: { [`${HOME}/.netrc`]: `${HOME}/.ssh/id_rsa` } });
    expect(level(fs, "wget http://example.com/")).toBe("yolo");
  });
  it("vitest loads the .env files that exist: none, .env, or .env.local", () => {
    expect(level(memFs(base), "vitest run")).toBe("developer");
    expect(level(memFs({ ...base, files: { ...base.files, [`${PROJ}/.env`]: "T=1" } }), "vitest run")).toBe("yolo");
    expect(level(memFs({ ...base, files: { ...base.files, [`${PROJ}/.env.local`]: "T=1" } }), "npx vitest run")).toBe("yolo");
    expect(level(memFs(base), "cp ~/.ssh/id_rsa .env.test && vitest run")).toBe("yolo");
  });
});
