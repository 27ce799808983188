/**
 * The validating proxy (`serve --proxy-to URL`) over real HTTP: in front of a
 * second coopctl server it answers exactly what that server answers (status,
 * type, body) and reports nothing; in front of a scripted service that breaks
 * the spec it still answers what the service answered, and reports each
 * breach on the log and in the journal, naming the operation and the rule,
 * never a value.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showsToken } from '../helpers/secrets.js';
import { operation } from '../../src/catalogue/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { rawRequest } from './raw.js';

const CARD = '00010001000001005';
const show = operation('registration.show');
const locations = operation('schedule.locations');
const create = operation('enrol.contract.create');

let real: TestServer;
let bad: http.Server;
let badUrl: string;
beforeAll(async () => {
  real = await startTestServer({ audit: false });
  // A service that answers locations without their names, a read as HTML, and a write's refusal as an object.
  bad = http.createServer((req, res) => {
    if (req.url?.startsWith(locations.path)) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[{"cd_local":101,"confirma_operacao":2,"mensagem_erro":""}]');
    } else if (req.url?.startsWith(show.path)) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html>${CARD}</html>`);
    } else {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"error":"bad"}');
    }
  });
  await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
  badUrl = `http://127.0.0.1:${(bad.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await real.stop();
  await new Promise((resolve) => bad.close(resolve));
});

const collect = () => {
  const log = new PassThrough();
  let text = '';
  log.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return { log, text: () => text };
};

describe('serve --proxy-to a coopctl server', () => {
  it('answers what the real service answers, reads and writes, and reports nothing', async () => {
    const { log, text } = collect();
    const proxy = await startTestServer({ proxyTo: real.url, admin: true, audit: false, log });
    try {
      const targets = [
        `${show.path}?usuario_cartao=${CARD}`,
        `${show.path}?usuario_cartao=123`,
        `${locations.path}?prest_cod_svc_card=9001`,
      ];
      for (const target of targets) {
        const [direct, through] = await Promise.all([
          rawRequest(`${real.url}${target}`),
          rawRequest(`${proxy.url}${target}`),
        ]);
        expect([through.status, through.headers['content-type'], through.body]).toEqual([
          direct.status,
          direct.headers['content-type'],
          direct.body,
        ]);
      }
      const write = await rawRequest(`${proxy.url}${create.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ registro_ans: '123456', coop_id: 1, produto_tabela_id: 10, origem: 'WB' }),
      });
      expect(JSON.parse(write.body)).toEqual([{ contrato_id: 8, confirma_operacao: 1, mensagem_erro: '' }]);
      // The write reached the real service, not the proxy's own store.
      const search = operation('enrol.contract.search');
      expect((JSON.parse((await rawRequest(`${real.url}${search.path}`)).body) as unknown[]).length).toBe(8);
      expect(text()).not.toContain('proxy_breach');
      const journal = JSON.parse((await rawRequest(`${proxy.url}/_coopctl/requests`)).body) as {
        requests: Array<Record<string, unknown>>;
      };
      expect(journal.requests.filter((r) => r['breach'] !== undefined)).toEqual([]);
    } finally {
      await proxy.stop();
    }
  });
});

describe('serve --proxy-to a service that breaks the spec', () => {
  it('passes its answers on unchanged and reports each breach on the log and in the journal', async () => {
    const { log, text } = collect();
    const proxy = await startTestServer({ proxyTo: badUrl, admin: true, audit: false, log, logFormat: 'json' });
    try {
      const located = await rawRequest(`${proxy.url}${locations.path}?prest_cod_svc_card=9001`);
      expect(located.status).toBe(200);
      expect(located.body).toBe('[{"cd_local":101,"confirma_operacao":2,"mensagem_erro":""}]');
      const page = await rawRequest(`${proxy.url}${show.path}?usuario_cartao=${CARD}`);
      expect([page.status, page.headers['content-type']]).toEqual([200, 'text/html']);
      const refused = await rawRequest(`${proxy.url}${create.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect([refused.status, refused.body]).toEqual([400, '{"error":"bad"}']);

      const breaches = text()
        .split('\n')
        .filter((l) => l.includes('"proxy_breach"'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(breaches.map((b) => [b['operation'], b['status']])).toEqual([
        ['schedule.locations', 200],
        ['registration.show', 200],
        ['enrol.contract.create', 400],
      ]);
      expect(String(breaches[0]!['breach'])).toContain('nm_local');
      expect(breaches[1]!['breach']).toBe('not JSON (text/html)');
      expect(showsToken(text(), CARD)).toBe(false);
      const journal = JSON.parse((await rawRequest(`${proxy.url}/_coopctl/requests`)).body) as {
        requests: Array<Record<string, unknown>>;
      };
      expect(journal.requests.map((r) => [r['operation'], r['breach'] !== undefined])).toEqual([
        ['schedule.locations', true],
        ['registration.show', true],
        ['enrol.contract.create', true],
      ]);
    } finally {
      await proxy.stop();
    }
  });

  it('answers 502 when the real service does not answer', async () => {
    const proxy = await startTestServer({ proxyTo: 'http://127.0.0.1:1', audit: false });
    try {
      const res = await rawRequest(`${proxy.url}${show.path}?usuario_cartao=${CARD}`);
      expect(res.status).toBe(502);
      expect(JSON.parse(res.body)[0].mensagem_erro).toMatch(/^the real service did not answer/);
    } finally {
      await proxy.stop();
    }
  });
});
