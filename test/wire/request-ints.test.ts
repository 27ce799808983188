/**
 * Issue "Talk to the real service", point 1: every spec `int` parameter
 * travels as the spec types it. In a JSON body it is a JSON number literal
 * (read here with JSON.parse's reviver, which sees each literal's text), however
 * many digits it has; in a form body or a query string it is plain digits.
 * The dry-run curl line carries the same body.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogue, operation, sampleParams, validateParams, type Operation } from '../../src/catalogue/index.js';
import { buildRequest } from '../../src/client/request.js';
import type { BodyEncoding, Target } from '../../src/client/types.js';
import { startHarness, type Harness } from '../cli/harness.js';
import { argvOf } from '../workflows/helpers.js';

const target = (body: BodyEncoding): Target => ({
  baseUrl: 'http://base.invalid',
  testBaseUrl: 'http://test.invalid',
  body,
  userAgent: 'coopctl-test',
});

/** The parameters as the CLI sends them: validated (the CLI validates before it builds a request). */
function validated(op: Operation, raw: Record<string, unknown>): Record<string, unknown> {
  const checked = validateParams(op, raw);
  if (!checked.ok) throw new Error(`${op.id}: ${JSON.stringify(checked.errors)}`);
  return checked.value as Record<string, unknown>;
}

const intNames = (op: Operation) => Object.keys(op.params).filter((name) => op.params[name]!.kind === 'int');
/** The digits an integer given as `raw` is written with: no leading zero. */
const digitsOf = (raw: unknown) => String(raw).replace(/^0+(?=\d)/, '');

const writes = catalogue.filter((op) => op.methods[0] === 'POST');
const reads = catalogue.filter((op) => op.methods[0] !== 'POST' && intNames(op).length > 0);

/** A JSON number, as the literal text that was sent. */
class NumberLiteral {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Reviver = (key: string, value: unknown, context: { source?: string }) => unknown;

/** The JSON body's members, each number kept as the literal text that was sent (`context.source`, Node 22+). */
function jsonMembers(body: string | undefined): Record<string, unknown> {
  const reviver: Reviver = (_key, value, context) =>
    typeof value === 'number' && context.source !== undefined ? new NumberLiteral(context.source) : value;
  return JSON.parse(body ?? '', reviver as Parameters<typeof JSON.parse>[1]) as Record<string, unknown>;
}

function expectNumberLiterals(op: Operation, body: string | undefined, raw: Record<string, unknown>): void {
  const sent = jsonMembers(body);
  for (const name of intNames(op).filter((n) => raw[n] !== undefined)) {
    const value = sent[name];
    expect(value instanceof NumberLiteral, `${op.id} ${name} is sent as ${JSON.stringify(value)}`).toBe(true);
    expect(String(value)).toBe(digitsOf(raw[name]));
  }
}

describe('the write operations send every int as a JSON number', () => {
  it('there are writes, and some of them have ints', () => {
    expect(writes.length).toBeGreaterThanOrEqual(10);
    expect(writes.filter((op) => intNames(op).length > 0).length).toBeGreaterThanOrEqual(8);
  });

  it.each(writes.map((op) => [op.id, op] as const))('%s: JSON body, sample parameters', (_id, op) => {
    const raw = sampleParams(op);
    const req = buildRequest(op, validated(op, raw), target('json'));
    expect(req.headers['content-type']).toBe('application/json');
    expectNumberLiterals(op, req.body, raw);
  });

  it.each(writes.map((op) => [op.id, op] as const))('%s: form body, plain digits', (_id, op) => {
    const raw = sampleParams(op);
    const req = buildRequest(op, validated(op, raw), target('form'));
    const form = new URLSearchParams(req.body);
    for (const name of intNames(op).filter((n) => raw[n] !== undefined))
      expect(form.get(name), `${op.id} ${name}`).toBe(digitsOf(raw[name]));
  });

  it.each(reads.map((op) => [op.id, op] as const))('%s: query string, plain digits', (_id, op) => {
    const raw = sampleParams(op);
    const req = buildRequest(op, validated(op, raw), target('json'));
    for (const name of intNames(op).filter((n) => raw[n] !== undefined))
      expect(req.url.searchParams.get(name), `${op.id} ${name}`).toBe(digitsOf(raw[name]));
  });
});

/** Long ints, written by hand: 18-digit scheduling codes, the health declaration's 30-digit beneficiario_id. */
const LONG: ReadonlyArray<readonly [id: string, params: Record<string, string>]> = [
  [
    'schedule.book',
    { cd_local: '123456789012345678', prest_cod_svc_card: '987654321098765432', tp_evento: '900000000000000001' },
  ],
  ['schedule.cancel', { cd_evento: '999999999999999999' }],
  ['enrol.beneficiary.declaration', { beneficiario_id: '123456789012345678901234567890' }],
];

describe('long ints are written exactly', () => {
  it.each(LONG)('%s: %j as number literals in the JSON body, digits in the form body', (id, long) => {
    const op = operation(id);
    const raw = { ...sampleParams(op), ...long };
    const params = validated(op, raw);
    const json = buildRequest(op, params, target('json')).body!;
    for (const [name, digits] of Object.entries(long)) expect(json).toContain(`"${name}":${digits}`);
    expectNumberLiterals(op, json, raw);
    const form = new URLSearchParams(buildRequest(op, params, target('form')).body);
    for (const [name, digits] of Object.entries(long)) expect(form.get(name)).toBe(digits);
  });

  it('a leading zero is not kept: the value is the integer', () => {
    const op = operation('schedule.cancel');
    const body = buildRequest(op, validated(op, { cd_evento: '012345678901234567' }), target('json')).body;
    expect(body).toBe('{"cd_evento":12345678901234567}');
  });
});

describe('the dry-run curl line carries the same body', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  it.each(LONG)('%s', async (id, long) => {
    const op = operation(id);
    const raw = { ...sampleParams(op), ...long };
    const r = await h.run([...argvOf(op, raw), '--dry-run', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    const body = buildRequest(op, validated(op, raw), target('json')).body!;
    expect(r.stdout).toContain(`--data-raw '${body}'`);
    for (const [name, digits] of Object.entries(long)) expect(body).toContain(`"${name}":${digits}`);
  });

  it('--data: an 18-digit JSON number is read exactly and sent as the same literal', async () => {
    const r = await h.run(['schedule', 'cancel', '--data', '-', '--dry-run'], {
      stdin: '{"cd_evento":123456789012345678}',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`--data-raw '{"cd_evento":123456789012345678}'`);
  });
});
