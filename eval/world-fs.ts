// The filesystem the classifier sees during eval: the oracle's planted world (its template copy
// on the host) for /home and /tmp, the host's own for system paths, exactly as inside the
// sandbox. So `cd src`, the planted symlinks and the linked worktree resolve for the classifier
// the way they did when the oracle observed the labels.
import * as nodeFs from "node:fs";
import { realListings } from "../src/analysis/fs.ts";
import { listingTreeScan, type TreeScan } from "../src/analysis/treescan.ts";

export interface WorldFs {
  lstatSync(p: string): { isSymbolicLink(): boolean; isDirectory(): boolean };
  readlinkSync(p: string): string;
  existsSync(p: string): boolean;
  readFileSync(p: string, encoding: "utf8"): string;
  readBytes(p: string): Uint8Array;
  readdirSync(p: string): string[];
  /** Names with their types in one call, as the real filesystem adapter offers (no lstat per entry). */
  readdirEntries(p: string): readonly { name: string; isDir: boolean; isLink: boolean }[];
  /** lstat that answers null for a missing path (no exception), as the real adapter offers. */
  lstatOrNull(p: string): { isSymbolicLink(): boolean; isDirectory(): boolean } | null;
  /** Whole-tree reads judged at any size, as the real adapter does (src/analysis/treescan.ts). */
  treeScan: TreeScan;
}

/** `templateDir` holds home/ and tmp/ (oracle/sandbox/sandbox.ts ensureTemplate()). */
export function worldFs(templateDir: string): WorldFs {
  const host = (p: string): string => (p === "/home" || p.startsWith("/home/") || p === "/tmp" || p.startsWith("/tmp/") ? templateDir + p : p);
  return {
    lstatSync: (p) => nodeFs.lstatSync(host(p)),
    readlinkSync: (p) => nodeFs.readlinkSync(host(p), "utf8"),
    existsSync: (p) => nodeFs.existsSync(host(p)),
    readFileSync: (p, e) => nodeFs.readFileSync(host(p), e),
    readBytes: (p) => nodeFs.readFileSync(host(p)),
    readdirSync: (p) => nodeFs.readdirSync(host(p)),
    lstatOrNull: (p) => {
      try {
        return nodeFs.lstatSync(host(p), { throwIfNoEntry: false }) ?? null;
      } catch {
        return null;
      }
    },
    // Reused while unchanged, as the real adapter does (src/analysis/listings.ts).
    readdirEntries: (p) => realListings.list(host(p)),
    treeScan: listingTreeScan((p) => realListings.list(host(p))),
  };
}
