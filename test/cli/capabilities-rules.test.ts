/**
 * A function of the CLI names the capabilities it uses (docs/architecture.md,
 * "Capabilities: what a command gets"): no parameter is typed with all of
 * them at once, neither as `OperationIo` (their old union, removed) nor as
 * the intersection of the six spelled out, nor through a type alias that
 * gives that intersection another name; a function that reads no file asks
 * for no `Input`, and so on. `Io` (the front-ends' whole run, with the
 * context and the global options) is another rule's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { nodes } from '../source/syntax.js';

const CLI = fileURLToPath(new URL('../../src/cli/', import.meta.url));

/** The narrow capabilities of src/cli/capabilities.ts. */
const CAPABILITIES = ['Output', 'Asking', 'Input', 'Service', 'Settings', 'GivenFlags'];

/**
 * Parameters that may have every capability, as `path: function`, each with why. Empty: no function of the CLI
 * uses every one (only the parameter reader reads files, and it sends nothing).
 */
const allowed: ReadonlyMap<string, string> = new Map<string, string>([]);

/** The names a type node is made of: the type itself, or each part of an intersection (`Output & Service`). */
function partsOf(type: ts.TypeNode): string[] {
  if (ts.isParenthesizedTypeNode(type)) return partsOf(type.type);
  if (ts.isIntersectionTypeNode(type)) return type.types.flatMap(partsOf);
  if (ts.isTypeReferenceNode(type)) return [type.typeName.getText()];
  return [];
}

/** Whether a type node has every capability: `OperationIo`, an alias for all of them, or all six intersected. */
function isWhole(type: ts.TypeNode, aliases: ReadonlySet<string>): boolean {
  const parts = partsOf(type);
  return parts.some((p) => p === 'OperationIo' || aliases.has(p)) || CAPABILITIES.every((c) => parts.includes(c));
}

/** The name of the function (or method, hook type, arrow) a parameter belongs to. */
function ownerOf(param: ts.ParameterDeclaration): string {
  for (let n: ts.Node = param.parent; !ts.isSourceFile(n); n = n.parent) {
    const name = (n as { name?: ts.Node }).name;
    if (name && ts.isIdentifier(name)) return name.text;
  }
  return '<anonymous>';
}

/** Every parameter of `text` typed with every capability, as `path: owner(param)`; and the aliases found. */
function wholeParameters(path: string, text: string, aliases = new Set<string>()): string[] {
  const tree = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const all = nodes(tree);
  for (const n of all) if (ts.isTypeAliasDeclaration(n) && isWhole(n.type, aliases)) aliases.add(n.name.text);
  return all
    .filter((n): n is ts.ParameterDeclaration => ts.isParameter(n) && n.type !== undefined)
    .filter((p) => isWhole(p.type!, aliases))
    .map((p) => `${path}: ${ownerOf(p)}(${p.name.getText()})`);
}

const sources = readdirSync(CLI, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ path: f.split(sep).join('/'), text: readFileSync(join(CLI, f), 'utf8') }));

describe('a function names only the capabilities it uses', () => {
  it('the check finds OperationIo, the six intersected, and an alias of them; it leaves fewer alone', () => {
    const sample = [
      "import type { OperationIo } from '../capabilities.js';",
      'type Everything = Output & Asking & Input & Service & Settings & GivenFlags;',
      'export function a(inv: OperationIo): void {}',
      'export const b = (io: Output & Asking & (Input & Service) & Settings & GivenFlags) => io;',
      'export type Step = (calls: readonly string[], io: Everything) => Promise<void>;',
      'interface Hooks { subject?(io: OperationIo): void }',
      'export function c(inv: Output & Asking & Service & Settings & GivenFlags, m: Words): void {}',
      'export function d(inv: Io): void {}',
    ].join('\n');
    expect(wholeParameters('s.ts', sample)).toEqual([
      's.ts: a(inv)',
      's.ts: b(io)',
      's.ts: Step(io)',
      's.ts: subject(io)',
    ]);
  });

  it('no parameter of src/cli has them all, but those allowed', () => {
    const aliases = new Set<string>();
    // Aliases first, from every file, so that a parameter typed by another module's alias is found.
    for (const s of sources) wholeParameters(s.path, s.text, aliases);
    const found = sources.flatMap((s) => wholeParameters(s.path, s.text, aliases));
    expect(found.filter((f) => !allowed.has(f))).toEqual([]);
    expect([...allowed.keys()].filter((a) => !found.includes(a))).toEqual([]);
    expect(sources.filter((s) => /\bOperationIo\b/.test(s.text)).map((s) => s.path)).toEqual([]);
  });

  it('the check reads what it should: the confirmation asks for five capabilities, no Input', () => {
    const confirm = sources.find((s) => s.path === 'safety/confirm.ts')!;
    const tree = ts.createSourceFile(confirm.path, confirm.text, ts.ScriptTarget.Latest, true);
    const fn = nodes(tree).find(
      (n): n is ts.FunctionDeclaration => ts.isFunctionDeclaration(n) && n.name?.text === 'confirmCall',
    )!;
    expect(partsOf(fn.parameters[0]!.type!)).toEqual(['Output', 'Asking', 'Service', 'Settings', 'GivenFlags']);
  });
});
