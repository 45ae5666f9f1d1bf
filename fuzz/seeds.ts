// Seed corpora for the fuzz targets: the committed fuzz/corpus/<target>/ files, commands from the
// registry's examples and the datasets (when those exist), and a deterministic grammar sample.
// Each target encodes commands its own way (see encodeSeed); the result is written to a
// directory that jazzer reads but never writes.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseToml } from "smol-toml";
import { sampleCommands } from "./grammar/command-arb.ts";

const fuzzDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(fuzzDir);

const MAX_FROM_DATA = 2000;
const GRAMMAR_SEEDS = 300;
const GRAMMAR_SEED = 20261130;

function walkFiles(dir: string, ext: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walkFiles(p, ext));
    else if (e.name.endsWith(ext)) out.push(p);
  }
  return out.sort();
}

/** Strings under keys that name commands or examples, anywhere in a parsed TOML document. */
function commandStrings(value: unknown, key: string, out: string[]): void {
  const isCommandKey = /^(example|examples|command|commands|cmd|allow|ask|deny)$/i.test(key) || /example/i.test(key);
  if (typeof value === "string") {
    if (isCommandKey && value.trim()) out.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) commandStrings(v, key, out);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) commandStrings(v, isCommandKey && !/^(level|note|reason)$/i.test(k) ? key : k, out);
  }
}

export function registryCommands(): string[] {
  const out: string[] = [];
  for (const file of walkFiles(path.join(root, "registry"), ".toml")) {
    try {
      commandStrings(parseToml(fs.readFileSync(file, "utf8")), "", out);
    } catch {
      // a registry file being edited right now; the registry's own tests report it
    }
  }
  return out;
}

export function datasetCommands(): string[] {
  const out: string[] = [];
  for (const file of walkFiles(path.join(root, "datasets"), ".jsonl")) {
    for (const line of fs.readFileSync(file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      try {
        const row = JSON.parse(line) as Record<string, unknown>;
        const cmd = row.command ?? row.cmd;
        if (typeof cmd === "string") out.push(cmd);
      } catch {
        // not JSON: skip
      }
    }
  }
  return out;
}

/** How a target reads its input bytes (must match the decoder in fuzz/targets/<target>.ts). */
export function encodeSeed(target: string, command: string, other = "ls"): Buffer | null {
  switch (target) {
    case "parse-robust":
    case "level-monotonic":
      return Buffer.from(command);
    case "composition":
      return Buffer.from(`${command}\0${other}`);
    case "hook-envelope":
      return Buffer.from(
        JSON.stringify({ session_id: "s1", cwd: "/work/proj", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }),
      );
    default:
      return null;
  }
}

export interface Seeds {
  dir: string;
  count: number;
  sources: string[];
}

export function writeSeeds(target: string, dir: string): Seeds {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const sources: string[] = [];
  let count = 0;
  const put = (bytes: Buffer, name: string): void => {
    fs.writeFileSync(path.join(dir, name), bytes);
    count++;
  };
  const fixed = path.join(fuzzDir, "corpus", target);
  if (fs.existsSync(fixed)) {
    const files = fs.readdirSync(fixed);
    for (const f of files) put(fs.readFileSync(path.join(fixed, f)), `fixed-${f}`);
    sources.push(`${files.length} committed`);
  }
  if (encodeSeed(target, "x") === null) return { dir, count, sources };
  const reg = registryCommands();
  const data = datasetCommands();
  const grammar = sampleCommands(GRAMMAR_SEEDS, GRAMMAR_SEED);
  const all = [...reg, ...data].slice(0, MAX_FROM_DATA);
  const cmds = [...new Set([...all, ...grammar])];
  cmds.forEach((c, i) => {
    const bytes = encodeSeed(target, c, cmds[(i * 7 + 3) % cmds.length]);
    if (bytes) put(bytes, `cmd-${String(i).padStart(5, "0")}`);
  });
  sources.push(`${reg.length} registry`, `${data.length} datasets`, `${grammar.length} grammar`);
  return { dir, count, sources };
}
