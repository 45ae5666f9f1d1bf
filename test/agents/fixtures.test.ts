// Each agent's recorded envelopes (test/agents/fixtures/<agent>.json: safe, unsafe, malformed,
// another tool, modes, another agent's shape) through the whole hook, against the answers the
// fixture expects. Each fixture names the agent version and the sources its shapes come from.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ADAPTERS, AGENT_NAMES, type AgentName } from "../../src/agents/index.ts";
import { runAgentHook } from "./support.ts";

interface Case {
  name: string;
  kind: "safe" | "unsafe" | "malformed" | "other-tool" | "mode" | "foreign";
  envelope?: unknown;
  raw?: string;
  env?: Record<string, string>;
  expect: { exit: number; print?: unknown; decision?: string; stderr?: string };
}
interface Fixture {
  agent: AgentName;
  version: string;
  sources: string[];
  origin: string;
  cases: Case[];
}

const dir = path.join(path.dirname(new URL(import.meta.url).pathname), "fixtures");
const fixtures = readdirSync(dir).map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as Fixture);

describe("agent fixtures", () => {
  it("cover every agent, each with its version, its sources and the four kinds of envelope", () => {
    expect(fixtures.map((f) => f.agent).sort()).toEqual([...AGENT_NAMES].sort());
    for (const f of fixtures) {
      expect(f.version.length, f.agent).toBeGreaterThan(5);
      expect(f.sources.length, f.agent).toBeGreaterThan(0);
      const kinds = new Set(f.cases.map((c) => c.kind));
      for (const kind of ["safe", "unsafe", "malformed", "other-tool"]) expect({ agent: f.agent, kind, present: kinds.has(kind as Case["kind"]) }).toEqual({ agent: f.agent, kind, present: true });
    }
  });

  for (const f of fixtures) {
    describe(`${f.agent} (${f.version})`, () => {
      it.each(f.cases.map((c) => [c.name, c] as const))("%s", async (_n, c) => {
        const text = c.raw ?? JSON.stringify(c.envelope);
        const r = await runAgentHook(f.agent, text, { env: c.env ?? {} });
        expect(r.code).toBe(c.expect.exit);
        if ("print" in c.expect) expect(r.json).toEqual(c.expect.print);
        if (c.expect.decision !== undefined) {
          // Answers that carry V8's words for a JSON error are checked by their decision only.
          const value = ADAPTERS[f.agent].decisionPaths.map((p) => p.reduce<unknown>((o, k) => (o as Record<string, unknown> | null)?.[k], r.json)).find((v) => v !== undefined);
          expect(value).toBe(c.expect.decision);
        }
        if (c.expect.stderr !== undefined) expect(r.err).toContain(c.expect.stderr);
        // Safe and unsafe envelopes are understood: any stderr line would be a decline.
        if (c.kind === "safe" || c.kind === "unsafe") expect(r.err.includes("not approved,")).toBe(false);
      });
    });
  }
});
