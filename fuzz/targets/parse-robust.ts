// jazzer target: the parser and the word model throw nothing but ParseError and decide within
// budget, for any bytes (as UTF-8) and for grammar-generated commands (inputs starting with 0x00).
import { checkParseRobust, commandFromBytes } from "../properties.ts";

export function fuzz(data: Buffer): void {
  checkParseRobust(commandFromBytes(data));
}
