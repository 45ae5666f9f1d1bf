// Loads eval datasets: every folder under datasets/ that holds *.jsonl files in the eval contract
// (eval/types.ts). Errors name the file, the line and what to fix.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { caseSchema, manifestSchema, type Dataset, type EvalCase, type Manifest } from "./types.ts";

export const DATASETS_DIR = fileURLToPath(new URL("../datasets/", import.meta.url));

/** Folders under datasets/ that are not eval sets (other harnesses' corpora). */
const NOT_EVAL = new Set(["parser"]);

export function listDatasets(root = DATASETS_DIR): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((n) => !NOT_EVAL.has(n) && statSync(path.join(root, n)).isDirectory())
    .filter((n) => readdirSync(path.join(root, n)).some((f) => f.endsWith(".jsonl")))
    .sort();
}

export function parseJsonl(file: string, text: string): EvalCase[] {
  const out: EvalCase[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      throw new Error(`${file}:${i + 1}: not valid JSON (${(e as Error).message}); each line must be one JSON object.`);
    }
    const r = caseSchema.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      throw new Error(`${file}:${i + 1}: ${issue.path.join(".") || "case"}: ${issue.message}. Fix the case to match eval/types.ts caseSchema.`);
    }
    out.push(r.data);
  }
  return out;
}

/** A set's files: its *.jsonl and those one folder down (`adversarial/options/git.jsonl`). */
function setFiles(dir: string): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir).sort()) {
    if (f.endsWith(".jsonl")) out.push(f);
    else if (statSync(path.join(dir, f)).isDirectory()) for (const g of readdirSync(path.join(dir, f)).sort()) if (g.endsWith(".jsonl")) out.push(path.join(f, g));
  }
  return out;
}

/** The set's dataset.json, or the defaults when it has none. */
export function loadManifest(dir: string): Manifest {
  const file = path.join(dir, "dataset.json");
  if (!existsSync(file)) return manifestSchema.parse({});
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`${file}: not valid JSON (${(e as Error).message}).`);
  }
  const r = manifestSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join(".") || "manifest"}: ${issue.message}. Fix it to match eval/types.ts manifestSchema.`);
  }
  return r.data;
}

export function loadDataset(name: string, root = DATASETS_DIR): Dataset {
  const dir = path.join(root, name);
  const files = setFiles(dir);
  const manifest = loadManifest(dir);
  const hash = createHash("sha256");
  // a set in another world is another measurement: its hash says so
  if (manifest.world !== "planted") hash.update(`world:${manifest.world}\0`);
  const cases: EvalCase[] = [];
  const seen = new Map<string, string>();
  for (const f of files) {
    const full = path.join(dir, f);
    const text = readFileSync(full, "utf8");
    hash.update(f + "\0" + text + "\0");
    for (const c of parseJsonl(full, text)) {
      const prev = seen.get(c.id);
      if (prev) throw new Error(`${full}: case id "${c.id}" also appears in ${prev}; ids must be unique within a dataset.`);
      seen.set(c.id, full);
      cases.push(c);
    }
  }
  return { name, world: manifest.world, hash: hash.digest("hex"), files: files.map((f) => path.join("datasets", name, f)), cases };
}

export function caseHash(c: EvalCase): string {
  return createHash("sha256")
    .update(JSON.stringify([c.command, c.cwd ?? "", c.label.level, c.label.effects ?? []]))
    .digest("hex")
    .slice(0, 12);
}
