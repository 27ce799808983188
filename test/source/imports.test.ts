/**
 * The import graph of src/: no module reaches itself through its imports
 * (type-only imports count too: they tie the modules' meanings together just
 * the same), and the server's layers point one way: the store knows nothing
 * of the handlers or the domain, and the handlers reach the store only through
 * its interface: the types of its areas' methods, never their code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/g;

/** Each source file (relative to src/, with `/`) and the source files it imports. */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const key = (abs: string) => relative(SRC, abs).split(sep).join('/');
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const abs = join(SRC, file);
    const targets = [...readFileSync(abs, 'utf8').matchAll(IMPORT)]
      .map((m) => m[1] ?? m[2]!)
      .filter((specifier) => specifier.endsWith('.js'))
      .map((specifier) => key(resolve(dirname(abs), specifier.replace(/\.js$/, '.ts'))));
    graph.set(key(abs), targets);
  }
  return graph;
}

/** The source files a file imports values from (its imports that are not `import type`). */
function valueImports(file: string): string[] {
  const abs = join(SRC, file);
  return [...readFileSync(abs, 'utf8').matchAll(IMPORT)]
    .filter((m) => !/^\s*import\s+type\b/.test(m[0]))
    .map((m) => m[1] ?? m[2]!)
    .filter((specifier) => specifier.endsWith('.js'))
    .map((specifier) =>
      relative(SRC, resolve(dirname(abs), specifier.replace(/\.js$/, '.ts')))
        .split(sep)
        .join('/'),
    );
}

/** One cycle per strongly tied group found by a depth-first walk, as `a → b → a`. */
function cycles(graph: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const found: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next].join(' → '));
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('the import graph of src/', () => {
  const graph = importGraph();

  it('is read whole: every relative import of a module names a source file', () => {
    const dangling = [...graph].flatMap(([from, to]) => to.filter((t) => !graph.has(t)).map((t) => `${from} → ${t}`));
    expect(graph.size).toBeGreaterThan(100);
    expect(dangling).toEqual([]);
  });

  it('the cycle finder finds a cycle, type-only or not', () => {
    const sample = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(sample)).toEqual(['a.ts → b.ts → c.ts → a.ts']);
    expect("import type { Row } from './response.js';".match(IMPORT)).not.toBeNull();
  });

  it('has no cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('the store imports nothing from the handlers, the domain or the HTTP layer', () => {
    const wrong = [...graph]
      .filter(([from]) => from.startsWith('server/store/'))
      .flatMap(([from, to]) =>
        to.filter((t) => /^server\/(handlers|domain|http)\//.test(t)).map((t) => `${from} → ${t}`),
      );
    expect(wrong).toEqual([]);
  });

  it('the handlers and the domain reach the store only through its interface', () => {
    const inner = /^server\/store\/(areas|sql|sqlite|postgres)\//;
    const wrong = [...graph]
      .filter(([from]) => /^server\/(handlers|domain)\//.test(from))
      .flatMap(([from]) =>
        valueImports(from)
          .filter((t) => inner.test(t))
          .map((t) => `${from} → ${t}`),
      );
    expect(wrong).toEqual([]);
    // The rule looks at something: the handlers do import the areas' types.
    expect(graph.get('server/handlers/enrol.ts')).toContain('server/store/areas/enrol.ts');
  });
});
