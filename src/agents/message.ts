// The words of a deny, for agents that run a command the hook says nothing about: the model
// reads them, so they say what happened and what to do instead (never "try another way").
import type { Outcome } from "./types.ts";

/** Why the command is blocked and what the agent should do next. `approve`: how the user can approve it in that agent, if at all. */
export function denyMessage(o: Exclude<Outcome, { kind: "approved" }>, approve: string | null): string {
  const instead = `Do not retry it in another form. Ask the user to run it themselves${approve ? `, or ${approve}` : ""}.`;
  if (o.kind === "undecided") return `shellfence could not judge this command (${o.why}), so it is blocked. ${instead}`;
  return (
    `shellfence did not auto-approve this command (${o.reason}), so it is blocked. ${instead} ` +
    `The permission level (now ${o.level}) is set in ${o.configFile}; \`shellfence levels\` lists what each level admits.`
  );
}

/** The stderr line when shellfence declines to decide and the agent's own prompt follows. */
export function declineLine(why: string, then: string): string {
  return `shellfence: ${why.replace(/\s*\n\s*/g, " ")}; not approved, ${then}\n`;
}

/** The `reason` text an agent shows with an approval or an ask. */
export function answerReason(o: Outcome): string {
  return `shellfence: ${o.kind === "undecided" ? o.why : o.reason}`;
}
