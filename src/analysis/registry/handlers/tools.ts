// Tools whose options hand a value to another program or name files in ways data cannot say.
import { Unknown, pathEffect, type Handler } from "../engine.ts";

/**
 * man-db: a page name holding a `/` is formatted as a local file when no page has that name
 * (`man ~/.ssh/id_rsa` prints the key, observed), and with `-l` every operand is a file. The
 * `-r` prompt is pasted into less's options (LESS): a `$` there ends the prompt and starts more
 * options (`-o FILE` writes the page to FILE).
 */
export const man: Handler = {
  operands(ctx, _node, _argv, parsed, modes) {
    for (const f of parsed.flags) {
      if ((f.name === "-r" || f.name === "--prompt") && (f.value === null || f.value?.includes("$"))) {
        throw new Unknown("a `$` in man's less prompt ends it and starts other less options", f.valueIndex);
      }
    }
    if (modes.has("lookup")) return;
    const local = modes.has("local");
    for (const o of parsed.operands) {
      if (o.value === "-") continue;
      if (local || o.value === null || o.value.includes("/")) pathEffect(ctx, "read", o.value, o.index, "man formats it as a manual page file (and any file its `.so` lines name)");
    }
  },
};
