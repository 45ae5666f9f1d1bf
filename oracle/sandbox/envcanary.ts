// Secrets in the sandbox's environment (world.ts ENV_CANARIES): where their tokens turn up. In
// output or a written file (as a file canary), or in the argv of a program the command ran
// (`curl -A "$GITHUB_TOKEN" ...` hands the token to curl, and to whoever it talks to; any user
// can read a process's argv). A shell is not such a program: `bash -c "$cmd" x "$TOKEN"` gets
// it in argv to run the command, which is judged by what it does with it.
// (analyze.ts finds the argv uses.) A token trusted code lets out first (a project script, inline
// code printing it) is attributed to that code, like its other effects: from a second run that
// also traces writes, the first process to put the token in an argv or a write decides.
import type { TokenUse } from "./analyze.ts";
import type { EnvCanary } from "./world.ts";

/** Does `text` hold the canary's token, whatever its case? */
export function holdsToken(text: string, c: Pick<EnvCanary, "core">): boolean {
  return text.toLowerCase().includes(c.core);
}

/** `$NAME` of each environment canary whose token is in one of `texts`. */
export function envInTexts(texts: readonly string[], canaries: readonly EnvCanary[]): string[] {
  const lower = texts.map((t) => t.toLowerCase());
  return canaries.filter((c) => lower.some((t) => t.includes(c.core))).map((c) => `$${c.name}`);
}

/** Name -> did trusted code let it out first (the earliest use in trace order)? */
export function tokenOrigin(uses: readonly TokenUse[]): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const u of uses) if (!out.has(u.name)) out.set(u.name, u.trusted);
  return out;
}
