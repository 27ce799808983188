/**
 * Issue point 6: every parameter, request body and response of the exported
 * OpenAPI document has an example, each example passes its own schema (a
 * mock server answering the examples answers valid data), and the spec's
 * ints are JSON integers in every schema.
 */
import { shapeText } from '../helpers/words.js';
import { describe, expect, it } from 'vitest';
import { catalogue, checkResponse } from '../../src/catalogue/index.js';
import { dereferencedPaths, type Json, type MediaType, schemaErrors } from './openapi-validator.js';

const paths = await dereferencedPaths();

/** Every schema of the document that carries a value, with where it is: `POST /path body application/json`. */
function examplesOf(): Array<{ where: string; schema: Json; example: unknown; has: boolean }> {
  const out: Array<{ where: string; schema: Json; example: unknown; has: boolean }> = [];
  const media = (where: string, m: MediaType) =>
    out.push({ where, schema: m.schema, example: m.example, has: Object.hasOwn(m, 'example') });
  for (const [path, item] of Object.entries(paths))
    for (const [method, o] of Object.entries(item)) {
      if (method === 'servers') continue;
      const at = `${method.toUpperCase()} ${path}`;
      for (const p of o.parameters ?? [])
        out.push({ where: `${at} ${p.name}`, schema: p.schema, example: p.example, has: Object.hasOwn(p, 'example') });
      for (const [type, m] of Object.entries(o.requestBody?.content ?? {})) media(`${at} body ${type}`, m);
      for (const [status, r] of Object.entries(o.responses))
        for (const [type, m] of Object.entries(r.content ?? {})) media(`${at} ${status} ${type}`, m);
    }
  return out;
}

describe('the examples of the OpenAPI document', () => {
  const all = examplesOf();

  it('cover every parameter, body and response of every operation', () => {
    const ops = catalogue.flatMap((op) => op.methods.map((m) => ({ op, m })));
    const params = ops.filter(({ m }) => m !== 'POST').reduce((n, { op }) => n + Object.keys(op.params).length, 0);
    const bodies = ops.filter(({ m }) => m === 'POST').length;
    const gets = ops.filter(({ m }) => m === 'GET').length;
    // Each parameter; each write's JSON and form body; each GET's 200, 401, 422 and default answers, each POST's
    // and its 415; HEAD answers have no body, so no example.
    expect(all).toHaveLength(params + 2 * bodies + 4 * gets + 5 * bodies);
    expect(all.filter((e) => !e.has).map((e) => e.where)).toEqual([]);
  });

  it('each pass their own schema', () => {
    const failures = all.flatMap((e) => schemaErrors(e.schema, e.example).map((m) => `${e.where}: ${m}`));
    expect(failures).toEqual([]);
  });

  it("are answers coopctl's own check accepts: the 200 ones as data, the 401 and 422 ones as failures", () => {
    const outcomes = catalogue.map((op) => {
      const example = (status: string) =>
        paths[op.path]![op.methods[0]!.toLowerCase()]!.responses[status]!.content!['application/json']!.example;
      const outcome = (status: string) => {
        const checked = checkResponse(op, example(status));
        return checked.ok ? checked.outcome : shapeText(checked.fault);
      };
      return `${op.id}: ${outcome('200')} ${outcome('401')} ${outcome('422')}`;
    });
    // Records with data carry code 2 (record found); bare envelopes code 1; contrato/search has no envelope.
    const data = (op: (typeof catalogue)[number]) => op.hasData && op.response.envelope !== 'none';
    const expected = catalogue.map((op) => `${op.id}: ${data(op) ? 'found' : 'ok'} failed failed`);
    expect(outcomes).toEqual(expected);
  });

  it('answer records of the sample values, ints as JSON numbers', () => {
    const answer = paths['/api/svccard/agendamento/buscalocaisatendimento']!['get']!.responses['200']!.content!;
    expect(answer['application/json']!.example).toEqual([
      { cd_local: 2, nm_local: 'text', confirma_operacao: 2, mensagem_erro: '' },
    ]);
    const refused = paths['/api/svcmobile/atualizacaocadastral/buscadadosusuario']!['get']!.responses['422']!.content!;
    expect(refused['application/json']!.example).toEqual([
      { confirma_operacao: 4, mensagem_erro: 'usuario_cartao: must be 17 digits' },
    ]);
  });
});

describe('the spec ints in the OpenAPI document', () => {
  const schemaType = (s: Json | undefined) => (s ? s['type'] : 'absent');

  it('are JSON integers bounded by their digit counts, in every body, query and record', () => {
    const wrong: string[] = [];
    for (const op of catalogue) {
      const o = paths[op.path]![op.methods[0]!.toLowerCase()]!;
      const body = o.requestBody?.content['application/json']?.schema['properties'] as Record<string, Json> | undefined;
      const query = Object.fromEntries((o.parameters ?? []).map((p) => [p.name, p.schema]));
      const items = o.responses['200']!.content!['application/json']!.schema['items'] as { anyOf: Json[] };
      const record = items.anyOf[0]!['properties'] as Record<string, Json>;
      for (const [name, f] of Object.entries(op.params))
        if (f.kind === 'int' && schemaType(body?.[name] ?? query[name]) !== 'integer') wrong.push(`${op.id} ${name}`);
      for (const [name, f] of Object.entries(op.response.fields))
        if (f.kind === 'int' && schemaType(record[name]) !== 'integer') wrong.push(`${op.id} answer ${name}`);
    }
    expect(wrong).toEqual([]);
  });

  it("list the codes a 1-digit int's rule accepts when it accepts fewer than ten (section 7's 1 to 4)", () => {
    const code = (path: string) => {
      const items = paths[path]!['get']!.responses['200']!.content!['application/json']!.schema['items'] as {
        anyOf: Json[];
      };
      return (items.anyOf[0]!['properties'] as Record<string, Json>)['confirma_operacao'];
    };
    expect(code('/api/svcmobile/atualizacaocadastral/buscadadosusuario')).toMatchObject({ enum: [1, 2, 3, 4] });
    const scheduling = code('/api/svccard/agendamento/buscalocaisatendimento');
    expect(scheduling).toMatchObject({ type: 'integer', minimum: 0, maximum: 9 });
    expect(scheduling).not.toHaveProperty('enum');
  });

  it('keep the digit bounds: 2 digits are 10 to 99, 18 digits reach 10^18 (as a double reads it)', () => {
    const body = paths['/api/svccard/agendamento/enviaagendamento']!['post']!.requestBody!.content['application/json']!;
    const props = body.schema['properties'] as Record<string, Json>;
    expect(props['nr_ddd_celular']).toMatchObject({ type: 'integer', minimum: 10, maximum: 99 });
    expect(props['cd_local']).toMatchObject({ type: 'integer', minimum: 0, maximum: 1e18 });
    expect(schemaErrors(body.schema, { ...(body.example as Json), cd_local: '101' })).toEqual([
      '/cd_local must be integer',
    ]);
    expect(schemaErrors(body.schema, { ...(body.example as Json), nr_ddd_celular: 100 })).toEqual([
      '/nr_ddd_celular must be <= 99',
    ]);
  });
});
