// macOS HOME layouts (/Users/<name>): placed as HOME is on Linux, with the macOS folders where
// secrets, preferences and toolchains live.
import { describe, expect, it } from "vitest";
import { compileRegions, loadRegions } from "../../src/policy/regions.ts";
import { classify } from "../../src/index.ts";

const home = "/Users/alice";
const root = `${home}/code/app`;
const r = compileRegions(loadRegions(), { home, roots: [root], tmp: ["/tmp", "/private/tmp"] });

describe("a /Users/<name> HOME", () => {
  it.each([
    [".ssh/id_rsa", "secret"],
    [".aws/credentials", "secret"],
    [".npmrc", "secret"],
    ["Library/Keychains/login.keychain-db", "secret"],
    ["Library/Cookies/Cookies.binarycookies", "secret"],
    ["Library/Preferences/com.apple.dock.plist", "user-config"],
    [".zshrc", "user-config"],
    ["Documents/notes.txt", "home"],
    ["Desktop/screenshot.png", "home"],
    ["Library/Developer/Xcode/DerivedData/App-abc/Build", "toolchain-code"],
    [".cargo/registry/cache/x.crate", "toolchain"],
    ["code/app/src/main.swift", "worktree"],
  ])("places ~/%s as %s", (rel, locus) => {
    expect(r.locate(`${home}/${rel}`)).toBe(locus);
  });

  it("places another user's home as home, never as the project", () => {
    expect(r.locate("/Users/bob/Documents/x")).toBe("home");
    expect(r.locate("/Users/Shared/x")).toBe("home");
  });

  it("judges commands with ~ and $HOME against it", () => {
    const ctx = { cwd: root, roots: [root], home, tmp: ["/tmp"], env: { HOME: home }, level: "yolo" as const };
    expect(classify("cat ~/.ssh/id_rsa", ctx).level).toBe("yolo");
    expect(classify("cat $HOME/Library/Keychains/login.keychain-db", ctx).level).toBe("yolo");
    expect(classify("ls ~/Documents", ctx).level).toBe("local-admin");
    expect(classify("cat src/main.swift", ctx).level).toBe("reader");
  });
});
