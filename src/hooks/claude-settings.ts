// Installing the shellfence hook into a Claude Code settings.json document. Pure: text in,
// text out; the CLI does the file I/O and the backup.
//
// The entry it maintains:
//   "hooks": { "PreToolUse": [ { "matcher": "Bash",
//       "hooks": [ { "type": "command", "command": "<hook command>", "timeout": 10 } ] } ] }

export const HOOK_TIMEOUT_SECONDS = 10;

export type InstallResult =
  | { ok: true; changed: false; text: string }
  | { ok: true; changed: true; text: string; action: "added" | "updated" }
  | { ok: false; problem: string };

/** A hook command that runs `shellfence ... hook` (any install path, npx, or the fast hook's shellfence-hook.cjs). */
export function isShellfenceHook(command: unknown): boolean {
  return typeof command === "string" && /shellfence(?:\.js|-hook\.cjs)?['"]?\s+hook(?:\s|$)/.test(command);
}

/**
 * Adds the hook, or updates the command of an existing shellfence hook, keeping every other key
 * and entry as it was. `text` null or blank means no file yet.
 */
export function installHook(text: string | null, command: string): InstallResult {
  let doc: unknown = {};
  if (text !== null && text.trim() !== "") {
    try {
      doc = JSON.parse(text);
    } catch (e) {
      return { ok: false, problem: `not valid JSON (${jsonErrorWhere(text, e as Error)})` };
    }
  }
  if (!isObject(doc)) return { ok: false, problem: "the top level is not a JSON object" };
  const hooks = doc.hooks ?? {};
  if (!isObject(hooks)) return { ok: false, problem: "`hooks` is not an object" };
  const pre = hooks.PreToolUse ?? [];
  if (!Array.isArray(pre)) return { ok: false, problem: "`hooks.PreToolUse` is not a list" };
  for (const [i, entry] of pre.entries()) {
    if (!isObject(entry) || (entry.hooks !== undefined && !Array.isArray(entry.hooks))) {
      return { ok: false, problem: `\`hooks.PreToolUse[${i}]\` is not an object with a \`hooks\` list` };
    }
  }

  // Existing shellfence hooks, wherever they are.
  const ours: { entry: Record<string, unknown>; hook: Record<string, unknown> }[] = [];
  for (const entry of pre as Record<string, unknown>[]) {
    for (const h of (entry.hooks as unknown[] | undefined) ?? []) {
      if (isObject(h) && isShellfenceHook(h.command)) ours.push({ entry, hook: h });
    }
  }
  const before = JSON.stringify(doc);
  const first = ours[0];
  let action: "added" | "updated";
  if (first) {
    // Keep the first one (with the user's matcher and timeout), drop duplicates.
    first.hook.type = "command";
    first.hook.command = command;
    for (const o of ours.slice(1)) o.entry.hooks = (o.entry.hooks as unknown[]).filter((h) => h !== o.hook);
    action = "updated";
  } else {
    pre.push({ matcher: "Bash", hooks: [{ type: "command", command, timeout: HOOK_TIMEOUT_SECONDS }] });
    action = "added";
  }
  // Entries left empty by dropping duplicates go; other entries stay untouched.
  const kept = pre.filter((e) => !(isObject(e) && Array.isArray(e.hooks) && e.hooks.length === 0 && ours.some((o) => o.entry === e)));
  const out = { ...doc, hooks: { ...hooks, PreToolUse: kept } };
  if (JSON.stringify(out) === before) return { ok: true, changed: false, text: text ?? "" };
  return { ok: true, changed: true, text: JSON.stringify(out, null, 2) + "\n", action };
}

/** Quotes a word for the POSIX shell Claude Code runs hook commands with, only when needed. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:@%+=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function jsonErrorWhere(text: string, e: Error): string {
  const pos = jsonErrorOffset(text);
  const detail = e.message.split("\n")[0]!.replace(/,\s*(?:\.\.\.)?".*$/s, "").replace(/ in JSON at position \d+.*$/, "");
  if (pos === null) return detail;
  const before = text.slice(0, pos);
  return `${detail} at line ${before.split("\n").length}, column ${pos - before.lastIndexOf("\n")}`;
}

/** Offset of the first JSON syntax error (V8's messages do not always carry one). */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const value = (depth: number): void => {
    if (depth > 512) fail();
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        str();
        ws();
        if (text[i] !== ":") fail();
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "}") return void i++;
        else fail();
      }
    } else if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") return void i++;
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "]") return void i++;
        else fail();
      }
    } else if (c === '"') str();
    else {
      const m = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 64));
      if (!m) fail();
      i += m![0].length;
    }
  };
  const str = () => {
    i++;
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (c === '"') return void i++;
      if (c === "\\") i++;
      else if (c < " ") fail();
    }
    fail();
  };
  try {
    value(0);
    ws();
    return i < text.length ? i : null;
  } catch (at) {
    return typeof at === "number" ? Math.min(at, text.length) : null;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
