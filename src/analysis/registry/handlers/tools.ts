// Tools whose options hand a value to another program or name files in ways data cannot say.
import type { ArgWord } from "../types.ts";
import { Unknown, applyOperands, pathEffect, type Ctx, type Handler, type Parsed } from "../engine.ts";

/**
 * man-db: a page name holding a `/` is formatted as a local file when no page has that name
 * (`man ~/.ssh/id_rsa` prints the key, observed), and with `-l` every operand is a file. The
 * `-r` prompt is pasted into less's options (LESS): a `$` there ends the prompt and starts more
 * options (`-o FILE` writes the page to FILE).
 */
export const man: Handler = {
  operands(ctx, _node, _argv, parsed, modes) {
    for (const f of parsed.flags) {
      if ((f.name === "-r" || f.name === "--prompt") && (f.value === null || f.value?.includes("$"))) {
        throw new Unknown("a `$` in man's less prompt ends it and starts other less options", f.valueIndex);
      }
    }
    // a lookup (-w, -W, -k, -f) formats nothing, but still opens a name with a `/` (observed:
    // `man -w ~/.netrc x` reads it)
    const lookup = modes.has("lookup");
    const local = !lookup && modes.has("local");
    for (const o of parsed.operands) {
      if (o.value === "-") continue;
      if (local || o.value === null || o.value.includes("/")) pathEffect(ctx, "read", o.value, o.index, lookup ? "man opens a name with a `/` to look it up" : "man formats it as a manual page file (and any file its `.so` lines name)");
    }
  },
};

const PASS_FLAGS = new Set(["-pass", "-passin", "-passout", "-dpass", "-keypass", "-newkeypass", "-otherpass", "-pkeyopt_passin", "-passcerts"]);
const ENGINE_FLAGS = new Set(["-engine", "-keygen_engine", "-ssl_client_engine", "-provider"]);
const STORE_FLAGS = new Set(["-CAstore", "-verifyCAstore", "-chainCAstore"]);

/** An OpenSSL store URI: a path or `file:` URI is read; other schemes are not modelled. */
function storeUri(ctx: Ctx, v: ArgWord, at: number): void {
  if (v !== null && /^file:/i.test(v)) v = v.replace(/^file:(\/\/[^/]*)?/i, "") || "/";
  else if (v !== null && /^[a-z][a-z0-9+.-]*:/i.test(v)) throw new Unknown(`the store URI \`${v}\` is not a file`, at);
  pathEffect(ctx, "read", v, at, "openssl reads the store it names");
}

/**
 * openssl (see registry/misc.toml): pass sources (`file:PATH` is read; pass:, env:, fd:, stdin
 * are not files), -rand lists (colon-separated files), engines and providers named by a path
 * (shared objects: code), -newkey ALG:FILE, store URIs, -signer and -CAserial (read and written).
 */
export const openssl: Handler = {
  post(ctx, node, _argv, parsed) {
    let ca: { value: ArgWord; at: number } | null = null;
    let createSerial = false;
    for (const f of parsed.flags) {
      const v = f.value === undefined ? undefined : f.value;
      const at = f.valueIndex;
      if (f.name === "-CA") ca = { value: v ?? null, at };
      if (f.name === "-CAcreateserial") createSerial = true;
      if (v === undefined) continue;
      if (PASS_FLAGS.has(f.name)) {
        if (v === null) pathEffect(ctx, "read", null, at, "a dynamic pass source may name a file");
        else if (/^file:/.test(v)) pathEffect(ctx, "read", v.slice(5), at, "openssl reads the pass phrase from it");
        else if (!/^(pass:|env:|fd:\d+$|stdin$)/.test(v)) throw new Unknown(`\`${v}\` is not a pass source openssl knows`, at);
      } else if (f.name === "-rand") {
        if (v === null) pathEffect(ctx, "read", null, at, "-rand names files");
        else for (const p of v.split(":")) if (p) pathEffect(ctx, "read", p, at, "openssl reads it to seed its generator");
      } else if (ENGINE_FLAGS.has(f.name)) {
        if (v === null) throw new Unknown(`a dynamic ${f.name} may load any shared object`, at);
        if (v.includes("/")) pathEffect(ctx, "exec", v, at, `openssl loads it as ${f.name === "-provider" ? "a provider" : "an engine"} (a shared object)`);
      } else if (f.name === "-newkey") {
        if (v === null) throw new Unknown("a dynamic -newkey may name a parameter file", at);
        const file = /^[^:]+:(.+)$/.exec(v)?.[1];
        if (file !== undefined && !/^\d+$/.test(file)) pathEffect(ctx, "read", file, at, "-newkey ALG:FILE reads the parameters");
      } else if (f.name === "-signer" || f.name === "-CAserial") {
        pathEffect(ctx, "read", v, at, `openssl reads ${f.name}`);
        pathEffect(ctx, "write", v, at, f.name === "-signer" ? "openssl writes the signer certificates when verifying" : "openssl updates the serial file");
      } else if (STORE_FLAGS.has(f.name)) storeUri(ctx, v, at);
    }
    if (createSerial && !parsed.flags.some((f) => f.name === "-CAserial")) {
      pathEffect(ctx, "write", ca ? ca.value : null, ca?.at ?? -1, "-CAcreateserial writes a serial file beside the CA certificate");
    }
    if (node.path === "openssl storeutl") for (const o of parsed.operands) storeUri(ctx, o.value, o.index);
  },
};

/** ack's options whose value is optional and taken from the next word when it is a number (Getopt::Long `:i`). */
const ACK_OPTIONAL_NUMBER = new Set(["-A", "--after-context", "-B", "--before-context", "-C", "--context", "-p", "--proximate"]);
/** Options ack takes in a first pass over every word before `--`, wherever they stand. */
const ACK_FIRST_PASS = /^--(noenv|man|ackrc)(=|$)/;

/**
 * ack (registry/text.toml). A first pass takes `--noenv`, `--ackrc` and `--man` from every word
 * before `--`, even one another option takes as its value (`ack --match --noenv x` searches `.`
 * for x): such a word must be the option here too, and `--noenv` (no abbreviation in that pass)
 * spelled whole. `-A`, `-B`, `-C` and `-p` take the next word as their value when it is a number
 * (`ack -C 3 foo src`), and an empty `--pager=` runs $PAGER.
 */
export const ack: Handler = {
  operands(ctx, node, argv, parsed, modes) {
    const end = argv.indexOf("--");
    for (let i = 0; i < (end < 0 ? argv.length : end); i++) {
      const w = argv[i];
      if (w === null || w === undefined || !ACK_FIRST_PASS.test(w)) continue;
      if (!parsed.flags.some((f) => f.index === i && w.startsWith(f.name))) throw new Unknown(`ack reads \`${w}\` as its own option wherever it stands`, i);
    }
    for (const f of parsed.flags) {
      // the first pass stops at the first `--`, even one the model reads as a value (`--match --`)
      if (f.name === "--noenv" && (argv[f.index] !== "--noenv" || (end >= 0 && end < f.index))) throw new Unknown("ack skips its rc files only for `--noenv` spelled whole, before any `--`", f.index);
      if (f.name === "--pager" && f.value === "") throw new Unknown("an empty `--pager=` runs $PAGER", f.index);
    }
    const values = numberValues(argv, parsed);
    applyOperands(ctx, node, { ...parsed, operands: parsed.operands.filter((o) => !values.has(o.index)) }, modes, true);
  },
};

/** The indexes of the words ack takes as the number of a valueless -A/-B/-C/-p before them. */
function numberValues(argv: ArgWord[], parsed: Parsed): Set<number> {
  const values = new Set<number>();
  for (const f of parsed.flags) {
    if (!ACK_OPTIONAL_NUMBER.has(f.name)) continue;
    if (f.value !== undefined) {
      if (f.value === null || !/^\d+$/.test(f.value)) throw new Unknown(`ack reads \`${argv[f.index]}\` with a value that is not a number differently`, f.index);
      continue;
    }
    const word = argv[f.index]!;
    // only the last letter of a cluster, or a long name without `=`, can take the next word
    if (!word.startsWith("--") && word[word.length - 1] !== f.name[1]) continue;
    const next = argv[f.index + 1];
    if (next === undefined || next === "--") continue;
    if (next === null || /^[-+]\d/.test(next)) throw new Unknown(`ack may take \`${next ?? "<dynamic>"}\` as the value of \`${f.name}\``, f.index + 1);
    if (/^\d+$/.test(next)) values.add(f.index + 1);
  }
  return values;
}
