/**
 * The server's own answers against the document `coopctl openapi` exports,
 * under a strict JSON Schema validator (Ajv): every operation of the demo
 * walk with its data, its HEAD twin (no body, and none declared), "no
 * result" records, a refused booking without `cd_evento`, 422, 401, 405,
 * 415 for a `text/plain` body, `Prefer`'s forced answers; a form body with a
 * list field as a repeated key; and the examples' dates, never a day past.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, checkResponse, operation, sampleParams, type Operation } from '../../src/catalogue/index.js';
import { envelopeSchema } from '../../src/catalogue/openapi-schemas.js';
import { dereferencedPaths, type Json, schemaErrors } from '../catalogue/openapi-validator.js';
import { DEMO_NOW, steps, type WalkState } from '../helpers/demo-walk/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { rawRequest, type RawResponse } from './raw.js';

const paths = await dereferencedPaths();
const TOKEN = 'openapi-answers-test-token-0123456789abcdef';

/** Why an answer breaks the document ("POST /path 200: /0 must …"), nothing when it satisfies it. */
function breaches(method: string, path: string, res: RawResponse): string[] {
  const at = `${method} ${path} ${res.status}`;
  const o = paths[path]?.[method.toLowerCase()];
  // A method the document does not declare (a 405): the envelope every refusal is.
  if (!o)
    return schemaErrors({ type: 'array', items: envelopeSchema() }, JSON.parse(res.body)).map((e) => `${at}: ${e}`);
  const declared = o.responses[String(res.status)] ?? o.responses['default'];
  if (!declared) return [`${at}: status not declared`];
  if (method === 'HEAD') {
    const problems = declared.content ? [`${at}: a body declared for HEAD`] : [];
    return res.body === '' ? problems : [...problems, `${at}: a body answered to HEAD`];
  }
  const media = declared.content?.['application/json'];
  if (!media) return [`${at}: no JSON body declared`];
  return schemaErrors(media.schema, JSON.parse(res.body)).map((e) => `${at}: ${e}`);
}

/** Every answer sent through `send`, kept to be checked against the document. */
const answers: Array<{ method: string; path: string; res: RawResponse }> = [];

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ now: () => DEMO_NOW, token: TOKEN, allowPrefer: true, audit: false });
});
afterAll(() => srv.stop());

interface Send {
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly token?: boolean;
}

async function send(op: Operation, options: Send = {}): Promise<RawResponse> {
  const method = options.method ?? op.methods[0]!;
  const params = options.params ?? {};
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== false) headers['authorization'] = `Bearer ${TOKEN}`;
  let target = op.path;
  let body = options.body;
  if (body === undefined && method === 'POST') {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(params);
  } else if (method !== 'POST') target += `?${new URLSearchParams(params as Record<string, string>).toString()}`;
  const res = await rawRequest(`${srv.url}${target}`, { method, headers, body });
  answers.push({ method, path: op.path, res });
  return res;
}

/** Every parameter at its rule's example, but the first at a value its rule refuses. */
function refused(op: Operation): Record<string, unknown> {
  const [name, f] = Object.entries(op.params)[0] ?? ['unknown', undefined];
  return { ...sampleParams(op), [name]: f ? f.invalid[0] : 'x' };
}

describe("the server's answers against the exported OpenAPI document", () => {
  it('the demo walk: every operation with its data, and each read again as HEAD', async () => {
    const statuses: string[] = [];
    const state: WalkState = {};
    for (const step of steps) {
      const op = operation(step.op);
      const params = step.params(state);
      const res = await send(op, { params });
      statuses.push(`${op.id} ${res.status}`);
      const checked = checkResponse(op, JSON.parse(res.body));
      if (checked.ok) step.check(checked.records, state);
      if (op.methods.includes('HEAD')) {
        const head = await send(op, { method: 'HEAD', params });
        expect(head.status).toBe(200);
        expect(head.body).toBe('');
      }
    }
    expect(statuses).toEqual(steps.map((s) => `${s.op} 200`));
  });

  it('a booking of a taken slot: a refusal record without cd_evento, in a 200', async () => {
    const book = steps.find((s) => s.op === 'schedule.book')!;
    // The walk cancelled its booking: the slot is booked once more, then asked for again.
    expect((await send(operation('schedule.book'), { params: book.params({}) })).status).toBe(200);
    const res = await send(operation('schedule.book'), { params: book.params({}) });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual([{ confirma_operacao: 4, mensagem_erro: expect.stringContaining('taken') }]);
  });

  it('"no result", 422, 401, 405 and forced answers of every operation; 415 for a text/plain body', async () => {
    const seen = new Set<number>();
    for (const op of catalogue) {
      const method = op.methods[0]!;
      const calls: Send[] = [
        { params: sampleParams(op) },
        { params: refused(op) },
        { params: sampleParams(op), token: false },
        { method: 'DELETE' },
        { params: sampleParams(op), headers: { prefer: 'status=503' } },
        { params: sampleParams(op), headers: { prefer: 'confirma=3' } },
      ];
      if (method === 'POST') calls.push({ headers: { 'content-type': 'text/plain' }, body: 'usuario_cartao=1' });
      else calls.push({ method: 'HEAD', params: refused(op) }, { method: 'HEAD', token: false });
      for (const call of calls) seen.add((await send(op, call)).status);
    }
    // 429 too: the 401s of one client are slowed down.
    expect([...seen].sort()).toEqual(expect.arrayContaining([200, 401, 405, 415, 422, 503]));
  });

  it('a form body with a list field as a repeated key: the document describes it, the server takes it', async () => {
    const op = catalogue.find((o) => o.name === 'beneficiario/documento')!;
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(sampleParams(op)))
      for (const v of Array.isArray(value) ? [value[0], value[0]] : [value]) form.append(name, String(v));
    expect(form.getAll('tipo_documento')).toHaveLength(2);
    const schema = paths[op.path]!['post']!.requestBody!.content['application/x-www-form-urlencoded']!.schema;
    const props = schema['properties'] as Record<string, Json>;
    const decoded = Object.fromEntries(
      [...new Set(form.keys())].map((k) => {
        const values = form.getAll(k);
        if (props[k]?.['type'] === 'array') return [k, values];
        return [k, props[k]?.['type'] === 'integer' ? Number(values[0]) : values[0]];
      }),
    );
    expect(schemaErrors(schema, decoded)).toEqual([]);
    const { tipo_documento: _list, ...withoutList } = decoded;
    expect(schemaErrors(schema, withoutList)).toEqual([
      "/ must have required property 'tipo_documento'",
      expect.any(String),
      expect.any(String),
    ]);
    const res = await send(op, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    // Valid parameters for no beneficiary of the demo: the service's own answer, not a refusal of the form.
    expect(res.status).toBe(200);
  });

  it('each answer above satisfies the document', () => {
    expect(answers.length).toBeGreaterThan(catalogue.length * 7);
    expect(answers.flatMap((a) => breaches(a.method, a.path, a.res))).toEqual([]);
  });

  it('the check does catch an answer that breaks it', () => {
    const res = (status: number, body: string): RawResponse => ({ status, headers: {}, body });
    const path = operation('schedule.book').path;
    expect(
      breaches('POST', path, res(200, '[{"cd_evento":"7","confirma_operacao":1,"mensagem_erro":""}]')),
    ).not.toEqual([]);
    expect(breaches('POST', path, res(200, '[{"confirma_operacao":4}]'))).not.toEqual([]);
    const read = operation('schedule.locations').path;
    expect(breaches('HEAD', read, res(200, '[]'))).toEqual([`HEAD ${read} 200: a body answered to HEAD`]);
  });
});

describe("the document's dates", () => {
  it('are years ahead of today in every example of a parameter and a body, so none is refused as past', () => {
    const today = new Date().toISOString().slice(0, 10);
    const dates: string[] = [];
    const collect = (v: unknown) => {
      if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) dates.push(v);
    };
    for (const item of Object.values(paths))
      for (const [method, o] of Object.entries(item)) {
        if (method === 'servers') continue;
        for (const p of o.parameters ?? []) collect(p.example);
        for (const v of Object.values((o.requestBody?.content['application/json']?.example ?? {}) as Json)) collect(v);
      }
    expect(dates.length).toBeGreaterThanOrEqual(3);
    const tenYears = `${Number(today.slice(0, 4)) + 10}${today.slice(4)}`;
    expect(dates.filter((d) => d < tenYears)).toEqual([]);
  });
});
