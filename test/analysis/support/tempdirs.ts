// Temporary directories for a test file, all removed after its tests.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/** A maker of fresh directories named `sf-<prefix>-<tag>-XXXXXX`, removed after the file's tests. */
export function tempDirs(prefix: string): (tag: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const d of made) rmSync(d, { recursive: true, force: true });
  });
  return (tag) => {
    const d = mkdtempSync(path.join(tmpdir(), `sf-${prefix}-${tag}-`));
    made.push(d);
    return d;
  };
}
