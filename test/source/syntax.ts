/** What the source rules read of a syntax tree. */
import type ts from 'typescript';

/** Every node of a tree. */
export function nodes(tree: ts.Node): ts.Node[] {
  const all: ts.Node[] = [];
  const visit = (n: ts.Node) => {
    all.push(n);
    n.forEachChild(visit);
  };
  visit(tree);
  return all;
}
