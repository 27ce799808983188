/**
 * What coopctl takes of commander outside its public API (src/cli/help/command.ts): the two methods through which
 * it raises an unknown option and an option without its value, and its help command's dispatch, which gives the
 * help command the first word alone. package.json pins commander to the version they were written against; this
 * checks the pin and that each still behaves, in a real run of the CLI, against the version installed.
 * test/cli/usage-errors.test.ts checks the text of every usage error against commander's own.
 */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { expect, it } from 'vitest';
import { useHarness } from './harness.js';

const harness = useHarness('commander-pinned-');

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Record<string, never>;

it('package.json pins commander to one version, the one installed', () => {
  const pinned = read('../../package.json').dependencies?.['commander'];
  expect(pinned).toBe('14.0.3');
  expect(read('../../node_modules/commander/package.json').version).toBe(pinned);
});

it('the methods overridden outside its typings are commander’s own', () => {
  const proto = Command.prototype as unknown as Record<string, unknown>;
  for (const name of ['unknownOption', 'optionMissingArgument', '_dispatchHelpCommand'])
    expect(typeof proto[name], name).toBe('function');
});

it('an unknown option: the flag named, with the names it may have meant', async () => {
  const r = await harness.h.run(['record', 'allergies', '00010001000001005', '--jsn']);
  expect(r.code).toBe(2);
  expect(r.stderr.split('\n').slice(0, 2)).toEqual(["error: unknown option '--jsn'", '(Did you mean --json?)']);
});

it('an option without its value: the option named', async () => {
  const r = await harness.h.run(['--timeout']);
  expect(r.code).toBe(2);
  expect(r.stderr.split('\n')[0]).toBe("error: option '--timeout <ms>' argument missing");
});

it('the help command with several words, and by its Portuguese name below a group', async () => {
  const words = await harness.h.run(['help', 'record', 'allergies']);
  expect(words.code).toBe(0);
  expect(words.stdout.split('\n')[0]).toBe(
    (await harness.h.run(['record', 'allergies', '--help'])).stdout.split('\n')[0],
  );
  const ajuda = await harness.h.run(['record', 'ajuda', 'allergies']);
  expect(ajuda.code).toBe(0);
  expect(ajuda.stdout).toBe(words.stdout);
});
