/**
 * Every command of the catalogue, against every answer the spec allows for
 * it (variants.ts): never exit 4, and the exit code of the answer's meaning;
 * a code without a documented meaning is named on stderr, with the service's
 * message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, sampleParams } from '../../src/catalogue/index.js';
import { callArgv } from '../cli/argv.js';
import { startHarness, type Harness } from '../cli/harness.js';
import { variantsOf } from './variants.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
let tried = 0;
afterAll(async () => {
  await h.close();
  console.log(`answers: ${catalogue.length} commands, ${tried} command × answer variants tried`);
});

describe.each(catalogue.map((op) => [op.id, op] as const))('%s', (_id, op) => {
  it.each(variantsOf(op).map((v) => [v.name, v] as const))('%s', async (_name, v) => {
    h.reset();
    const service = op.host === 'test' ? h.test : h.base;
    service.reply(
      v.raw === undefined ? { json: v.body } : { raw: v.raw, headers: { 'content-type': 'application/json' } },
    );
    const r = await h.run([...callArgv(op, sampleParams(op)), '--output', 'json']);
    tried++;
    expect(r.code, r.stderr).toBe(v.exit);
    if (v.undocumented !== undefined)
      expect(r.stderr).toContain(
        `confirma_operacao ${v.undocumented} (meaning not documented)${v.message ? `; the service said: "${v.message}"\n` : ''}`,
      );
    else expect(r.stderr).not.toContain('meaning not documented');
    // The records are printed as received (json), whatever their code; long ints with every digit.
    if (v.raw !== undefined) expect(r.stdout.replace(/\s+/g, '')).toBe(v.raw);
    else if (Array.isArray(v.body) && v.body.length > 0) expect(JSON.parse(r.stdout)).toEqual(v.body);
  });
});
