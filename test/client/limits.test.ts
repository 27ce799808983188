/**
 * The response limit of the transport over real HTTP: the body is counted as
 * it arrives and dropped once past the limit (endless answers included), a
 * content-length over the limit is refused before any body is read, and a
 * slow endless answer ends at the timeout; on both wires (node:http, and
 * undici when a proxy is configured). Also the JSON nesting guard.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, TransportError, type ClientOptions, type HttpRequest } from '../../src/client/index.js';
import { MAX_JSON_DEPTH, nestsDeeper, parseJson } from '../../src/client/json.js';
import { formatSize, parseSize } from '../../src/client/size.js';
import { systemClock } from '../../src/cli/context.js';
import { startFakeService, type FakeService } from '../helpers/fake-service.js';
import { WIRES } from '../helpers/wires.js';

let service: FakeService;
beforeAll(async () => {
  service = await startFakeService();
});
afterAll(() => service.close());
afterEach(() => service.reset());

const KIB = 1024;
const options = (extra: Partial<ClientOptions> = {}): ClientOptions => ({
  timeoutMs: 10_000,
  retries: 2,
  maxResponseBytes: 4 * KIB,
  clock: systemClock,
  env: {},
  ...extra,
});
const get = (): HttpRequest => ({ method: 'GET', url: new URL(`${service.url}/big`), headers: {} });

/** The environment of the wire under test (describe.each below). */
let wireEnv: Readonly<Record<string, string>> = {};

async function sendWith(extra: Partial<ClientOptions>, req: HttpRequest = get()) {
  const client = createClient(options({ env: wireEnv, ...extra }));
  try {
    return await client.send(req);
  } finally {
    await client.close();
  }
}

async function failure(extra: Partial<ClientOptions>, req: HttpRequest = get()): Promise<TransportError> {
  const err = await sendWith(extra, req).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TransportError);
  return err as TransportError;
}

describe.each(WIRES)('response limit over $wire', ({ env }) => {
  beforeAll(() => {
    wireEnv = env;
  });

  it('reads an answer of exactly the limit, and refuses one byte more', async () => {
    service.reply({ raw: 'x'.repeat(4 * KIB) }, { raw: 'x'.repeat(4 * KIB + 1) });
    expect((await sendWith({})).body).toHaveLength(4 * KIB);
    const err = await failure({});
    expect(err.message).toBe(`answer of GET ${service.url}/big exceeds the 4 KiB response limit (--max-response-size)`);
  });

  it('stops reading an endless answer at the limit, and does not retry it', async () => {
    service.reply({ stream: { chunk: 'y'.repeat(16 * KIB) } });
    const err = await failure({ maxResponseBytes: 1024 * KIB });
    expect(err.message).toBe(`answer of GET ${service.url}/big exceeds the 1 MiB response limit (--max-response-size)`);
    expect(err.retryable).toBe(false);
    expect(service.requests).toHaveLength(1);
  });

  it('refuses a content-length over the limit without waiting for the body', async () => {
    // Headers promise 100 MiB, then a byte every 50 ms forever: waiting for the body would end in the timeout instead.
    service.reply({ headers: { 'content-length': String(100 * 1024 * KIB) }, stream: { chunk: 'z', intervalMs: 50 } });
    const err = await failure({ timeoutMs: 5_000 });
    expect(err.message).toMatch(/exceeds the 4 KiB response limit/);
  });

  it('a HEAD answer is not refused for the content-length of its GET', async () => {
    service.reply({ headers: { 'content-length': String(100 * 1024 * KIB) } });
    expect((await sendWith({}, { ...get(), method: 'HEAD' })).status).toBe(200);
  });

  it('a slow endless answer under the limit ends at the timeout', async () => {
    service.reply({ stream: { chunk: '[', intervalMs: 20 } });
    const err = await failure({ timeoutMs: 300, retries: 0 });
    expect(err.message).toBe(`GET ${service.url}/big timed out after 300 ms (--timeout, 1 attempt)`);
  });

  it('reads UTF-8 text without its byte order mark', async () => {
    service.reply({ raw: '\ufeff[{"nome":"João"}]' });
    expect((await sendWith({})).body).toBe('[{"nome":"João"}]');
  });

  it('reads a UTF-8 answer that arrives in many chunks', async () => {
    service.reply({ stream: { chunk: 'ção', count: 3000 } });
    expect((await sendWith({ maxResponseBytes: 64 * KIB })).body).toBe('ção'.repeat(3000));
  });

  it('a timeout bounds the request with all its attempts: once it is spent, a read is not tried again', async () => {
    service.reply({ delayMs: 5000, json: [] });
    const err = await failure({ timeoutMs: 150, retries: 1, clock: { ...systemClock, sleep: async () => {} } });
    expect(err.message).toBe(`GET ${service.url}/big timed out after 150 ms (--timeout, 1 attempt)`);
    expect(service.requests).toHaveLength(1);
  });
});

describe('sizes', () => {
  it.each([
    ['1048576', 1048576],
    ['512KiB', 512 * KIB],
    ['64MiB', 64 * KIB * KIB],
    ['64 mib', 64 * KIB * KIB],
    ['1GiB', KIB ** 3],
    ['10B', 10],
  ])('reads %s as %d bytes', (text, bytes) => {
    expect(parseSize(text)).toBe(bytes);
  });

  it.each([['64MB'], ['1.5MiB'], ['-1'], ['MiB'], ['']])('refuses %j', (text) => {
    expect(parseSize(text)).toBeUndefined();
  });

  it.each([
    [64 * KIB * KIB, '64 MiB'],
    [512 * KIB, '512 KiB'],
    [1000, '1000 bytes'],
    [1, '1 byte'],
  ])('prints %d as %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});

describe('JSON nesting', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

  it(`parses ${MAX_JSON_DEPTH} levels and refuses one more, in a linear pass`, () => {
    expect(parseJson(deep(MAX_JSON_DEPTH))).toMatchObject({ ok: true });
    expect(parseJson(deep(MAX_JSON_DEPTH + 1))).toEqual({
      ok: false,
      problem: `the JSON nests deeper than ${MAX_JSON_DEPTH} levels`,
      fault: { kind: 'too-deep', levels: 64 },
    });
    expect(parseJson(deep(2_000_000))).toEqual({
      ok: false,
      problem: `the JSON nests deeper than ${MAX_JSON_DEPTH} levels`,
      fault: { kind: 'too-deep', levels: 64 },
    });
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify([{ a: '['.repeat(100), b: '\\"{{{{{{', c: `"${'{'.repeat(100)}` }]);
    expect(nestsDeeper(text, 2)).toBe(false);
    expect(nestsDeeper('[{"a":[[]]}]', 3)).toBe(true);
  });
});
