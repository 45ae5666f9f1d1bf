// Files that hold credentials by the names their tools give them are `secret` wherever they are:
// agents' and editors' tokens, browser password stores and cookie jars, shell and REPL histories,
// mounted container and cluster secrets, and a project's own secret files. Ordinary neighbours
// of each stay where they were, so a reader of the project still reads the project.
import { describe, expect, it } from "vitest";
import { compileRegions, loadRegions } from "../../src/policy/regions.ts";
import { classify } from "../../src/index.ts";

const home = "/home/u";
const root = "/home/u/code/p";
const regions = compileRegions(loadRegions(), { home, roots: [root], tmp: ["/tmp"] });

describe("secret file names", () => {
  it.each([
    `${home}/.codex/auth.json`,
    `${home}/.config/github-copilot/hosts.json`,
    `${home}/.bundle/config`,
    `${home}/.mozilla/firefox/ab.default/logins.json`,
    `${home}/.config/google-chrome/Default/Cookies`,
    `${home}/.bash_history`,
    `${home}/.zsh_history`,
    `${home}/.local/share/fish/fish_history`,
    "/run/secrets/db_password",
    "/var/run/secrets/kubernetes.io/serviceaccount/token",
    `${root}/infra/terraform.tfstate`,
    `${root}/.envrc`,
    `${root}/.dev.vars`,
    `${root}/config/secrets.yml`,
    `${root}/credentials.json`,
    `${root}/keys/service-account-prod.json`,
    `${root}/app-firebase-adminsdk-ab12c-0123456789.json`,
    `${root}/.htpasswd`,
    `${root}/wp-config.php`,
    `${root}/android/app/release.keystore`,
    `${root}/config/master.key`,
    `${root}/.aws/credentials`,
  ])("%s is secret", (p) => expect(regions.locate(p)).toBe("secret"));

  it.each([`${root}/infra/main.tf`, `${root}/config/settings.yml`, `${root}/src/credentials.ts`, `${root}/wp-config-sample.txt`, `${home}/.config/google-chrome/Default/Preferences`])("%s is not", (p) => expect(regions.locate(p)).not.toBe("secret"));

  it("a read of one is not approved below yolo; its neighbour is", () => {
    const ctx = { cwd: root, roots: [root], home, tmp: ["/tmp"], env: {}, fs: null, level: "local-admin" as const };
    expect(classify("cat infra/terraform.tfstate", ctx).decision).toBe("ask");
    expect(classify("cat infra/main.tf", { ...ctx, level: "reader" }).decision).toBe("allow");
  });
});
