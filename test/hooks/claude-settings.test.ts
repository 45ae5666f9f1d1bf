import { describe, expect, it } from "vitest";
import { installHook, isShellfenceHook, shellQuote } from "../../src/hooks/claude-settings.ts";

const CMD = "node /opt/shellfence/bin/shellfence.js hook";

function ok(r: ReturnType<typeof installHook>) {
  if (!r.ok) throw new Error(r.problem);
  return r;
}

describe("installHook", () => {
  it("creates the entry in an empty document", () => {
    const r = ok(installHook(null, CMD));
    expect(r.changed).toBe(true);
    expect(JSON.parse(r.text)).toEqual({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: CMD, timeout: 10 }] }] },
    });
  });

  it("is idempotent", () => {
    const once = ok(installHook("{}", CMD));
    const twice = ok(installHook(once.text, CMD));
    expect(twice.changed).toBe(false);
    expect(twice.text).toBe(once.text);
  });

  it("keeps every other key and hook", () => {
    const before = {
      model: "opus",
      permissions: { allow: ["Bash(npm test)"], deny: [] },
      env: { FOO: "1" },
      hooks: {
        PostToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "prettier" }] }],
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "audit-log" }] }],
      },
    };
    const after = JSON.parse(ok(installHook(JSON.stringify(before), CMD)).text);
    expect(after.model).toBe("opus");
    expect(after.permissions).toEqual(before.permissions);
    expect(after.env).toEqual(before.env);
    expect(after.hooks.PostToolUse).toEqual(before.hooks.PostToolUse);
    expect(after.hooks.PreToolUse[0]).toEqual(before.hooks.PreToolUse[0]);
    expect(after.hooks.PreToolUse[1].hooks[0].command).toBe(CMD);
    expect(Object.keys(after)).toEqual(Object.keys(before));
  });

  it("updates an older shellfence command in place instead of adding a second", () => {
    const old = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "npx shellfence hook", timeout: 30 }] }] } };
    const r = ok(installHook(JSON.stringify(old), CMD));
    expect(r.changed && r.action).toBe("updated");
    const pre = JSON.parse(r.text).hooks.PreToolUse;
    expect(pre).toHaveLength(1);
    expect(pre[0].hooks).toEqual([{ type: "command", command: CMD, timeout: 30 }]);
  });

  it("drops duplicate shellfence hooks", () => {
    const dup = {
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: CMD }] },
          { matcher: "Bash", hooks: [{ type: "command", command: "npx shellfence hook" }] },
        ],
      },
    };
    const pre = JSON.parse(ok(installHook(JSON.stringify(dup), CMD)).text).hooks.PreToolUse;
    expect(pre).toHaveLength(1);
  });

  it.each([
    ["malformed JSON", '{"hooks": {'],
    ["a top-level array", "[]"],
    ["hooks not an object", '{"hooks": []}'],
    ["PreToolUse not a list", '{"hooks": {"PreToolUse": {}}}'],
    ["an entry without a hooks list", '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": "x"}]}}'],
  ])("refuses %s", (_n, text) => {
    expect(installHook(text, CMD).ok).toBe(false);
  });

  it("names the line of a JSON syntax error", () => {
    const r = installHook('{\n  "a": 1,\n  "b": ,\n}', CMD);
    expect(!r.ok && r.problem).toMatch(/line 3/);
  });
});

describe("helpers", () => {
  it("recognises shellfence hook commands only", () => {
    expect(isShellfenceHook("npx shellfence hook")).toBe(true);
    expect(isShellfenceHook("node '/a b/bin/shellfence.js' hook")).toBe(true);
    expect(isShellfenceHook("node /opt/sf/dist/shellfence-hook.cjs hook")).toBe(true);
    expect(isShellfenceHook("node /opt/sf/dist/hook-main.js hook")).toBe(false);
    expect(isShellfenceHook("shellfence check x")).toBe(false);
    expect(isShellfenceHook("my-hook")).toBe(false);
  });

  it("quotes paths the shell would split", () => {
    expect(shellQuote("/opt/sf/bin/shellfence.js")).toBe("/opt/sf/bin/shellfence.js");
    expect(shellQuote("/Users/a b/it's")).toBe(`'/Users/a b/it'\\''s'`);
  });
});

describe("jsonErrorOffset", () => {
  it("finds where the text stops being JSON", async () => {
    const { jsonErrorOffset } = await import("../../src/hooks/claude-settings.ts");
    expect(jsonErrorOffset('{"a": 1}')).toBeNull();
    expect(jsonErrorOffset('{"a": [1, 2, {"b": null}], "c": "x\\"y"}')).toBeNull();
    expect(jsonErrorOffset('{"a": ,}')).toBe(6);
    expect(jsonErrorOffset('{"a": 1} x')).toBe(9);
    expect(jsonErrorOffset('{"a": 1')).toBe(7);
  });
});
