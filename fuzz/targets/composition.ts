// jazzer target: `a; b`, `a && b`, `a || b`, `a | b`, `a & b`, `echo $(a)`, `{ a; }`, `(a)` are
// never approved at a level where a (or b) alone is not. Input: two commands split at the first
// NUL byte, or (0x00 + 8 seed bytes) two grammar-generated commands.
import { checkComposition, commandPairFromBytes } from "../properties.ts";

export function fuzz(data: Buffer): void {
  const [a, b] = commandPairFromBytes(data);
  checkComposition(a, b);
}
