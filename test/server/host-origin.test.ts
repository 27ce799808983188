/**
 * DNS rebinding and cross-site requests, over raw sockets to the real server
 * (demo data in a SQLite file): only allowed Host names are answered, and
 * requests a browser makes for a page of another site are refused with 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation } from '../../src/catalogue/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { parseRaw, rawExchange, type RawResponse } from './raw.js';

const DEMO_CARD = '00010001000001005';
/** The demo beneficiary of that card: what a rebinding page would be after. */
const DEMO_NAME = 'Ana Beatriz Souza';
const show = operation('registration.show');
const create = operation('enrol.contract.create');
const search = operation('enrol.contract.search');
const READ = `${show.path}?usuario_cartao=${DEMO_CARD}`;
const CONTRACT = JSON.stringify({ registro_ans: '123456', coop_id: 1, produto_tabela_id: 10, origem: 'WB' });
const FORM = 'registro_ans=123456&coop_id=1&produto_tabela_id=10&origem=WB';

let srv: TestServer;
let host: string;
beforeAll(async () => {
  srv = await startTestServer({
    allowedHosts: ['coop.example.org', '.lan.example'],
    allowedOrigins: ['https://coop.example.org', 'http://localhost:3000'],
  });
  host = `127.0.0.1:${srv.port}`;
});
afterAll(() => srv.stop());

/** One request written as it is on the wire; `host: undefined` sends no Host header. */
async function send(
  method: string,
  target: string,
  headers: Record<string, string | undefined>,
  body = '',
): Promise<RawResponse> {
  const lines = [`${method} ${target} HTTP/1.1`];
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) lines.push(`${name}: ${value}`);
  lines.push('Connection: close');
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  const { text } = await rawExchange(srv.port, `${lines.join('\r\n')}\r\n\r\n${body}`);
  return parseRaw(text);
}

const read = (headers: Record<string, string | undefined>) => send('GET', READ, headers);
const write = (headers: Record<string, string | undefined>, type = 'application/json', body = CONTRACT) =>
  send('POST', create.path, { 'Content-Type': type, ...headers }, body);
const contracts = async () => (JSON.parse((await send('GET', search.path, { Host: host })).body) as unknown[]).length;

function expectRefused(res: RawResponse, status: number, message: RegExp): void {
  expect(res.status).toBe(status);
  const body = JSON.parse(res.body) as Array<Record<string, unknown>>;
  expect(body).toEqual([{ confirma_operacao: 4, mensagem_erro: expect.stringMatching(message) }]);
  expect(res.body).not.toContain(DEMO_NAME);
  expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
}

describe('Host header (DNS rebinding)', () => {
  it.each([
    ['the bound address with its port', () => host],
    ['localhost', () => `localhost:${srv.port}`],
    ['LOCALHOST in capitals, without a port', () => 'LOCALHOST'],
    ['a name under .localhost', () => `app.localhost:${srv.port}`],
    ['[::1] with a port', () => `[::1]:${srv.port}`],
    ['another IPv4 literal', () => '10.1.2.3:8787'],
    ['an IPv6 literal', () => '[fe80::1]'],
    ['an --allowed-host name, any port, any case', () => 'Coop.Example.ORG:8443'],
    ['the name of a leading-dot --allowed-host', () => 'lan.example'],
    ['a subdomain of a leading-dot --allowed-host', () => 'a.b.lan.example:1'],
  ])('answers %s', async (_what, hostHeader) => {
    const res = await read({ Host: hostHeader() });
    expect(res.status).toBe(200);
    expect(res.body).toContain(DEMO_NAME);
  });

  it.each([
    ['an attacker name that resolves to 127.0.0.1', 'rebind.attacker.example'],
    ['that name with the server port', 'rebind.attacker.example:PORT'],
    ['an allowed name as a prefix of another', 'coop.example.org.attacker.example'],
    ['a name that only ends like a leading-dot one', 'xlan.example'],
    ['localhost as a prefix', 'localhost.attacker.example'],
    ['an IP written into a DNS name', '127.0.0.1.nip.io'],
    ['an unclosed IPv6 literal', '[::1'],
    ['a port that is not a number', 'localhost:80x'],
    ['an empty Host', ''],
  ])('refuses %s with 403, saying how to allow it', async (_what, hostHeader) => {
    const res = await read({ Host: hostHeader.replace('PORT', String(srv.port)) });
    expectRefused(res, 403, /--allowed-host NAME/);
  });

  it('refuses a request without a Host header with 400', async () => {
    expectRefused(await read({ Host: undefined }), 400, /Host header is missing/);
  });

  it('refuses before the token check and before routing: an unknown path gets 403 too', async () => {
    expectRefused(await send('GET', '/no/such/path', { Host: 'rebind.attacker.example' }), 403, /allowed-host/);
  });
});

describe('Origin and Sec-Fetch-Site (cross-site requests)', () => {
  it.each([
    ['a page of another site (fetch)', { Origin: 'http://attacker.example' }],
    ['an allowed name behind another scheme', { Origin: 'ftp://localhost' }],
    ['Origin: null (sandboxed page, file:, redirects)', { Origin: 'null' }],
    ['an extension page', { Origin: 'chrome-extension://abcdefghijklmnop' }],
    ['a rebinding page that names the attacker host', { Origin: 'http://rebind.attacker.example:8787' }],
    ['Sec-Fetch-Site: cross-site without Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    ['localhost on another port', { Origin: 'http://localhost:5173', 'Sec-Fetch-Site': 'same-site' }],
    ['the bound address on another port', { Origin: 'http://127.0.0.1:1' }],
    ['a public IPv4 literal', { Origin: 'http://93.184.216.34' }],
    ['a private IPv4 literal on the same port', { Origin: 'http://192.168.0.10:PORT' }],
    ['an IPv6 literal', { Origin: 'http://[2001:db8::1]:8080' }],
    ['[::1] on another port', { Origin: 'http://[::1]:9' }],
    ['an --allowed-host name (a Host name, not a page allowed)', { Origin: 'http://coop.example.org' }],
    ['an --allowed-origin on another port', { Origin: 'http://localhost:3001' }],
  ])('refuses a JSON write from %s with 403 and stores nothing', async (_what, given) => {
    const headers = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v.replace('PORT', String(srv.port))]));
    const before = await contracts();
    expectRefused(await write({ Host: host, ...headers }), 403, /other sites/);
    expect(await contracts()).toBe(before);
  });

  it('refuses a form post from another origin, and one from an opaque origin (null)', async () => {
    const before = await contracts();
    const form = 'application/x-www-form-urlencoded';
    expectRefused(
      await write({ Host: host, Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' }, form, FORM),
      403,
      /other sites/,
    );
    expectRefused(await write({ Host: host, Origin: 'null' }, form, FORM), 403, /other sites/);
    expect(await contracts()).toBe(before);
  });

  it('refuses reads from another origin too (decision: one rule for every method)', async () => {
    expectRefused(await read({ Host: host, Origin: 'http://attacker.example' }), 403, /other sites/);
    expectRefused(await read({ Host: host, 'Sec-Fetch-Site': 'cross-site' }), 403, /other sites/);
  });

  it.each([
    ['no Origin (a program)', {}],
    ['the server itself', { Origin: 'http://HOST', 'Sec-Fetch-Site': 'same-origin' }],
    ['the server itself, its name in capitals', { Origin: 'HTTP://HOST' }],
    ['an --allowed-origin over https', { Origin: 'https://coop.example.org' }],
    ['an --allowed-origin on localhost', { Origin: 'http://localhost:3000' }],
    ['a typed URL (Sec-Fetch-Site: none)', { 'Sec-Fetch-Site': 'none' }],
  ])('accepts a write from %s', async (_what, headers) => {
    const before = await contracts();
    const withHost = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('HOST', host)]));
    const res = await write({ Host: host, ...withHost });
    expect(res.status).toBe(200);
    expect(await contracts()).toBe(before + 1);
  });

  it('refuses a form post from localhost on another port: a page there changes nothing', async () => {
    const before = await contracts();
    const form = 'application/x-www-form-urlencoded';
    const from = { Host: `localhost:${srv.port}`, Origin: 'http://localhost:8080', 'Sec-Fetch-Site': 'same-site' };
    expectRefused(await write(from, form, FORM), 403, /other sites or origins/);
    expect(await contracts()).toBe(before);
  });

  it('answers a CORS preflight with nothing permissive without --cors: 405 for an allowed origin, 403 for another', async () => {
    const preflight = {
      Host: host,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    };
    expectRefused(
      await send('OPTIONS', create.path, { ...preflight, Origin: 'http://localhost:3000' }),
      405,
      /answers POST/,
    );
    expectRefused(
      await send('OPTIONS', create.path, { ...preflight, Origin: 'http://attacker.example' }),
      403,
      /other sites/,
    );
  });

  it('sends no CORS header on an answer to an allowed origin', async () => {
    for (const origin of [`http://${host}`, 'https://coop.example.org']) {
      const res = await read({ Host: host, Origin: origin });
      expect(res.status).toBe(200);
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });
});
