// Public API of the shell front end.
export { parse, type ParseOptions } from "./parse.ts";
export { ParseError, byteOffset, type ParseErrorCode } from "./errors.ts";
export { DEFAULT_BUDGETS } from "./lexer.ts";
export * from "./ast.ts";
export { expandWord, staticValue, staticArgv, globLiteral, type Expansion, type WordContext, type StaticValue } from "./word.ts";
export { expandBraces, braceExpand, BRACE_LIMIT, COMMAND_BRACE_WORK_LIMIT, type BraceWork } from "./braces.ts";
export { forEachNode, type Visitor } from "./visit.ts";
export { decodeAnsiC } from "./quoting.ts";
