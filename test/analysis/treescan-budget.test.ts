// A walk made for one verdict stops at its budget and says so: a tree bigger than the budget is
// "cannot tell" (never "nothing found"), so the verdict cannot rest on what was not read.
import { describe, expect, it } from "vitest";
import { walkTree, type WalkEntry } from "../../src/analysis/treescan.ts";

const dir = (name: string): WalkEntry => ({ name, isDirectory: () => true, isSymbolicLink: () => false });
const file = (name: string): WalkEntry => ({ name, isDirectory: () => false, isSymbolicLink: () => false });
// /t holds 10 directories of 10 files each; the last one also holds `.env`
const readdir = (d: string): WalkEntry[] => (d === "/t" ? Array.from({ length: 10 }, (_, i) => dir(`d${i}`)) : [...Array.from({ length: 10 }, (_, i) => file(`f${i}`)), ...(d === "/t/d9" ? [file(".env")] : [])]);
const names = { test: (n: string) => n === ".env", key: "t" };

describe("walkTree budget", () => {
  it("reads the whole tree within its budget", () => {
    const facts = walkTree("/t", names, new Set(), readdir, 1000);
    expect(facts?.truncated).toBeUndefined();
    expect(facts?.named).toEqual(["/t/d9/.env"]);
  });
  it("stops past its budget and reports the tree as not known", () => {
    const facts = walkTree("/t", names, new Set(), readdir, 50);
    expect(facts?.truncated).toBe(true);
  });
});
