/**
 * The import graph of src/: no module reaches itself through its imports
 * (type-only imports count too: they tie the modules' meanings together just
 * the same), and the server's layers point one way: the store knows nothing
 * of the handlers or the domain, and the handlers reach the store only through
 * its interface: the types of its areas' methods, never their code.
 *
 * What a module loads late through its side's lazy module (src/cli/lazy.ts,
 * src/server/lazy.ts: one function per late module) counts as its own import
 * of what it loads (`lazy.jq()` in output/render.ts: render.ts → jq.ts): the
 * lazy module is a table of late loads, not a module that depends on them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/g;

/** The lazy modules: one function per late module (their import()s are their callers'). */
const LAZY = ['cli/lazy.ts', 'server/lazy.ts'];

/** A lazy module's functions and the source files each loads. */
function lateLoads(file: string): Map<string, string[]> {
  const abs = join(SRC, file);
  const loads = new Map<string, string[]>();
  for (const part of readFileSync(abs, 'utf8')
    .split(/\nexport const /)
    .slice(1)) {
    const name = /^\w+/.exec(part)![0];
    const targets = [...part.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((m) =>
      relative(SRC, resolve(dirname(abs), m[1]!.replace(/\.js$/, '.ts')))
        .split(sep)
        .join('/'),
    );
    loads.set(name, targets);
  }
  return loads;
}

/** Each source file (relative to src/, with `/`) and the source files it imports. */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const key = (abs: string) => relative(SRC, abs).split(sep).join('/');
  const late = new Map(LAZY.map((file) => [file, lateLoads(file)]));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const abs = join(SRC, file);
    const text = readFileSync(abs, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => m[1] ?? m[2]!)
      .filter((specifier) => specifier.endsWith('.js'))
      .map((specifier) => key(resolve(dirname(abs), specifier.replace(/\.js$/, '.ts'))));
    const own = key(abs);
    if (late.has(own)) {
      graph.set(own, []);
      continue;
    }
    // A lazy module's functions this file calls (`lazy.jq()`): what each loads is this file's import.
    const through = targets
      .filter((t) => late.has(t))
      .flatMap((t) => {
        const loads = late.get(t)!;
        return [...text.matchAll(/\blazy\.(\w+)\b/g)].flatMap((m) => loads.get(m[1]!) ?? []);
      });
    graph.set(own, [...targets, ...through]);
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

  it('the cycle finder finds a cycle, type-only or not, and a late load through a lazy module', () => {
    const sample = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(sample)).toEqual(['a.ts → b.ts → c.ts → a.ts']);
    // A late load counts as the caller's import.
    expect(graph.get('cli/output/render.ts')).toContain('cli/output/jq.ts');
    expect(graph.get('server/store/index.ts')).toContain('server/store/postgres/open.ts');
    // The command registry's loads too: there is no exception.
    expect(graph.get('cli/commands/registry.ts')).toContain('cli/completion/command.ts');
    expect(graph.get('cli/commands/specs.ts')).toContain('cli/commands/schedule/book.ts');
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
