/**
 * Point 8 of the hardening issue, and point 6 of the privacy issue: guessable
 * or unprotected server tokens refused at start, repeated 401s slowed down
 * per client and over all clients together (a guesser changing its address
 * too), a client with the right token never locked out, and `Cache-Control:
 * no-store` with `X-Content-Type-Options: nosniff` on every answer.
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
import { TOKEN_A, TOKEN_B, TOKEN_C } from '../helpers/tokens.js';

const TOKEN = TOKEN_A;
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
    ['COOPCTL_SERVER_TOKEN', () => undefined, { COOPCTL_SERVER_TOKEN: 'aaaaaaaaaaaaaaaa' }, 'aaaaaaaaaaaaaaaa', 0],
    ['a token file', () => tokenFile(0o600, ' a-token-of-24-characters \n'), {}, 'a-token-of-24-characters', 87],
  ])(
    'refuses a guessable token from %s, exit 2, saying its estimate and 128 bits',
    async (_from, file, env, token, bits) => {
      const err = await startError(serve(file(), env));
      expect(err.exitCode).toBe(2);
      expect(err.message).toMatch(
        new RegExp(
          `too easy to guess: about ${bits} bits of entropy, at least 128 needed \\(make one with openssl rand -hex 32\\)$`,
        ),
      );
      expect(err.message).not.toContain(token);
    },
  );

  it('accepts a token of 64 hex digits, as openssl rand -hex 32 makes', async () => {
    await expect(readServerTokens(undefined, { COOPCTL_SERVER_TOKEN: TOKEN_B })).resolves.toEqual([
      { label: 'default', token: TOKEN_B },
    ]);
    await expect(serve(undefined, { COOPCTL_SERVER_TOKEN: TOKEN_B })).resolves.toBeUndefined();
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
      readServerTokens('-', { COOPCTL_SERVER_TOKEN: TOKEN_C }, Readable.from([`${TOKEN}\n`])),
    ).resolves.toEqual([{ label: 'default', token: TOKEN }]);
    const err = await startError(readServerTokens('-', {}, Readable.from(['short\n'])));
    expect(err.message).toMatch(/in stdin is too easy to guess/);
  });
});

describe('repeated 401s', () => {
  let now = 0;
  let srv: FakeServer;
  beforeAll(async () => {
    srv = await startFake({
      token: TOKEN,
      authThrottle: { failures: 3, windowMs: 60_000, burst: 6, perSecond: 1, clock: () => now },
    });
  });
  afterAll(() => srv.close());

  const ask = (token: string, localAddress = '127.0.0.1') =>
    rawRequest(`${srv.url}${show.path}?${query}`, {
      headers: { authorization: `Bearer ${token}` },
      agent: new http.Agent({ localAddress }),
    });

  it('from one client: 429 with Retry-After past 3 failures until its window ends, but never to the right token', async () => {
    now = 1_000;
    for (let i = 0; i < 3; i++) expect((await ask(`wrong-token-number-${i}`)).status).toBe(401);
    const calls = srv.calls.length;

    now = 1_500;
    const locked = await ask('wrong-token-number-3');
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    expect(JSON.parse(locked.body)).toEqual([
      { confirma_operacao: 4, mensagem_erro: expect.stringMatching(/too many/) },
    ]);
    // The client with the right token, from the same address, is served all along.
    expect((await ask(TOKEN)).status).toBe(200);
    expect(srv.calls.length).toBe(calls + 1);

    now = 60_500;
    const last = await ask('wrong-token-number-4');
    expect(last.status).toBe(429);
    expect(last.headers['retry-after']).toBe('1');

    now = 61_000;
    expect((await ask('wrong-token-number-5')).status).toBe(401);
  });

  it('from addresses that change each time: slowed all together once the burst is spent, the right token still served', async () => {
    // Past the first test's window, with the bucket full again (6 failures at once, then 1 a second).
    now = 200_000;
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await ask(`guess-${i}`, `127.0.${i}.${i + 1}`)).status);
    expect(statuses).toEqual([...Array<number>(6).fill(401), ...Array<number>(14).fill(429)]);
    const braked = await ask('guess-20', '127.0.99.1');
    expect(braked.headers['retry-after']).toBe('1');
    expect((await ask(TOKEN, '127.0.99.2')).status).toBe(200);
    now = 202_000;
    expect((await ask('guess-21', '127.0.99.3')).status).toBe(401);
    expect((await ask('guess-22', '127.0.99.4')).status).toBe(401);
    expect((await ask('guess-23', '127.0.99.5')).status).toBe(429);
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
    ['429', 429, () => rawRequest(`${srv.url}${show.path}?${query}`)],
  ])('%s has Cache-Control: no-store and X-Content-Type-Options: nosniff', async (_what, status, request) => {
    const res = await request();
    expect(res.status).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
