import { describe, expect, it } from 'vitest';
import { catalogue, validateParams, checkResponse, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import { describeErrors, shapeText } from '../helpers/words.js';
import { COMMAND_ORDER, SPEC_ENDPOINTS } from './spec-endpoints.js';

describe('catalogue', () => {
  it('declares each endpoint of the spec once, with its methods, and nothing else', () => {
    const declared = catalogue.map((o) => `${o.methods.join('|')} ${o.path}`);
    expect([...declared].sort()).toEqual([...SPEC_ENDPOINTS].sort());
  });

  it('keeps its order: sections 4.1 to 4.5, each command once', () => {
    expect(catalogue.map((o) => o.id)).toEqual(COMMAND_ORDER);
  });

  it('puts section 4.1 on the test host and the rest on the base host', () => {
    for (const op of catalogue) expect(op.host).toBe(op.path.includes('/atualizacaocadastral/') ? 'test' : 'base');
  });
});

describe.each(catalogue.map((op) => [op.id, op] as const))('%s field rules', (_id, op) => {
  it('accepts the sample parameters, with and without optional fields', () => {
    const all = validateParams(op, sampleParams(op));
    expect(all.ok, all.ok ? '' : describeErrors(all.errors)).toBe(true);
    expect(validateParams(op, sampleParams(op, false)).ok).toBe(true);
  });

  it('accepts a sample response record', () => {
    const check = checkResponse(op, [sampleRecord(op)]);
    expect(check.ok, check.ok ? '' : shapeText(check.fault)).toBe(true);
  });

  const required = Object.entries(op.params).filter(([, f]) => f.required);
  it.each(required.map(([name]) => name))('rejects a missing required %s, naming it', (name) => {
    const params = sampleParams(op);
    delete params[name];
    const v = validateParams(op, params);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors).toContainEqual({ code: 'required', field: name, rule: op.params[name]!.rule });
  });

  const bad = Object.entries(op.params).flatMap(([name, f]) =>
    f.invalid.map((value) => [name, value, f.rule] as const),
  );
  it.each(bad)('rejects %s = %j, naming the field', (name, value) => {
    const v = validateParams(op, { ...sampleParams(op), [name]: value });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors.map((e) => e.field.replace(/\[\d+\]$/, ''))).toContain(name);
  });
});
