// Secrets out of a command's text before it is written to the audit log (audit.ts). Works on
// the text as the agent sent it, not on argv: the log must never hold a secret whatever the
// command's shape, including commands that do not parse. Over-redaction is the safe error.
//
// Shapes removed (each replaced by `***`, keeping what says what the command was):
//   NAME=value, export NAME=value      NAME a secret variable (regions/default.toml [variables])
//   --name=value                       the option's name, as a variable name, is a secret one
//   --token X, --password X ...        the options that take a secret as the next word
//   scheme://user:pass@host            the password (a lone userinfo stays unless token-shaped)
//   -u user:pass, --user user:pass     curl's and others' credentials (also -uuser:pass)
//   Authorization: ..., Cookie: ...    any header whose name is a secret variable's (X-Api-Key)
//   Bearer X, Basic X                  an authorization scheme's credentials
//   token-shaped words                 provider prefixes (ghp_, github_pat_, glpat-, sk-, xox?-,
//                                      AKIA, AIza, npm_, hf_), JWTs, private key blocks, and any
//                                      run of 32+ [A-Za-z0-9_+=-] with a digit, an upper- and a
//                                      lower-case letter (git object ids, pure hex, stay)

export const REDACTED = "***";

/** Names a session's secrets commonly go by, for a caller without the regions table. */
const FALLBACK_SECRET = /TOKEN|SECRET|PASSW|PASSPHRASE|_PASS$|^PASS_|KEY$|KEYS$|_KEY_|APIKEY|CREDENTIAL|CREDS$|AUTH|SESSION|COOKIE|_PAT$|PRIVATE|DATABASE_URL|_DSN$/i;
const FALLBACK_NOT = /AUTHOR|SSH_AUTH_SOCK|XDG_SESSION|ASKPASS/i;
export const fallbackSecretName = (n: string): boolean => FALLBACK_SECRET.test(n) && !FALLBACK_NOT.test(n);

/** Options whose next word is a secret (the name without dashes, lower case, `-` as `_`). */
const SECRET_OPTION_VALUE = /^(?:token|.*_token|password|passwd|pass|secret|.*_secret|api_key|apikey|access_key|secret_key|private_key|oauth2_bearer|bearer)$/;

/** Headers that carry credentials whatever [variables] says (`*AUTHOR*` is not-secret there). */
const SECRET_HEADER = /^(?:proxy-)?authorization$|^(?:set-)?cookie$/i;

const QUOTED_OR_WORD = String.raw`"(?:[^"\\]|\\.)*"|'[^']*'|[^\s;&|()<>]+`;

const PRIVATE_KEY = /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g;
const URL_CREDENTIALS = /\b([a-zA-Z][a-zA-Z0-9+.-]*:\/\/)([^\s/@'"]*?):([^\s/@'"]*)@/g;
const URL_USERINFO = /\b([a-zA-Z][a-zA-Z0-9+.-]*:\/\/)([^\s/:@'"]+)@/g;
const SCHEME = /\b(Bearer|Basic|Token|Digest)(\s+)([A-Za-z0-9._~+/=-]{6,})/gi;
const HEADER = /(^|[\s;&|(\x60'"])([A-Za-z][A-Za-z0-9-]*)(\s*:\s*)((?:\\.|[^'"\n\\])*)/g;
const ASSIGNMENT = new RegExp(String.raw`(^|[\s;&|(\x60'"])([A-Za-z_][A-Za-z0-9_]*)(\+?=)(${QUOTED_OR_WORD}|)`, "g");
const LONG_OPTION = new RegExp(String.raw`(^|[\s;&|(\x60'"])(--?[A-Za-z][A-Za-z0-9-]*)(=|\s+)(${QUOTED_OR_WORD})`, "g");
const USER_OPTION = /(^|[\s;&|(\x60'"])(-u|--user|--proxy-user|-U)(\s*|=)([^\s:'"]+):((?:"[^"]*"|'[^']*'|[^\s'"])+)/g;
const PROVIDER_TOKEN =
  /\b(ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|glpat-|sk-ant-|sk-|xox[abprs]-|npm_|hf_|AKIA|ASIA|AIza)([A-Za-z0-9_-]{12,})/g;
const JWT = /\beyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}/g;
const LONG_RUN = /[A-Za-z0-9_+=-]{32,}/g;

/** A reference to another variable (`$X`, `${X}`) names no secret value: it stays readable. */
const isReference = (v: string): boolean => /^"?\$\{?[A-Za-z_][A-Za-z0-9_]*\}?"?$/.test(v);

function tokenShaped(w: string): boolean {
  if (/^[0-9a-f]+$/i.test(w) && !/[g-z]/i.test(w)) return false; // hex: object ids, digests
  return /[0-9]/.test(w) && /[A-Z]/.test(w) && /[a-z]/.test(w);
}

/** The command text with every secret shape replaced by `***`. `secretName`: regions' [variables] test. */
export function redact(text: string, secretName: (name: string) => boolean = fallbackSecretName): string {
  let s = text.replace(PRIVATE_KEY, (_m, kind: string) => `-----BEGIN ${kind}PRIVATE KEY-----${REDACTED}`);
  s = s.replace(URL_CREDENTIALS, (_m, scheme: string, user: string) => `${scheme}${user}:${REDACTED}@`);
  s = s.replace(URL_USERINFO, (m, scheme: string, user: string) => (tokenShaped(user) || PROVIDER_TOKEN.test(user) ? `${scheme}${REDACTED}@` : m));
  PROVIDER_TOKEN.lastIndex = 0;
  // uid:gid (docker -u 1000:1000) is no credential.
  s = s.replace(USER_OPTION, (m, pre: string, opt: string, sep: string, user: string, pass: string) => (/^\d+$/.test(user) && /^\d+$/.test(pass) ? m : `${pre}${opt}${sep}${user}:${REDACTED}`));
  s = s.replace(HEADER, (m, pre: string, name: string, colon: string, value: string) =>
    value.trim() !== "" && (SECRET_HEADER.test(name) || secretName(name.replace(/-/g, "_"))) && !/^\/\//.test(value) ? `${pre}${name}${colon}${REDACTED}` : m,
  );
  s = s.replace(SCHEME, (_m, scheme: string, sp: string) => `${scheme}${sp}${REDACTED}`);
  s = s.replace(ASSIGNMENT, (m, pre: string, name: string, eq: string, value: string) =>
    value !== "" && secretName(name) && !isReference(value) && value !== REDACTED ? `${pre}${name}${eq}${REDACTED}` : m,
  );
  s = s.replace(LONG_OPTION, (m, pre: string, opt: string, sep: string, value: string) => {
    const name = opt.replace(/^-+/, "").toLowerCase().replace(/-/g, "_");
    const secret = sep === "=" ? secretName(name) : SECRET_OPTION_VALUE.test(name);
    return secret && !isReference(value) && value !== REDACTED && !value.startsWith(REDACTED) ? `${pre}${opt}${sep}${REDACTED}` : m;
  });
  s = s.replace(PROVIDER_TOKEN, (_m, prefix: string) => `${prefix}${REDACTED}`);
  s = s.replace(JWT, REDACTED);
  s = s.replace(LONG_RUN, (w) => (tokenShaped(w) ? REDACTED : w));
  return s;
}
