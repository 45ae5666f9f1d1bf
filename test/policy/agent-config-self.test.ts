// Every agent's own hook and settings file is in the `self` locus: a command that writes one can
// turn shellfence off or widen what that agent approves, whichever agent runs the command.
import { describe, expect, it } from "vitest";
import { ADAPTERS, AGENT_NAMES } from "../../src/agents/index.ts";
import { compileRegions, loadRegions } from "../../src/policy/regions.ts";

const home = "/home/u";
const root = "/home/u/code/p";
const regions = compileRegions(loadRegions(), { home, roots: [root], tmp: ["/tmp"] });

describe("agents' own files are self", () => {
  for (const name of AGENT_NAMES) {
    const spec = ADAPTERS[name].config;
    for (const exists of [true, false]) {
      const file = spec.file({}, home, () => exists);
      it(`${name}: where setup installs (${file})`, () => {
        expect(regions.locate(file)).toBe("self");
      });
    }
  }

  // project-level files the agents read (hooks, permissions, plugins)
  it.each([
    `${root}/.claude/settings.local.json`,
    `${root}/.codex/hooks.json`,
    `${root}/.cursor/hooks.json`,
    `${root}/.qwen/settings.json`,
    `${root}/.factory/hooks.json`,
    `${root}/.factory/settings.json`,
    `${root}/.grok/hooks/x.json`,
    `${root}/.gemini/settings.json`,
    `${root}/opencode.json`,
    `${root}/.opencode/plugins/x.js`,
    `${root}/.cursor/cli.json`,
    `${root}/.github/hooks/hooks.json`,
    `${root}/.agents/hooks.json`,
    `${home}/.config/opencode/opencode.json`,
  ])("%s", (p) => expect(regions.locate(p)).toBe("self"));

  it("leaves the project's ordinary files where they were", () => {
    for (const p of [`${root}/.github/workflows/ci.yml`, `${root}/src/hooks.json`, `${root}/.cursor/rules/x.mdc`]) expect(regions.locate(p)).not.toBe("self");
  });
});
