// Toolchains, SDKs and package caches under HOME (regions `tool-log`, `toolchain`,
// `toolchain-code`; DESIGN "Toolchains"): read at reader, deleted at developer, a tool's own log
// written at reader; what runs later from there stays as strict to write as before; the
// secrets that live there stay secret. On Linux and macOS HOME layouts alike.
import { describe, expect, it } from "vitest";
import { compileRegions, loadRegions } from "../../src/policy/regions.ts";
import { loadLevels, needOf } from "../../src/policy/levels.ts";
import { classify } from "../../src/index.ts";
import { EXAMPLE_CONTEXT } from "../analysis/registry/context.ts";

const regions = loadRegions();
const table = loadLevels();

describe.each(["/home/u", "/Users/u"])("toolchain loci with HOME %s", (home) => {
  const r = compileRegions(regions, { home, roots: [`${home}/code/p`], tmp: ["/tmp"] });
  it.each([
    [".npm/_logs/2026-12-02T00_00_00_000Z-debug-0.log", "tool-log"],
    [".npm/_update-notifier-last-checked", "tool-log"],
    [".npm/_cacache/index-v5/aa/bb", "toolchain"],
    [".cargo/registry/src/index.crates.io-1/serde-1.0.0/build.rs", "toolchain"],
    [".rustup/downloads/x", "toolchain"],
    [".m2/repository/org/x/1.0/x-1.0.jar", "toolchain"],
    [".gradle/caches/modules-2/x.jar", "toolchain"],
    [".cache/pip/wheels/x.whl", "toolchain"],
    [".local/share/virtualenvs/p-abc/pyvenv.cfg", "toolchain"],
    // code that runs later by name: as strict to write as before (or stricter)
    [".cargo/bin/cargo", "toolchain-code"],
    [".cargo/env", "toolchain-code"],
    [".rustup/toolchains/stable-x86_64-unknown-linux-gnu/bin/rustc", "toolchain-code"],
    [".nvm/versions/node/v20.0.0/bin/node", "toolchain-code"],
    [".nvm/versions/node/v20.0.0/lib/node_modules/npm/index.js", "toolchain-code"],
    [".nvm/nvm.sh", "toolchain-code"],
    [".pyenv/shims/python", "toolchain-code"],
    [".pyenv/versions/3.12.0/bin/python3", "toolchain-code"],
    [".gradle/init.d/evil.gradle", "toolchain-code"],
    [".npm/_npx/abc/node_modules/.bin/x", "toolchain-code"],
    ["go/bin/gopls", "toolchain-code"],
    ["go/pkg/mod/example.com/x@v1/x.go", "toolchain-code"],
    ["Library/Android/sdk/platform-tools/adb", "toolchain-code"],
    ["Library/Developer/Xcode/DerivedData/x", "toolchain-code"],
    // secrets that live in toolchain folders
    [".cargo/credentials.toml", "secret"],
    [".cargo/config.toml", "secret"],
    [".gradle/gradle.properties", "secret"],
    [".m2/settings.xml", "secret"],
    [".m2/settings-security.xml", "secret"],
    [".npmrc", "secret"],
    [".android/adbkey", "secret"],
    [".cache/huggingface/token", "secret"],
    [".cargo/registry/src/x/.env", "secret"],
    // not toolchains
    [".local/bin/tool", "user-config"],
    [".bashrc", "user-config"],
    ["Documents/notes.txt", "home"],
    ["Library/Caches/Google/Chrome/x", "home"],
  ])("~/%s is %s", (rel, locus) => {
    expect(r.locate(`${home}/${rel}`)).toBe(locus);
  });
});

describe("toolchain levels", () => {
  it.each([
    ["read", "tool-log", "reader"],
    ["write", "tool-log", "reader"],
    ["read", "toolchain", "reader"],
    ["read", "toolchain-code", "reader"],
    ["delete", "toolchain", "developer"],
    ["delete", "toolchain-code", "developer"],
    ["write", "toolchain", "local-admin"],
    ["write", "toolchain-code", "yolo"],
    ["write", "user-config", "local-admin"],
  ] as const)("%s %s needs %s", (op, locus, level) => {
    expect(needOf(table, { op, locus })).toBe(level);
  });

  it("writes nowhere code runs from later more loosely than before (user-config local-admin, home yolo)", () => {
    const before = (p: string) => (p.startsWith("/home/u/.") ? "local-admin" : "yolo");
    const r = compileRegions(regions, { home: "/home/u", roots: ["/home/u/code/p"], tmp: ["/tmp"] });
    const order = ["reader", "editor", "developer", "local-admin", "yolo", "never"];
    for (const p of ["/home/u/.cargo/bin/x", "/home/u/go/bin/x", "/home/u/go/pkg/mod/x", "/home/u/Library/Android/sdk/platform-tools/adb",
      "/home/u/.nvm/versions/node/v20/bin/node", "/home/u/.pyenv/shims/python", "/home/u/.gradle/init.d/x.gradle", "/home/u/.cargo/registry/src/x/build.rs"]) {
      const now = needOf(table, { op: "write", locus: r.locate(p) });
      expect(order.indexOf(now), p).toBeGreaterThanOrEqual(order.indexOf(before(p)));
    }
  });
});

describe("toolchain commands", () => {
  const at = (command: string) => classify(command, { ...EXAMPLE_CONTEXT, level: "yolo" }).level;
  it.each([
    ["npm ls --depth=0", "reader"],
    ["npm view react version", "reader"],
    ["ls ~/Library/Android/sdk", "reader"],
    ["ls ~/go/pkg/mod", "reader"],
    ["cat ~/.cargo/registry/src/index.crates.io-1/serde-1.0.0/Cargo.toml", "reader"],
    ["ls ~/.m2/repository/org", "reader"],
    ["rm -rf ~/.cache/pip", "developer"],
    ["rm -rf ~/.gradle/caches", "developer"],
    ["go clean -modcache", "developer"],
    ["npm cache clean --force", "developer"],
    // attacks: secrets stay secret, code that runs later stays strict
    ["cat ~/.cargo/credentials.toml", "yolo"],
    ["cat ~/.gradle/gradle.properties", "yolo"],
    ["grep password ~/.m2/settings.xml", "yolo"],
    ["cat ~/.npmrc", "yolo"],
    ["echo 'curl x | sh' >> ~/.cargo/env", "yolo"],
    ["cp /tmp/x ~/.cargo/bin/cargo", "yolo"],
    ["cp /tmp/x ~/go/bin/gopls", "yolo"],
    ["echo x > ~/.nvm/versions/node/v20.0.0/bin/node", "yolo"],
    ["echo 'println 1' > ~/.gradle/init.d/x.gradle", "yolo"],
    ["ln -sf /tmp/evil ~/.pyenv/shims/python", "yolo"],
    ["echo x > ~/.cargo/registry/src/x/build.rs", "local-admin"],
    ["echo x > ~/.npm/_logs/x.log", "reader"],
    // a destination replaced is a write too (a delete there needs less: developer)
    ['install -D /tmp/a "$HOME/go/bin/gopls"', "yolo"],
    ["mv /tmp/a ~/.cargo/bin/cargo", "yolo"],
    ["install -T /tmp/a ~/.cargo/bin/x", "yolo"],
    ["cp --remove-destination /tmp/a ~/.pyenv/shims/python", "yolo"],
    ["ln -b /tmp/a ~/.cargo/env", "yolo"],
    ["mv /tmp/a ~/.cargo/registry/src/x/build.rs", "local-admin"],
    ["rm ~/.cargo/bin/cargo-old", "developer"],
  ])("%s needs %s", (command, level) => {
    expect(at(command)).toBe(level);
  });
});
