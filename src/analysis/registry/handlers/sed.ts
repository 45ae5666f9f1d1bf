// sed scripts are a tool language: `w FILE`, `W FILE`, `s///w FILE` write, `r`/`R` read, `e CMD`
// runs a shell command and `s///e` runs the pattern space. We parse the script far enough to find
// those, following GNU sed's rules (filenames and `a`/`i`/`c` text run to the end of the line).
import { Unknown, pathEffect, type Handler } from "../engine.ts";

export interface SedFacts {
  reads: string[];
  writes: string[];
  /** Shell commands run by `e CMD`. */
  execs: string[];
}

/** Returns what the script does, or a reason it cannot be understood. */
export function analyseSed(script: string): SedFacts | { error: string } {
  const facts: SedFacts = { reads: [], writes: [], execs: [] };
  const s = script;
  const n = s.length;
  let i = 0;
  const err = (m: string) => ({ error: `${m} at offset ${i}` });
  const skipBlank = () => {
    while (i < n && (s[i] === " " || s[i] === "\t")) i++;
  };
  const toEol = (): string => {
    const start = i;
    while (i < n && s[i] !== "\n") i++;
    return s.slice(start, i);
  };
  // Reads a delimited part (regex or replacement); returns false when unterminated.
  const delimited = (d: string): boolean => {
    while (i < n) {
      const c = s[i]!;
      if (c === "\\") {
        i += 2;
        continue;
      }
      if (c === "\n" && d !== "\n") {
        // GNU allows a newline in the replacement only when escaped.
      }
      i++;
      if (c === d) return true;
    }
    return false;
  };
  const address = (): boolean => {
    const c = s[i];
    if (c === undefined) return false;
    if (/[0-9]/.test(c)) {
      while (i < n && /[0-9]/.test(s[i]!)) i++;
      if (s[i] === "~") {
        i++;
        while (i < n && /[0-9]/.test(s[i]!)) i++;
      }
      return true;
    }
    if (c === "$") {
      i++;
      return true;
    }
    if (c === "/" || c === "\\") {
      let d = "/";
      if (c === "\\") {
        d = s[i + 1] ?? "";
        if (!d || d === "\n") return false;
        i += 2;
      } else i++;
      if (!delimited(d)) return false;
      while (s[i] === "I" || s[i] === "M") i++;
      return true;
    }
    return false;
  };
  while (i < n) {
    while (i < n && /[\s;]/.test(s[i]!)) i++;
    if (i >= n) break;
    if (s[i] === "#") {
      toEol();
      continue;
    }
    if (address()) {
      skipBlank();
      if (s[i] === ",") {
        i++;
        skipBlank();
        if (s[i] === "+" || s[i] === "~") {
          i++;
          while (i < n && /[0-9]/.test(s[i]!)) i++;
        } else if (!address()) return err("bad second address");
      }
    }
    skipBlank();
    while (s[i] === "!") {
      i++;
      skipBlank();
    }
    const cmd = s[i++];
    switch (cmd) {
      case "{":
      case "}":
      case "=":
      case "d":
      case "D":
      case "g":
      case "G":
      case "h":
      case "H":
      case "n":
      case "N":
      case "p":
      case "P":
      case "x":
      case "z":
      case "F":
        break;
      case "l":
      case "L":
      case "q":
      case "Q":
        skipBlank();
        while (i < n && /[0-9]/.test(s[i]!)) i++;
        break;
      case ":":
      case "b":
      case "t":
      case "T":
        skipBlank();
        while (i < n && s[i] !== ";" && s[i] !== "\n" && !(cmd !== ":" && s[i] === "}")) i++;
        break;
      case "v":
        skipBlank();
        while (i < n && s[i] !== ";" && s[i] !== "\n" && s[i] !== "}") i++;
        break;
      case "a":
      case "i":
      case "c":
        // Text to the end of the line; a trailing backslash continues it.
        while (i < n) {
          if (s[i] === "\\") i += 2;
          else if (s[i] === "\n") break;
          else i++;
        }
        break;
      case "r":
      case "R": {
        skipBlank();
        const f = toEol();
        if (!f) return err(`\`${cmd}\` without a file name`);
        facts.reads.push(f);
        break;
      }
      case "w":
      case "W": {
        skipBlank();
        const f = toEol();
        if (!f) return err(`\`${cmd}\` without a file name`);
        facts.writes.push(f);
        break;
      }
      case "e": {
        skipBlank();
        const c = toEol();
        if (!c.trim()) return err("`e` without a command runs the pattern space as a shell command");
        facts.execs.push(c);
        break;
      }
      case "s": {
        const d = s[i++];
        if (d === undefined || d === "\n" || d === "\\") return err("bad `s` delimiter");
        if (!delimited(d) || !delimited(d)) return err("unterminated `s` command");
        for (;;) {
          const f = s[i];
          if (f === undefined) break;
          if (/[gpiImM0-9]/.test(f)) i++;
          else if (f === "e") return err("the `e` flag of `s` runs the pattern space as a shell command");
          else if (f === "w") {
            i++;
            skipBlank();
            const file = toEol();
            if (!file) return err("`s///w` without a file name");
            facts.writes.push(file);
            break;
          } else break;
        }
        break;
      }
      case "y": {
        const d = s[i++];
        if (d === undefined || d === "\n" || d === "\\") return err("bad `y` delimiter");
        if (!delimited(d) || !delimited(d)) return err("unterminated `y` command");
        break;
      }
      default:
        return err(`unknown sed command \`${cmd ?? "<end>"}\``);
    }
    skipBlank();
    if (cmd !== "{" && i < n && !/[;\n}#]/.test(s[i]!)) {
      // `}` may directly follow a command; anything else is junk GNU sed rejects.
      if (s[i] !== "}") return err(`unexpected \`${s[i]}\` after \`${cmd}\``);
    }
  }
  return facts;
}

export const sed: Handler = {
  operands(ctx, node, argv, parsed, modes) {
    const scripts: { text: string | null; index: number }[] = [];
    for (const pf of parsed.flags) {
      if (pf.flag.role === "read" && pf.flag.modes.includes("script")) {
        throw new Unknown("a sed script file is not analysed (it may write files or run commands)", pf.index);
      }
      if (pf.flag.modes.includes("script")) scripts.push({ text: pf.value ?? null, index: pf.valueIndex });
    }
    let files = parsed.operands;
    if (scripts.length === 0) {
      const first = files[0];
      if (!first) throw new Unknown("sed without a script", argv.length - 1);
      scripts.push({ text: first.value, index: first.index });
      files = files.slice(1);
    }
    const inplace = modes.has("inplace");
    if (!modes.has("sandbox")) {
      const whole = scripts.map((s) => s.text);
      if (whole.some((t) => t === null)) throw new Unknown("the sed script is dynamic", scripts.find((s) => s.text === null)!.index);
      for (const s of scripts) {
        const facts = analyseSed(s.text!);
        if ("error" in facts) throw new Unknown(`sed script not understood: ${facts.error}`, s.index);
        for (const w of facts.writes) pathEffect(ctx, "write", w, s.index, "the sed script writes it (`w`)");
        for (const r of facts.reads) pathEffect(ctx, "read", r, s.index, "the sed script reads it (`r`)");
        for (const e of facts.execs) ctx.out.inner.push({ type: "script", script: e, shell: "sh", argIndex: s.index });
      }
    }
    if (inplace && files.length === 0) throw new Unknown("sed -i without a file", argv.length - 1);
    // -i.SUFFIX renames the original to the backup name: the original name is deleted, then written.
    const backup = parsed.flags.some((f) => f.flag.modes.includes("inplace") && typeof f.value === "string" && f.value.length > 0);
    for (const f of files) {
      if (f.value === "-" && !inplace) continue;
      if (backup) pathEffect(ctx, "delete", f.value, f.index, "sed -iSUFFIX renames the original to the backup");
      pathEffect(ctx, inplace ? "write" : "read", f.value, f.index, inplace ? "sed -i rewrites it in place" : "sed reads it");
    }
    void node;
  },
};
