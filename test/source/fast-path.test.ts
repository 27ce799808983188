/**
 * The server's answer is a value now or a promise in two modules only:
 * src/server/http/fast-path.ts (the synchronous answer of a read the store
 * gives at once) and src/server/http/dispatch.ts (which takes it); the rest
 * of src/server is plain `async`. Outside those two: no `MaybePromise` nor
 * `isPromise`, no `instanceof Promise` nor thenable test (`typeof x.then`,
 * `'then' in x`), no type that is a promise or another value (`T |
 * Promise<T>`, written out or inferred as a function's return), and no
 * `.then`/`.catch`/`.finally` on such a value (the compiler's types).
 */
import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { nodes } from './syntax.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where an answer may be a value now or a promise. */
const ALLOWED = ['server/http/fast-path.ts', 'server/http/dispatch.ts'];

const serverFiles = readdirSync(join(SRC, 'server'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => `server/${f.split(sep).join('/')}`);

const NOTHING = new Set([ts.SyntaxKind.UndefinedKeyword, ts.SyntaxKind.VoidKeyword, ts.SyntaxKind.NeverKeyword]);

/** Whether a type node names a promise (`Promise<…>`, `PromiseLike<…>`). */
function promiseNode(t: ts.TypeNode): boolean {
  return ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) && /^Promise(Like)?$/.test(t.typeName.text);
}

/** Whether a type is a promise, or nothing (undefined, void: a promise or none is no value now). */
function promiseOrNothing(t: ts.Type, checker: ts.TypeChecker): boolean {
  if (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Null | ts.TypeFlags.Never)) return true;
  const then = checker.getPropertyOfType(t, 'then');
  return then !== undefined && /^Promise(Like)?$/.test(t.getSymbol()?.getName() ?? '');
}

/** Whether a type is a union of a promise and a value now. */
function maybePromise(t: ts.Type, checker: ts.TypeChecker): boolean {
  if (!t.isUnion()) return false;
  const promises = t.types.filter((m) => checker.getPropertyOfType(m, 'then') !== undefined);
  return promises.length > 0 && t.types.some((m) => !promiseOrNothing(m, checker));
}

/** What a tree says of values now-or-later, read from its syntax alone: each finding with its line. */
function written(tree: ts.SourceFile): string[] {
  return nodes(tree).flatMap((n) => {
    let found: string | undefined;
    if (ts.isIdentifier(n) && (n.text === 'MaybePromise' || n.text === 'isPromise')) found = n.text;
    else if (
      ts.isBinaryExpression(n) &&
      n.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword &&
      n.right.getText() === 'Promise'
    )
      found = 'instanceof Promise';
    else if (
      ts.isTypeOfExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      n.expression.name.text === 'then'
    )
      found = 'typeof x.then';
    else if (
      ts.isBinaryExpression(n) &&
      n.operatorToken.kind === ts.SyntaxKind.InKeyword &&
      ts.isStringLiteral(n.left) &&
      n.left.text === 'then'
    )
      found = "'then' in x";
    else if (
      ts.isUnionTypeNode(n) &&
      n.types.some(promiseNode) &&
      n.types.some((t) => !promiseNode(t) && !NOTHING.has(t.kind))
    )
      found = n.getText();
    if (found === undefined) return [];
    return [`${tree.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${found}`];
  });
}

/** What a tree does with values now-or-later, by the compiler's types: `.then` on one, a function that returns one. */
function typed(tree: ts.SourceFile, checker: ts.TypeChecker): string[] {
  return nodes(tree).flatMap((n) => {
    let found: string | undefined;
    if (
      ts.isPropertyAccessExpression(n) &&
      ['then', 'catch', 'finally'].includes(n.name.text) &&
      maybePromise(checker.getTypeAtLocation(n.expression), checker)
    )
      found = `.${n.name.text} on ${checker.typeToString(checker.getTypeAtLocation(n.expression))}`;
    else if (ts.isFunctionLike(n) && !ts.isFunctionTypeNode(n)) {
      const signature = checker.getSignatureFromDeclaration(n as ts.SignatureDeclaration);
      const returns = signature && checker.getReturnTypeOfSignature(signature);
      if (returns && maybePromise(returns, checker)) found = `returns ${checker.typeToString(returns)}`;
    }
    if (found === undefined) return [];
    return [`${tree.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${found}`];
  });
}

/** A program of src/server under the project's compiler options. */
function program(): ts.Program {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  return ts.createProgram(
    serverFiles.map((f) => join(SRC, f)),
    { ...parsed.options, noEmit: true },
  );
}

/** A sample's findings, both ways. */
function sampleFindings(text: string): string[] {
  const file = 'sample.ts';
  const host = ts.createCompilerHost({ strict: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'] });
  const read = host.getSourceFile;
  host.getSourceFile = (name, ...rest) =>
    name === file ? ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true) : read(name, ...rest);
  const p = ts.createProgram([file], { strict: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'] }, host);
  const tree = p.getSourceFile(file)!;
  return [...written(tree), ...typed(tree, p.getTypeChecker())];
}

describe('the fast path is one module (and dispatch)', () => {
  it('the checks find each form of a value now or later, and leave plain async code alone', () => {
    expect(
      sampleFindings(
        [
          'type Now<T> = T | Promise<T>;',
          'declare const v: string | Promise<string>;',
          'v instanceof Promise;',
          "typeof (v as { then?: unknown }).then === 'function';",
          "'then' in Object(v);",
          'const f = (x: boolean) => (x ? 1 : Promise.resolve(2));',
          'declare const u: Promise<number> | { then(f: (n: number) => unknown): void };',
          'u.then(String);',
          'declare function isPromise(x: unknown): boolean;',
        ].join('\n'),
      ),
    ).toEqual([
      '1: T | Promise<T>',
      '2: string | Promise<string>',
      '3: instanceof Promise',
      '4: typeof x.then',
      "5: 'then' in x",
      '7: Promise<number> | { then(f: (n: number) => unknown): void }',
      '9: isPromise',
      '6: returns 1 | Promise<number>',
      '8: .then on Promise<number> | { then(f: (n: number) => unknown): void; }',
    ]);
    expect(
      sampleFindings(
        [
          'async function a(): Promise<number> { return 1; }',
          'const b = (x: boolean): Promise<number> | undefined => (x ? a() : undefined);',
          'a().then(String);',
          'b(true)?.then(String);',
          'function c(x: number): number { return x; }',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('outside src/server/http/fast-path.ts and dispatch.ts, src/server has no value now or later', () => {
    const p = program();
    const checker = p.getTypeChecker();
    const wrong = serverFiles
      .filter((f) => !ALLOWED.includes(f))
      .flatMap((f) => {
        const tree = p.getSourceFile(join(SRC, f))!;
        return [...written(tree), ...typed(tree, checker)].map((found) => `${f}:${found}`);
      });
    expect(wrong).toEqual([]);
    // Not stale: the two modules still hold the type and its branch.
    for (const f of ALLOWED) expect(written(p.getSourceFile(join(SRC, f))!).join('\n'), f).toContain('isPromise');
  }, 60_000);
});
