// Network tools: curl and wget (fetch vs send vs write), ssh (remote exec), scp and rsync
// (`host:path` operands are remote: a local source sent to a remote is net-send).
import type { ArgWord } from "../types.ts";
import { Unknown, applyNode, applyRole, landsIn, parseArgs, pathEffect, toolWords, type Ctx, type Handler, type Parsed } from "../engine.ts";
import type { CNode } from "../compiled.ts";
import { CONTROL_PLANE_PORTS } from "../controlplanes.ts";

function urlBasename(url: ArgWord): ArgWord {
  if (url === null) return null;
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").replace(/[?#].*$/, "");
  const base = path.split("/").filter(Boolean).pop();
  return base && base !== ".." && base !== "." ? base : null;
}

function joinDir(dir: ArgWord | undefined, file: ArgWord): ArgWord {
  if (file === null || dir === null) return null;
  if (dir === undefined || file.startsWith("/")) return file;
  return dir.replace(/\/+$/, "") + "/" + file;
}

function flagValues(parsed: Parsed, names: string[]): { value: ArgWord; index: number }[] {
  return parsed.flags.filter((f) => names.includes(f.name) && f.value !== undefined).map((f) => ({ value: f.value as ArgWord, index: f.valueIndex }));
}


/**
 * Is this URL, as curl parses it, an http(s) request to the loopback interface by a literal
 * address: `localhost` (curl resolves it itself, never through DNS), canonical dotted-decimal
 * 127.0.0.0/8, or `[::1]`, with no userinfo and a port that is not a control plane? Any other
 * spelling (`127.0.0.1@evil`, `localhost.evil.com`, `0x7f.1`, `2130706433`, `[::ffff:127.0.0.1]`,
 * `foo.localhost`, a trailing dot) is judged as the network, whatever it reaches.
 */
export function loopbackUrl(url: string): boolean {
  const m = /^(?:(https?):\/\/)?(localhost|127(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}|\[::1\])(?::([0-9]{1,5}))?(?:[/?#].*)?$/is.exec(url);
  if (!m) return false;
  if (m[1] === undefined && /^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return false;
  const port = m[3] === undefined ? 80 : Number(m[3]);
  return port > 0 && port < 65536 && !CONTROL_PLANE_PORTS.has(port);
}

/** curl options that send the connection somewhere else than the URL's host, or change its scheme. */
const REROUTES = ["-x", "--proxy", "--preproxy", "--socks4", "--socks4a", "--socks5", "--socks5-hostname", "--connect-to", "--resolve", "--doh-url", "--dns-servers", "--proto-default", "--interface", "--haproxy-protocol"];

export const curl: Handler = {
  operands(ctx, node, argv, parsed, modes) {
    // -V prints the version and exits: its URLs are never fetched (the flag's effects stand)
    if (modes.has("version")) return;
    let send = modes.has("send");
    for (const m of flagValues(parsed, ["-X", "--request"])) {
      if (m.value === null || !/^(GET|HEAD|OPTIONS)$/i.test(m.value)) send = true;
    }
    // -G puts -d data into the query string: a GET, unless something is uploaded.
    if (modes.has("get") && !modes.has("upload")) send = flagValues(parsed, ["-X", "--request"]).some((m) => m.value === null || !/^(GET|HEAD|OPTIONS)$/i.test(m.value));
    for (const f of flagValues(parsed, ["-F", "--form", "--form-string"])) {
      if (f.value === null) pathEffect(ctx, "read", null, f.index, "a dynamic form field may name a file with @ or <");
      else {
        const m = /^[^=]*=[@<]([^;]+)/.exec(f.value);
        if (m && !parsed.flags.some((p) => p.name === "--form-string" && p.valueIndex === f.index)) pathEffect(ctx, "read", m[1]!, f.index, "curl uploads the file's content");
      }
    }
    for (const f of flagValues(parsed, ["--data-urlencode"])) {
      if (f.value === null) pathEffect(ctx, "read", null, f.index, "dynamic data may name a file with @");
      else {
        const m = /^[^=]*@(.+)$/.exec(f.value);
        if (m && !f.value.includes("=")) pathEffect(ctx, "read", m[1]!, f.index, "curl sends the file's content");
      }
    }
    // -b names a cookie file when it starts with `@` (the rest, `=` or not) or holds no `=` (else
    // it is cookie data); the HSTS and alt-svc caches are read and rewritten.
    for (const f of flagValues(parsed, ["-b", "--cookie"])) {
      if (f.value === null) pathEffect(ctx, "read", null, f.index, "a dynamic -b may name a cookie file");
      else if (f.value.startsWith("@")) pathEffect(ctx, "read", f.value.slice(1), f.index, "curl reads cookies from the file after `@`");
      else if (!f.value.includes("=") && f.value !== "-") pathEffect(ctx, "read", f.value, f.index, "curl reads cookies from the file");
    }
    for (const f of flagValues(parsed, ["--hsts", "--alt-svc"])) {
      pathEffect(ctx, "read", f.value, f.index, "curl reads its cache file");
      if (f.value !== "") pathEffect(ctx, "write", f.value, f.index, "curl rewrites its cache file");
    }
    for (const f of flagValues(parsed, ["--pinnedpubkey"])) {
      if (f.value === null || !f.value.startsWith("sha256//")) pathEffect(ctx, "read", f.value, f.index, "curl reads the pinned public key file");
    }
    for (const f of flagValues(parsed, ["--url-query"])) {
      if (f.value === null) pathEffect(ctx, "read", null, f.index, "a dynamic query may name a file with @");
      else {
        const m = /^\+?[^=@]*@(.+)$/.exec(f.value);
        if (m) pathEffect(ctx, "read", m[1]!, f.index, "curl puts the file's content in the query");
      }
    }
    for (const f of flagValues(parsed, ["-w", "--write-out"])) {
      if (f.value === null || f.value.includes("%output{") || f.value.startsWith("@")) throw new Unknown("curl --write-out that writes or reads files is not modelled", f.index);
    }
    const urls = [...parsed.operands.map((o) => ({ value: o.value, index: o.index })), ...flagValues(parsed, ["--url"])];
    if (!urls.length) throw new Unknown("curl without a URL", argv.length - 1);
    const outDir = flagValues(parsed, ["--output-dir"])[0]?.value;
    const remoteName = modes.has("remote-name");
    if (modes.has("header-name") && remoteName) throw new Unknown("curl -J lets the server choose the file name", 0);
    for (const u of urls) {
      if (u.value !== null && /^file:/i.test(u.value)) {
        applyRole(ctx, node, send ? "write" : "url", send ? u.value.replace(/^file:(\/\/[^/]*)?/i, "") : u.value, u.index, false);
        continue;
      }
      if (send && u.value !== null && loopbackUrl(u.value) && !parsed.flags.some((f) => REROUTES.includes(f.name))) {
        ctx.out.effects.push({ type: "other", op: "net-send", locus: "none", target: u.value, kind: "loopback", argIndex: u.index, why: "curl sends to a literal loopback URL (the project's own running server)" });
      } else applyRole(ctx, node, send ? "send-url" : "url", u.value, u.index, false);
      if (send && u.value === null) {
        // A computed URL is also a computed fetch: the response comes back.
        applyRole(ctx, node, "url", null, u.index, false);
      }
      if (remoteName) pathEffect(ctx, "write", joinDir(outDir, urlBasename(u.value)), u.index, "curl -O saves the download under the URL's file name");
    }
    for (const o of flagValues(parsed, ["-o", "--output"])) {
      if (o.value === "-") continue;
      pathEffect(ctx, "write", joinDir(outDir, o.value), o.index, "curl saves the download there");
    }
  },
};

export const wget: Handler = {
  operands(ctx, node, _argv, parsed, modes) {
    let send = modes.has("send");
    for (const m of flagValues(parsed, ["--method"])) if (m.value === null || !/^(GET|HEAD|OPTIONS)$/i.test(m.value)) send = true;
    const prefix = flagValues(parsed, ["-P", "--directory-prefix"])[0]?.value;
    const outputs = flagValues(parsed, ["-O", "--output-document"]);
    const spider = modes.has("spider");
    for (const o of parsed.operands) {
      applyRole(ctx, node, send ? "send-url" : "url", o.value, o.index, false);
      if (send && o.value === null) applyRole(ctx, node, "url", null, o.index, false);
      if (spider || outputs.length) continue;
      if (modes.has("recursive")) pathEffect(ctx, "write", prefix ?? ".", o.index, "wget -r mirrors the site into the directory", true);
      else pathEffect(ctx, "write", joinDir(prefix, modes.has("server-name") ? null : urlBasename(o.value) ?? "index.html"), o.index, "wget saves the download under the URL's file name");
    }
    for (const i of flagValues(parsed, ["-i", "--input-file"])) {
      applyRole(ctx, node, send ? "send-url" : "url", null, i.index, false);
      if (!spider && !outputs.length) pathEffect(ctx, "write", joinDir(prefix, null), i.index, "wget saves downloads named by URLs read from a file");
    }
    for (const o of outputs) if (o.value !== "-") pathEffect(ctx, "write", o.value, o.index, "wget -O saves the download there");
    if (!parsed.operands.length && !flagValues(parsed, ["-i", "--input-file"]).length) throw new Unknown("wget without a URL", 0);
  },
};

// ---------------------------------------------------------------------------------------------
// ssh family

const SAFE_SSH_OPTIONS = new Set(
  [
    "stricthostkeychecking", "userknownhostsfile", "connecttimeout", "batchmode", "serveraliveinterval",
    "serveralivecountmax", "port", "user", "identityfile", "identitiesonly", "loglevel", "forwardagent",
    "compression", "hostname", "addkeystoagent", "passwordauthentication", "pubkeyauthentication",
    "preferredauthentications", "requesttty", "sendenv", "setenv", "exitonforwardfailure", "tcpkeepalive",
    "connectionattempts", "hostkeyalgorithms", "kexalgorithms", "ciphers", "macs", "globalknownhostsfile",
    "checkhostip", "visualhostkey", "updatehostkeys", "numberofpasswordprompts", "proxyjump", "localforward",
    "remoteforward", "dynamicforward", "controlmaster", "controlpersist", "controlpath", "forwardx11",
    "hashknownhosts", "kbdinteractiveauthentication", "gssapiauthentication", "addressfamily", "bindaddress",
    "ipqos", "escapechar", "clearallforwardings", "canonicalizehostname", "pubkeyacceptedalgorithms",
    "pubkeyacceptedkeytypes", "hostkeyalias", "nohostauthenticationforlocalhost", "verifyhostkeydns",
  ],
);

function checkSshOptions(ctx: Ctx, parsed: Parsed): void {
  for (const o of flagValues(parsed, ["-o"])) {
    if (o.value === null) throw new Unknown("a dynamic ssh -o option", o.index);
    const key = o.value.split(/[=\s]/, 1)[0]!.toLowerCase();
    if (!SAFE_SSH_OPTIONS.has(key)) {
      throw new Unknown(`ssh option \`${key}\` is not modelled (ProxyCommand, LocalCommand, KnownHostsCommand and friends run local commands)`, o.index);
    }
    const value = o.value.slice(key.length).replace(/^[=\s]+/, "");
    if (key === "userknownhostsfile" || key === "controlpath") pathEffect(ctx, "write", value, o.index, `ssh ${key} writes it`);
    if (key === "identityfile" || key === "globalknownhostsfile") identity(ctx, value, o.index);
  }
  for (const i of flagValues(parsed, ["-i"])) identity(ctx, i.value, i.index);
}

/**
 * A key file ssh reads to log in: its own keys under ~/.ssh are what authenticating uses (the
 * oracle's credential use, implied by the remote effect); any other file is read like `cat`.
 */
function identity(ctx: Ctx, file: string | null, at: number): void {
  if (file !== null && /(^|\/)\.ssh\/[^/]+$/.test(file) && !/(^|\/)\.\.?(\/|$)/.test(file)) return;
  pathEffect(ctx, "read", file, at, "ssh reads it as a key");
}

export const ssh: Handler = {
  custom(ctx, node, argv, start, modes) {
    const first = parseArgs(node, argv, start, modes);
    const host = first.operands[0];
    let merged: Parsed = first;
    if (host) {
      // OpenSSH parses options again after the destination; the command starts at the next operand.
      const again = parseArgs(node, argv, host.index + 1, modes);
      merged = { ...again, flags: [...first.flags, ...again.flags], operands: [host, ...again.operands] };
    }
    applyNode(ctx, node, argv, merged, modes, { operands: sshOperands });
  },
};

function sshOperands(ctx: Ctx, node: CNode, _argv: ArgWord[], parsed: Parsed, modes: Set<string>): void {
  checkSshOptions(ctx, parsed);
  const host = parsed.operands[0];
  if (!host) {
    if (modes.has("nohost")) return;
    throw new Unknown("ssh without a destination", 0);
  }
  if (host.value === null) throw new Unknown("the ssh destination is dynamic", host.index);
  const command = parsed.operands.slice(1);
  ctx.out.effects.push({
    type: "other",
    op: "exec",
    locus: "none",
    target: host.value,
    kind: "remote",
    argIndex: host.index,
    why: command.length ? `\`${node.path}\` runs a command on ${host.value}` : `\`${node.path}\` opens a session on ${host.value}`,
  });
}

const REMOTE = /^(?:[^@/:]+@)?(?:\[[^\]]+\]|[^/:]+):/;

function isRemote(word: string): boolean {
  if (/^(scp|rsync|sftp):\/\//i.test(word)) return true;
  if (word.startsWith("/") || word.startsWith("./") || word.startsWith("../") || word.startsWith("~")) return false;
  return REMOTE.test(word);
}

function hostOf(word: string): string {
  return word.replace(/^[a-z]+:\/\//i, "").split(/[:/]/, 1)[0]!;
}

/** scp and rsync: sources then a destination; any of them may be remote. */
export const remoteCopy: Handler = {
  operands(ctx, node, _argv, parsed, modes) {
    checkSshOptions(ctx, parsed);
    const ops = parsed.operands;
    if (ops.length < 2) {
      if (node.path === "rsync" && ops.length === 1) {
        // `rsync SRC` lists SRC.
        const o = ops[0]!;
        if (o.value === null) throw new Unknown("a dynamic rsync operand may be remote", o.index);
        if (isRemote(o.value)) ctx.out.effects.push({ type: "other", op: "net-fetch", locus: "none", target: hostOf(o.value), kind: "literal-url", argIndex: o.index, why: "rsync lists a remote directory" });
        else pathEffect(ctx, "read", o.value, o.index, "rsync lists it", true);
        return;
      }
      throw new Unknown(`\`${node.path}\` needs a source and a destination`, 0);
    }
    const recursive = modes.has("recursive");
    const dry = modes.has("dry");
    const dest = ops[ops.length - 1]!;
    for (const o of ops) {
      if (o.value === null) throw new Unknown(`a dynamic \`${node.path}\` operand may be remote`, o.index);
    }
    const destRemote = isRemote(dest.value!);
    for (const s of ops.slice(0, -1)) {
      if (isRemote(s.value!)) {
        ctx.out.effects.push({ type: "other", op: "net-fetch", locus: "none", target: hostOf(s.value!), kind: "literal-url", argIndex: s.index, why: `\`${node.path}\` copies from a remote host` });
      } else {
        pathEffect(ctx, "read", s.value, s.index, `\`${node.path}\` copies it`, recursive);
        if (modes.has("remove-source") && !dry) pathEffect(ctx, "delete", s.value, s.index, "--remove-source-files deletes what was sent", recursive);
      }
    }
    if (destRemote) {
      ctx.out.effects.push({ type: "other", op: "net-send", locus: "none", target: hostOf(dest.value!), argIndex: dest.index, why: `\`${node.path}\` sends files to a remote host` });
    } else if (!dry) {
      pathEffect(ctx, "write", dest.value, dest.index, `\`${node.path}\` writes the copy there`, recursive);
      // Into a directory each source lands at DEST/NAME (rsync: `src/` lands its content in DEST).
      landsIn(ctx, dest.index, ops.slice(0, -1), { trees: recursive, whole: false, always: false, slashContents: node.path === "rsync" });
      if (modes.has("delete")) pathEffect(ctx, "delete", dest.value, dest.index, "rsync --delete removes files missing from the source", true);
    }
  },
};

/** rsync -e/--rsh: the remote shell command line, split on blanks (quotes are not modelled). */
export const rsyncShell: Handler = {
  post(ctx, _node, _argv, parsed) {
    for (const e of flagValues(parsed, ["-e", "--rsh"])) {
      // rsync splits the value itself (quotes keep blanks; no shell, no backslashes) and runs
      // `CMD HOST rsync --server ... DEST`: the host is known from the operands, the rest is not.
      const words = e.value === null ? null : toolWords(e.value);
      if (words === null || !words.length) throw new Unknown("rsync -e with a dynamic command or backslashes is not modelled", e.index);
      const remote = parsed.operands.map((o) => o.value).find((v) => v !== null && isRemote(v));
      const path = flagValues(parsed, ["--rsync-path"]).pop();
      ctx.out.inner.push({ type: "argv", argv: [...words, remote ? hostOf(remote) : null, path ? path.value : "rsync"], argIndex: e.index, appendsUnknownArgs: true });
    }
    remoteCopyPost(ctx, parsed);
  },
};

function remoteCopyPost(ctx: Ctx, parsed: Parsed): void {
  for (const p of flagValues(parsed, ["--rsync-path"])) {
    ctx.out.effects.push({ type: "other", op: "exec", locus: "none", target: p.value ?? "", kind: "remote", argIndex: p.index, why: "rsync --rsync-path runs a command on the remote host" });
  }
}

/** `gh api PATH`: GET unless -X says otherwise or fields are given (then POST); `@file` fields are read. */
export const ghApi: Handler = {
  post(ctx, _node, _argv, parsed, modes) {
    let send = modes.has("send");
    const methods = flagValues(parsed, ["-X", "--method"]);
    if (methods.length) send = methods.some((m) => m.value === null || !/^(GET|HEAD)$/i.test(m.value));
    for (const f of flagValues(parsed, ["-F", "--field"])) {
      if (f.value === null) pathEffect(ctx, "read", null, f.index, "a dynamic field may name a file with @");
      else {
        const m = /^[^=]*=@(.+)$/.exec(f.value);
        if (m) pathEffect(ctx, "read", m[1]!, f.index, "gh sends the file's content");
      }
    }
    for (const f of flagValues(parsed, ["--input"])) if (f.value !== "-") pathEffect(ctx, "read", f.value, f.index, "gh sends the file as the body");
    const path = parsed.operands[0]?.value;
    if (path === undefined) throw new Unknown("gh api without an endpoint", 0);
    // Every call carries the stored token; a GET is still labelled like a send (network-admin).
    ctx.out.effects.push({ type: "other", op: "net-send", locus: "none", target: path ?? "", argIndex: parsed.operands[0]!.index, why: send ? "gh api sends a request that changes GitHub" : "gh api calls GitHub with the stored token" });
  },
};

/** kubectl get/describe: naming secrets reads them. */
export const kubeRead: Handler = {
  post(ctx, _node, _argv, parsed) {
    for (const o of parsed.operands) {
      if (o.value === null || /^(secrets?|secret\/.+|secrets\/.+)(,|$)/i.test(o.value) || /(^|,)secrets?(,|$)/i.test(o.value)) {
        ctx.out.effects.push({ type: "other", op: "read", locus: "secret", target: o.value ?? "", argIndex: o.index, why: "Kubernetes secrets hold credentials" });
      }
    }
  },
};
