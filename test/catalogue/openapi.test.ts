import { describe, expect, it } from 'vitest';
import { validate } from '@readme/openapi-parser';
import { buildOpenApi, catalogue } from '../../src/catalogue/index.js';

const hosts = { baseUrl: 'http://127.0.0.1:8787', testBaseUrl: 'http://127.0.0.1:8788' };

describe('OpenAPI document', () => {
  const doc = buildOpenApi(hosts);

  it('is a valid OpenAPI 3.1 document according to a third-party validator', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : JSON.stringify(result.errors, null, 1)).toBe(true);
  });

  it('has every operation of the catalogue under its methods, on its host', () => {
    const paths = doc['paths'] as Record<string, Record<string, unknown>>;
    for (const op of catalogue) {
      for (const m of op.methods) expect(paths[op.path]?.[m.toLowerCase()], `${m} ${op.path}`).toBeDefined();
      expect(JSON.stringify(paths[op.path]?.['servers'] ?? null).includes(hosts.testBaseUrl)).toBe(op.host === 'test');
    }
  });

  it('carries the bounds of the field rules', () => {
    const paths = doc['paths'] as Record<string, any>;
    const show = paths['/api/svcmobile/atualizacaocadastral/buscadadosusuario'].get.parameters[0];
    expect(show).toMatchObject({ name: 'usuario_cartao', required: true, schema: { pattern: '^\\d{17}$' } });
    const contract = paths['/api/svcweb/contrato'].post.requestBody.content['application/json'].schema;
    expect(contract.required).toEqual(
      expect.arrayContaining(['registro_ans', 'coop_id', 'produto_tabela_id', 'origem']),
    );
    expect(contract.properties.origem).toMatchObject({ maxLength: 2 });
    expect(contract.additionalProperties).toBe(false);
  });
});
