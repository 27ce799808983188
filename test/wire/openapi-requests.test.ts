/**
 * Done-when 2 of "Talk to the real service": each write's request, built as
 * the CLI builds it (the catalogue's sample parameters through validation,
 * then the client's request builder), passes the request-body schema of the
 * exported OpenAPI document under a JSON Schema validator that checks types
 * exactly: an int sent as a JSON string is a mismatch. Form bodies (and the
 * reads' query strings) are decoded as an OpenAPI server decodes them: a
 * value of an integer property must be plain digits.
 */
import { describe, expect, it } from 'vitest';
import { catalogue, type Operation, type Params, sampleParams, validateParams } from '../../src/catalogue/index.js';
import { buildRequest } from '../../src/client/request.js';
import type { BodyEncoding } from '../../src/client/types.js';
import { dereferencedPaths, hosts, type Json, schemaErrors } from '../catalogue/openapi-validator.js';

const paths = await dereferencedPaths();
const writes = catalogue.filter((op) => op.methods.includes('POST'));
const reads = catalogue.filter((op) => !op.methods.includes('POST'));

/** The request the CLI sends for raw parameters (flags), in the given body encoding. */
function request(op: Operation, raw: Params, body: BodyEncoding) {
  const checked = validateParams(op, raw);
  if (!checked.ok) throw new Error(`${op.id}: ${JSON.stringify(checked.errors)}`);
  return buildRequest(op, checked.value, { ...hosts, body, userAgent: 'coopctl-test' });
}

/** Form or query text decoded by a schema: a list property from every `name[]`, an integer from plain digits. */
function decode(form: URLSearchParams, schema: Json): Json {
  const props = (schema['properties'] ?? {}) as Record<string, Json>;
  const out: Json = {};
  for (const name of new Set(form.keys())) {
    const type = props[name]?.['type'];
    const values = form.getAll(name);
    if (type === 'array') out[name] = values;
    else if (type === 'integer' && /^\d+$/.test(values[0]!)) out[name] = Number(values[0]);
    else out[name] = values[0];
  }
  return out;
}

/** The query parameters of a read as one object schema (list parameters named `name[]`). */
function querySchema(op: Operation): Json {
  const params = paths[op.path]!['get']!.parameters ?? [];
  return { type: 'object', properties: Object.fromEntries(params.map((p) => [p.name, p.schema])) };
}

const bodySchema = (op: Operation, type: string) => paths[op.path]!['post']!.requestBody!.content[type]!.schema;

/** Every parameter at its sample value, then at the longest its rule allows (an int at its maximum digit count). */
function variants(op: Operation): Array<[string, Params]> {
  const longest = Object.fromEntries(
    Object.entries(sampleParams(op)).map(([name, v]) => {
      const f = op.params[name]!;
      return [name, f.rule.code === 'int' ? '9'.repeat(f.rule.max) : v];
    }),
  );
  return [
    ['sample', sampleParams(op)],
    ['longest ints', longest],
  ];
}

const mismatches = (op: Operation, variant: string, errors: string[]) =>
  errors.map((e) => `${op.id} (${variant}) ${e}`);

describe('write requests against the exported OpenAPI document', () => {
  it('covers every write of the catalogue', () => {
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.length + reads.length).toBe(catalogue.length);
  });

  it('JSON bodies: every value of the type its schema says (ints as JSON numbers)', () => {
    const found = writes.flatMap((op) =>
      variants(op).flatMap(([variant, raw]) => {
        const body = JSON.parse(request(op, raw, 'json').body!) as unknown;
        return mismatches(op, variant, schemaErrors(bodySchema(op, 'application/json'), body));
      }),
    );
    expect(found).toEqual([]);
  });

  it('form bodies: ints as plain digits, lists as name[]', () => {
    const found = writes.flatMap((op) =>
      variants(op).flatMap(([variant, raw]) => {
        const schema = bodySchema(op, 'application/x-www-form-urlencoded');
        const body = decode(new URLSearchParams(request(op, raw, 'form').body), schema);
        return mismatches(op, variant, schemaErrors(schema, body));
      }),
    );
    expect(found).toEqual([]);
  });

  it("reads' query strings: ints as plain digits", () => {
    const found = reads.flatMap((op) =>
      variants(op).flatMap(([variant, raw]) => {
        const schema = querySchema(op);
        return mismatches(op, variant, schemaErrors(schema, decode(request(op, raw, 'json').url.searchParams, schema)));
      }),
    );
    expect(found).toEqual([]);
  });

  it('the validator does catch an int sent as a JSON string, and digits that are not plain', () => {
    const op = writes.find((o) => o.id === 'schedule.cancel')!;
    expect(schemaErrors(bodySchema(op, 'application/json'), { cd_evento: '4242' })).toEqual([
      '/cd_evento must be integer',
    ]);
    const form = bodySchema(op, 'application/x-www-form-urlencoded');
    expect(schemaErrors(form, decode(new URLSearchParams('cd_evento=4242'), form))).toEqual([]);
    expect(schemaErrors(form, decode(new URLSearchParams('cd_evento=%2B4242'), form))).toEqual([
      '/cd_evento must be integer',
    ]);
  });
});
