// Installing the shellfence hook into an agent's JSON config file (src/agents/<agent>.ts says
// which file and which lists: HookSlot), and its plugin file where the agent takes plugins
// instead. Pure: text in, text out; `shellfence setup` does the file I/O and the backup.
//
// A slot with a matcher holds matcher groups, as Claude Code's settings do:
//   "hooks": { "PreToolUse": [ { "matcher": "Bash",
//       "hooks": [ { "type": "command", "command": "<hook command>", "timeout": 10 } ] } ] }
// a slot without one holds the hook objects themselves (Copilot CLI, Cursor).
import type { HookSlot } from "./types.ts";

export type InstallResult =
  | { ok: true; changed: false; text: string }
  | { ok: true; changed: true; text: string; action: "added" | "updated" }
  | { ok: false; problem: string };

type Json = Record<string, unknown>;

/** A hook command that runs `shellfence ... hook` (any install path, npx, or the fast hook's shellfence-hook.cjs). */
export function isShellfenceHook(command: unknown): boolean {
  return typeof command === "string" && /shellfence(?:\.js|-hook\.cjs)?['"]?\s+hook(?:\s|$)/.test(command);
}

/**
 * Adds the hook to every slot, or updates the command of the shellfence hook already there,
 * keeping every other key and entry as it was. `text` null or blank means no file yet.
 * `required`: top-level keys the file must carry (set when missing, refused when different).
 */
export function installHooks(text: string | null, slots: readonly HookSlot[], command: string, required: Readonly<Json> = {}): InstallResult {
  let doc: unknown = {};
  if (text !== null && text.trim() !== "") {
    try {
      doc = JSON.parse(text);
    } catch (e) {
      return { ok: false, problem: `not valid JSON (${jsonErrorWhere(text, e as Error)})` };
    }
  }
  if (!isObject(doc)) return { ok: false, problem: "the top level is not a JSON object" };
  const before = JSON.stringify(doc);
  for (const [k, v] of Object.entries(required)) {
    if (doc[k] === undefined) doc[k] = v;
    else if (JSON.stringify(doc[k]) !== JSON.stringify(v)) return { ok: false, problem: `\`${k}\` is ${JSON.stringify(doc[k])}, not ${JSON.stringify(v)}: a format shellfence does not know` };
  }
  let added = false;
  for (const slot of slots) {
    const r = installSlot(doc, slot, command);
    if (typeof r === "object") return { ok: false, problem: r.problem };
    added ||= r === "added";
  }
  if (JSON.stringify(doc) === before) return { ok: true, changed: false, text: text ?? "" };
  return { ok: true, changed: true, text: JSON.stringify(doc, null, 2) + "\n", action: added ? "added" : "updated" };
}

/** One slot, in place: "added", "updated", or what is wrong with the document. */
function installSlot(doc: Json, slot: HookSlot, command: string): "added" | "updated" | { problem: string } {
  const wrong = (problem: string) => ({ problem });
  const name = (n: number) => "`" + slot.path.slice(0, n).join(".") + "`";
  let obj = doc;
  for (const [i, key] of slot.path.slice(0, -1).entries()) {
    const next = obj[key] ?? (obj[key] = {});
    if (!isObject(next)) return wrong(`${name(i + 1)} is not an object`);
    obj = next;
  }
  const last = slot.path[slot.path.length - 1]!;
  const list = obj[last] ?? (obj[last] = []);
  if (!Array.isArray(list)) return wrong(`${name(slot.path.length)} is not a list`);
  const where = (i: number) => `\`${slot.path.join(".")}[${i}]\``;
  // Existing shellfence hooks, wherever they are in this list: `holder` is the list they sit in.
  const ours: { holder: unknown[]; hook: Json }[] = [];
  for (const [i, entry] of list.entries()) {
    if (slot.matcher === null) {
      if (!isObject(entry)) return wrong(`${where(i)} is not an object`);
      if (isShellfenceHook(entry[slot.commandKey])) ours.push({ holder: list, hook: entry });
      continue;
    }
    if (!isObject(entry) || (entry.hooks !== undefined && !Array.isArray(entry.hooks))) return wrong(`${where(i)} is not an object with a \`hooks\` list`);
    for (const h of (entry.hooks as unknown[] | undefined) ?? []) {
      if (isObject(h) && isShellfenceHook(h[slot.commandKey])) ours.push({ holder: entry.hooks as unknown[], hook: h });
    }
  }
  const first = ours[0];
  if (!first) {
    const hook = { ...slot.hook, [slot.commandKey]: command };
    list.push(slot.matcher === null ? hook : { matcher: slot.matcher, hooks: [hook] });
    return "added";
  }
  // Keep the first one (with the user's matcher and timeout), drop duplicates.
  if ("type" in slot.hook) first.hook.type = slot.hook.type;
  first.hook[slot.commandKey] = command;
  for (const o of ours.slice(1)) o.holder.splice(o.holder.indexOf(o.hook), 1);
  // Groups left empty by dropping duplicates go; other entries stay untouched.
  if (slot.matcher !== null) {
    const emptied = new Set(ours.slice(1).map((o) => o.holder).filter((h) => h.length === 0));
    for (let i = list.length - 1; i >= 0; i--) {
      const e = list[i];
      if (isObject(e) && emptied.has(e.hooks as unknown[])) list.splice(i, 1);
    }
  }
  return "updated";
}

/** A plugin file shellfence owns: written whole; another file of that name is left alone. */
export function installPlugin(text: string | null, content: string, mark: string): InstallResult {
  if (text === content) return { ok: true, changed: false, text };
  if (text === null || text.trim() === "") return { ok: true, changed: true, text: content, action: "added" };
  if (!text.startsWith(mark)) return { ok: false, problem: "it is not a file shellfence wrote (its first line is not shellfence's mark)" };
  return { ok: true, changed: true, text: content, action: "updated" };
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

/**
 * The shellfence hook commands in a JSON config's slots (none when the file is missing or not
 * JSON: `problem` says which). `doctor` reads them; `uninstall` removes them.
 */
export function findHooks(text: string | null, slots: readonly HookSlot[]): { commands: string[]; problem: string | null } {
  if (text === null || text.trim() === "") return { commands: [], problem: null };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { commands: [], problem: `not valid JSON (${jsonErrorWhere(text, e as Error)})` };
  }
  const commands: string[] = [];
  for (const slot of slots) {
    for (const h of slotHooks(doc, slot)) if (isShellfenceHook(h.hook[slot.commandKey])) commands.push(h.hook[slot.commandKey] as string);
  }
  return { commands, problem: null };
}

/** The hook objects of one slot, each with the list that holds it (and its matcher group, if any). */
function slotHooks(doc: unknown, slot: HookSlot): { holder: unknown[]; hook: Json; group: Json | null; list: unknown[] }[] {
  let obj: unknown = doc;
  for (const key of slot.path) {
    if (!isObject(obj)) return [];
    obj = obj[key];
  }
  if (!Array.isArray(obj)) return [];
  const list = obj;
  const out: { holder: unknown[]; hook: Json; group: Json | null; list: unknown[] }[] = [];
  for (const entry of list) {
    if (!isObject(entry)) continue;
    if (slot.matcher === null) out.push({ holder: list, hook: entry, group: null, list });
    else if (Array.isArray(entry.hooks)) for (const h of entry.hooks) if (isObject(h)) out.push({ holder: entry.hooks, hook: h, group: entry, list });
  }
  return out;
}

/**
 * Removes exactly shellfence's hooks from every slot (and a matcher group that only held them),
 * keeping every other key and entry as it was. Unchanged when there are none.
 */
export function uninstallHooks(text: string | null, slots: readonly HookSlot[]): InstallResult & { removed?: number } {
  if (text === null || text.trim() === "") return { ok: true, changed: false, text: text ?? "" };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { ok: false, problem: `not valid JSON (${jsonErrorWhere(text, e as Error)})` };
  }
  let removed = 0;
  for (const slot of slots) {
    for (const h of slotHooks(doc, slot)) {
      if (!isShellfenceHook(h.hook[slot.commandKey])) continue;
      h.holder.splice(h.holder.indexOf(h.hook), 1);
      removed++;
      // A group shellfence's hook leaves empty is its own (setup makes one per hook).
      if (h.group && h.holder.length === 0) h.list.splice(h.list.indexOf(h.group), 1);
    }
  }
  if (removed === 0) return { ok: true, changed: false, text };
  return { ok: true, changed: true, text: JSON.stringify(doc, null, 2) + "\n", action: "updated", removed };
}
