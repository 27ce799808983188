/**
 * Declared flags (src/cli/flags/declared.ts): the options a declaration makes,
 * parsed by commander from a command line, and the values `readFlags` gives,
 * each of its declared kind (a switch, a negatable switch, a parsed value with
 * its default, a choice, a repeatable value), with commander's own usage
 * errors for a refused value and for flags that conflict.
 */
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addFlags, type FlagDecls, readFlags } from '../../src/cli/flags/declared.js';
import { wholeNumber } from '../../src/cli/flags/global.js';
import { messagesFor } from '../../src/cli/i18n/index.js';

const decls = {
  dryRun: { type: 'boolean', short: 'n', help: () => 'dry run' },
  metrics: { type: 'boolean', negatable: true, help: () => 'no metrics' },
  limit: { type: 'value', placeholder: () => 'n', help: () => 'limit', parse: wholeNumber(1, 64), default: 8 },
  name: { type: 'value', placeholder: () => 'name', help: () => 'name' },
  format: { type: 'value', placeholder: () => 'format', help: () => 'format', choices: ['csv', 'json'] },
  tag: { type: 'value', short: 't', placeholder: () => 'tag', help: () => 'tag', repeatable: true },
  demo: { type: 'boolean', help: () => 'demo', conflicts: ['name'] },
} as const satisfies FlagDecls;

/** The command of `decls` in the language `lang`, parsing `argv`: its values, or the error commander wrote. */
function parse(argv: readonly string[], lang: 'en' | 'pt-BR' = 'en') {
  let error = '';
  const cmd = new Command('x')
    .exitOverride()
    .configureOutput({
      writeOut: () => {},
      writeErr: (s) => {
        error += s;
      },
    })
    .action(() => {});
  addFlags(cmd, decls, messagesFor(lang));
  try {
    cmd.parse([...argv], { from: 'user' });
  } catch {
    return { error: error.trim() };
  }
  return { values: readFlags(decls, cmd.opts()), help: cmd.options.map((o) => o.flags) };
}

describe('declared flags', () => {
  it('make the options named in kebab case, with their alias, placeholder and --no- form', () => {
    expect(parse([]).help).toEqual([
      '-n, --dry-run',
      '--no-metrics',
      '--limit <n>',
      '--name <name>',
      '--format <format>',
      '-t, --tag <tag>',
      '--demo',
    ]);
  });

  it('not given: switches false, a negatable switch true, the default, undefined, an empty list', () => {
    expect(parse([]).values).toEqual({
      dryRun: false,
      metrics: true,
      limit: 8,
      name: undefined,
      format: undefined,
      tag: [],
      demo: false,
    });
  });

  it('given: each value as its kind, a repeated flag every value in order', () => {
    const argv = ['-n', '--no-metrics', '--limit', '64', '--name', 'ana', '--format', 'json', '-t', 'b', '--tag', 'a'];
    expect(parse(argv).values).toEqual({
      dryRun: true,
      metrics: false,
      limit: 64,
      name: 'ana',
      format: 'json',
      tag: ['b', 'a'],
      demo: false,
    });
  });

  it("a value the parser refuses is commander's usage error, in the run's language", () => {
    expect(parse(['--limit', '65']).error).toBe(
      "error: option '--limit <n>' argument '65' is invalid. must be a whole number from 1 to 64.",
    );
    expect(parse(['--limit', '0'], 'pt-BR').error).toContain('deve ser um número inteiro de 1 a 64.');
  });

  it('a value outside the choices, and flags that conflict, are usage errors', () => {
    expect(parse(['--format', 'xml']).error).toBe(
      "error: option '--format <format>' argument 'xml' is invalid. Allowed choices are csv, json.",
    );
    expect(parse(['--demo', '--name', 'ana']).error).toBe(
      "error: option '--demo' cannot be used with option '--name <name>'",
    );
  });
});
