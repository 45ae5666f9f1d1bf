// Compiles the hand-written corpus sources (datasets/parser/src/*.cmds) into JSONL
// (datasets/parser/<name>.jsonl), one `{id, command, note, source}` per line.
//
// Source format, chosen so multi-line commands (heredocs!) are written as they are typed:
//   #why: <reason shared by the file's entries>
//   ### <id> | <note> [| <why, overriding the file's>]
//   <command: every line up to the next `###` line; trailing blank lines are dropped>
// An id ending in `!esc` marks a command written with escapes (\r \t \n \xNN \\) for bytes that
// an editor would not keep (carriage returns): the escapes are decoded and `!esc` dropped.
//
//   npx tsx datasets/parser/compile.ts          (write the JSONL files)
//   npx tsx datasets/parser/compile.ts --check  (exit 1 if they are stale)

import { readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface CorpusEntry {
  id: string;
  command: string;
  note: string;
  source: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

function unescape(s: string): string {
  return s.replace(/\\(r|t|n|\\|x[0-9a-fA-F]{2})/g, (_m, e: string) =>
    e === "r" ? "\r" : e === "t" ? "\t" : e === "n" ? "\n" : e === "\\" ? "\\" : String.fromCharCode(parseInt(e.slice(1), 16)),
  );
}

export function parseSource(text: string, file: string): CorpusEntry[] {
  const lines = text.split("\n");
  let why = "";
  const out: CorpusEntry[] = [];
  let cur: { id: string; note: string; why: string; esc: boolean; body: string[]; line: number } | null = null;
  const flush = () => {
    if (!cur) return;
    while (cur.body.length && cur.body[cur.body.length - 1] === "") cur.body.pop();
    let command = cur.body.join("\n");
    if (cur.esc) command = unescape(command);
    if (command === "") throw new Error(`${file}:${cur.line}: entry ${cur.id} has no command`);
    // The argv oracle runs every entry for real: a redirect may only write below its temp dir.
    const outside = /(?:^|[^<])>{1,2}[|&]?\s*(\/(?!dev\/)\S*)/.exec(command);
    if (outside) throw new Error(`${file}:${cur.line}: entry ${cur.id} redirects to ${outside[1]}: use a relative path or /dev/null (the oracle runs corpus commands)`);
    out.push({ id: cur.id, command, note: cur.note, source: `hand-written: ${cur.why}` });
    cur = null;
  };
  lines.forEach((line, i) => {
    if (!cur && line.startsWith("#why:")) {
      why = line.slice(5).trim();
      return;
    }
    if (line.startsWith("### ")) {
      flush();
      const [rawId, note, ownWhy] = line.slice(4).split(" | ").map((s) => s.trim());
      if (!rawId || !note) throw new Error(`${file}:${i + 1}: expected "### <id> | <note> [| <why>]"`);
      const esc = rawId.endsWith("!esc");
      const w = ownWhy ?? why;
      if (!w) throw new Error(`${file}:${i + 1}: no #why: line before the first entry and no per-entry why`);
      cur = { id: esc ? rawId.slice(0, -4) : rawId, note, why: w, esc, body: [], line: i + 1 };
      return;
    }
    if (cur) cur.body.push(line);
    else if (line.trim() !== "" && !line.startsWith("#")) throw new Error(`${file}:${i + 1}: text outside an entry`);
  });
  flush();
  return out;
}

export function compileAll(): Map<string, CorpusEntry[]> {
  const srcDir = path.join(here, "src");
  const result = new Map<string, CorpusEntry[]>();
  const seen = new Map<string, string>();
  for (const f of readdirSync(srcDir).filter((n) => n.endsWith(".cmds")).sort()) {
    const name = f.slice(0, -".cmds".length);
    const entries = parseSource(readFileSync(path.join(srcDir, f), "utf8"), `datasets/parser/src/${f}`).map((e) => ({ ...e, id: `${name}/${e.id}` }));
    for (const e of entries) {
      const dup = seen.get(e.id);
      if (dup) throw new Error(`duplicate id ${e.id} (also in ${dup})`);
      seen.set(e.id, f);
    }
    result.set(name, entries);
  }
  return result;
}

const toJsonl = (entries: CorpusEntry[]) => entries.map((e) => JSON.stringify(e)).join("\n") + "\n";

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  let stale = 0;
  let total = 0;
  for (const [name, entries] of compileAll()) {
    total += entries.length;
    const file = path.join(here, `${name}.jsonl`);
    const text = toJsonl(entries);
    if (check) {
      if (!existsSync(file) || readFileSync(file, "utf8") !== text) {
        console.error(`stale: datasets/parser/${name}.jsonl (run npx tsx datasets/parser/compile.ts)`);
        stale++;
      }
    } else writeFileSync(file, text);
  }
  console.log(`${total} commands`);
  process.exit(stale ? 1 : 0);
}
