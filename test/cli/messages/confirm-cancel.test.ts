/**
 * The confirmation of `schedule cancel`, in the run's language: whose
 * appointment it is (read first with --usuario-cartao, or the card asked for on
 * a terminal); an appointment that is not the card's, or not active, refused
 * unless --force. Against fake services answering by path, with a scripted
 * prompter.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/index.js';
import { appointments, byPath, CARD, NO_COLOR, PROVIDERS, scripted, TTY, useConfirmHarness } from './confirm-setup.js';

const { h, calls } = useConfirmHarness();
// The card a run at a terminal kept for the next one (interactive/recent-card.ts): each test starts without one.
beforeEach(() => rmSync(join(h.configHome, 'state', 'coopctl', 'recent-card.json'), { force: true }));

describe('schedule cancel', () => {
  const cancelPath = operation('schedule.cancel').path;

  it('with the card: the appointment, whose it is, its provider and place, in Portuguese; then what was cancelled', async () => {
    const prompter = scripted(true);
    const r = await h.run(['--lang', 'pt-BR', 'schedule', 'cancel', '4242', '--usuario-cartao', CARD], {
      tty: TTY,
      prompter,
      env: PROVIDERS,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(
      [
        'Cancelar a consulta 4242 (cd_evento)',
        '03/12/2026 09:00–09:30, Ana Souza (cartão *************1005), Dra. Helena Prado (prestador 9001), Unidade Paulista',
        'Situação: status_agendamento confirmado (confirmada pelo prestador)',
        `Serviço: POST ${h.base.url}${cancelPath}`,
        'Consulta cancelada: 03/12/2026 09:00–09:30, Ana Souza (cartão *************1005), Dra. Helena Prado (prestador 9001), Unidade Paulista',
        '',
      ].join('\n'),
    );
    expect(prompter.asked).toEqual([{ kind: 'confirm', message: 'Cancelar esta consulta? Não é possível desfazer.' }]);
    expect(calls().sort()).toEqual(
      [
        'GET buscaagendamentos',
        'GET buscadadosusuario',
        'GET buscalocaisatendimento',
        'POST cancelaagendamento',
      ].sort(),
    );
    expect(calls().at(-1)).toBe('POST cancelaagendamento');
  });

  it('with the card and --yes, without a terminal: reads first, then says what was cancelled (English)', async () => {
    const r = await h.run(['schedule', 'cancel', '4242', '--usuario-cartao', CARD, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(
      'Appointment cancelled: 2026-12-03 09:00–09:30, Ana Souza (card *************1005), provider 9001, Unidade Paulista\n',
    );
    expect(calls().at(-1)).toBe('POST cancelaagendamento');
  });

  it('without the card, with --force: says what is known, and how to see more', async () => {
    const r = await h.run(['schedule', 'cancel', '4242', '--force'], { tty: TTY, prompter: scripted(false) });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      [
        'Cancel appointment 4242 (cd_evento)',
        'Whose appointment it is is not shown: the service lists appointments by card only (add --usuario-cartao <card> to see it here)',
        `Service: POST ${h.base.url}${cancelPath}`,
        'Nothing was sent.',
        '',
      ].join('\n'),
    );
    expect(calls()).toEqual([]);
  });

  it('without the card, on a terminal: asks whose appointment it is, and shows it before asking to cancel', async () => {
    const prompter = scripted(CARD, true);
    const r = await h.run(['schedule', 'cancel', '4242'], { tty: TTY, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked.map((q) => q.kind)).toEqual(['input', 'confirm']);
    expect(prompter.asked[0]!.message).toMatch(
      /^Card of the beneficiary whose appointment it is \[usuario_cartao\] \(/,
    );
    expect(r.stderr).toContain(
      'Cancel appointment 4242 (cd_evento)\n2026-12-03 09:00–09:30, Ana Souza (card *************1005), provider 9001, Unidade Paulista\n',
    );
    expect(calls().at(-1)).toBe('POST cancelaagendamento');
  });

  it('without the card, on a terminal, after a command that used one: offers that card (masked), not its 17 digits again', async () => {
    // The agent reads the caller's appointments first, as on the phone.
    expect((await h.run(['schedule', 'list', CARD], { tty: TTY, prompter: scripted() })).code).toBe(0);
    const prompter = scripted(true, true);
    const r = await h.run(['schedule', 'cancel', '4242'], { tty: TTY, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked).toEqual([
      { kind: 'confirm', message: 'Is it an appointment of card *************1005 (the card of your last command)?' },
      { kind: 'confirm', message: 'Cancel this appointment? This cannot be undone.' },
    ]);
    expect(r.stderr).toContain('2026-12-03 09:00–09:30, Ana Souza (card *************1005), provider 9001');
    expect(calls().at(-1)).toBe('POST cancelaagendamento');
    // Declined (another caller's appointment): the card is asked for, and the one typed is offered next time.
    const other = scripted(false, '00010001000001013');
    const refused = await h.run(['--lang', 'pt-BR', 'schedule', 'cancel', '77'], { tty: TTY, prompter: other });
    expect(refused.code).toBe(1);
    expect(other.asked.map((q) => q.kind)).toEqual(['confirm', 'input']);
    expect(other.asked[0]!.message).toBe('A consulta é do cartão *************1005 (o cartão do seu último comando)?');
    const next = scripted(false, CARD);
    await h.run(['schedule', 'cancel', '77'], { tty: TTY, prompter: next });
    expect(next.asked[0]!.message).toBe(
      'Is it an appointment of card *************1013 (the card of your last command)?',
    );
    // Without a terminal nothing is kept.
    rmSync(join(h.configHome, 'state', 'coopctl', 'recent-card.json'), { force: true });
    expect((await h.run(['schedule', 'list', CARD])).code).toBe(0);
    const asked = scripted(CARD, false);
    await h.run(['schedule', 'cancel', '4242'], { tty: TTY, prompter: asked });
    expect(asked.asked.map((q) => q.kind)).toEqual(['input', 'confirm']);
  });

  it('without the card, on a terminal: a card that does not have the appointment is refused before the question', async () => {
    const prompter = scripted('00010001000001013');
    const r = await h.run(['--lang', 'pt-BR', 'schedule', 'cancel', '77'], { tty: TTY, prompter, env: NO_COLOR });
    expect(r.code).toBe(1);
    expect(prompter.asked.map((q) => q.kind)).toEqual(['input']);
    expect(prompter.asked[0]!.message).toMatch(/^Cartão do beneficiário de quem é a consulta \[usuario_cartao\]/);
    expect(r.stderr).toBe(
      'erro: a consulta 77 não está entre as consultas do cartão *************1013: nada foi enviado (o serviço cancela só pelo cd_evento, seja de quem for; confira a consulta e o cartão, ou acrescente --force para cancelá-la mesmo assim)\n',
    );
    expect(calls()).toEqual(['GET buscaagendamentos']);
  });

  it('an appointment that is not the card’s: refused with exit 1 before any question, nothing sent (Portuguese)', async () => {
    const prompter = scripted();
    const r = await h.run(['--lang', 'pt-BR', 'schedule', 'cancel', '77', '--usuario-cartao', CARD], {
      tty: TTY,
      prompter,
      env: NO_COLOR,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'erro: a consulta 77 não está entre as consultas do cartão *************1005: nada foi enviado (o serviço cancela só pelo cd_evento, seja de quem for; confira a consulta e o cartão, ou acrescente --force para cancelá-la mesmo assim)\n',
    );
    expect(prompter.asked).toEqual([]);
    expect(calls()).toEqual(['GET buscaagendamentos']);
  });

  it('an appointment that is not the card’s, with --yes: refused all the same (English)', async () => {
    const r = await h.run(['schedule', 'cancel', '77', '--usuario-cartao', CARD, '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'error: appointment 77 is not among the appointments of card *************1005: nothing was sent (the service cancels by cd_evento alone, whoever it belongs to; check the appointment and the card, or add --force to cancel it anyway)\n',
    );
    expect(calls()).toEqual(['GET buscaagendamentos']);
  });

  it('a card with no appointment at all (no result): refused', async () => {
    h.base.reply(byPath({ buscaagendamentos: { json: [{ confirma_operacao: 3, mensagem_erro: 'no appointments' }] } }));
    const r = await h.run(['schedule', 'cancel', '4242', '--usuario-cartao', CARD, '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error: appointment 4242 is not among the appointments of card \*{13}1005: nothing was sent/,
    );
    expect(calls()).toEqual(['GET buscaagendamentos']);
  });

  it('with --force: says it is not the card’s, asks, and cancels on yes', async () => {
    const prompter = scripted(true);
    const r = await h.run(['schedule', 'cancel', '77', '--usuario-cartao', CARD, '--force'], { tty: TTY, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      [
        'Cancel appointment 77 (cd_evento)',
        'Appointment 77 is not among the appointments of card *************1005',
        'With --force, it is cancelled all the same.',
        `Service: POST ${h.base.url}${cancelPath}`,
      ].join('\n'),
    );
    expect(calls()).toEqual(['GET buscaagendamentos', 'POST cancelaagendamento']);
  });

  it('with --force and --yes, without a terminal: sent', async () => {
    const r = await h.run(['schedule', 'cancel', '77', '--usuario-cartao', CARD, '--force', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(calls()).toEqual(['GET buscaagendamentos', 'POST cancelaagendamento']);
  });

  it.each([
    ['realizado', 'took place'],
    ['cancelado', 'cancelled (the slot is free again)'],
    ['faltou', 'the beneficiary did not attend'],
  ])('the card’s appointment, %s: not active, refused; sent with --force', async (status, meaning) => {
    h.base.reply(byPath({ buscaagendamentos: { json: [{ ...appointments[0], status_agendamento: status }] } }));
    const r = await h.run(['schedule', 'cancel', '4242', '--usuario-cartao', CARD, '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `error: appointment 4242 of card *************1005 is not active (status_agendamento ${status} (${meaning})): nothing was sent (add --force to send the cancellation anyway)\n`,
    );
    expect(calls().filter((c) => c.startsWith('POST'))).toEqual([]);
    h.reset();
    h.base.reply(byPath({ buscaagendamentos: { json: [{ ...appointments[0], status_agendamento: status }] } }));
    const forced = await h.run(['schedule', 'cancel', '4242', '--usuario-cartao', CARD, '--yes', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(calls().at(-1)).toBe('POST cancelaagendamento');
  });

  it('a status the spec does not name (remarcado) is no reason to refuse: the question shows it', async () => {
    h.base.reply(byPath({ buscaagendamentos: { json: [{ ...appointments[0], status_agendamento: 'remarcado' }] } }));
    const r = await h.run(['schedule', 'cancel', '4242', '--usuario-cartao', CARD], {
      tty: TTY,
      prompter: scripted(true),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Status: status_agendamento remarcado (no documented meaning)');
    expect(calls().at(-1)).toBe('POST cancelaagendamento');
  });

  it('the card’s appointments cannot be read: refused, since it cannot be checked; sent with --force', async () => {
    h.base.reply(
      byPath({ buscaagendamentos: { status: 503, json: [{ confirma_operacao: 4, mensagem_erro: 'down' }] } }),
    );
    const r = await h.run(['--retries', '0', 'schedule', 'cancel', '4242', '--usuario-cartao', CARD, '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "error: the appointments of card *************1005 could not be read, so it cannot be checked that appointment 4242 is that card's: nothing was sent (try again, or add --force to cancel it without the check)\n",
    );
    expect(calls().filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('coopctl api on a terminal sends what it is given: it asks no card, only the question', async () => {
    const prompter = scripted(true);
    const r = await h.run(['api', 'POST', cancelPath, '-f', 'cd_evento=4242'], { tty: TTY, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked.map((q) => q.kind)).toEqual(['confirm']);
    expect(calls()).toEqual(['POST cancelaagendamento']);
  });

  it('a card that breaks the rule: exit 2 naming --usuario-cartao, nothing sent', async () => {
    const r = await h.run(['schedule', 'cancel', '4242', '--usuario-cartao', '123', '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: usuario_cartao \(--usuario-cartao\): must be 17 digits/);
    expect(calls()).toEqual([]);
  });

  it('without a terminal and without --yes, in Portuguese: exit 2, nothing read, nothing sent', async () => {
    const r = await h.run(['schedule', 'cancel', '4242', '--usuario-cartao', CARD], { env: { LANG: 'pt_BR.UTF-8' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'erro: coopctl schedule cancel cancela uma consulta: confirme com --yes (-y); sem um terminal o coopctl não pode perguntar. Nada foi enviado\n',
    );
    expect(calls()).toEqual([]);
  });
});
