/**
 * `serve --proxy-to URL --record FILE` over real HTTP, in front of a second
 * coopctl server with the demo dataset: the session's registration records
 * come out as a fixtures file (mode 0600) that `--fixtures` loads, holding
 * none of the real names, CPFs, cards, phones, e-mails or streets (read from
 * the real server's own answers), with valid CPFs and cards, and the same
 * person under the same pseudonym wherever she appears.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showsToken } from '../helpers/secrets.js';
import { cardValid } from '../../src/catalogue/card.js';
import { operation } from '../../src/catalogue/index.js';
import { cpfValid } from '../../src/catalogue/rules.js';
import { makeCard } from '../../src/server/store/card.js';
import { serveProcesses } from '../helpers/serve-process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { rawRequest } from './raw.js';

type Row = Record<string, unknown>;
const show = operation('registration.show');
const locations = operation('schedule.locations');

// Cards of contract 1's first three families, holders and dependents; those the demo does not hold answer "no result".
const CARDS = [1, 2, 3].flatMap((family) =>
  [0, 1, 2, 3].map((dependent) =>
    makeCard({ cart_coop: 1, cart_contrato: 1, cart_cod_bnf: family, cart_cod_dependente: dependent }),
  ),
);

const { serve } = serveProcesses('record');
let real: TestServer;
let dir: string;
beforeAll(async () => {
  real = await startTestServer({ audit: false });
  dir = mkdtempSync(join(tmpdir(), 'coopctl-record-'));
});
afterAll(async () => {
  await real.stop();
  rmSync(dir, { recursive: true, force: true });
});

const read = async (base: string, card: string): Promise<Row | undefined> => {
  const res = await rawRequest(`${base}${show.path}?usuario_cartao=${card}`);
  const [first] = JSON.parse(res.body) as Row[];
  return first?.['confirma_operacao'] === 2 ? first : undefined;
};

describe('serve --proxy-to URL --record FILE', () => {
  it('writes what passed as fixtures, pseudonymised consistently, that --fixtures loads', async () => {
    const file = join(dir, 'recorded.json');
    const proxy = await startTestServer({ proxyTo: real.url, record: file, audit: false });
    const upstream: Row[] = [];
    try {
      for (const card of CARDS) {
        const through = await read(proxy.url, card);
        const direct = await read(real.url, card);
        expect(through).toEqual(direct);
        if (direct) upstream.push(direct);
      }
      // The holder read a second time: one answer more for the same person.
      await read(proxy.url, CARDS[0]!);
      await rawRequest(`${proxy.url}${locations.path}?prest_cod_svc_card=9001`);
    } finally {
      await proxy.stop();
    }
    expect(upstream.length).toBeGreaterThanOrEqual(4);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    const doc = JSON.parse(text) as { beneficiaries: Row[]; contracts: Row[]; locations: Row[] };
    expect(doc.beneficiaries.length).toBe(upstream.length);
    expect(doc.locations.length).toBeGreaterThan(0);

    // None of the real personal values is in the file.
    const secrets = new Set<string>();
    for (const r of upstream) {
      for (const name of ['nome', 'nome_mae', 'cpf', 'data_nasc']) secrets.add(String(r[name]));
      const contact = r['contato'] as Row;
      for (const name of ['telefone', 'celular', 'fax', 'email']) secrets.add(String(contact[name]));
      for (const a of r['endereco'] as Row[]) for (const name of ['logradouro', 'cep']) secrets.add(String(a[name]));
    }
    for (const card of CARDS) secrets.add(card);
    secrets.delete('');
    expect(secrets.size).toBeGreaterThan(upstream.length * 4);
    for (const secret of secrets) expect(showsToken(text, secret), secret).toBe(false);

    for (const b of doc.beneficiaries) {
      expect(cpfValid(String(b['cpf']))).toBe(true);
      expect(cardValid(String(b['usuario_cartao']))).toBe(true);
    }
    // The same real value under the same pseudonym across answers: a name that is another's mother, a shared phone, a family's home.
    const byId = new Map(doc.beneficiaries.map((b) => [String(b['beneficiario_id']), b]));
    const pairs: Array<[string, string]> = [];
    for (const a of upstream)
      for (const b of upstream) {
        if (a === b) continue;
        const [x, y] = [byId.get(String(a['cod_pessoa']))!, byId.get(String(b['cod_pessoa']))!];
        if (a['nome'] === b['nome_mae']) pairs.push([String(x['nome']), String(y['nome_mae'])]);
        const [pa, pb] = [(a['contato'] as Row)['telefone'], (b['contato'] as Row)['telefone']];
        if (pa !== '' && pa === pb)
          pairs.push([String((x['contato'] as Row)['telefone']), String((y['contato'] as Row)['telefone'])]);
        const [ha, hb] = [(a['endereco'] as Row[])[0], (b['endereco'] as Row[])[0]];
        const [hx, hy] = [(x['endereco'] as Row[])[0], (y['endereco'] as Row[])[0]];
        if (ha && hb && ha['logradouro'] === hb['logradouro'] && ha['numero'] === hb['numero'])
          pairs.push([`${hx!['logradouro']} ${hx!['numero']}`, `${hy!['logradouro']} ${hy!['numero']}`]);
        if (a['nome'] !== b['nome']) expect(x['nome']).not.toBe(y['nome']);
      }
    expect(pairs.length).toBeGreaterThan(0);
    for (const [x, y] of pairs) expect(x).toBe(y);
    // A holder and the dependents keep one family in their cards.
    const realFamilies = upstream.map((r) => String(r['cart_cod_bnf']));
    const madeFamilies = upstream.map((r) => String(byId.get(String(r['cod_pessoa']))!['usuario_cartao']).slice(8, 14));
    for (let i = 0; i < upstream.length; i++)
      for (let j = 0; j < upstream.length; j++)
        expect(realFamilies[i] === realFamilies[j]).toBe(madeFamilies[i] === madeFamilies[j]);

    // The file loads as fixtures, and the server answers the pseudonymised record.
    const loaded = await startTestServer({ fixtures: doc, audit: false });
    try {
      const first = doc.beneficiaries[0]!;
      const answer = await read(loaded.url, String(first['usuario_cartao']));
      expect(answer?.['nome']).toBe(first['nome']);
      expect(answer?.['cpf']).toBe(first['cpf']);
    } finally {
      await loaded.stop();
    }
  });

  it('in the real CLI: written at stop (SIGTERM), then served by coopctl serve --fixtures FILE', async () => {
    const file = join(dir, 'cli.json');
    const proxy = await serve(['--db', ':memory:', '--proxy-to', real.url, '--record', file, '-q']);
    const direct = await read(real.url, CARDS[0]!);
    expect(await read(proxy.url, CARDS[0]!)).toEqual(direct);
    expect(await proxy.stop()).toBe(0);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { beneficiaries: Row[] };
    expect(doc.beneficiaries.map((b) => b['beneficiario_id'])).toEqual([direct!['cod_pessoa']]);
    const [recorded] = doc.beneficiaries;
    expect(recorded!['nome']).not.toBe(direct!['nome']);
    const loaded = await serve(['--db', ':memory:', '--fixtures', file, '-q']);
    const answer = await read(loaded.url, String(recorded!['usuario_cartao']));
    expect([answer?.['nome'], answer?.['cpf']]).toEqual([recorded!['nome'], recorded!['cpf']]);
    expect(await loaded.stop()).toBe(0);
  });

  it('is refused without --proxy-to', async () => {
    const run = serve(['--db', ':memory:', '--record', join(dir, 'never.json'), '-q']);
    await expect(run).rejects.toThrow('--record needs --proxy-to');
  });
});
