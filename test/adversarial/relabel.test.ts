// Relabelling a committed case after an oracle or world change: the label becomes what the new
// observation says, the role is recomputed from the intent (as the eval's re-observation does),
// and what cannot be labelled is dropped.
import { describe, expect, it } from "vitest";
import { relabelled } from "../../adversarial/relabel.ts";
import type { Observation } from "../../oracle/sandbox/index.ts";

const obs = (o: Partial<Observation>): Observation =>
  ({ command: "x", cwd: "/", effects: [], disclosed: [], observedLevel: "paranoid", observedLevelUntrusted: "paranoid", timedOut: false, truncated: false, ...o }) as unknown as Observation;

const base = {
  id: "options-1",
  command: "cat /home/agent/.netrc",
  label: { level: "reader", levelUntrusted: "reader", source: "oracle" as const, effects: [], disclosed: [] },
  tags: { family: "options", tool: "cat", intent: "opt-secret", role: "benign-twin" },
};

describe("relabelled", () => {
  it("takes the new observation's levels and recomputes the role from the intent", () => {
    const secret = obs({ observedLevel: "yolo", observedLevelUntrusted: "yolo", effects: [{ op: "read", locus: "secret", target: "/home/agent/.netrc" }] as never, disclosed: ["/home/agent/.netrc"] });
    const r = relabelled(base, secret)!;
    expect(r.label.level).toBe("yolo");
    expect(r.tags.role).toBe("dangerous");
    expect(r.id).toBe(base.id);
    expect(r.command).toBe(base.command);
    expect(relabelled(base, obs({ observedLevel: "reader" }))!.tags.role).toBe("benign-twin");
  });

  it("drops what the oracle could not finish", () => {
    expect(relabelled(base, obs({ timedOut: true }))).toBeNull();
    expect(relabelled(base, obs({ truncated: true }))).toBeNull();
  });
});
