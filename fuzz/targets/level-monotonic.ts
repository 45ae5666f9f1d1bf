// jazzer target: the levels approving a command are upward closed in the level lattice, and each
// decision matches the need the verdict reports. Raw bytes as a command, or (0x00 + 4 seed bytes)
// a grammar-generated command built from registry-like vocabulary and every shell construct.
import { checkLevelMonotonic, commandFromBytes } from "../properties.ts";

export function fuzz(data: Buffer): void {
  checkLevelMonotonic(commandFromBytes(data));
}
