/**
 * What the built bin/coopctl says people, in the suite's language (this file
 * runs under LANG=pt_BR.UTF-8 and under LANG=C), against the real embedded
 * server with the demo data: an appointment cancelled, read first from the
 * card's appointments; a contact updated; a problem.
 */
import { describe, expect, it } from 'vitest';
import { useDemoWorld } from './demo-world.js';
import { e2eLang, inLang } from './locale.js';

const CARD = '00010001000001005';

const world = useDemoWorld('coopctl-e2e-messages-');

const { coopctl } = world;

/** `2026-06-04` as the suite's language writes a date for people. */
const day = (iso: string) => (e2eLang === 'pt-BR' ? iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1') : iso);

describe(`messages (LANG=${process.env['LANG']})`, () => {
  it('schedule cancel with the card: says whose appointment was cancelled, and when', async () => {
    const list = await coopctl(['schedule', 'list', CARD, '--json']);
    expect(list.code, list.stderr).toBe(0);
    const open = (JSON.parse(list.stdout) as Array<Record<string, string | number>>).find((a) =>
      ['aguardando', 'confirmado'].includes(String(a['status_agendamento'])),
    );
    expect(open, 'the demo card has an appointment to cancel').toBeDefined();
    const a = open!;
    const r = await coopctl(['schedule', 'cancel', String(a['cd_evento']), '--usuario-cartao', CARD, '--yes'], {
      COOPCTL_PROVIDERS: '9001=Clínica Geral; 9002=Cardiologia',
    });
    expect(r.code, r.stderr).toBe(0);
    const when = `${day(String(a['data_consulta']))} ${a['hora_inicio']}–${a['hora_fim']}`;
    const provider = String(a['prest_cod_svc_card']);
    const name = { '9001': 'Clínica Geral', '9002': 'Cardiologia' }[provider];
    // Provider 9002 has one service location (Centro Médico Coop Moema), 9001 two: only a single one is named.
    const place = provider === '9002' ? ', Centro Médico Coop Moema' : '';
    expect(r.stderr).toBe(
      inLang({
        en: `Appointment cancelled: ${when}, Ana Beatriz Souza (card *************1005), ${name} (provider ${provider})${place}\n`,
        pt: `Consulta cancelada: ${when}, Ana Beatriz Souza (cartão *************1005), ${name} (prestador ${provider})${place}\n`,
      }),
    );
    const again = await coopctl(['schedule', 'list', CARD, '--json']);
    const now = (JSON.parse(again.stdout) as Array<Record<string, unknown>>).find(
      (x) => x['cd_evento'] === a['cd_evento'],
    );
    expect(now!['status_agendamento']).toBe('cancelado');
  });

  it('an update of the envelope alone: what was updated', async () => {
    const r = await coopctl(['registration', 'update-contact', CARD, '--usuario-celular', '(11) 91234-5678']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      inLang({
        en: 'Contact data of card *************1005 updated: mobile\n',
        pt: 'Dados de contato do cartão *************1005 atualizados: celular\n',
      }),
    );
  });

  it('a refusal of the service, with its own message (the stand-in service answers in English)', async () => {
    const r = await coopctl(['schedule', 'cancel', '1', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      e2eLang === 'pt-BR'
        ? /^erro: a solicitação falhou; o serviço disse: ".+"\n$/
        : /^error: the request failed; the service said: ".+"\n$/,
    );
  });
});
