/**
 * Transport faults end in exit 4 with one clear line and no stack trace;
 * reads are retried (connection errors, timeouts, 429, 5xx), writes never;
 * on both wires (node:http, and undici when a proxy is configured).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { operation, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import { closedUrl } from '../helpers/fake-service.js';
import { WIRES } from '../helpers/wires.js';
import { commandLine } from './argv.js';
import { startHarness, type Harness, type RunResult } from './harness.js';

let h: Harness;
let deadUrl: string;

const read = operation('record.allergies');
const write = operation('notify.send-all');
const readArgv = commandLine(read, sampleParams(read));
const writeArgv = [...commandLine(write, sampleParams(write)), '--yes'];

function expectOneLine(r: RunResult, code: number, pattern: RegExp): void {
  expect(r.code, r.stderr).toBe(code);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at |Error:/);
  expect(r.stdout).toBe('');
}

describe.each(WIRES)('transport faults over $wire', ({ env }) => {
  beforeAll(async () => {
    [h, deadUrl] = await Promise.all([startHarness(env), closedUrl()]);
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  it('connection refused: exit 4 naming the request and the cause; a read is retried', async () => {
    const r = await h.run(readArgv, { env: { COOPCTL_BASE_URL: deadUrl } });
    expectOneLine(
      r,
      4,
      new RegExp(
        `^error: cannot reach GET ${deadUrl}${read.path}: connection refused \\(ECONNREFUSED\\); nothing answers there: start the server \\(coopctl serve, or npm run demo\\), or point coopctl at yours \\(the URL comes from COOPCTL_BASE_URL: set COOPCTL_BASE_URL, choose a profile with --profile, or coopctl config set\\)$`,
      ),
    );
    expect(h.sleeps).toHaveLength(2);
  });

  it('connection refused: a write is not retried', async () => {
    const r = await h.run(writeArgv, { env: { COOPCTL_BASE_URL: deadUrl } });
    expectOneLine(r, 4, /^error: cannot reach POST .*: connection refused/);
    expect(h.sleeps).toHaveLength(0);
  });

  it('timeout: exit 4, --timeout bounds the request with all its attempts, and the line says what to try', async () => {
    h.base.reply({ delayMs: 5000, json: [sampleRecord(read)] });
    const r = await h.run(['--timeout', '100', '--retries', '1', ...readArgv]);
    expectOneLine(
      r,
      4,
      new RegExp(
        `^error: GET ${h.base.url}${read.path} timed out after 100 ms \\(--timeout, 1 attempt\\); the server took the connection but did not answer: try again later, or give it longer with --timeout \\(the time for all the attempts\\)$`,
      ),
    );
    // The first attempt spent the time: no second one.
    expect(h.base.requests).toHaveLength(1);
    h.reset();
    h.base.reply({ delayMs: 5000, json: [] });
    expectOneLine(
      await h.run(['--timeout', '100', ...writeArgv]),
      4,
      /timed out after 100 ms \(--timeout, 1 attempt\)/,
    );
    expect(h.base.requests).toHaveLength(1);
  });

  it('timeout after a retry: the attempts made are counted in the line', async () => {
    h.base.reply({ status: 503 }, { delayMs: 5000, json: [sampleRecord(read)] });
    const r = await h.run(['--timeout', '1500', '--retries', '2', ...readArgv]);
    expectOneLine(r, 4, /timed out after 1500 ms \(--timeout, 2 attempts\)/);
    expect(h.base.requests).toHaveLength(2);
  });

  it('500 then 200: a read is retried and succeeds', async () => {
    h.base.reply({ status: 500, json: [] }, { json: [sampleRecord(read)] });
    const r = await h.run(readArgv);
    expect(r.code, r.stderr).toBe(0);
    expect(h.base.requests).toHaveLength(2);
    expect(h.sleeps).toHaveLength(1);
  });

  it('500: a write is sent once and exits 1', async () => {
    h.base.reply(
      { status: 500, json: [{ confirma_operacao: 4, mensagem_erro: 'broken' }] },
      { json: [sampleRecord(write)] },
    );
    expectOneLine(
      await h.run(writeArgv),
      1,
      /^error: the service refused the request \(HTTP 500\); the service said: "broken"$/,
    );
    expect(h.base.requests).toHaveLength(1);
  });

  it('503 every time: a read gives up after --retries and exits 1', async () => {
    h.base.reply({ status: 503 });
    expectOneLine(
      await h.run(['--retries', '3', ...readArgv]),
      1,
      /\(HTTP 503\); the service said: "Service Unavailable"$/,
    );
    expect(h.base.requests).toHaveLength(4);
    expect(h.sleeps).toHaveLength(3);
  });

  it('429 with Retry-After: waits what the service asks', async () => {
    h.base.reply({ status: 429, headers: { 'retry-after': '2' } }, { json: [sampleRecord(read)] });
    expect((await h.run(readArgv)).code).toBe(0);
    expect(h.sleeps).toEqual([2000]);
  });

  it('backs off exponentially between attempts', async () => {
    h.base.reply({ status: 502 });
    await h.run(['--retries', '3', ...readArgv]);
    expect(h.sleeps).toHaveLength(3);
    expect(h.sleeps[1]!).toBeGreaterThan(h.sleeps[0]!);
    expect(h.sleeps[2]!).toBeGreaterThan(h.sleeps[1]!);
  });

  it.each([
    [
      'an HTML page with 200',
      { raw: '<!doctype html><title>Login</title>', headers: { 'content-type': 'text/html; charset=utf-8' } },
      /HTTP 200 \(text\/html; charset=utf-8\): the body is not JSON$/,
    ],
    [
      'invalid JSON',
      { raw: '[{"categoria": ', headers: { 'content-type': 'application/json' } },
      /HTTP 200 \(application\/json\): the body is not JSON$/,
    ],
    ['an empty body', { raw: '' }, /HTTP 200 \(no content type\): the body is empty$/],
    [
      'an object instead of an array',
      { json: { ok: true } },
      /HTTP 200 \(application\/json\): not the documented shape: expected a JSON array of records, got object$/,
    ],
    [
      'a record without a field',
      { json: [{ ...sampleRecord(read), descricao: undefined }] },
      /not the documented shape: record 0 field descricao: is required \(up to 255 characters\); received nothing \(the field is absent\)$/,
    ],
    [
      'a field past its bound',
      { json: [{ ...sampleRecord(read), descricao: 'x'.repeat(256) }] },
      /not the documented shape: record 0 field descricao: must be up to 255 characters; received a string of 256 characters \("x{40}…"\)$/,
    ],
    [
      'a confirma_operacao that is not an int',
      { json: [{ confirma_operacao: 'sete', mensagem_erro: '' }] },
      /record 0 field confirma_operacao: must be an integer; received a string of 4 characters \("sete"\)$/,
    ],
    [
      'a redirect',
      { status: 302, headers: { location: '/elsewhere' } },
      /HTTP 302 \(no content type\): expected a 2xx answer$/,
    ],
  ])('%s: exit 4 with one line naming status, content type and the fault', async (_what, reply, pattern) => {
    h.base.reply(reply);
    expectOneLine(await h.run(['--retries', '0', ...readArgv]), 4, pattern);
  });

  it('a confirma_operacao the spec allows without a meaning: exit 1 naming the code', async () => {
    h.base.reply({ json: [{ confirma_operacao: 7, mensagem_erro: 'em análise' }] });
    expectOneLine(
      await h.run(readArgv),
      1,
      /^error: the service answered confirma_operacao 7 \(meaning not documented\); the service said: "em análise"$/,
    );
  });

  it('an HTML error page with a 5xx is the service failing: exit 1 naming the status', async () => {
    h.base.reply({
      status: 502,
      raw: '<html><body>Bad Gateway</body></html>',
      headers: { 'content-type': 'text/html' },
    });
    expectOneLine(
      await h.run(['--retries', '0', ...readArgv]),
      1,
      /^error: the service refused the request \(HTTP 502\); the service said: "Bad Gateway"$/,
    );
  });

  it('never puts the card number of the query in an error', async () => {
    h.base.reply({ raw: 'nope', headers: { 'content-type': 'text/plain' } });
    const r = await h.run(readArgv);
    expect(r.code).toBe(4);
    expect(r.stderr).not.toContain(String(sampleParams(read)['usuario_cartao']));
  });

  it('Ctrl-C while waiting for the answer: exit 130', async () => {
    h.base.reply({ delayMs: 5000, json: [] });
    const interrupt = new AbortController();
    const pending = h.run(readArgv, { signal: interrupt.signal });
    await vi.waitFor(() => expect(h.base.requests).toHaveLength(1));
    interrupt.abort();
    const r = await pending;
    expect(r.code).toBe(130);
    expect(r.stderr).toBe('interrupted\n');
  });
});
