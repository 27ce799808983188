/**
 * Huge answers through a real `bin/coopctl` process (built from the current
 * sources by test/setup/build.ts): an endless answer stops at the default 64 MiB limit and a
 * deeply nested one is refused, each with exit 4 and one line on stderr,
 * never a V8 crash or a stack overflow; on both wires (node:http, and undici
 * when a proxy is configured).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import { commandLine } from '../cli/argv.js';
import { startFakeService, type FakeService } from '../helpers/fake-service.js';
import { runNode } from '../helpers/process.js';
import { WIRES } from '../helpers/wires.js';
import { BIN as bin } from '../helpers/built.js';
import { e2eLocale, inLang } from './locale.js';

const read = operation('record.allergies');
const argv = commandLine(read, sampleParams(read));

let service: FakeService;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coopctl-limits-'));
  service = await startFakeService();
}, 120_000);
afterAll(async () => {
  await service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.each(WIRES)('bin/coopctl and huge answers over $wire', ({ env }) => {
  const coopctl = (args: readonly string[]) =>
    runNode(bin, args, {
      PATH: process.env['PATH'],
      HOME: dir,
      XDG_CONFIG_HOME: dir,
      COOPCTL_BASE_URL: service.url,
      COOPCTL_TEST_BASE_URL: service.url,
      ...e2eLocale(),
      ...env,
    });

  it('an endless answer: exit 4 at the default 64 MiB limit, one line', async () => {
    service.reply({
      headers: { 'content-type': 'application/json' },
      stream: { chunk: `${JSON.stringify(sampleRecord(read))},`.repeat(500) },
    });
    const r = await coopctl(argv);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toBe(
      inLang({
        en: `error: answer of GET ${service.url}${read.path} exceeds the 64 MiB response limit (--max-response-size)\n`,
        pt: `erro: a resposta de GET ${service.url}${read.path} excede o limite de 64 MiB (--max-response-size)\n`,
      }),
    );
    expect(r.stdout).toBe('');
  });

  it('a [[[…]]] of 8 MB inside a record, printed as JSON: exit 4, one line', async () => {
    const n = 4_000_000;
    const record = JSON.stringify(sampleRecord(read));
    service.reply({
      raw: `[${record.slice(0, -1)},"extra":${'['.repeat(n)}${']'.repeat(n)}}]`,
      headers: { 'content-type': 'application/json' },
    });
    const r = await coopctl(['--json', ...argv]);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toBe(
      inLang({
        en: `error: GET ${service.url}${read.path} answered HTTP 200 (application/json): the JSON nests deeper than 64 levels\n`,
        pt: `erro: GET ${service.url}${read.path} respondeu HTTP 200 (application/json): o JSON tem mais de 64 níveis de aninhamento\n`,
      }),
    );
    expect(r.stdout).toBe('');
  });
});
