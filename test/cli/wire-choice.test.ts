/**
 * Which wire a command's requests go over (src/client/wire.ts): a one-shot
 * command over node:http, a batch over undici's pools, and any command over
 * undici when the environment configures a proxy.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import { csvFile } from '../batch/fixtures.js';
import { WIRES } from '../helpers/wires.js';
import { commandLine } from './argv.js';
import { startHarness, type Harness } from './harness.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let h: Harness;
let dir: string;
beforeAll(async () => {
  h = await startHarness();
  dir = mkdtempSync(join(tmpdir(), 'coopctl-wire-'));
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => h.reset());

const read = operation('record.allergies');
const undici = WIRES.find((w) => w.wire === 'undici')!;

describe('the wire of a command', () => {
  it('a one-shot read goes over node:http', async () => {
    h.base.reply({ json: [sampleRecord(read)] });
    const r = await h.run(commandLine(read, sampleParams(read)));
    expect(r.code, r.stderr).toBe(0);
    expect(h.wires).toEqual(['node:http']);
  });

  it('a one-shot read goes over undici when a proxy is configured', async () => {
    h.base.reply({ json: [sampleRecord(read)] });
    const r = await h.run(commandLine(read, sampleParams(read)), { env: undici.env });
    expect(r.code, r.stderr).toBe(0);
    expect(h.wires).toEqual(['undici']);
  });

  it('a batch goes over undici, whose pools cost less per request', async () => {
    const file = join(dir, 'rows.csv');
    writeFileSync(file, csvFile(2, 2));
    h.base.reply((req) => ({
      json: [
        {
          confirma_operacao: 1,
          mensagem_erro: '',
          ...(req.url.pathname.endsWith('/contrato') ? { contrato_id: 7 } : { beneficiario_id: 9 }),
        },
      ],
    }));
    const r = await h.run(['enrol', 'batch', file, '-o', 'json']);
    expect(h.base.requests.length, r.stderr).toBeGreaterThan(0);
    expect(h.wires).toContain('undici');
    expect(h.wires).not.toContain('node:http');
  });
});
