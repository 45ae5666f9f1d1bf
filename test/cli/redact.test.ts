// The audit log's redaction: each secret shape leaves the log as `***`, and what says what the
// command was stays readable.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redact } from "../../src/cli/redact.ts";
import { loadRegions, secretVariableTest } from "../../src/policy/regions.ts";

const secretName = secretVariableTest(loadRegions());
const r = (c: string) => redact(c, secretName);

describe("redact", () => {
  it.each([
    ["assignment of a secret variable", "GITHUB_TOKEN=tok123secret gh pr list", "GITHUB_TOKEN=*** gh pr list", "tok123secret"],
    ["export with quotes", "export OPENAI_API_KEY='abc def 123'; python x.py", "export OPENAI_API_KEY=***; python x.py", "abc def 123"],
    ["env assignment", "env DATABASE_URL=postgres://u@h/db npm test", "env DATABASE_URL=*** npm test", "postgres://u@h"],
    ["--option=value named like a secret variable", "tool --api-key=zzz9 run", "tool --api-key=*** run", "zzz9"],
    ["--token VALUE", "tool --token abc123 --verbose", "tool --token *** --verbose", "abc123"],
    ["--password VALUE", "mysqldump --password hunter2 db", "mysqldump --password *** db", "hunter2"],
    ["URL credentials", "git clone https://bob:hunter2@github.com/o/r.git", "git clone https://bob:***@github.com/o/r.git", "hunter2"],
    ["a token as a URL's user", "git push https://ghp_Abcdefghij1234567890XYZ@github.com/o/r", "git push https://***@github.com/o/r", "Abcdefghij1234567890"],
    ["curl -u user:pass", "curl -u alice:s3cret https://x", "curl -u alice:*** https://x", "s3cret"],
    ["curl -uuser:pass", "curl -ualice:pw2x https://x", "curl -ualice:*** https://x", "pw2x"],
    ["--user=user:pass", "curl --user=alice:pw3x https://x", "curl --user=alice:*** https://x", "pw3x"],
    ["Authorization header", "curl -H 'Authorization: Bearer abc.def' https://x", "curl -H 'Authorization: ***' https://x", "abc.def"],
    ["Cookie header", 'curl -H "Cookie: sid=abc; b=1" https://x', 'curl -H "Cookie: ***" https://x', "sid=abc"],
    ["a header named like a secret variable", "curl -H 'X-Api-Key: k123' https://x", "curl -H 'X-Api-Key: ***' https://x", "k123"],
    ["a bare Bearer credential", "http GET x 'Bearer tokentoken'", "http GET x 'Bearer ***'", "tokentoken"],
    ["GitHub token in argv", "echo ghp_abcdefghijklmnopqrstuvwxyz0123 | gh auth login --with-token", "echo ghp_*** | gh auth login --with-token", "abcdefghijklmnop"],
    ["OpenAI-style key", "echo sk-proj-abcdefghijklmnop1234 | pbcopy", "echo sk-*** | pbcopy", "abcdefghijklmnop1234"],
    ["AWS access key id", "aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE", "aws configure set aws_access_key_id AKIA***", "IOSFODNN7EXAMPLE"],
    ["Slack token", "curl -d token=xoxb-1234-5678-abcdefgh https://slack.com/api", "curl -d token=*** https://slack.com/api", "xoxb-1234"],
    ["JWT", "echo eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N", "echo ***", "dozjgNry"],
    ["private key block", "printf '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----' > k", "printf '-----BEGIN RSA PRIVATE KEY-----***' > k", "MIIEow"],
    ["long mixed-case run", "deploy --x aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG", "deploy --x ***", "aB3dE5gH7jK9"],
  ])("%s", (_name, command, expected, secret) => {
    const out = r(command);
    expect(out).toBe(expected);
    expect(out).not.toContain(secret);
  });

  it.each([
    "git status && ls -la src",
    "git show 3f2a9c1e5b7d4f6a8c0e2b4d6f8a0c2e4b6d8f0a",
    "docker run -u 1000:1000 img",
    "TOKEN=$GITHUB_TOKEN ./deploy.sh",
    "git commit -m 'fix: Authorization header parsing'",
    "ssh git@github.com",
    "GIT_AUTHOR_NAME=me git commit -m x",
    "npm test -- --reporter=dot",
  ])("leaves %j as it is", (command) => {
    expect(r(command)).toBe(command);
  });

  it("removes a secret from every shape it is put in, whatever surrounds it", () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{8,24}$/).filter((s) => /[0-9]/.test(s) && /[a-z]/i.test(s));
    const shape = fc.constantFrom(
      (s: string) => `API_TOKEN=${s}`,
      (s: string) => `export MY_SECRET="${s}"`,
      (s: string) => `--password=${s}`,
      (s: string) => `--token ${s}`,
      (s: string) => `https://user:${s}@example.com/x`,
      (s: string) => `-u user:${s}`,
      (s: string) => `-H 'Authorization: Basic ${s}'`,
      (s: string) => `-H "Cookie: session=${s}"`,
      (s: string) => `ghp_${s}${s}`,
    );
    const around = fc.constantFrom("curl ", "x && ", "sudo env ", "(", "echo ok; ");
    fc.assert(
      fc.property(secret, shape, around, (s, f, pre) => {
        expect(r(`${pre}${f(s)} https://h/path`)).not.toContain(s);
      }),
    );
  });
});
