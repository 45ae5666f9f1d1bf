// The ratchet store. The truth is eval/history.jsonl (committed, one run per line, per-case
// results as deltas); the SQLite database under eval/.tmp/ is rebuilt from it whenever the file
// changed, so every clone and CI see the same history.
import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { applyDelta, caseMapHash, delta, type CaseMap, type RunRecord } from "./run-record.ts";

export const HISTORY_FILE = fileURLToPath(new URL("./history.jsonl", import.meta.url));
export const DB_FILE = fileURLToPath(new URL("./.tmp/ratchet.db", import.meta.url));

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE runs (
  seq INTEGER PRIMARY KEY, cases_ok INTEGER NOT NULL, commit_sha TEXT NOT NULL, date TEXT NOT NULL,
  machine_key TEXT NOT NULL, machine TEXT NOT NULL, accepted TEXT,
  passes INTEGER, median_us REAL, p99_us REAL, ref_us REAL, p99_ratio REAL);
CREATE TABLE run_datasets (seq INTEGER NOT NULL, name TEXT NOT NULL, hash TEXT NOT NULL, cases INTEGER NOT NULL,
  PRIMARY KEY (seq, name));
CREATE TABLE level_metrics (seq INTEGER NOT NULL, dataset TEXT NOT NULL, level TEXT NOT NULL,
  cases INTEGER, eligible INTEGER, approved INTEGER, approved_eligible INTEGER, misses INTEGER,
  over_denials INTEGER, approval_rate REAL, PRIMARY KEY (seq, dataset, level));
CREATE TABLE dataset_counts (seq INTEGER NOT NULL, dataset TEXT NOT NULL, cases INTEGER,
  unknown_command INTEGER, parse_failure INTEGER, crashed INTEGER, label_oracle INTEGER,
  label_hand INTEGER, trusted_residual INTEGER, PRIMARY KEY (seq, dataset));
CREATE TABLE case_results (seq INTEGER NOT NULL, case_key TEXT NOT NULL, case_hash TEXT NOT NULL,
  need TEXT NOT NULL, PRIMARY KEY (seq, case_key));
`;

export interface Store {
  db: Database.Database;
  historyFile: string;
  /** Every recorded run, numbered by its line in the history. */
  runs(): RunRecord[];
  /** Whether a run's per-case results were rebuilt exactly (false after a merge reordered deltas). */
  casesOk(seq: number): boolean;
  /** Per-case results of a run, rebuilt from the deltas. */
  caseMap(seq: number): CaseMap;
  lastCaseMap(): CaseMap;
  append(rec: Omit<RunRecord, "seq" | "cases">, cases: CaseMap): RunRecord;
  close(): void;
}

function sha(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function readHistory(file: string): RunRecord[] {
  if (!existsSync(file)) return [];
  const out: RunRecord[] = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (!line.trim()) return;
      try {
        out.push(JSON.parse(line) as RunRecord);
      } catch (e) {
        throw new Error(`${file}:${i + 1}: not valid JSON (${(e as Error).message}). The history is append-only: restore the line from git (\`git log -p -- eval/history.jsonl\`).`);
      }
    });
  return out;
}

function insertRun(db: Database.Database, rec: RunRecord, cases: CaseMap): void {
  db.prepare(
    `INSERT INTO runs VALUES (@seq, @casesOk, @commit, @date, @machineKey, @machine, @accepted, @passes, @medianUs, @p99Us, @refUs, @p99Ratio)`,
  ).run({
    seq: rec.seq,
    casesOk: rec.casesHash === undefined || rec.casesHash === caseMapHash(cases) ? 1 : 0,
    commit: rec.commit,
    date: rec.date,
    machineKey: rec.machine.key,
    machine: JSON.stringify(rec.machine),
    accepted: rec.accepted,
    ...rec.latency,
  });
  const ds = db.prepare(`INSERT INTO run_datasets VALUES (?, ?, ?, ?)`);
  for (const d of rec.datasets) ds.run(rec.seq, d.name, d.hash, d.cases);
  const lm = db.prepare(`INSERT INTO level_metrics VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const m of rec.metrics) lm.run(rec.seq, m.dataset, m.level, m.cases, m.eligible, m.approved, m.approvedEligible, m.misses, m.overDenials, m.approvalRate);
  const dc = db.prepare(`INSERT INTO dataset_counts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const c of rec.counts) dc.run(rec.seq, c.dataset, c.cases, c.unknownCommand, c.parseFailure, c.crashed, c.labelOracle, c.labelHand, c.trustedResidual);
  const cr = db.prepare(`INSERT INTO case_results VALUES (?, ?, ?, ?)`);
  for (const [k, v] of cases) {
    const i = v.lastIndexOf(":");
    cr.run(rec.seq, k, v.slice(0, i), v.slice(i + 1));
  }
}

function rebuild(db: Database.Database, history: RunRecord[], historySha: string): void {
  db.exec(SCHEMA);
  let cases: CaseMap = new Map();
  const tx = db.transaction(() => {
    // Runs are numbered by line: two branches that each appended a run merge without clashing.
    history.forEach((rec, i) => {
      cases = applyDelta(cases, rec.cases);
      insertRun(db, { ...rec, seq: i + 1 }, cases);
    });
    db.prepare(`INSERT INTO meta VALUES ('history_sha', ?)`).run(historySha);
  });
  tx();
}

export function openStore(historyFile = HISTORY_FILE, dbFile = DB_FILE): Store {
  const text = existsSync(historyFile) ? readFileSync(historyFile, "utf8") : "";
  // The schema is part of the key: a database built by an older eval is rebuilt too.
  const historySha = sha(SCHEMA + text);
  mkdirSync(path.dirname(dbFile), { recursive: true });
  let db = new Database(dbFile);
  let fresh = false;
  try {
    const row = db.prepare(`SELECT value FROM meta WHERE key = 'history_sha'`).get() as { value: string } | undefined;
    fresh = row?.value === historySha;
  } catch {
    fresh = false;
  }
  if (!fresh) {
    db.close();
    rmSync(dbFile, { force: true });
    db = new Database(dbFile);
    rebuild(db, readHistory(historyFile), historySha);
  }

  const runs = (): RunRecord[] => readHistory(historyFile).map((r, i) => ({ ...r, seq: i + 1 }));
  const casesOk = (seq: number): boolean => ((db.prepare(`SELECT cases_ok FROM runs WHERE seq = ?`).get(seq) as { cases_ok: number } | undefined)?.cases_ok ?? 0) === 1;
  const caseMap = (seq: number): CaseMap => {
    const rows = db.prepare(`SELECT case_key, case_hash, need FROM case_results WHERE seq = ?`).all(seq) as { case_key: string; case_hash: string; need: string }[];
    return new Map(rows.map((r) => [r.case_key, `${r.case_hash}:${r.need}`]));
  };
  const lastSeq = (): number => (db.prepare(`SELECT MAX(seq) AS s FROM runs`).get() as { s: number | null }).s ?? 0;

  return {
    db,
    historyFile,
    runs,
    casesOk,
    caseMap,
    lastCaseMap: () => (lastSeq() ? caseMap(lastSeq()) : new Map()),
    append(partial, cases) {
      const prev = lastSeq() ? caseMap(lastSeq()) : new Map<string, string>();
      const rec: RunRecord = { ...partial, seq: lastSeq() + 1, cases: delta(prev, cases), casesHash: caseMapHash(cases) };
      const line = JSON.stringify(rec) + "\n";
      appendFileSync(historyFile, line);
      db.transaction(() => {
        insertRun(db, rec, cases);
        db.prepare(`UPDATE meta SET value = ? WHERE key = 'history_sha'`).run(sha(SCHEMA + readFileSync(historyFile, "utf8")));
      })();
      return rec;
    },
    close: () => db.close(),
  };
}
