// Completeness: every option a modelled tool accepts (registry/options/<tool>.json, extracted
// from the tool's own --help and man page by `npm run options:extract`) is declared by its
// registry entry with the tool's arity, or marked `unknown`. registry/options/KNOWN-GAPS lists
// the gaps not settled yet; it may only shrink: a new gap fails, and so does a listed gap that
// is gone (remove its line), so the list is always exactly what is left to do.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadRegistry } from "../../../src/analysis/registry/load.ts";
import { allGaps, loadExtracts, OPTIONS_DIR } from "../../../oracle/options/gaps.ts";
import { describeGap, runnerTreatment } from "../../../oracle/options/check.ts";
import type { CNode } from "../../../src/analysis/registry/compiled.ts";
import { loadUnasked, UNASKED_FILE } from "../../../oracle/options/unasked.ts";
import { NOT_OPTIONS } from "../../../oracle/options/tools.ts";

const KNOWN = path.join(OPTIONS_DIR, "KNOWN-GAPS");

function known(): Set<string> {
  if (!existsSync(KNOWN)) return new Set();
  return new Set(
    readFileSync(KNOWN, "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#")),
  );
}

describe("option tables", () => {
  const reg = loadRegistry();
  const extracts = loadExtracts();

  it("has an extract for tools of the registry only", () => {
    const orphans = extracts.filter((x) => !reg.commands.has(x.tool)).map((x) => x.tool);
    expect(orphans, "extracts whose tool the registry no longer models: delete them or run `npm run options:extract`").toEqual([]);
  });

  it("declares every option the tools list, with their arity (or lists the gap in KNOWN-GAPS)", () => {
    const listed = known();
    const found = allGaps(reg, extracts).flatMap((t) => t.gaps.map(describeGap));
    const fresh = found.filter((g) => !listed.has(g));
    expect(fresh, "options the tool accepts that its entry does not read as the tool does: declare them (registry/README.md), or mark them `unknown` with a reason").toEqual([]);
    const foundSet = new Set(found);
    const settled = [...listed].filter((g) => !foundSet.has(g));
    expect(settled, "gaps listed in registry/options/KNOWN-GAPS that are settled now: remove their lines").toEqual([]);
  });

  it("keeps lax_flags only with a written reason, or with the runner treatment", () => {
    // lax_flags = true reads an unknown option's value as an operand: harmless only where the
    // entry says why (a claim about the tool), or where the runner treatment judges the values
    const seen = new Set<CNode>();
    const bare: string[] = [];
    const visit = (n: CNode) => {
      if (seen.has(n)) return;
      seen.add(n);
      if (n.lax && !n.laxWhy && !runnerTreatment(n)) bare.push(n.path);
      for (const s of n.subs.values()) visit(s);
    };
    for (const c of reg.commands.values()) visit(c);
    expect(bare, "lax_flags = true without lax_why: write why an unknown option's value cannot name a file, code or a URL for this tool, or remove lax_flags (`npm run options:settle` declares the tool's options)").toEqual([]);
  });

  it("asks every entry's tool, or says per entry why it cannot and what its options come from", () => {
    const unasked = loadUnasked();
    const asked = new Set(extracts.map((x) => reg.commands.get(x.tool)?.name));
    const silent = reg.entries.filter((e) => !asked.has(e.name) && !unasked.has(e.name)).map((e) => e.name);
    expect(silent, `entries with no extract in registry/options/ and no row in ${path.basename(UNASKED_FILE)}: run \`npm run options:extract -- --tool NAME\` where the tool installs, else add a row`).toEqual([]);
    const stale = [...unasked.keys()].filter((n) => asked.has(n) || !reg.entries.some((e) => e.name === n));
    expect(stale, `rows of ${path.basename(UNASKED_FILE)} for entries that have an extract now, or that the registry does not have: remove them`).toEqual([]);
    // a builtin whose dash words are operators is never asked: its row must say so
    for (const name of Object.keys(NOT_OPTIONS)) if (unasked.has(name)) expect(unasked.get(name)!.why).toMatch(/operator/);
  });
});
