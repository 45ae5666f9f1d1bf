// OpenCode: no hook can approve a call there (its plugin `permission.ask` hook does not fire,
// and a static `permission.bash` glob map cannot say which arguments are safe), and a command
// nothing blocks runs. What a plugin can do is block: `tool.execute.before` throws. So setup
// installs a small plugin (below) that sends each bash call to this adapter through the hook
// command and blocks the call unless shellfence approves it, with a reason the model reads.
// The envelope is the plugin's own: {shellfence: "opencode-plugin", version: 1, tool, command,
// workdir, directory, worktree, session}.
import path from "node:path";
import { absolute, optionalString, readObject, shown } from "./envelope.ts";
import { denyMessage, answerReason, deniedByChoice, denyReason } from "./message.ts";
import type { Adapter, HookEnvView, Outcome, Parsed, Reply } from "./types.ts";

export type OpenCodeAnswer = { decision: "allow" | "deny"; reason: string };

/** The first line of the plugin file: setup rewrites only a file that starts with it. */
export const PLUGIN_MARK = "// shellfence for OpenCode: written by `shellfence setup --agent opencode`.";

function deny(o: Exclude<Outcome, { kind: "approved" }>): Reply<OpenCodeAnswer> {
  return { print: { decision: "deny", reason: deniedByChoice(o) ? denyReason(o) : denyMessage(o, null) }, exit: 0 };
}

function answer(o: Outcome): Reply<OpenCodeAnswer> {
  return o.kind === "approved" ? { print: { decision: "allow", reason: answerReason(o) }, exit: 0 } : deny(o);
}

function parse(text: string): Parsed<OpenCodeAnswer> {
  const raw = readObject(text);
  const fail = (why: string): Parsed<OpenCodeAnswer> => ({ kind: "skip", why, answer: deny({ kind: "undecided", why }) });
  if (typeof raw === "string") return fail(raw);
  if (raw.shellfence !== "opencode-plugin" || raw.version !== 1) return fail("hook input is not the shellfence OpenCode plugin's envelope (version 1)");
  // The plugin asks only about bash; any other tool gets no answer, which the plugin blocks.
  if (raw.tool !== "bash") return { kind: "skip", why: `tool ${shown(raw.tool)} is not bash`, answer: { print: null, exit: 0 } };
  if (typeof raw.command !== "string") return fail("command is missing or not a string");
  const directory = absolute(raw.directory);
  if (directory === null) return fail("directory is not an absolute path");
  if (raw.workdir !== null && raw.workdir !== undefined && typeof raw.workdir !== "string") return fail("workdir is not a string");
  // The bash tool runs in the session's directory, or in its workdir argument (relative to it).
  const cwd = typeof raw.workdir === "string" && raw.workdir !== "" ? path.posix.resolve(directory, raw.workdir) : directory;
  const worktree = absolute(raw.worktree);
  return {
    kind: "request",
    request: { command: raw.command, cwd, projectRoots: worktree ? [worktree] : [], mode: null, modeEffect: "as-configured", session: optionalString(raw.session) },
    answer,
  };
}

function configDir(env: HookEnvView, home: string): string {
  const x = env.XDG_CONFIG_HOME;
  return path.join(x && path.isAbsolute(x) ? x : path.join(home, ".config"), "opencode");
}

/** The plugin: asks the hook command about each bash call; anything but an allow blocks it. */
export function renderPlugin(command: string): string {
  return `${PLUGIN_MARK}
// \`shellfence setup --agent opencode\` rewrites it; delete it to uninstall. Before each bash tool
// call it asks shellfence (the command below) and blocks the call unless shellfence approves it:
// OpenCode has no hook that can approve a call, so this plugin can only block.
import { spawn } from "node:child_process";

const COMMAND = ${JSON.stringify(command)};
const TIMEOUT_MS = 10000;

function blocked(why) {
  return { decision: "deny", reason: \`shellfence could not judge this command (\${why}), so it is blocked. Ask the user to run it themselves.\` };
}

function ask(envelope) {
  return new Promise((resolve) => {
    let out = "";
    let err = "";
    let done = false;
    let timer = null;
    const finish = (answer) => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      resolve(answer);
    };
    let child;
    try {
      child = spawn("/bin/sh", ["-c", COMMAND], { stdio: ["pipe", "pipe", "pipe"] });
    } catch (e) {
      return finish(blocked(\`it could not start: \${e && e.message}\`));
    }
    timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish(blocked(\`no answer within \${TIMEOUT_MS} ms\`));
    }, TIMEOUT_MS);
    child.stdout.setEncoding("utf8").on("data", (d) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d) => (err += d));
    child.on("error", (e) => finish(blocked(\`it could not start: \${e && e.message}\`)));
    child.on("close", () => {
      try {
        const a = JSON.parse(out);
        if (a && (a.decision === "allow" || a.decision === "deny") && typeof a.reason === "string") return finish(a);
      } catch {
        // not an answer: blocked below
      }
      finish(blocked(err.trim().split("\\n")[0] || "no answer"));
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(envelope));
  });
}

export const Shellfence = async ({ directory, worktree }) => ({
  "tool.execute.before": async (input, output) => {
    if (input.tool !== "bash") return;
    const args = (output && output.args) || {};
    const answer = await ask({
      shellfence: "opencode-plugin",
      version: 1,
      tool: input.tool,
      command: args.command,
      workdir: typeof args.workdir === "string" ? args.workdir : null,
      directory,
      worktree,
      session: input.sessionID ?? null,
    });
    if (answer.decision !== "allow") throw new Error(answer.reason);
  },
});
`;
}

export const opencode: Adapter<OpenCodeAnswer> = {
  name: "opencode",
  title: "OpenCode",
  caps: { grant: false, deny: true, escalate: false, reviewOnSilence: false },
  summary:
    "only blocks, through a plugin: OpenCode has no hook that can approve, so shellfence blocks what it does not approve (with a reason for the model) and leaves the rest to OpenCode's own permission settings",
  decisionPaths: [["decision"]],
  facts: {
    version: "OpenCode 1.x plugins (packages/web/src/content/docs/plugins.mdx)",
    sources: ["../shared/AGENTS.md", "github.com/sst/opencode packages/web/src/content/docs/plugins.mdx"],
  },
  parse,
  fallback: (why) => deny({ kind: "undecided", why }),
  config: {
    kind: "plugin",
    dir: configDir,
    file: (env, home) => path.join(configDir(env, home), "plugins", "shellfence.js"),
    render: renderPlugin,
    note: "OpenCode loads the plugin when it starts: restart OpenCode.",
  },
};
