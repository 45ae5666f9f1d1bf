// Loads every registry/*.toml file once per directory, validates it with zod and compiles it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DataFileError, parseDataFile } from "../../policy/datafile.ts";
import type { Registry } from "./compiled.ts";
import { compileRegistry, type CompileInput } from "./compile.ts";
import { HANDLER_NAMES } from "./handlers/index.ts";
import { registryFileSchema } from "./schema.ts";

export const REGISTRY_DIR = fileURLToPath(new URL("../../../registry/", import.meta.url));

/** Files in registry/ that hold other data (owned by other modules), not command entries. */
const NOT_COMMANDS = new Set(["env-vectors.toml"]);

const cache = new Map<string, Registry>();

export function loadRegistry(dir: string = REGISTRY_DIR): Registry {
  const key = path.resolve(dir);
  const hit = cache.get(key);
  if (hit) return hit;
  let names: string[];
  try {
    names = readdirSync(key).filter((f) => f.endsWith(".toml") && !NOT_COMMANDS.has(f)).sort();
  } catch (e) {
    throw new DataFileError(key, null, `cannot read the registry directory (${(e as Error).message}).`);
  }
  const files = names.map((n) => {
    const file = path.join(key, n);
    return { file, text: readFileSync(file, "utf8") };
  });
  const reg = parseRegistry(files);
  cache.set(key, reg);
  return reg;
}

/** Validates and compiles registry file texts (used by loadRegistry and by tests). */
export function parseRegistry(files: { file: string; text: string }[]): Registry {
  return compileRegistry(validate(files), HANDLER_NAMES);
}

/** Every registry file of `dir`, read and validated (not compiled), in file-name order. */
export function validateRegistryDir(dir: string = REGISTRY_DIR): CompileInput[] {
  const key = path.resolve(dir);
  const names = readdirSync(key).filter((f) => f.endsWith(".toml") && !NOT_COMMANDS.has(f)).sort();
  return validate(names.map((n) => ({ file: path.join(key, n), text: readFileSync(path.join(key, n), "utf8") })));
}

function validate(files: { file: string; text: string }[]): CompileInput[] {
  return files.map(({ file, text }) => {
    let data;
    try {
      data = parseDataFile(file, text, registryFileSchema);
    } catch (e) {
      throw e instanceof DataFileError ? refineLine(e, text) : e;
    }
    return { file, text, commands: data.command, flagsets: data.flagset };
  });
}

/**
 * Examples and flags live in inline tables, which the generic locator cannot see: point at the
 * line of the Mth `{ command = ` (or the flag key) inside the Nth [[command]] instead.
 */
function refineLine(e: DataFileError, text: string): DataFileError {
  const m = /`command\.(\d+)\.(example)\.(\d+)/.exec(e.problem);
  if (!m) return e;
  const lines = text.split("\n");
  let seen = -1;
  let start = -1;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*\[\[\s*command\s*\]\]/.test(lines[i]!) && ++seen === Number(m[1])) {
      start = i;
      break;
    }
  }
  if (start < 0) return e;
  let n = -1;
  for (let i = start + 1; i < lines.length && !/^\s*\[\[\s*command\s*\]\]/.test(lines[i]!); i++) {
    if (/\{\s*command\s*=/.test(lines[i]!) && ++n === Number(m[3])) return new DataFileError(e.file, i + 1, e.problem);
  }
  return e;
}
