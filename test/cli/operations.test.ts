/**
 * For every operation of the catalogue, a valid call against the fake
 * services: the right method, path, host and parameters (query string, JSON
 * body, form body), table and JSON output, and the exit code of each
 * confirma_operacao.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  catalogue,
  sampleParams,
  sampleRecord,
  type Operation,
  type Params,
  type Row,
} from '../../src/catalogue/index.js';
import type { RecordedRequest } from '../helpers/fake-service.js';
import displayWidth from 'string-width';
import { peopleText } from '../../src/cli/output/people.js';
import { callArgv } from './argv.js';
import { JSON_NUMBERS } from './spec-ints.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

/** The operation's command with its positional as the argument, the rest as flags, --yes where it asks (no terminal here). */
const argv = (op: Operation, params: Params = sampleParams(op)): string[] => callArgv(op, params);

/**
 * What a JSON body must carry for the command line's `params`, by the spec's types (spec-ints.ts, written out):
 * its short ints as numbers, everything else as given. Never the catalogue's own parse of them.
 */
function jsonBody(op: Operation, params: Params = sampleParams(op)): Params {
  const numbers = JSON_NUMBERS[op.path];
  if (!numbers) throw new Error(`spec-ints.ts has no line for POST ${op.path}`);
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, numbers.includes(k) ? Number(v) : v] as const));
}

/** The only request of the run, on the operation's host; the other host got none. */
function onlyRequest(op: Operation): RecordedRequest {
  const [mine, other] = op.host === 'test' ? [h.test, h.base] : [h.base, h.test];
  expect(other.requests).toHaveLength(0);
  expect(mine.requests).toHaveLength(1);
  return mine.requests[0]!;
}

function formObject(body: URLSearchParams): Params {
  const out: Params = {};
  for (const key of new Set(body.keys()))
    out[key.replace(/\[\]$/, '')] = key.endsWith('[]') ? body.getAll(key) : body.get(key);
  return out;
}

const asText = (p: Params) =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]));

describe.each(catalogue.map((op) => [op.id, op] as const))('%s', (_id, op) => {
  const record = sampleRecord(op);
  const method = op.methods[0]!;

  it(`sends ${method} ${op.path} to the ${op.host} host with the parameters`, async () => {
    h.test.reply({ json: [record] });
    h.base.reply({ json: [record] });
    const r = await h.run(argv(op));
    expect(r.code, r.stderr).toBe(0);
    const req = onlyRequest(op);
    expect(req.method).toBe(method);
    expect(req.url.pathname).toBe(op.path);
    expect(req.headers['accept']).toBe('application/json');
    if (method === 'POST') {
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.url.search).toBe('');
      expect(JSON.parse(req.body)).toEqual(jsonBody(op));
    } else {
      // A query string carries each parameter as typed.
      expect(req.body).toBe('');
      expect(Object.fromEntries(req.url.searchParams)).toEqual(asText(sampleParams(op)));
    }
  });

  if (method === 'POST') {
    it('sends a form body with --body form (lists as name[])', async () => {
      h.test.reply({ json: [record] });
      h.base.reply({ json: [record] });
      const r = await h.run(['--body', 'form', ...argv(op)]);
      expect(r.code, r.stderr).toBe(0);
      const req = onlyRequest(op);
      expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(formObject(new URLSearchParams(req.body))).toEqual(asText(jsonBody(op)));
    });
  }

  const defaults = Object.entries(op.params).filter(([, f]) => f.cliDefault !== undefined);
  if (defaults.length) {
    it(`sends the CLI default of ${defaults.map(([n]) => n).join(', ')} when absent`, async () => {
      const params = sampleParams(op);
      for (const [name] of defaults) delete params[name];
      await h.run(argv(op, params));
      const req = onlyRequest(op);
      const sent: Params =
        method === 'POST' ? (JSON.parse(req.body) as Params) : Object.fromEntries(req.url.searchParams);
      for (const [name, f] of defaults) expect(String(sent[name])).toBe(f.cliDefault);
    });
  }

  it('prints the records exactly as received with --json', async () => {
    h.test.reply({ json: [record] });
    h.base.reply({ json: [record] });
    const r = await h.run(['--json', ...argv(op)]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([record]);
  });

  it('on a terminal, prints a table of the data fields under their labels (or says what happened when there are none)', async () => {
    h.test.reply({ json: [record] });
    h.base.reply({ json: [record] });
    // Wide enough for every table's natural width: no label or value is wrapped.
    const r = await h.run(argv(op), { tty: { stdout: true }, screen: { columns: 1000 }, env: { NO_COLOR: '1' } });
    expect(r.code, r.stderr).toBe(0);
    if (op.id === 'schedule.dates') {
      // Free dates are shown as a month calendar (src/cli/output/calendar.ts, tested in test/interactive).
      expect(r.stdout).toContain(`[dd] free slots: 1 date, ${String(record['data_consulta'])}`);
      return;
    }
    if (op.id === 'registration.show') {
      // The record as a card (src/cli/output/registration-card.ts, tested in test/cli/output.test.ts and test/interactive).
      expect(r.stdout).toMatch(/^ {2}Registration state +\S/m);
      for (const group of Object.values(op.response.groups ?? {})) expect(r.stdout).toContain(`\n${group.title.en}\n`);
      return;
    }
    const fields = Object.keys(op.response.fields).filter((f) => record[f] !== undefined);
    if (fields.length === 0 && !op.response.groups) {
      expect(r.stdout).toBe('');
      // One line that speaks of what happened, not of the operation (test/cli/messages/outcomes.test.ts words it).
      expect(r.stderr).toMatch(/^[A-Z][^\n]+\n$/);
      expect(r.stderr).not.toContain(op.name);
      expect(r.stderr).not.toContain('request OK');
      return;
    }
    // A table has the labels in its header line; an expanded one a line per field, its label first.
    const lines = r.stdout.split('\n');
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(1000);
    for (const f of fields) expect(r.stdout, f).toContain(op.response.fields[f]!.words.label.en);
    // (A date and its time are joined by a no-break space.)
    // As a person reads it (test/cli/labels.test.ts): a CEP 01310-100, a day's start without its time, true as Yes.
    for (const f of fields) expect(r.stdout).toContain(peopleText('en', f, op.response.fields[f], record[f]));
    expect(r.stdout).not.toContain('confirma_operacao');
    for (const group of Object.values(op.response.groups ?? {})) expect(r.stdout).toContain(group.title.en);
  });

  it('into a pipe, prints one tab-separated line per record without header (or the id it created alone)', async () => {
    h.test.reply({ json: [record] });
    h.base.reply({ json: [record] });
    const r = await h.run(argv(op));
    expect(r.code, r.stderr).toBe(0);
    const created = op.response.creates;
    if (created !== undefined) {
      expect(r.stdout).toBe(record[created] === undefined ? '' : `${String(record[created])}\n`);
      return;
    }
    const columns = [...Object.keys(op.response.fields), ...Object.keys(op.response.groups ?? {})].filter(
      (f) => record[f] !== undefined,
    );
    if (columns.length === 0) {
      expect(r.stdout).toBe('');
      return;
    }
    const text = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));
    expect(r.stdout).toBe(`${columns.map((c) => text(record[c])).join('\t')}\n`);
  });

  if (op.response.envelope === 'none') {
    it('exits 3 on an empty answer and 0 on records', async () => {
      h.base.reply({ json: [] }, { json: [record] });
      expect((await h.run(argv(op))).code).toBe(3);
      expect((await h.run(argv(op))).code).toBe(0);
    });
  } else {
    it.each([
      [1, 0],
      [2, 0],
      [3, 3],
      [4, 1],
    ])('confirma_operacao %i exits %i', async (confirma, code) => {
      const reply: Row =
        confirma <= 2 ? sampleRecord(op, confirma) : { confirma_operacao: confirma, mensagem_erro: `why ${confirma}` };
      h.test.reply({ json: [reply] });
      h.base.reply({ json: [reply] });
      const r = await h.run(argv(op));
      expect(r.code, r.stderr).toBe(code);
      if (confirma > 2) {
        expect(r.stderr).toContain(`why ${confirma}`);
        expect(r.stdout).toBe('');
      }
    });
  }

  it('exits 1 on an HTTP 422 and shows its mensagem_erro', async () => {
    const refusal = {
      status: 422,
      json: [{ confirma_operacao: 4, mensagem_erro: 'usuario_cartao: must be 17 digits' }],
    };
    h.test.reply(refusal);
    h.base.reply(refusal);
    const r = await h.run(argv(op));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'error: the service refused the request (HTTP 422); the service said: "usuario_cartao: must be 17 digits"\n',
    );
  });
});
