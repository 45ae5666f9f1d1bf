// dataTargets(): the variables a builtin stores data into, as bash reads its options.
import { describe, expect, it } from "vitest";
import { dataTargets } from "../../src/analysis/builtins.ts";

describe("dataTargets", () => {
  it("reads the names each builtin stores into", () => {
    expect(dataTargets("read", ["-r", "a", "b"])).toEqual(["a", "b"]);
    expect(dataTargets("read", ["-p", "prompt> "])).toEqual(["REPLY"]);
    expect(dataTargets("read", ["-ra", "PATH"])).toEqual(["PATH"]);
    expect(dataTargets("mapfile", ["-t", "-d", ":", "PATH"])).toEqual(["PATH"]);
    expect(dataTargets("readarray", ["-t"])).toEqual(["MAPFILE"]);
    expect(dataTargets("printf", ["-v", "PATH", "%s", "/x"])).toEqual(["PATH"]);
    expect(dataTargets("printf", ["-vHOME", "%s", "/x"])).toEqual(["HOME"]);
    expect(dataTargets("printf", ["%s", "-v", "PATH"])).toEqual([]);
    expect(dataTargets("printf", ["--", "-v", "PATH"])).toEqual([]);
    expect(dataTargets("wait", ["-n", "-p", "PATH"])).toEqual(["PATH"]);
    expect(dataTargets("getopts", ["ab:", "PATH", "-a"])).toEqual(["PATH", "OPTARG", "OPTIND"]);
  });

  it("cannot tell when a name is a dynamic word", () => {
    expect(dataTargets("read", ["-r", null])).toBeNull();
    expect(dataTargets("printf", ["-v", null, "%s"])).toBeNull();
    expect(dataTargets("mapfile", [null])).toBeNull();
    expect(dataTargets("getopts", ["x", null])).toBeNull();
  });
});
