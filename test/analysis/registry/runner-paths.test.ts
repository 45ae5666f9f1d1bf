// The paths projectRunner reads out of a grouped runner's arguments (registry/handlers/misc.ts).
import { describe, expect, it } from "vitest";
import { runnerPaths } from "../../../src/analysis/registry/handlers/misc.ts";

describe("runnerPaths", () => {
  it.each([
    ["/home/dev/.bashrc", ["/home/dev/.bashrc"]],
    ["--log-junit=/home/dev/.bashrc", ["/home/dev/.bashrc"]],
    ["-bl:/root/.ssh/authorized_keys", ["/root/.ssh/authorized_keys"]],
    ["json:/root/.bashrc", ["/root/.bashrc"]],
    ["trx;LogFileName=/root/.bashrc", ["/root/.bashrc"]],
    ["k=/root/.ssh/id_rsa", ["/root/.ssh/id_rsa"]],
    ["-femit-bin=/root/.ssh/authorized_keys", ["/root/.ssh/authorized_keys"]],
    ["@/root/.ssh/id_rsa", ["/root/.ssh/id_rsa"]],
    ["~", ["~"]],
    ["..", [".."]],
    ["../other/x", ["../other/x"]],
    ["spec/models", ["spec/models"]],
    ["--out=build/app", ["build/app"]],
    // a flag's bare value may name a file in the working directory (a symlink out among them)
    ["--rakefile=secret-link", ["secret-link"]],
    ["--filter=testX", ["testX"]],
  ])("%s holds %j", (word, want) => {
    // The whole word may be kept too (a tool could take it as one relative path).
    for (const p of want) expect(runnerPaths(word)).toContain(p);
  });

  it.each(["//src:app", "//...", "@repo//pkg:x", "test", "db:migrate", "https://example.com/x", "-c", "Release", "--jobs=4", "+build"])("%s holds no path", (word) => {
    expect(runnerPaths(word)).toEqual([]);
  });
});
