// Decoding of ANSI-C quoted strings ($'...'), as bash 5.2 does it.
// \u / \U above ASCII depend on the locale (bash keeps the escape text in the C locale).
// Bash works on bytes: escapes that yield a byte >= 0x80 on its own, a NUL (which truncates the
// C string), or a lone surrogate cannot be represented faithfully in a JS string. Such values are
// flagged `exact: false`; the word model then treats the word as dynamic (fail closed).

export interface Decoded {
  value: string;
  exact: boolean;
}

function hexVal(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** `raw` is the text between `$'` and the closing `'`. */
export function decodeAnsiC(raw: string): Decoded {
  if (raw.indexOf("\\") < 0) return { value: raw, exact: true };
  let out = "";
  let exact = true;
  const n = raw.length;
  let i = 0;
  while (i < n) {
    const c = raw.charCodeAt(i);
    if (c !== 92 || i + 1 >= n) {
      out += raw[i];
      i++;
      continue;
    }
    const e = raw[i + 1]!;
    i += 2;
    switch (e) {
      case "a": out += "\x07"; break;
      case "b": out += "\b"; break;
      case "e": case "E": out += "\x1b"; break;
      case "f": out += "\f"; break;
      case "n": out += "\n"; break;
      case "r": out += "\r"; break;
      case "t": out += "\t"; break;
      case "v": out += "\v"; break;
      case "\\": out += "\\"; break;
      case "'": out += "'"; break;
      case '"': out += '"'; break;
      case "?": out += "?"; break;
      case "0": case "1": case "2": case "3": case "4": case "5": case "6": case "7": {
        let v = e.charCodeAt(0) - 48;
        let k = 1;
        while (k < 3 && i < n) {
          const d = raw.charCodeAt(i);
          if (d < 48 || d > 55) break;
          v = v * 8 + (d - 48);
          i++;
          k++;
        }
        v &= 0xff;
        if (v === 0 || v >= 0x80) exact = false;
        out += String.fromCharCode(v);
        break;
      }
      case "x": {
        let v = 0;
        let k = 0;
        while (k < 2 && i < n) {
          const h = hexVal(raw.charCodeAt(i));
          if (h < 0) break;
          v = v * 16 + h;
          i++;
          k++;
        }
        if (k === 0) {
          out += "\\x";
          break;
        }
        if (v === 0 || v >= 0x80) exact = false;
        out += String.fromCharCode(v);
        break;
      }
      case "u": case "U": {
        const max = e === "u" ? 4 : 8;
        let v = 0;
        let k = 0;
        while (k < max && i < n) {
          const h = hexVal(raw.charCodeAt(i));
          if (h < 0) break;
          v = v * 16 + h;
          i++;
          k++;
        }
        if (k === 0) {
          out += "\\" + e;
          break;
        }
        if (v === 0 || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) {
          exact = false;
          out += "\ufffd";
        } else {
          // Non-ASCII: bash encodes it in the current locale (in the C locale it keeps the
          // escape text), so the bytes are not known statically.
          if (v >= 0x80) exact = false;
          out += String.fromCodePoint(v);
        }
        break;
      }
      case "c": {
        if (i >= n) {
          out += "\\c";
          exact = false;
          break;
        }
        const x = raw.charCodeAt(i);
        i++;
        if (x === 92) {
          exact = false; // `\c\` consumes a following backslash in some versions
          if (raw.charCodeAt(i) === 92) i++;
          out += "\x1c";
          break;
        }
        const v = x === 63 ? 0x7f : x & 0x1f;
        if (v === 0 || x >= 0x80) exact = false;
        out += String.fromCharCode(v);
        break;
      }
      default:
        out += "\\" + e;
    }
  }
  return { value: out, exact };
}
