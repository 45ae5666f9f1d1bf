// A GET to a control plane's API reads secrets; the port decides, whatever spells the host.
import { describe, expect, it } from "vitest";
import { controlPlanePort } from "../../src/analysis/registry/controlplanes.ts";
import { classify } from "../../src/index.ts";

describe("controlPlanePort", () => {
  it.each([
    ["http://localhost:2375/containers/json", 2375],
    ["http://127.1:2375/info", 2375],
    ["https://[::1]:6443/api", 6443],
    ["http://user@0x7f000001:10250/pods", 10250],
    ["localhost:8001/api/v1/secrets", 8001],
  ])("%s names port %d", (url, port) => expect(controlPlanePort(url)).toBe(port));
  it.each(["http://localhost:8080/api", "http://localhost/", "https://example.com/a:2375", "http://localhost:23750/"])("%s names none", (url) => expect(controlPlanePort(url)).toBeNull());
});

describe("a GET to a control plane", () => {
  const ctx = { cwd: "/p", roots: ["/p"], home: "/h", tmp: ["/tmp"], env: {}, fs: null, level: "network-admin" as const };
  it.each(["curl -s http://localhost:2375/containers/json", "wget -qO- http://127.0.0.1:8001/api/v1/secrets", "curl -s http://127.1:10250/pods"])("%s is not approved below yolo", (cmd) => {
    expect(classify(cmd, ctx).decision).toBe("ask");
    expect(classify(cmd, { ...ctx, level: "yolo" }).decision).toBe("allow");
  });
  it("a GET to the project's server stays a reader's fetch", () => expect(classify("curl -s http://localhost:8080/health", { ...ctx, level: "reader" }).decision).toBe("allow"));
});
