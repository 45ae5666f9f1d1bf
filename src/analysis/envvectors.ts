// The table of environment variables that make programs run code (registry/env-vectors.toml).
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { DataFileError, lazy, loadDataFile, parseDataFile } from "../policy/datafile.ts";

export const ENV_EFFECTS = [
  "command",
  "program",
  "code-file",
  "code-path",
  "shell-file",
  "options",
  "unmodelled",
  "path",
  "cdpath",
  "home",
  "ifs",
  "tmpdir",
  "write-file",
  "read-file",
  "prints-vars",
  "function",
  "proxy",
  "none",
] as const;
export type EnvEffect = (typeof ENV_EFFECTS)[number];

function makeSchema() {
  return z
    .object({
      var: z
        .array(
          z
            .object({
              name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*\*?$/, "a variable name, or a prefix ending in `*`"),
              effect: z.enum(ENV_EFFECTS),
              safe: z.string().optional(),
              suffix: z.string().optional(),
              why: z.string().min(1),
            })
            .strict(),
        )
        .min(1),
    })
    .strict();
}
const schema = /* @__PURE__ */ lazy(makeSchema);

/** An env-vectors file as validated (what prebuilt data stores). */
export type EnvVectorsData = z.infer<ReturnType<typeof makeSchema>>;

export interface EnvVector {
  name: string;
  effect: EnvEffect;
  safe: RegExp | null;
  /** write-file: what the program appends to the value to name the file (`.<pid>`). */
  suffix?: string;
  why: string;
}

export interface EnvVectors {
  file: string;
  lookup(name: string): EnvVector | null;
}

export const ENV_VECTORS_FILE = fileURLToPath(new URL("../../registry/env-vectors.toml", import.meta.url));

export function loadEnvVectors(file = ENV_VECTORS_FILE): EnvVectors {
  return buildEnvVectors(file, loadDataFile(file, schema()));
}

/** The validated file, not yet turned into a lookup (prebuilt data stores this). */
export function loadEnvVectorsData(file = ENV_VECTORS_FILE): EnvVectorsData {
  return loadDataFile(file, schema());
}

export function parseEnvVectors(file: string, text: string): EnvVectors {
  return buildEnvVectors(file, parseDataFile(file, text, schema()));
}

/** The lookup from already validated data (see EnvVectorsData). */
export function buildEnvVectors(file: string, data: EnvVectorsData, lazySafe = false): EnvVectors {
  const exact = new Map<string, EnvVector>();
  const prefixes: EnvVector[] = [];
  const compile = (v: EnvVectorsData["var"][number]): RegExp | null => {
    if (v.safe === undefined) return null;
    try {
      return new RegExp(v.safe);
    } catch (e) {
      throw new DataFileError(file, null, `\`safe\` of ${v.name} is not a valid regular expression (${(e as Error).message}). Fix the pattern.`);
    }
  };
  // Checked here (a bad pattern is a load error), compiled again on first use: the hook looks
  // up a variable or two, and building a hundred expressions would cost it more than that.
  if (!lazySafe) for (const v of data.var) compile(v);
  for (const v of data.var) {
    let safe: RegExp | null | undefined;
    const entry: EnvVector = {
      name: v.name,
      effect: v.effect,
      get safe() {
        return safe === undefined ? (safe = compile(v)) : safe;
      },
      why: v.why,
    };
    if (v.suffix !== undefined) entry.suffix = v.suffix;
    if (v.name.endsWith("*")) prefixes.push(entry);
    else exact.set(v.name, entry);
  }
  // Longest prefix first so a narrow entry beats a broad one.
  prefixes.sort((a, b) => b.name.length - a.name.length);
  return {
    file,
    lookup(name) {
      const e = exact.get(name);
      if (e) return e;
      for (const p of prefixes) if (name.startsWith(p.name.slice(0, -1))) return p;
      return null;
    },
  };
}
