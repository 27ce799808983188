/**
 * Rules on the source itself: no code branches on an operation's id or name
 * written as a string literal (per-command behaviour lives in the command
 * modules, src/cli/commands, found by the operation itself), and the CLI's
 * layers import downwards only (no `operations ⇄ safety` or
 * `operations ⇄ interactive` cycle); commands read their flags and positional
 * arguments through their declarations (src/cli/flags/declared.ts,
 * src/cli/flags/positional.ts), not from commander's options; and the
 * message catalogue (src/cli/i18n, and the groups' words modules) translates nothing by matching English text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/catalogue/index.js';
import { groupWordsModules } from './words-modules.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sources(dir: string): Array<{ path: string; text: string }> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ path: join(dir, f), text: readFileSync(join(dir, f), 'utf8') }));
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const literals = [...new Set(catalogue.flatMap((op) => [op.id, op.name]))].map(escaped).join('|');
/** `op.id`, `step.op.name`, `payerOp.id`, `operation.name`… */
const OPERATION_KEY = String.raw`[\w.]*(?:\bop|Op|\boperation)\??\.(?:id|name)\b`;
const STRING = String.raw`(['"\x60])[^'"\x60]*\1`;

const forbidden: ReadonlyArray<[why: string, pattern: RegExp]> = [
  ['an operation key compared to a string', new RegExp(`${OPERATION_KEY}\\s*[!=]==?\\s*${STRING}`)],
  ['a string compared to an operation key', new RegExp(`${STRING}\\s*[!=]==?\\s*${OPERATION_KEY}`)],
  ['a switch on an operation key', new RegExp(`\\bswitch\\s*\\(\\s*${OPERATION_KEY}\\s*\\)`)],
  ['an operation id or name in a comparison', new RegExp(`[!=]==?\\s*(['"\\x60])(?:${literals})\\1`)],
  ['an operation id or name compared', new RegExp(`(['"\\x60])(?:${literals})\\1\\s*[!=]==?`)],
  ['an operation id or name as a case', new RegExp(`\\bcase\\s+(['"\\x60])(?:${literals})\\1\\s*:`)],
  ['a literal list searched for an operation key', new RegExp(`\\]\\s*\\.includes\\(\\s*${OPERATION_KEY}\\s*\\)`)],
];

function findings(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      forbidden.filter(([, re]) => re.test(line)).map(([why]) => `${i + 1}: ${why}: ${line.trim()}`),
    );
}

describe('no code branches on an operation id or name', () => {
  it('the check finds the ways it was done before, and leaves lookups, handler tables and other names alone', () => {
    const bad = [
      "if (op.id !== 'schedule.book' || !inv.interactive) return undefined;",
      "if (format === 'table' && op.name === 'buscadatasdisponiveis')",
      "if (step.op.name === 'beneficiario/ds') current.answers++;",
      'switch (op.id) {',
      "    case 'registration.delete-address':",
      "if ('notify.send' === call.op.id) ask();",
      "if (['schedule.book', 'schedule.cancel'].includes(op.id)) ask();",
      "const wanted = spec.op.name == 'contrato';",
    ];
    for (const line of bad) expect(findings(line).length, line).toBeGreaterThan(0);
    const good = [
      "const op = operation('schedule.book');",
      "    'schedule.book': async (params, ctx) => {",
      "const set = profile.name === 'default' ? '' : '--profile';",
      'cmd = cmd.commands.find((c) => c.name() === word);',
      "if (op.confirm === 'unfiltered') return true;",
      "if (op.area === 'record') sections.push(op);",
    ];
    for (const line of good) expect(findings(line), line).toEqual([]);
  });

  it('no source file does', () => {
    const found = sources(SRC).flatMap(({ path, text }) =>
      findings(text).map((f) => `${relative(SRC, path).split(sep).join('/')}:${f}`),
    );
    expect(found).toEqual([]);
  });
});

/** The CLI folders that each folder must not import from (the lower layers never import the higher). */
const notBelow: Readonly<Record<string, readonly string[]>> = {
  output: ['operations', 'safety', 'interactive', 'commands'],
  operations: ['safety', 'interactive', 'commands'],
  safety: ['interactive', 'commands'],
  interactive: ['safety', 'commands'],
};

function importedFolders(path: string): string[] {
  const cli = join(SRC, 'cli');
  const specifiers = [...readFileSync(path, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((s) => relative(cli, resolve(dirname(path), s)).split(sep)[0]!);
}

describe('the CLI layers import downwards only', () => {
  for (const [folder, above] of Object.entries(notBelow)) {
    it(`${folder} imports nothing from ${above.join(', ')}`, () => {
      const files = sources(join(SRC, 'cli', folder));
      expect(files.length).toBeGreaterThan(0);
      const wrong = files.flatMap(({ path }) =>
        importedFolders(path)
          .filter((f) => above.includes(f))
          .map((f) => `${relative(SRC, path)} → ${f}`),
      );
      expect(wrong).toEqual([]);
    });
  }
});

/** A read of commander's parsed options (`opts()`, `opts<T>()`, `optsWithGlobals()`) not handed to `readFlags`. */
function optionReads(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      /\.opts(?:WithGlobals)?\s*(?:<.*?>)?\s*\(/.test(line) && !/\breadFlags\([^;]*\.opts\(\)/.test(line)
        ? [`${i + 1}: ${line.trim()}`]
        : [],
    );
}

/** Where commander's options are read: the run (the global options, and the command's as `GivenFlags`), and an operation's fields as its catalogue entry declares them. */
const optionReaders = ['cli/run/state.ts', 'cli/operations/inputs.ts'];

describe("commands read their flags through their declaration, not commander's options", () => {
  it('the check finds the typed and untyped reads, and leaves a read handed to readFlags alone', () => {
    for (const line of [
      'const o = command.opts<{ allowEmpty?: boolean }>();',
      'purge(inv, cmd.opts<ListOptions>(), command.opts<{ olderThan: number }>().olderThan)',
      'const { contratoId } = command.opts();',
      'const all = cmd.optsWithGlobals<GlobalOptions>();',
    ])
      expect(optionReads(line).length, line).toBe(1);
    expect(optionReads('purge(inv, readFlags(listFlags, cmd.opts()), readFlags(purgeFlags, inv.options))')).toEqual([]);
  });

  it('no source file does, but the run and the operation fields', () => {
    const found = sources(SRC)
      .filter(({ path }) => !optionReaders.includes(relative(SRC, path).split(sep).join('/')))
      .flatMap(({ path, text }) => optionReads(text).map((f) => `${relative(SRC, path).split(sep).join('/')}:${f}`));
    expect(found).toEqual([]);
  });
});

/** A positional argument of an action read by its place (`args[0]`, `(inv, [key]) =>`) instead of through `readArgs`. */
function argumentReads(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      !/^\s*(\*|\/\/)/.test(line) && (/(?<!this\.)\bargs\[\d+\]/.test(line) || /\(inv, \[[^\]]*\]\) =>/.test(line))
        ? [`${i + 1}: ${line.trim()}`]
        : [],
    );
}

describe('commands read their positional arguments through their declaration (flags/positional.ts)', () => {
  it('the check finds a read by place, and leaves readArgs alone', () => {
    for (const line of [
      'runApi(inv, args[0] as Method, args[1] as string)',
      'run.bind(cmd, (inv, [key]) => get(inv, key as string));',
    ])
      expect(argumentReads(line).length, line).toBe(1);
    expect(argumentReads('run.bind(cmd, (inv, args) => get(inv, ...readArgs(keyArgs, args)));')).toEqual([]);
    // Neither a list handed to a function, nor commander's own arguments of the command being built.
    expect(argumentReads('const stop = await preSend(inv, [call]);')).toEqual([]);
    expect(argumentReads("const name = this.args[0] ?? '';")).toEqual([]);
  });

  it('no source file of the CLI does', () => {
    const found = sources(join(SRC, 'cli')).flatMap(({ path, text }) =>
      argumentReads(text).map((f) => `${relative(SRC, path).split(sep).join('/')}:${f}`),
    );
    expect(found).toEqual([]);
  });
});

/**
 * The regular expressions of the message catalogue's source, as the TypeScript scanner reads them, with the words
 * of two or more letters they match literally: a translation by matching English text would hold some.
 */
function regexWords(text: string): string[] {
  const sf = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      // Escapes and classes (\d, \p{L}, [^"]) are not words.
      const body = node.text.replace(/\\[pPu]\{[^}]*\}|\\./g, ' ').replace(/\[[^\]]*\]/g, ' ');
      out.push(...(body.match(/[A-Za-z]{2,}/g) ?? []));
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp')
      out.push('new RegExp');
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('the message catalogue translates nothing by matching English text', () => {
  it('the check finds the words of a regular expression, and not its escapes and classes', () => {
    expect(regexWords('const x = /^must be (.+)$/.exec(t);')).toEqual(['must', 'be']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal, for the parser
    expect(regexWords('const y = /^(\\d{4})-[a-z]+\\p{Lu}$/u.test(`${a}/${b} rows`);')).toEqual([]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal, for the parser
    expect(regexWords('const z = new RegExp(`^${w} = (.+)$`);')).toEqual(['new RegExp']);
  });

  it("src/cli/i18n and the groups' words modules have no regular expression that holds a word", () => {
    const groups = groupWordsModules().map((f) => join(SRC, '..', f));
    expect(groups.length).toBeGreaterThan(0);
    const words = groups.map((path) => ({ path, text: readFileSync(path, 'utf8') }));
    const found = [...sources(join(SRC, 'cli', 'i18n')), ...words].flatMap(({ path, text }) =>
      regexWords(text).map((w) => `${relative(SRC, path)}: ${w}`),
    );
    expect(found).toEqual([]);
  });
});
