// Secret environment variables (regions [variables], src/analysis/secretvars.ts): expanding one or
// printing one by name is a secret read; ordinary variables and variables the command set stay cheap.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/index.ts";
import { compileRegions, loadRegions, parseRegions } from "../../src/policy/regions.ts";
import { DataFileError } from "../../src/policy/datafile.ts";

const ctx = { cwd: "/home/u/p", roots: ["/home/u/p"], home: "/home/u", tmp: ["/tmp"], env: { HOME: "/home/u" }, fs: null };
const level = (cmd: string) => classify(cmd, { ...ctx, level: "yolo" }).level;
const secret = compileRegions(loadRegions(), { home: "/home/u", roots: ["/home/u/p"], tmp: ["/tmp"] }).secretVariable;

describe("secret variable names", () => {
  it.each(["GITHUB_TOKEN", "GH_TOKEN", "NPM_TOKEN", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "DATABASE_URL", "DB_PASSWORD", "MYSQL_PWD", "SESSION_COOKIE", "BW_SESSION", "api_key", "npm_config__authToken"])("%s is a secret", (n) => expect(secret(n)).toBe(true));
  it.each(["HOME", "PATH", "PWD", "OLDPWD", "USER", "SHELL", "LANG", "TERM", "GIT_AUTHOR_NAME", "SSH_AUTH_SOCK", "XDG_SESSION_ID", "LESSKEY", "GIT_CONFIG_KEY_0", "TOKENIZERS_PARALLELISM", "NODE_ENV", "i"])("%s is not", (n) => expect(secret(n)).toBe(false));

  it("reports a bad pattern with the file and line", () => {
    const text = 'fallback = "system"\n[[locus]]\nname = "tmp"\npatterns = ["/tmp/**"]\n[variables]\nsecret = ["A B"]\n';
    expect(() => parseRegions("r.toml", text)).toThrow(DataFileError);
    expect(() => parseRegions("r.toml", text)).toThrow(/r\.toml:\d+: at `variables\.secret\.0`/);
  });
});

describe("expanding or printing a secret variable", () => {
  it.each([
    ["echo $GITHUB_TOKEN", "yolo"],
    ['echo "${GITHUB_TOKEN:0:4}"', "yolo"],
    ["echo ${NPM_TOKEN@Q}", "yolo"],
    ["a=$GITHUB_TOKEN; echo $a", "yolo"],
    ["CI=$GITHUB_TOKEN printenv CI", "yolo"],
    ["echo $((OPENAI_API_KEY))", "yolo"],
    ["echo ${!name}", "yolo"],
    ["bash -c 'echo $GITHUB_TOKEN'", "yolo"],
    ["cat <<EOF\n$DATABASE_URL\nEOF", "yolo"],
    ["declare -p GITHUB_TOKEN", "yolo"],
    ["export -p GITHUB_TOKEN", "yolo"],
    ["node -e 'console.log(process.env.GITHUB_TOKEN)'", "yolo"],
    ["python3 -c 'import os; print(os.environ)'", "yolo"],
    ["GITHUB_TOKEN+=x; echo $GITHUB_TOKEN", "yolo"],
    ["f() { GITHUB_TOKEN=x; }; f; echo $GITHUB_TOKEN", "yolo"],
    ["f() { local GITHUB_TOKEN=x; }; f; echo $GITHUB_TOKEN", "yolo"],
  ])("%j needs %s", (cmd, want) => expect(level(cmd)).toBe(want));

  it.each([
    ["echo $HOME $PATH $PWD $USER $SHELL $LANG $TERM", "paranoid"],
    ["for key in a b; do echo $key; done", "paranoid"],
    ["GITHUB_TOKEN=x; echo $GITHUB_TOKEN", "paranoid"],
    ["read -r token; echo $token", "paranoid"],
    ["unset GITHUB_TOKEN; echo $GITHUB_TOKEN", "paranoid"],
    ['[[ -n $GITHUB_TOKEN ]] && echo set', "paranoid"],
    ['[ -z "$GITHUB_TOKEN" ] || echo set', "paranoid"],
    ['test -n "$NPM_TOKEN"', "paranoid"],
    ["echo ${#GITHUB_TOKEN} ${GITHUB_TOKEN:+set}", "paranoid"],
    ["echo ${!GITHUB*}", "paranoid"],
    ["declare -p HOME", "paranoid"],
    ["node -e 'console.log(process.env.HOME)'", "developer"],
  ])("%j needs only %s", (cmd, want) => expect(level(cmd)).toBe(want));

  it("any name the table does not call secret expands cheaply, a secret one never below yolo", () => {
    const name = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,12}$/);
    fc.assert(
      fc.property(name, (n) => {
        const l = level(`echo "$${n}"`);
        expect(l).toBe(secret(n) ? "yolo" : "paranoid");
      }),
      { numRuns: 300 },
    );
  });
});
