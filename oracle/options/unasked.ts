// registry/options/UNASKED.toml: the registry entries whose tool cannot be asked for its options
// here, each with why and the documentation its option table was written from. Loaded and
// validated like every data file (a bad row names the file and line).
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, TomlError } from "smol-toml";
import { z } from "zod";
import { OPTIONS_DIR } from "./extract.ts";

export const UNASKED_FILE = path.join(OPTIONS_DIR, "UNASKED.toml");

const Row = z.object({ why: z.string().min(10), docs: z.string().min(5) }).strict();
export type Unasked = z.infer<typeof Row>;

export function loadUnasked(file = UNASKED_FILE): Map<string, Unasked> {
  const text = readFileSync(file, "utf8");
  let data: Record<string, unknown>;
  try {
    data = parse(text) as Record<string, unknown>;
  } catch (e) {
    const line = e instanceof TomlError ? e.line : 0;
    throw new Error(`${file}:${line}: not valid TOML (${(e as Error).message.split("\n")[0]}); each row is [entry-name] with why = "..." and docs = "..."`);
  }
  const out = new Map<string, Unasked>();
  for (const [name, row] of Object.entries(data)) {
    const r = Row.safeParse(row);
    if (!r.success) {
      const line = text.split("\n").findIndex((l) => l.trim() === `[${name}]` || l.trim() === `[${JSON.stringify(name)}]`) + 1;
      throw new Error(`${file}:${line}: [${name}] needs why (at least 10 characters: why the tool cannot be asked here) and docs (what its options were written from), nothing else: ${r.error.issues.map((i) => `${i.path.join(".") || "row"}: ${i.message}`).join("; ")}`);
    }
    out.set(name, r.data);
  }
  return out;
}
