import { describe, expect, it } from 'vitest';
import { catalogue, validateParams, checkResponse, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import { specOracle } from './spec-formats.js';
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

  // What the spec says of each parameter (spec-formats.ts, written from its tables, never from the catalogue).
  const names = Object.keys(op.params);
  it('has every parameter in the spec oracle', () => {
    expect(names.filter((name) => specOracle(op.path, name) === undefined)).toEqual([]);
  });

  const required = Object.entries(op.params).filter(([, f]) => f.required);
  it.each(required.map(([name]) => name))('rejects a missing required %s, naming it', (name) => {
    const params = sampleParams(op);
    delete params[name];
    const v = validateParams(op, params);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors).toContainEqual(expect.objectContaining({ code: 'required', field: name }));
  });

  const good = names.flatMap((name) => (specOracle(op.path, name)?.valid ?? []).map((value) => [name, value] as const));
  it.each(good)('accepts %s = %j', (name, value) => {
    const v = validateParams(op, { ...sampleParams(op), [name]: value });
    expect(v.ok, v.ok ? '' : describeErrors(v.errors)).toBe(true);
  });

  const bad = names.flatMap((name) =>
    (specOracle(op.path, name)?.invalid ?? []).map((value) => [name, value] as const),
  );
  it.each(bad)('rejects %s = %j, naming the field', (name, value) => {
    const v = validateParams(op, { ...sampleParams(op), [name]: value });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors.map((e) => e.field.replace(/\[\d+\]$/, ''))).toContain(name);
  });
});
