/**
 * The seams of src/: the launcher (src/boot) is imported by nothing else in
 * src (bin/coopctl and the build load it); what is loaded late is loaded
 * through one module per side (src/cli/lazy.ts, src/server/lazy.ts) or by the
 * launcher; commander and undici are used through their public faces: no
 * commander member whose name starts with `_` but the one package.json's pin
 * and test/cli/commander-pinned.test.ts hold, and nothing of undici's `lib/`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { nodes } from './syntax.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** Each source file of src/ (relative to src/, with `/`) and its syntax tree. */
const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => {
    const path = f.split(sep).join('/');
    const text = readFileSync(join(SRC, f), 'utf8');
    return { path, text, tree: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true) };
  });

/** The module specifiers a tree names: imports, exports and `import()` (not `typeof import()`). */
function specifiers(tree: ts.SourceFile): string[] {
  return nodes(tree).flatMap((n) => {
    if (
      (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) &&
      n.moduleSpecifier &&
      ts.isStringLiteral(n.moduleSpecifier)
    )
      return [n.moduleSpecifier.text];
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = n.arguments;
      return arg && ts.isStringLiteral(arg) ? [arg.text] : ['<computed>'];
    }
    return [];
  });
}

/** The late loads of a tree: each `import()` call and each call of `createRequire`, with its line. */
function lateLoads(tree: ts.SourceFile): string[] {
  return nodes(tree).flatMap((n) => {
    if (!ts.isCallExpression(n)) return [];
    const late =
      n.expression.kind === ts.SyntaxKind.ImportKeyword ||
      (ts.isIdentifier(n.expression) && n.expression.text === 'createRequire');
    if (!late) return [];
    const line = tree.getLineAndCharacterOfPosition(n.getStart()).line + 1;
    return [`${line}: ${n.getText().split('\n')[0]!.slice(0, 80)}`];
  });
}

/** The names starting with `_` of members a tree reads, writes or declares (`x._y`, `_y() {}`, `_y: …`). */
function underscoreMembers(tree: ts.SourceFile): string[] {
  return nodes(tree).flatMap((n) => {
    const name = ts.isPropertyAccessExpression(n)
      ? n.name
      : ts.isMethodDeclaration(n) || ts.isPropertySignature(n) || ts.isMethodSignature(n) || ts.isPropertyDeclaration(n)
        ? n.name
        : undefined;
    return name && ts.isIdentifier(name) && name.text.startsWith('_') ? [name.text] : [];
  });
}

describe('the launcher, src/boot', () => {
  it('is imported by nothing else in src', () => {
    const wrong = files
      .filter((f) => !f.path.startsWith('boot/'))
      .flatMap((f) =>
        specifiers(f.tree)
          .filter((s) => s.startsWith('.'))
          .map((s) =>
            relative(SRC, resolve(dirname(join(SRC, f.path)), s))
              .split(sep)
              .join('/'),
          )
          .filter((target) => target.startsWith('boot/'))
          .map((target) => `${f.path} → ${target}`),
      );
    expect(wrong).toEqual([]);
    // The rule reads imports: the launcher imports its own modules so.
    const launch = files.find((f) => f.path === 'boot/launch.ts')!;
    expect(specifiers(launch.tree)).toContain('./code-cache.js');
  });
});

/**
 * Where a late load may be besides the lazy modules and the launcher, and why: none of src/cli (its command
 * modules too are loaded through src/cli/lazy.ts), and only what a lazy module's `import()` could not do.
 */
const lateElsewhere: Readonly<Record<string, string>> = {
  'client/transport.ts': "the client's one late module, undici, when it is the wire (the client imports no CLI module)",
  'server/store/sqlite/binding.ts': "better-sqlite3's native addon, by its path (scripts/build-exe.mjs rewrites it)",
  'server/store/sqlite/audit-file.ts':
    "better-sqlite3's path for the writer thread (scripts/build-exe.mjs rewrites it)",
  'server/store/sqlite/audit-writer.ts':
    "the writer thread's own bundle loads the addon it is given (a file of its own)",
};

describe('late loads', () => {
  it('the check finds import() and createRequire, and leaves typeof import() alone', () => {
    const sample = ts.createSourceFile(
      's.ts',
      "const a = await import('x');\nconst b = createRequire(u)('y');\ntype T = typeof import('z');",
      ts.ScriptTarget.Latest,
      true,
    );
    expect(lateLoads(sample)).toEqual(["1: import('x')", '2: createRequire(u)']);
  });

  it('go through src/cli/lazy.ts and src/server/lazy.ts, or the launcher', () => {
    const wrong = files
      .filter((f) => !f.path.startsWith('boot/') && !['cli/lazy.ts', 'server/lazy.ts'].includes(f.path))
      .filter((f) => !Object.hasOwn(lateElsewhere, f.path))
      .flatMap((f) => lateLoads(f.tree).map((load) => `${f.path}:${load}`));
    expect(wrong).toEqual([]);
  });

  it('the CLI has no exception: each of its late loads, the command modules too, is a function of src/cli/lazy.ts', () => {
    expect(Object.keys(lateElsewhere).filter((path) => path.startsWith('cli/'))).toEqual([]);
    // The rule looks at them: the registry and specs.ts load the command modules so, with no import() of their own.
    for (const path of ['cli/commands/registry.ts', 'cli/commands/specs.ts', 'cli/completion/command.ts']) {
      const file = files.find((f) => f.path === path)!;
      expect(lateLoads(file.tree), path).toEqual([]);
    }
    expect(files.find((f) => f.path === 'cli/commands/registry.ts')!.text).toContain('lazy.completionCommand()');
  });

  it('each exception still loads late (a stale one is removed)', () => {
    for (const path of Object.keys(lateElsewhere)) {
      const file = files.find((f) => f.path === path);
      expect(file && lateLoads(file.tree).length, path).toBeGreaterThan(0);
    }
  });
});

describe('dependencies by their public faces', () => {
  it("no commander member whose name starts with '_', but the help command's dispatch (pinned)", () => {
    const wrong = files
      .filter((f) => specifiers(f.tree).includes('commander'))
      .flatMap((f) => underscoreMembers(f.tree).map((name) => `${f.path}: ${name}`))
      .filter((found) => found !== 'cli/help/command.ts: _dispatchHelpCommand');
    expect(wrong).toEqual([]);
    // The check reads members: the one kept is found.
    const command = files.find((f) => f.path === 'cli/help/command.ts')!;
    expect(underscoreMembers(command.tree)).toEqual(['_dispatchHelpCommand']);
  });

  it("nothing imports undici's lib/", () => {
    const wrong = files.flatMap((f) =>
      specifiers(f.tree)
        .filter((s) => /^undici\//.test(s))
        .map((s) => `${f.path} → ${s}`),
    );
    expect(wrong).toEqual([]);
  });

  it("commander's conflicts are declared through cli/help/conflicts.ts, which records them for the usage errors", () => {
    const wrong = files
      .filter((f) => f.path !== 'cli/help/conflicts.ts' && /\.conflicts\(/.test(f.text))
      .map((f) => f.path);
    expect(wrong).toEqual([]);
  });
});
