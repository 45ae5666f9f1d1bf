// Loading a TOML data file with a zod schema. Every failure names the file, the line and what
// to change, because these files are edited by hand (registry entries, regions, user config).
import { readFileSync } from "node:fs";
import { parse as parseToml, TomlError } from "smol-toml";
import type { z } from "zod";

/**
 * A value made on first use. Data-file schemas are built this way, with the call marked pure:
 * building zod schemas at import costs start-up time, and a bundle that never validates (the
 * hook, which loads prebuilt data) then drops both the schemas and zod itself.
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}

export class DataFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly problem: string,
  ) {
    super(`${file}${line ? `:${line}` : ""}: ${problem}`);
    this.name = "DataFileError";
  }
}

/** Parses TOML text and validates it; `file` is only used in messages. */
export function parseDataFile<S extends z.ZodType>(file: string, text: string, schema: S): z.infer<S> {
  let raw: unknown;
  try {
    raw = parseToml(text);
  } catch (e) {
    if (e instanceof TomlError) {
      const first = e.message.split("\n")[0] ?? e.message;
      throw new DataFileError(file, e.line, `not valid TOML: ${first}. Fix the syntax at that line.`);
    }
    throw e;
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.map(String).join(".");
    throw new DataFileError(
      file,
      lineOfPath(text, issue.path),
      `${where ? `at \`${where}\`: ` : ""}${issue.message}. Fix that value (see the schema comment at the top of the file or its README).`,
    );
  }
  return result.data;
}

export function loadDataFile<S extends z.ZodType>(file: string, schema: S): z.infer<S> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new DataFileError(file, null, `cannot read the file (${(e as Error).message}).`);
  }
  return parseDataFile(file, text, schema);
}

/**
 * Best-effort line of a zod issue path in TOML text: finds the Nth `[[name]]` header for an
 * array-of-tables index, then the first `key =` after it for the next path element.
 */
export function lineOfPath(text: string, path: readonly PropertyKey[]): number | null {
  const lines = text.split("\n");
  let from = 0;
  let found: number | null = null;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (typeof key !== "string") continue;
    const next = path[i + 1];
    if (typeof next === "number") {
      let seen = -1;
      const header = new RegExp(`^\\s*\\[\\[\\s*(?:[\\w.-]+\\.)?${escapeRe(key)}\\s*\\]\\]`);
      for (let l = from; l < lines.length; l++) {
        if (header.test(lines[l]!) && ++seen === next) {
          from = l + 1;
          found = l + 1;
          break;
        }
      }
      i++;
      continue;
    }
    const assign = new RegExp(`^\\s*"?${escapeRe(key)}"?\\s*=`);
    const table = new RegExp(`^\\s*\\[\\s*(?:[\\w."-]+\\.)?"?${escapeRe(key)}"?\\s*\\]`);
    for (let l = from; l < lines.length; l++) {
      if (assign.test(lines[l]!) || table.test(lines[l]!)) {
        from = l + 1;
        found = l + 1;
        break;
      }
    }
  }
  return found;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
