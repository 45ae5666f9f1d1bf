// A verdict's first reason in words a person reads in one line ("deletes `../other`, outside
// the project"; "reads `~/.ssh/id_rsa`, a secret"), for the hook's answer and the audit log.
// The technical chain (rule, regions pattern, byte range) stays in the reason's `message`,
// which `check --json` and `explain` print unchanged.
import type { VerdictLike } from "./verdict.ts";

/** One reason as a line of text, whatever shape the library gives it. */
export function reasonText(r: unknown): string {
  if (typeof r === "string") return r;
  if (r && typeof r === "object") {
    const o = r as Record<string, unknown>;
    for (const k of ["message", "text", "why", "summary"]) if (typeof o[k] === "string") return o[k] as string;
  }
  return JSON.stringify(r);
}

const WHERE: Readonly<Record<string, string>> = {
  worktree: "in the project",
  tmp: "in a temp dir",
  "vcs-control": "git's control files (code that runs later)",
  adjacent: "outside the project",
  "user-config": "a dotfile or user config",
  home: "in your home directory, outside the project",
  secret: "a secret",
  self: "shellfence's or the agent's own settings",
  system: "a system file",
  device: "a device",
  kernel: "a kernel setting",
  unknown: "a place shellfence cannot pin down",
};

const EXEC: Readonly<Record<string, string>> = {
  "project-code": "runs project code",
  "inline-code": "runs inline code",
  "foreign-code": "runs code from outside the project",
  "downloaded-code": "runs downloaded code",
  remote: "runs a command on another host",
};

const VERB: Readonly<Record<string, string>> = {
  read: "reads",
  write: "writes",
  delete: "deletes",
  "net-fetch": "fetches",
  "net-send": "sends data to",
  process: "signals or controls",
  install: "installs",
  config: "changes settings of",
};

interface ReasonFields {
  message?: string;
  rule?: string;
  op?: string;
  locus?: string;
  target?: string;
  kind?: string;
  segment?: { text?: string };
}

/** The word as the command wrote it when it is one short word, else the resolved target. */
function shown(r: ReasonFields): string {
  // A redirect's segment is its operator and word (`> f`): the word is what was written.
  const text = r.segment?.text?.replace(/^\d*(?:[<>]{1,2}|&>>?)[|&]?\s*/, "");
  // ...but not an option that only causes the effect (`curl --version` reading `~/ldaprc` shows the file).
  const names = text !== undefined && (r.target === undefined || !/^-[^=]*$/.test(text));
  const t = text && names && text.length <= 60 && !/\s/.test(text) ? text : (r.target ?? text ?? "?");
  return `\`${t.length > 60 ? t.slice(0, 57) + "..." : t}\``;
}

/** The `why` inside a reason message ("...(bytes 0-3): unknown command `foo` [rule...]"). */
function why(message: string | undefined): string | null {
  const m = message ? /\(bytes \d+-\d+\): (.*?) \[\S+\.toml(?::| rule)/s.exec(message) : null;
  return m ? m[1]!.replace(/\s+/g, " ") : null;
}

/** One reason as a plain sentence; reasons of another shape (tests' fakes) as their text. */
export function plainSentence(reason: unknown): string {
  if (!reason || typeof reason !== "object") return reasonText(reason);
  const r = reason as ReasonFields;
  if (typeof r.op !== "string" || typeof r.locus !== "string") return reasonText(reason);
  // A custom rule's reason (policy/custom.ts) says it in the user's own words.
  if (r.rule === "deny rule") return /: (your rule .*?) \[deny rule\]$/s.exec(r.message ?? "")?.[1] ?? "denied by your rule";
  if (r.rule?.startsWith("allow rule ")) return `approved at ${r.rule.replace(/^.* -> /, "")} by your ${r.rule.replace(/ -> .*$/, "")}`;
  const where = WHERE[r.locus];
  if (r.op === "exec" && r.kind === "unmodelled") {
    const w = why(r.message);
    return `shellfence cannot tell what ${shown(r)} does${w ? ` (${w})` : ""}`;
  }
  if (r.kind === "unbounded") return `${r.op === "delete" ? "deletes" : VERB[r.op] ?? r.op} ${shown(r)}, a whole tree${where ? ` ${where.startsWith("in ") ? where : `(${where})`}` : ""}`;
  if (r.op === "exec") {
    const what = (r.kind && EXEC[r.kind]) ?? "runs code";
    return `${what} (${shown(r)})`;
  }
  if (r.op === "privilege") return `runs as \`${r.target ?? "another user"}\` (${shown(r)})`;
  if (r.locus === "secret" && r.target?.startsWith("$")) return `reads \`${r.target}\`, a secret variable`;
  const verb = VERB[r.op] ?? r.op;
  return where ? `${verb} ${shown(r)}, ${where}` : `${verb} ${shown(r)}`;
}

/** The need, in words: "never auto-approved" or "needs L, above C". */
export function needText(v: Pick<VerdictLike, "level" | "configuredLevel">): string {
  return v.level === "never" ? "never auto-approved" : `needs ${v.level}, above ${v.configuredLevel}`;
}

/** The first reason of a verdict in plain words (empty when it has none). */
export function plainReason(v: Pick<VerdictLike, "reasons">): string {
  return v.reasons.length ? plainSentence(v.reasons[0]) : "";
}
