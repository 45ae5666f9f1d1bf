import { describe, expect, it } from "vitest";
import { DataFileError } from "../../src/policy/datafile.ts";
import { meet, parseConfig, resolveSettings, userConfigPath, type ConfigFile } from "../../src/policy/config.ts";
import { loadLevels } from "../../src/policy/levels.ts";
import { LEVELS } from "../../src/policy/model.ts";

const HOME = "/home/u";
const upward = loadLevels().upward;
const cfg = (over: Partial<ConfigFile> & { file?: string }): ConfigFile => ({ file: "/x.toml", roots: [], ...over });

describe("userConfigPath", () => {
  it("honours an absolute XDG_CONFIG_HOME, else ~/.config", () => {
    expect(userConfigPath({ XDG_CONFIG_HOME: "/xdg" }, HOME)).toBe("/xdg/shellfence/config.toml");
    expect(userConfigPath({}, HOME)).toBe("/home/u/.config/shellfence/config.toml");
    expect(userConfigPath({ XDG_CONFIG_HOME: "rel" }, HOME)).toBe("/home/u/.config/shellfence/config.toml");
  });
});

describe("parseConfig", () => {
  it("reads level, roots (with ~) and on_deny", () => {
    const c = parseConfig("/c.toml", 'level = "editor"\nroots = ["~/lib", "/srv/x/"]\non_deny = "ask"\n', HOME);
    expect(c).toEqual({ file: "/c.toml", level: "editor", roots: ["/home/u/lib", "/srv/x"], onDeny: "ask" });
  });

  it("accepts an empty file", () => {
    expect(parseConfig("/c.toml", "# nothing\n", HOME)).toEqual({ file: "/c.toml", roots: [] });
  });

  it.each([
    ['level = "root"\n', 1, /level.*paranoid, reader, editor, developer/],
    ['# c\nlevl = "editor"\n', 2, /unknown key `levl`/],
    ['level = "editor"\nroots = "~/x"\n', 2, /roots.*list/],
    ['roots = ["lib"]\n', 1, /absolute path or start with ~\//],
    ['on_deny = "block"\n', 1, /on_deny/],
    ['level = "editor\n', 1, /not valid TOML/],
  ])("rejects %j naming file and line", (text, line, msg) => {
    let err: unknown;
    try {
      parseConfig("/c.toml", text, HOME);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataFileError);
    expect((err as DataFileError).file).toBe("/c.toml");
    expect((err as DataFileError).line).toBe(line);
    expect((err as DataFileError).message).toMatch(msg);
  });
});

describe("resolveSettings", () => {
  const up = () => upward;

  it("defaults to developer and defer", () => {
    const s = resolveSettings({ user: null, repo: [], upward: up });
    expect(s).toMatchObject({ level: "developer", onDeny: "defer", levelFrom: "default", roots: [] });
  });

  it("takes the user config, and the flag over it", () => {
    const user = cfg({ file: "/u.toml", level: "editor" });
    expect(resolveSettings({ user, repo: [], upward: up })).toMatchObject({ level: "editor", levelFrom: "/u.toml" });
    expect(resolveSettings({ flagLevel: "yolo", user, repo: [], upward: up })).toMatchObject({ level: "yolo", levelFrom: "flag" });
  });

  it("lets a repo-local file lower the level", () => {
    const s = resolveSettings({ user: cfg({ level: "developer" }), repo: [cfg({ file: "/r/.shellfence.toml", level: "reader" })], upward: up });
    expect(s).toMatchObject({ level: "reader", levelFrom: "/r/.shellfence.toml" });
  });

  it("never lets a repo-local file raise the level, flag or not", () => {
    for (const flagLevel of [undefined, "editor" as const]) {
      const s = resolveSettings({ flagLevel, user: cfg({ level: "editor" }), repo: [cfg({ level: "yolo" })], upward: up });
      expect(s.level).toBe("editor");
      expect(s.notes.join()).toMatch(/only lower/);
    }
  });

  it("takes the meet of sibling levels", () => {
    const s = resolveSettings({ user: cfg({ level: "local-admin" }), repo: [cfg({ level: "network-admin" })], upward: up });
    expect(s.level).toBe("developer");
  });

  it("ignores roots from a repo-local file and says so", () => {
    const s = resolveSettings({ user: cfg({ roots: ["/home/u/lib"] }), repo: [cfg({ file: "/r/.shellfence.toml", roots: ["/"] })], upward: up });
    expect(s.roots).toEqual(["/home/u/lib"]);
    expect(s.notes.join()).toMatch(/\/r\/.shellfence.toml.*roots.*ignored/);
  });

  it("lets a repo-local file tighten on_deny to ask but not loosen it", () => {
    expect(resolveSettings({ user: null, repo: [cfg({ onDeny: "ask" })], upward: up }).onDeny).toBe("ask");
    expect(resolveSettings({ user: cfg({ onDeny: "ask" }), repo: [cfg({ onDeny: "defer" })], upward: up }).onDeny).toBe("ask");
  });

  it("the result is always at or below both levels (every pair)", () => {
    for (const u of LEVELS) {
      for (const r of LEVELS) {
        const s = resolveSettings({ user: cfg({ level: u }), repo: [cfg({ level: r })], upward: up });
        expect(upward[s.level].has(u) && upward[s.level].has(r)).toBe(true);
      }
    }
  });
});

describe("meet", () => {
  it("is the greatest common lower bound", () => {
    expect(meet(upward, "yolo", "editor")).toBe("editor");
    expect(meet(upward, "local-admin", "yolo")).toBe("local-admin");
    expect(meet(upward, "network-admin", "local-admin")).toBe("developer");
    expect(meet(upward, "paranoid", "yolo")).toBe("paranoid");
  });
});
