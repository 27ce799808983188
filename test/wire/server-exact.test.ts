/**
 * Issue "Talk to the real service", point 2 on the embedded server: codes of
 * 18 digits given as JSON number literals are read exactly, stored as SQLite
 * integers and answered as the same number literals, through HTTP.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation } from '../../src/catalogue/index.js';
import { parseExact } from '../../src/catalogue/exact-json.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { rawRequest } from '../server/raw.js';

const CD_LOCAL = '123456789012345678';
const PROVIDER = '987654321098765432';
const TP_EVENTO = '900000000000000007';
const CD_EVENTO = '900000000000000001';
const CARD = '00010001000001005';

/** docs/fixtures.example.json with its location, provider, event type and appointment codes made 18-digit literals. */
function fixturesText(): string {
  return readFileSync('docs/fixtures.example.json', 'utf8')
    .replaceAll('"cd_local": 101', `"cd_local": ${CD_LOCAL}`)
    .replaceAll('"locations": [101]', `"locations": [${CD_LOCAL}]`)
    .replaceAll('"prest_cod_svc_card": 9001', `"prest_cod_svc_card": ${PROVIDER}`)
    .replaceAll('"tp_evento": 1', `"tp_evento": ${TP_EVENTO}`)
    .replaceAll('"cd_evento": 1,', `"cd_evento": ${CD_EVENTO},`);
}

let srv: TestServer;
beforeAll(async () => {
  const text = fixturesText();
  expect(text).toContain(`"cd_evento": ${CD_EVENTO},`);
  srv = await startTestServer({ fixtures: parseExact(text) });
});
afterAll(() => srv.stop());

const get = (id: string, query: string) => rawRequest(`${srv.url}${operation(id).path}?${query}`);
const postJson = (id: string, body: string) =>
  rawRequest(`${srv.url}${operation(id).path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    body,
  });

describe('the server answers 18-digit codes as exact number literals', () => {
  it('locations of a provider: cd_local', async () => {
    const res = await get('schedule.locations', `prest_cod_svc_card=${PROVIDER}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain(`"cd_local":${CD_LOCAL},`);
  });

  it('appointments of a card: cd_evento and prest_cod_svc_card', async () => {
    const res = await get('schedule.list', `usuario_cartao=${CARD}&ind_apenas_concluidas=N`);
    expect(res.status).toBe(200);
    expect(res.body).toContain(`"cd_evento":${CD_EVENTO},`);
    expect(res.body).toContain(`"prest_cod_svc_card":${PROVIDER},`);
  });
});

describe('the server reads 18-digit JSON numbers exactly', () => {
  it('books a slot given by number literals, answers the new cd_evento exactly, and cancels it by number', async () => {
    const place = `prest_cod_svc_card=${PROVIDER}&cd_local=${CD_LOCAL}`;
    const dates = JSON.parse((await get('schedule.dates', place)).body) as Array<{ data_consulta: string }>;
    const day = dates[0]!.data_consulta;
    const times = await get('schedule.times', `${place}&data_consulta=${day}`);
    expect(times.body).toContain(`"tp_evento":${TP_EVENTO},`);
    const slot = (JSON.parse(times.body) as Array<{ hora_inicio: string; hora_fim: string }>)[0]!;

    const book = `{"usuario_cartao":"${CARD}","prest_cod_svc_card":${PROVIDER},"cd_local":${CD_LOCAL},
      "tp_evento":${TP_EVENTO},"dt_hr_inicio":"${day} ${slot.hora_inicio}","dt_hr_fim":"${day} ${slot.hora_fim}",
      "ds_email":"ana.souza@example.com","nr_ddd_celular":11,"nr_celular":987654321,"ds_endereco":"Rua Augusta, 100"}`;
    const booked = await postJson('schedule.book', book);
    // The new code follows the highest one: 900000000000000001 + 1, exactly.
    expect([booked.status, booked.body]).toEqual([
      200,
      '[{"confirma_operacao":1,"mensagem_erro":"","cd_evento":900000000000000002}]',
    ]);

    const listed = await get(
      'schedule.list',
      `usuario_cartao=${CARD}&ind_apenas_concluidas=N&prest_cod_svc_card=${PROVIDER}`,
    );
    expect(listed.body).toContain('"cd_evento":900000000000000002,');

    const cancelled = await postJson('schedule.cancel', '{"cd_evento":900000000000000002}');
    expect(cancelled.status).toBe(200);
    expect(JSON.parse(cancelled.body)).toEqual([{ confirma_operacao: 1, mensagem_erro: expect.any(String) }]);
  });
});
