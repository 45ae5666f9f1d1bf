// Making and checking the hook's V8 startup snapshot (dist/hook.blob) from the bundled entry
// (dist/hook-snapshot.cjs). Needs nothing but node, so both the build and `setup` can do it:
// a blob only works with the exact node binary that built it, and after a node upgrade
// `shellfence setup` makes a fresh one on the spot.
import { spawnSync } from "node:child_process";
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { SNAPSHOT_NODE_FLAGS } from "./snapshot-flags.ts";

export type BlobResult = { ok: true; blob: string } | { ok: false; why: string };

/** A clean environment: NODE_OPTIONS from a tsx or vitest parent must not shape the heap. */
function cleanEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin" };
}

/** Does the blob start under this node and approve `true`? */
export function checkBlob(blob: string, node = process.execPath): BlobResult {
  if (!existsSync(blob)) return { ok: false, why: `${blob} does not exist` };
  const payload = JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "true" }, cwd: "/" });
  const t = spawnSync(node, [...SNAPSHOT_NODE_FLAGS, "--snapshot-blob", blob, "hook"], { input: payload, encoding: "utf8", env: { ...cleanEnv(), HOME: "/nonexistent" }, timeout: 20_000 });
  if (t.status === 0 && /"permissionDecision":"allow"/.test(t.stdout)) return { ok: true, blob };
  return { ok: false, why: `self-test: exit ${t.status ?? t.signal}, ${firstLine(t.stderr || t.stdout || "no output")}` };
}

/** Builds `<dir>/hook.blob` from `<dir>/hook-snapshot.cjs` and checks it; never leaves a bad blob. */
export function makeBlob(dir: string, node = process.execPath): BlobResult {
  const entry = path.join(dir, "hook-snapshot.cjs");
  const blob = path.join(dir, "hook.blob");
  if (!existsSync(entry)) return { ok: false, why: `${entry} is missing (run npm run build)` };
  // Built beside and renamed into place, so a running hook never reads a half-written blob.
  const tmp = `${blob}.tmp-${process.pid}`;
  const r = spawnSync(node, [...SNAPSHOT_NODE_FLAGS, "--snapshot-blob", tmp, "--build-snapshot", entry], { encoding: "utf8", cwd: dir, env: cleanEnv(), timeout: 120_000 });
  if (r.status !== 0) {
    rmSync(tmp, { force: true });
    return { ok: false, why: firstLine(r.stderr || r.error?.message || `exit ${r.status}`) };
  }
  const check = checkBlob(tmp, node);
  if (!check.ok) {
    rmSync(tmp, { force: true });
    return check;
  }
  renameSync(tmp, blob);
  return { ok: true, blob };
}

function firstLine(text: string): string {
  const lines = text.trim().split("\n");
  return lines.find((l) => /error|cannot|failed/i.test(l)) ?? lines[0] ?? "";
}
