/**
 * Generated from the catalogue, for every operation: each required field
 * missing, and each value its rule must reject (one past each bound,
 * malformed) that is not one of the field's input forms, end in exit 2 with
 * a message naming the field and its rule, and nothing is sent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogue, sampleParams } from '../../src/catalogue/index.js';
import type { Check } from '../../src/catalogue/checks.js';
import { en } from '../../src/catalogue/words/en.js';
import { commandLine, flaggable } from './argv.js';
import { startHarness, type Harness, type RunResult } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

/** A field's flag as docs/commands.md documents it: its name in kebab-case (usuario_telefone → --usuario-telefone). */
const documentedFlag = (name: string): string => `--${name.replaceAll('_', '-')}`;

function expectRefusedLocally(r: RunResult): void {
  expect(r.code, r.stderr).toBe(2);
  expect(h.base.requests.length + h.test.requests.length).toBe(0);
  expect(r.stdout).toBe('');
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe.each(catalogue.map((op) => [op.id, op] as const))('%s', (_id, op) => {
  const missing = Object.entries(op.params).filter(([, f]) => f.required && f.cliDefault === undefined);
  it.each(missing.map(([name, f]) => [name, f.rule] as const))(
    'without %s: exit 2, names it and its rule, sends nothing',
    async (name, rule) => {
      const params = sampleParams(op);
      delete params[name];
      const r = await h.run(commandLine(op, params));
      expectRefusedLocally(r);
      expect(r.stderr).toContain(`${name} (${documentedFlag(name)}): is required (${en.rule(rule)})`);
    },
  );

  // A value the wire format refuses but that is one of the field's input forms (`11987654321` for a registration
  // phone) is read by the CLI: test/catalogue/input-forms.test.ts holds what it becomes; the server still refuses it.
  const invalid = Object.entries(op.params).flatMap(([name, f]) =>
    f.invalid.filter((value) => !f.forms?.includes(value as string)).map((value) => [name, value] as const),
  );
  it.each(invalid)('with %s = %j: exit 2, names it and its rule, sends nothing', async (name, value) => {
    const params = sampleParams(op);
    delete params[name];
    // Values that flags cannot carry (numbers, empty lists) go in --data.
    const r = flaggable(value)
      ? await h.run(commandLine(op, { ...params, [name]: value }))
      : await h.run([...commandLine(op, params), '--data', '-'], { stdin: JSON.stringify({ [name]: value }) });
    expectRefusedLocally(r);
    expect(r.stderr).toMatch(new RegExp(`${name}(\\[\\d+\\])? \\(${documentedFlag(name)}\\): must be `));
  });

  it('refuses a --data key that is not a parameter, sending nothing', async () => {
    const r = await h.run([...commandLine(op, sampleParams(op)), '--data', '-'], { stdin: '{"not_a_field": 1}' });
    expectRefusedLocally(r);
    expect(r.stderr).toContain(`not_a_field: is not a parameter of ${op.name}`);
  });
});

describe('usage errors', () => {
  it.each([
    [['registration', 'show', '--nope'], /unknown option '--nope'/],
    [['registration', 'show', '1', '2'], /too many arguments/],
    [['-o', 'xml', 'registration', 'show', '00010001000001005'], /-o, --output <format>/],
    [['--timeout', 'soon', 'registration', 'show', '00010001000001005'], /--timeout <ms>/],
    [['registration', 'nope'], /unknown command 'nope'/],
    [['registration', 'show', '--data', '-'], /--data does not hold JSON/],
    [
      ['registration', 'show', '00010001000001005', '--usuario-cartao', '00010001000001006'],
      /usuario_cartao is given twice/,
    ],
    [
      ['registration', 'show', '--data', '-', '--token-file', '-'],
      /cannot both read stdin/,
      '{"usuario_cartao": "00010001000001005"}',
    ],
    [['registration', 'show', '--data', '-'], /--data must hold a JSON object/, '[1]'],
  ])('%j exits 2 and sends nothing', async (argv, message, stdin = 'not json') => {
    const r = await h.run(argv, { stdin });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(h.base.requests.length + h.test.requests.length).toBe(0);
  });
});

/** Sample parameters of an operation made to break one of its rules across fields (checks.ts). */
function breaking(op: (typeof catalogue)[number], check: Check): Record<string, unknown> {
  const params = sampleParams(op);
  if (check.kind === 'later-same-day') return { ...params, [check.end]: params[check.start] };
  for (const name of check.names) delete params[name];
  return params;
}

const withChecks = catalogue.flatMap((op) =>
  (op.checks ?? []).map((check) => [op.id, en.check(check), op, check] as const),
);

describe('rules across fields (the operation’s checks)', () => {
  it('exist in the catalogue', () => {
    expect(withChecks.length).toBeGreaterThanOrEqual(3);
  });

  it.each(withChecks)('%s, breaking "%s": exit 2, names the fields, sends nothing', async (_id, _words, op, check) => {
    const r = await h.run(commandLine(op, breaking(op, check)));
    expectRefusedLocally(r);
    const names = check.kind === 'later-same-day' ? [check.start, check.end] : check.names;
    for (const name of names) expect(r.stderr).toContain(name);
  });
});
