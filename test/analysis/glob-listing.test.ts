// Classes the merged regeneration found (each case first seen as a miss in its family):
// a glob word lists its directory whatever the command does with the names; a program run through
// PATH from a directory this same command wrote into is not the project's code.
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";

const ctx = { cwd: "/home/u/code/p", roots: ["/home/u/code/p"], home: "/home/u", fs: null, env: {} };
const need = (c: string) => classify(c, { ...ctx, level: "developer" }).level;

describe("a glob lists the directory it expands in", () => {
  it.each([
    ["echo ~/.aws/*", "yolo"],
    ["echo $(echo $(echo $(echo head ~/.aws/credentia*)))", "yolo"],
    ["printf '%s\\n' ~/.ssh/id_*", "yolo"],
    // a wildcard before the last segment opens every entry below: with no filesystem view, a
    // secret-link among them cannot be ruled out
    ["echo */READM?.md", "yolo"],
    ["echo *", "reader"],
  ])("%s needs %s", (c, want) => expect(need(c)).toBe(want));

  it("an echo with no glob reads nothing", () => expect(need("echo hello")).toBe("paranoid"));
});

describe("PATH into a directory this command wrote a program in", () => {
  it("is not approved", () => {
    expect(classify("printf '#!/bin/sh\\nrm -rf /tmp/*\\n' > ls; chmod +x ls; PATH=.:$PATH ls", { ...ctx, level: "yolo" }).decision).not.toBe("allow");
  });
  it("the project's own tools through PATH stay project code", () => {
    expect(need("PATH=./node_modules/.bin:$PATH eslint .")).toBe("developer");
  });
});
