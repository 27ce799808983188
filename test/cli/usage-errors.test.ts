/**
 * commander's usage errors taken as data (help/command.ts) and worded in
 * English by the messages: the same text commander itself writes. The oracle
 * is commander: one tree built of plain Commands and the same built of
 * CoopCommands, each error raised in both.
 */
import { Argument, Command, InvalidArgumentError, Option } from 'commander';
import { afterEach, expect, it } from 'vitest';
import { CoopCommand } from '../../src/cli/help/command.js';
import { conflicting } from '../../src/cli/help/conflicts.js';
import { messagesFor } from '../../src/cli/i18n/index.js';

/** A program of `root`'s class: options close to each other, a negatable one, an env one, and subcommands. */
function program(root: Command): { root: Command; errors: () => string } {
  let errors = '';
  const count = (v: string) => {
    if (!/^\d+$/.test(v)) throw new InvalidArgumentError('must be digits.');
    return Number(v);
  };
  root
    .exitOverride()
    .configureOutput({
      writeOut: () => {},
      writeErr: (s) => {
        errors += s;
      },
      outputError: (s, w) => w(s),
    })
    .addOption(new Option('--json'))
    .addOption(new Option('--jsan'))
    .addOption(new Option('--timeout <ms>').argParser(count))
    .addOption(conflicting(new Option('--level <n>').env('USAGE_ERRORS_LEVEL'), 'quiet'))
    .addOption(conflicting(new Option('--quiet'), 'color'))
    .addOption(new Option('--no-color'))
    .addOption(new Option('-o, --output <format>').choices(['table', 'json']));
  root
    .command('start')
    .argument('<what>')
    .action(() => {});
  root.command('stats').action(() => {});
  root
    .command('shell')
    .addArgument(new Argument('<name>').choices(['bash', 'zsh']))
    .action(() => {});
  return { root, errors: () => errors };
}

function errorOf(root: Command, argv: readonly string[]): string {
  const p = program(root);
  try {
    p.root.parse([...argv], { from: 'user' });
  } catch {
    // commander's exitOverride: the text is on stderr.
  }
  return p.errors();
}

afterEach(() => {
  delete process.env['USAGE_ERRORS_LEVEL'];
});

it.each([
  [['--jsn']],
  [['--josn']],
  [['--jason']],
  [['--timeuot', '5']],
  [['--zzzzzz']],
  [['-x']],
  [['stat']],
  [['shel', 'bash']],
  [['nothing-like-it']],
  [['start']],
  [['start', 'a', 'b']],
  [['stats', 'a']],
  [['--timeout']],
  [['--timeout', 'soon']],
  [['-o', 'xml']],
  [['shell', 'ksh']],
  [['--level', '3', '--quiet', 'stats']],
  [['--quiet', '--no-color', 'stats']],
])('%j: the words commander writes', (argv) => {
  const expected = errorOf(new Command('prog'), argv);
  expect(expected).toMatch(/^error: /);
  expect(errorOf(new CoopCommand('prog', messagesFor('en').help.errors), argv)).toBe(expected);
});

it('a value from the environment that conflicts: the variable named, as commander does', () => {
  process.env['USAGE_ERRORS_LEVEL'] = '3';
  const expected = errorOf(new Command('prog'), ['--quiet', 'stats']);
  expect(expected).toBe("error: environment variable 'USAGE_ERRORS_LEVEL' cannot be used with option '--quiet'\n");
  expect(errorOf(new CoopCommand('prog', messagesFor('en').help.errors), ['--quiet', 'stats'])).toBe(expected);
});

it('in Portuguese, the same facts in its words', () => {
  const pt = messagesFor('pt-BR').help.errors;
  expect(errorOf(new CoopCommand('prog', pt), ['--jsn'])).toBe(
    "erro: opção desconhecida '--jsn'\n(Você quis dizer um destes: --jsan, --json?)\n",
  );
  expect(errorOf(new CoopCommand('prog', pt), ['--quiet', '--no-color', 'stats'])).toBe(
    "erro: a opção '--quiet' não pode ser usada com a opção '--no-color'\n",
  );
});
