// Shell quoting helpers for building candidate commands.

/** Single-quote a string for bash (`'` becomes `'\''`). */
export const sq = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Double-quote a string for bash, escaping the characters that stay special inside. */
export const dq = (s: string): string => `"${s.replace(/[\\"$`]/g, "\\$&")}"`;

/** Leave a word bare when it only has characters that are never special, else single-quote it. */
export const word = (s: string): string => (/^[A-Za-z0-9_@%+=:,./~-]+$/.test(s) && !s.startsWith("~") ? s : sq(s));
