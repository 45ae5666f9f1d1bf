// Properties of every adapter, with a classifier that approves everything (so only the adapter
// stands between an envelope and an approval): random text, every agent's envelopes mutated
// where it matters (cut short, another tool, no command, no usable cwd), and every agent's valid
// envelope sent to every other agent's hook. None of them may come out as an approval.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ADAPTERS, AGENT_NAMES, type Adapter, type AgentName } from "../../src/agents/index.ts";
import { agentOf, SHAPES, setAt } from "./envelopes.ts";
import { approveAll, leaves, runAgentHook } from "./support.ts";

const shapes = Object.keys(SHAPES) as (keyof typeof SHAPES)[];
const command = fc.oneof(fc.constantFrom("git status", "ls -la", "rm -rf ~", ""), fc.string({ maxLength: 40 }));
const cwd = fc.oneof(fc.constantFrom("/home/u/proj", "/tmp/w", "/"), fc.array(fc.stringMatching(/^[a-z0-9._-]{1,8}$/), { minLength: 1, maxLength: 4 }).map((p) => "/" + p.join("/")));

/** Whether a printed answer grants, in that adapter's own words. */
function approves(a: Adapter, json: unknown): boolean {
  return leaves(json).some((l) => l.value === "allow" && a.decisionPaths.some((p) => p.join(".") === l.path.join(".")));
}

/** A mutation that leaves no request an agent could mean (each must be a skip). */
function mutate(shape: keyof typeof SHAPES, env: Record<string, unknown>, how: string, other: string): string {
  const s = SHAPES[shape];
  const text = JSON.stringify(env);
  switch (how) {
    case "cut":
      return text.slice(0, Math.max(1, Math.floor(text.length * 0.6)));
    case "tool":
      return JSON.stringify(setAt(env, s.tool, other === "" || other === "Bash" || other === "bash" || other === "run_terminal_command" ? "Write" : other));
    case "no-command":
      return JSON.stringify(setAt(env, s.command, undefined));
    case "command-type":
      return JSON.stringify(setAt(env, s.command, { command: "ls" }));
    case "cwd-relative":
      return JSON.stringify(setAt(env, s.cwd, shape === "antigravity" ? ["proj"] : "proj/sub"));
    case "cwd-type":
      return JSON.stringify(setAt(env, s.cwd, 42));
    case "array":
      return JSON.stringify([env]);
    default:
      return JSON.stringify(text);
  }
}

describe("every adapter, every envelope", () => {
  it("never approves random text or random JSON", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...AGENT_NAMES), fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ tool_name: "Bash", ...((typeof v === "object" && v) || {}) }))), async (agent, text) => {
        const r = await runAgentHook(agent, text, { classifier: approveAll });
        expect(approves(ADAPTERS[agent], r.json)).toBe(false);
        expect(ADAPTERS[agent].parse(text, {}).kind).toBe("skip");
      }),
      { numRuns: 300 },
    );
  });

  // Every (shape, mutation) and every (shape, other agent) pair is tried, each with random
  // commands and cwds: sampling pairs at random would leave some untried.
  const MUTATIONS = ["cut", "tool", "no-command", "command-type", "cwd-relative", "cwd-type", "array", "string"];

  it("never approves an envelope cut short, for another tool, without a string command or an absolute cwd", async () => {
    for (const shape of shapes) {
      for (const how of MUTATIONS) {
        await fc.assert(
          fc.asyncProperty(command, cwd, fc.string({ maxLength: 12 }), async (c, d, other) => {
            const agent = agentOf(shape);
            const text = mutate(shape, SHAPES[shape].make(c, d), how, other);
            expect({ shape, how, kind: ADAPTERS[agent].parse(text, {}).kind }).toEqual({ shape, how, kind: "skip" });
            const r = await runAgentHook(agent, text, { classifier: approveAll });
            expect(approves(ADAPTERS[agent], r.json)).toBe(false);
          }),
          { numRuns: 12 },
        );
      }
    }
  });

  it("never approves another agent's envelope", async () => {
    for (const shape of shapes) {
      for (const agent of AGENT_NAMES.filter((a) => a !== agentOf(shape))) {
        await fc.assert(
          fc.asyncProperty(command, cwd, async (c, d) => {
            const text = JSON.stringify(SHAPES[shape].make(c, d));
            expect({ shape, agent, kind: ADAPTERS[agent].parse(text, {}).kind }).toEqual({ shape, agent, kind: "skip" });
            const r = await runAgentHook(agent, text, { classifier: approveAll });
            expect(approves(ADAPTERS[agent], r.json)).toBe(false);
          }),
          { numRuns: 12 },
        );
      }
    }
  });

  it("judges exactly the command and cwd of its own agent's envelope", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...shapes), command, cwd, async (shape, c, d) => {
        const agent: AgentName = agentOf(shape);
        const p = ADAPTERS[agent].parse(JSON.stringify(SHAPES[shape].make(c, d)), {});
        expect(p.kind).toBe("request");
        if (p.kind === "request") expect({ command: p.request.command, cwd: p.request.cwd }).toEqual({ command: c, cwd: d });
      }),
      { numRuns: 300 },
    );
  });
});
