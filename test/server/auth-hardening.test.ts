/**
 * Point 8 of the hardening issue: short or unprotected server tokens refused at
 * start, repeated 401s from one client slowed down, and `Cache-Control: no-store`
 * with `X-Content-Type-Options: nosniff` on every answer.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { runServe } from '../../src/server/serve.js';
import { readServerTokens } from '../../src/server/tokens.js';
import { startError } from '../helpers/server.js';
import { clientKey, throttle } from '../../src/server/http/throttle.js';
import { startFake, type FakeServer } from './fake.js';
import { rawRequest } from './raw.js';

const TOKEN = 'a-token-of-24-characters';
const show = operation('registration.show');
const contact = operation('registration.update-contact');
const query = new URLSearchParams(sampleParams(show) as Record<string, string>).toString();

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coopctl-auth-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** `coopctl serve` in-process with these options; refused at start here, or stopped at once. */
function serve(tokenFile: string | undefined, env: NodeJS.ProcessEnv): Promise<void> {
  const ac = new AbortController();
  const out = new PassThrough();
  out.once('data', () => ac.abort());
  return runServe(
    { host: '127.0.0.1', port: 0, db: ':memory:', quiet: true, ...(tokenFile === undefined ? {} : { tokenFile }) },
    { stdout: out, stderr: new PassThrough(), env, signal: ac.signal },
  );
}

function tokenFile(mode: number, text = `${TOKEN}\n`): string {
  const file = join(dir, 'token');
  writeFileSync(file, text);
  chmodSync(file, mode);
  return file;
}

describe('server token at start', () => {
  it.each([
    ['COOPCTL_SERVER_TOKEN', () => undefined, { COOPCTL_SERVER_TOKEN: 'fifteen-chars-x' }],
    ['a token file', () => tokenFile(0o600, ' fifteen-chars-x \n'), {}],
  ])('refuses a token of 15 characters from %s, exit 2, saying 16', async (_from, file, env) => {
    const err = await startError(serve(file(), env));
    expect(err.exitCode).toBe(2);
    expect(err.message).toMatch(/too short: use at least 16 characters/);
    expect(err.message).not.toContain('fifteen-chars-x');
  });

  it('accepts a token of exactly 16 characters', async () => {
    await expect(readServerTokens(undefined, { COOPCTL_SERVER_TOKEN: 'sixteen-chars-xx' })).resolves.toEqual([
      { label: 'default', token: 'sixteen-chars-xx' },
    ]);
    await expect(serve(undefined, { COOPCTL_SERVER_TOKEN: 'sixteen-chars-xx' })).resolves.toBeUndefined();
  });

  it.each(['0644', '0640', '0604', '0660', '0610'])(
    'refuses a token file of mode %s, naming the file and chmod 600 (exit 2)',
    async (octal) => {
      const mode = parseInt(octal, 8);
      const file = tokenFile(mode);
      const err = await startError(serve(file, {}));
      expect(err.exitCode).toBe(2);
      expect(err.message).toContain(file);
      expect(err.message).toContain(`chmod 600 ${file}`);
      expect(err.message).toContain(`mode ${octal}`);
      expect(err.message).not.toContain(TOKEN);
    },
  );

  it.each([0o600, 0o400])('accepts a token file of mode 0%o', async (mode) => {
    await expect(readServerTokens(tokenFile(mode), {})).resolves.toEqual([{ label: 'default', token: TOKEN }]);
    await expect(serve(tokenFile(mode), {})).resolves.toBeUndefined();
  });

  it('reads --token-file - from stdin, with no mode to check', async () => {
    await expect(
      readServerTokens('-', { COOPCTL_SERVER_TOKEN: 'another-token-of-24-chars' }, Readable.from([`${TOKEN}\n`])),
    ).resolves.toEqual([{ label: 'default', token: TOKEN }]);
    const err = await startError(readServerTokens('-', {}, Readable.from(['short\n'])));
    expect(err.message).toMatch(/in stdin is too short/);
  });
});

describe('repeated 401s from one client', () => {
  let now = 0;
  let srv: FakeServer;
  beforeAll(async () => {
    srv = await startFake({ token: TOKEN, authThrottle: { failures: 3, windowMs: 60_000, clock: () => now } });
  });
  afterAll(() => srv.close());

  const ask = (token: string, localAddress = '127.0.0.1') =>
    rawRequest(`${srv.url}${show.path}?${query}`, {
      headers: { authorization: `Bearer ${token}` },
      agent: new http.Agent({ localAddress }),
    });

  it('answers 429 with Retry-After past 3 failures, even to the right token, until the window ends; other clients go on', async () => {
    now = 1_000;
    for (let i = 0; i < 3; i++) expect((await ask(`wrong-token-number-${i}`)).status).toBe(401);
    const calls = srv.calls.length;

    now = 1_500;
    const locked = await ask(TOKEN);
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    expect(JSON.parse(locked.body)).toEqual([
      { confirma_operacao: 4, mensagem_erro: expect.stringMatching(/too many/) },
    ]);
    expect(srv.calls.length).toBe(calls);

    // Another client address (127.0.0.2 is loopback too) is not held back.
    expect((await ask(TOKEN, '127.0.0.2')).status).toBe(200);

    now = 60_500;
    const last = await ask(TOKEN);
    expect(last.status).toBe(429);
    expect(last.headers['retry-after']).toBe('1');

    now = 61_000;
    expect((await ask(TOKEN)).status).toBe(200);
    expect(srv.calls.length).toBe(calls + 2);
  });
});

describe('the throttle table', () => {
  it('forgets the oldest client when full, so that its size stays bounded', () => {
    let now = 0;
    const t = throttle({ failures: 1, windowMs: 1_000, maxClients: 2, clock: () => now });
    t.failed('10.0.0.1');
    t.failed('10.0.0.2');
    expect(t.retryAfter('10.0.0.1')).toBe(1);
    t.failed('10.0.0.3');
    expect(t.retryAfter('10.0.0.1')).toBe(0);
    expect(t.retryAfter('10.0.0.2')).toBe(1);
    expect(t.retryAfter('10.0.0.3')).toBe(1);
    now = 1_000;
    expect(t.retryAfter('10.0.0.3')).toBe(0);
  });

  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['10.0.0.1', '10.0.0.1'],
  ])('counts %s as the client %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});

describe('headers of every answer', () => {
  let srv: FakeServer;
  beforeAll(async () => {
    srv = await startFake({
      token: TOKEN,
      authThrottle: { failures: 1 },
      override: {
        'record.allergies': async () => {
          throw new TypeError('broken');
        },
      },
    });
  });
  afterAll(() => srv.close());

  const auth = { authorization: `Bearer ${TOKEN}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const contactBody = JSON.stringify(sampleParams(contact));
  it.each<[string, number, () => Promise<{ status: number; headers: http.IncomingHttpHeaders }>]>([
    ['200', 200, () => rawRequest(`${srv.url}${show.path}?${query}`, { headers: auth })],
    ['HEAD', 200, () => rawRequest(`${srv.url}${show.path}?${query}`, { method: 'HEAD', headers: auth })],
    [
      '200 to a POST',
      200,
      () => rawRequest(`${srv.url}${contact.path}`, { method: 'POST', headers: json, body: contactBody }),
    ],
    ['400', 400, () => rawRequest(`${srv.url}${contact.path}`, { method: 'POST', headers: json, body: '{ nope' })],
    [
      '403',
      403,
      () => rawRequest(`${srv.url}${show.path}?${query}`, { headers: { ...auth, origin: 'http://attacker.example' } }),
    ],
    ['404', 404, () => rawRequest(`${srv.url}/nothing/here`, { headers: auth })],
    ['405', 405, () => rawRequest(`${srv.url}${show.path}`, { method: 'DELETE', headers: auth })],
    [
      '413',
      413,
      () =>
        rawRequest(`${srv.url}${contact.path}`, { method: 'POST', headers: json, body: 'x'.repeat(1024 * 1024 + 1) }),
    ],
    ['422', 422, () => rawRequest(`${srv.url}${show.path}?usuario_cartao=1`, { headers: auth })],
    ['500', 500, () => rawRequest(`${srv.url}${operation('record.allergies').path}?${query}`, { headers: auth })],
    // The last two: one failure is the limit here, so the 401 is followed by a 429 from the same client.
    ['401', 401, () => rawRequest(`${srv.url}${show.path}?${query}`)],
    ['429', 429, () => rawRequest(`${srv.url}${show.path}?${query}`, { headers: auth })],
  ])('%s has Cache-Control: no-store and X-Content-Type-Options: nosniff', async (_what, status, request) => {
    const res = await request();
    expect(res.status).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
