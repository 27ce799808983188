/**
 * The journal as server-sent events over real HTTP (`serve --admin`): a
 * ticket is had only with the token, opens one stream once; the stream is
 * `text/event-stream` with `retry:`, sends each new request as an event with
 * its id, never a card; without `--admin` there is no stream.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showsToken } from '../helpers/secrets.js';
import { operation } from '../../src/catalogue/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { rawRequest } from './raw.js';

const TOKEN = 'journal-stream-token-0123456789abcdef012345';
const CARD = '00010001000001005';
const show = operation('registration.show');
const auth = { authorization: `Bearer ${TOKEN}` };

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ admin: true, token: TOKEN, audit: false });
});
afterAll(async () => {
  await srv.stop();
});

const ticket = async (): Promise<string> => {
  const res = await rawRequest(`${srv.url}/_coopctl/requests/ticket`, { method: 'POST', headers: auth });
  expect(res.status).toBe(200);
  return (JSON.parse(res.body) as { ticket: string }).ticket;
};

/** Opens a stream and gathers its text until `until` holds of it (at most 10 s), then closes it. */
function gather(
  url: string,
  until: (text: string) => boolean,
): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      let text = '';
      const done = () => {
        clearTimeout(limit);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), text });
      };
      const limit = setTimeout(done, 10_000);
      res.on('data', (c: Buffer) => {
        text += c.toString('utf8');
        if (until(text)) done();
      });
      res.on('end', done);
    });
    req.on('error', reject);
  });
}

describe('GET /_coopctl/requests/stream', () => {
  it('needs a ticket, had only with the token', async () => {
    expect((await rawRequest(`${srv.url}/_coopctl/requests/ticket`, { method: 'POST' })).status).toBe(401);
    const none = await rawRequest(`${srv.url}/_coopctl/requests/stream`);
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body)[0].mensagem_erro).toContain('ticket');
    const forged = await rawRequest(`${srv.url}/_coopctl/requests/stream?ticket=${'A'.repeat(43)}`);
    expect(forged.status).toBe(401);
    const foreign = await rawRequest(`${srv.url}/_coopctl/requests/stream?ticket=${await ticket()}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.status).toBe(403);
  });

  it('streams each new request as an event, and a ticket opens one stream only', async () => {
    const t = await ticket();
    const known = JSON.parse((await rawRequest(`${srv.url}/_coopctl/requests`, { headers: auth })).body) as {
      requests: Array<{ id: number }>;
    };
    const since = known.requests.at(-1)?.id ?? 0;
    const streamed = gather(`${srv.url}/_coopctl/requests/stream?since=${since}&ticket=${t}`, (text) =>
      text.includes('"registration.show"'),
    );
    expect((await rawRequest(`${srv.url}${show.path}?usuario_cartao=${CARD}`, { headers: auth })).status).toBe(200);
    const { status, type, text } = await streamed;
    expect([status, type]).toEqual([200, 'text/event-stream; charset=utf-8']);
    expect(text.startsWith('retry: 1000\n')).toBe(true);
    const event = /id: (\d+)\ndata: (.+)\n\n/.exec(text);
    expect(event).not.toBeNull();
    const entry = JSON.parse(event![2]!) as Record<string, unknown>;
    expect([entry['id'], entry['operation'], entry['outcome']]).toEqual([
      Number(event![1]),
      'registration.show',
      'found',
    ]);
    expect(showsToken(text, CARD)).toBe(false);
    const again = await rawRequest(`${srv.url}/_coopctl/requests/stream?ticket=${t}`);
    expect(again.status).toBe(401);
  });

  it('from since: the entries after that id first', async () => {
    const list = JSON.parse((await rawRequest(`${srv.url}/_coopctl/requests`, { headers: auth })).body) as {
      requests: Array<{ id: number }>;
    };
    const first = list.requests[0]!.id;
    const { text } = await gather(
      `${srv.url}/_coopctl/requests/stream?since=${first - 1}&ticket=${await ticket()}`,
      (s) => s.includes(`id: ${first}\n`),
    );
    expect(text).toContain(`id: ${first}\n`);
  });

  it('ends when the server stops, and does not hold the stop', async () => {
    const other = await startTestServer({ admin: true, audit: false });
    const got = await rawRequest(`${other.url}/_coopctl/requests/ticket`, { method: 'POST' });
    const { ticket: t } = JSON.parse(got.body) as { ticket: string };
    let opened!: () => void;
    const isOpen = new Promise<void>((r) => (opened = r));
    const streamed = gather(`${other.url}/_coopctl/requests/stream?ticket=${t}`, (text) => {
      if (text.includes('retry:')) opened();
      return false;
    });
    await isOpen;
    await other.stop();
    expect((await streamed).text.startsWith('retry: 1000\n')).toBe(true);
  });

  it('is not there without --admin', async () => {
    const plain = await startTestServer({ audit: false });
    try {
      expect((await rawRequest(`${plain.url}/_coopctl/requests/stream`)).status).toBe(404);
      expect((await rawRequest(`${plain.url}/_coopctl/requests/ticket`, { method: 'POST' })).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});
