// A generic walk over every node: structure, words and their parts, substitution bodies,
// here-document bodies, arithmetic parts, array literals, redirects and function bodies.
// The switch is exhaustive over Node["type"], so a new node type fails to compile here.

import type { Node, TestExpr, Word } from "./ast.ts";

/** Return false from the callback to skip a node's children. */
export type Visitor = (node: Node | TestExpr, parent: Node | TestExpr | null) => boolean | void;

export function forEachNode(root: Node | TestExpr, cb: Visitor): void {
  walk(root, null, cb);
}

function walkWords(ws: Word[], parent: Node, cb: Visitor): void {
  for (const w of ws) walk(w, parent, cb);
}

function walk(node: Node | TestExpr, parent: Node | TestExpr | null, cb: Visitor): void {
  if (cb(node, parent) === false) return;
  switch (node.type) {
    case "Script":
      walk(node.body, node, cb);
      return;
    case "List":
      for (const it of node.items) walk(it, node, cb);
      return;
    case "ListItem":
      walk(node.andOr, node, cb);
      return;
    case "AndOr":
      walk(node.first, node, cb);
      for (const r of node.rest) walk(r.pipeline, node, cb);
      return;
    case "Pipeline":
      for (const c of node.commands) walk(c, node, cb);
      return;
    case "SimpleCommand":
      for (const a of node.assigns) walk(a, node, cb);
      walkWords(node.words, node, cb);
      for (const r of node.redirects) walk(r, node, cb);
      return;
    case "BraceGroup":
    case "Subshell":
      walk(node.body, node, cb);
      break;
    case "IfClause":
      for (const b of node.branches) {
        walk(b.cond, node, cb);
        walk(b.body, node, cb);
      }
      if (node.elseBody) walk(node.elseBody, node, cb);
      break;
    case "WhileClause":
      walk(node.cond, node, cb);
      walk(node.body, node, cb);
      break;
    case "ForClause":
    case "SelectClause":
      if (node.items) walkWords(node.items, node, cb);
      walk(node.body, node, cb);
      break;
    case "ArithForClause":
      if (node.init) walk(node.init, node, cb);
      if (node.cond) walk(node.cond, node, cb);
      if (node.step) walk(node.step, node, cb);
      walk(node.body, node, cb);
      break;
    case "CaseClause":
      walk(node.word, node, cb);
      for (const it of node.items) walk(it, node, cb);
      break;
    case "CaseItem":
      walkWords(node.patterns, node, cb);
      walk(node.body, node, cb);
      return;
    case "TestClause":
      walk(node.expr, node, cb);
      break;
    case "ArithCommand":
      walk(node.expr, node, cb);
      break;
    case "FunctionDef":
      walk(node.body, node, cb);
      for (const r of node.redirects) walk(r, node, cb);
      return;
    case "Coproc":
      walk(node.body, node, cb);
      return;
    case "TestWord":
      walk(node.word, node, cb);
      return;
    case "TestUnary":
      walk(node.operand, node, cb);
      return;
    case "TestBinary":
      walk(node.left, node, cb);
      walk(node.right, node, cb);
      return;
    case "TestNot":
    case "TestParen":
      walk(node.expr, node, cb);
      return;
    case "TestAnd":
    case "TestOr":
      walk(node.left, node, cb);
      walk(node.right, node, cb);
      return;
    case "Arithmetic":
      for (const p of node.parts) walk(p, node, cb);
      return;
    case "Word":
      for (const p of node.parts) walk(p, node, cb);
      return;
    case "Lit":
    case "Escaped":
    case "SglQuoted":
    case "ExtGlob":
      return;
    case "DblQuoted":
      for (const p of node.parts) walk(p, node, cb);
      return;
    case "ParamExp":
      if (node.index) walk(node.index, node, cb);
      walkWords(node.args, node, cb);
      return;
    case "CmdSubst":
    case "ProcSubst":
      walk(node.body, node, cb);
      return;
    case "ArithExp":
      walk(node.expr, node, cb);
      return;
    case "ArrayLiteral":
      for (const e of node.elems) walk(e, node, cb);
      return;
    case "ArrayElem":
      if (node.index) walk(node.index, node, cb);
      walk(node.value, node, cb);
      return;
    case "Assignment":
      if (node.index) walk(node.index, node, cb);
      if (node.value) walk(node.value, node, cb);
      if (node.array) walk(node.array, node, cb);
      return;
    case "Redirect":
      walk(node.target, node, cb);
      if (node.heredoc) walk(node.heredoc, node, cb);
      return;
    case "Heredoc":
      walk(node.body, node, cb);
      return;
    default: {
      const never: never = node;
      void never;
      return;
    }
  }
  // Compound commands: their own redirects.
  for (const r of node.redirects) walk(r, node, cb);
}
