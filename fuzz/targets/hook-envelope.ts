// jazzer target (asynchronous): any bytes on the hook's stdin give exit 0 and either nothing or
// one well-formed PreToolUse decision, and an allow only for a well-formed Bash envelope whose
// command the classifier approved.
import { checkHookEnvelope } from "../properties.ts";

export async function fuzz(data: Buffer): Promise<void> {
  await checkHookEnvelope(data);
}
