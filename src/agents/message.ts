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

type Refused = Extract<Outcome, { kind: "refused" }>;

/**
 * The one line an on_deny = "deny" answer (or a deny rule) gives the agent: why, the level
 * that would allow it, and what would be approved instead when something near is.
 */
export function denyReason(outcome: Outcome): string {
  if (outcome.kind !== "refused") return outcome.kind === "undecided" ? `shellfence: could not judge this command (${outcome.why})` : answerReason(outcome);
  const o: Refused = outcome;
  if (o.rule) return `shellfence: blocked by the user's rule (${o.rule.where}): ${o.rule.message}`;
  const instead = o.instead ? ` Approved instead: \`${o.instead}\`.` : "";
  return `shellfence: blocked, ${o.plain || o.reason}.${instead} Do not retry it in another form; if it is needed, ask the user to run it.`;
}

/** Should this outcome be answered with a deny (the user chose on_deny = "deny", or a deny rule matched)? */
export function deniedByChoice(o: Outcome): boolean {
  return o.kind === "refused" && o.onDeny === "deny";
}
