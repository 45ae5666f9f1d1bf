// Reading hook envelopes: the checks every adapter makes, so each says only what differs.
import type { ModeEffect } from "./types.ts";

export type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The envelope as a JSON object, or why it is not one. */
export function readObject(text: string): Json | string {
  if (text.trim() === "") return "empty hook input on stdin";
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return `hook input is not valid JSON (${(e as Error).message}); is the input truncated?`;
  }
  return isObject(raw) ? raw : "hook input is not a JSON object";
}

/** An absolute path, or null. A relative or missing cwd would make every relative path unplaceable. */
export function absolute(v: unknown): string | null {
  return typeof v === "string" && v.startsWith("/") ? v : null;
}

/** The absolute paths among `v` (a list of strings), or null when `v` is not such a list. */
export function absoluteList(v: unknown): string[] | null {
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) return null;
  return (v as string[]).filter((x) => x.startsWith("/"));
}

export function optionalString(v: unknown): string | null {
  return typeof v === "string" ? v : null;
}

/** JSON.stringify of a value for a message (short). */
export function shown(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? "nothing" : s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** How a mode word bears on the level, from the agent's own lists of plan-like and other modes. */
export function modeEffect(mode: string | null, plan: readonly string[], others: readonly string[]): ModeEffect {
  if (mode === null) return "as-configured";
  if (plan.includes(mode)) return "plan";
  if (others.includes(mode)) return "as-configured";
  return { unknown: mode };
}
