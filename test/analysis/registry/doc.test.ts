// docs/commands.md is generated from the registry: it must match what the generator renders now.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadRegistry } from "../../../src/analysis/registry/index.ts";
import { renderCommandsDoc } from "../../../src/analysis/registry/doc.ts";

describe("docs/commands.md", () => {
  it("is up to date (run `npm run docs:commands` after changing registry/)", () => {
    const onDisk = readFileSync(new URL("../../../docs/commands.md", import.meta.url), "utf8");
    expect(onDisk === renderCommandsDoc(loadRegistry()), "docs/commands.md is stale: run npm run docs:commands").toBe(true);
  });
  it("lists every command and subcommand", () => {
    const doc = renderCommandsDoc(loadRegistry());
    expect(doc).toContain("### git");
    expect(doc).toContain("`stash list`");
    expect(doc).toContain("### rm");
  });
});
