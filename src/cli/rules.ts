// The custom rules of the config files in force (policy/custom.ts), ready for classify():
// allow and deny patterns as parsed, declared commands compiled by the classifier that will use
// them (it holds the shipped registry they may not redefine).
import { DataFileError } from "../policy/datafile.ts";
import type { Settings } from "../policy/config.ts";
import type { CustomRules } from "../policy/custom.ts";
import type { Classifier } from "./verdict.ts";

/** The rules for `ctx.rules`, or undefined when the config has none. */
export async function customRules(r: Settings["rules"], c: Classifier): Promise<CustomRules | undefined> {
  if (!r.commands && r.allow.length === 0 && r.deny.length === 0) return undefined;
  let registry: CustomRules["registry"] = null;
  if (r.commands) {
    // Fail closed: declared commands nobody can compile are not approved by accident.
    if (!c.declare) throw new DataFileError(r.commands.file, null, "declares [[command]] entries, which this classifier cannot load. Run `shellfence doctor`.");
    registry = await c.declare(r.commands);
  }
  return { registry, allow: r.allow, deny: r.deny };
}
