/**
 * Never cancel the wrong beneficiary's appointment: the built bin/coopctl
 * against the real embedded server with the demo data books an appointment
 * for one card, then tries to cancel it with another card given. The service
 * cancels by cd_evento alone and cannot refuse, so coopctl must: on a
 * terminal (a real one, under tmux) before any question, and with --yes,
 * exit 1 with nothing sent; without a terminal and without --yes, exit 2;
 * the appointment stays active each time. With --force it is cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tmux } from '../interactive/tmux.js';
import { bin, useDemoWorld } from './demo-world.js';
import { inLang } from './locale.js';

/** Ana (the holder of contract 1) books; her spouse's card is the wrong one given. */
const ANA = '00010001000001005';
const SPOUSE = '00010001000001013';
/** Provider 9001 (Clínica Geral) at location 102 (Unidade Pinheiros). */
const AT = ['--prest-cod-svc-card', '9001', '--cd-local', '102'];

const world = useDemoWorld('coopctl-e2e-cancel-');
let tmux: Tmux;
beforeAll(() => {
  tmux = new Tmux();
});
afterAll(() => tmux.close());

const { coopctl } = world;

async function json(argv: readonly string[]): Promise<Array<Record<string, unknown>>> {
  const r = await coopctl([...argv, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Array<Record<string, unknown>>;
}

/** The status of Ana's appointment `id`, as the service lists it. */
async function statusOf(id: string): Promise<unknown> {
  const list = await json(['schedule', 'list', ANA]);
  return list.find((a) => String(a['cd_evento']) === id)?.['status_agendamento'];
}

/** Books the first free slot at Pinheiros for Ana: its cd_evento. */
async function bookForAna(): Promise<string> {
  const [date] = await json(['schedule', 'dates', ...AT]);
  const day = String(date!['data_consulta']);
  const [slot] = await json(['schedule', 'times', ...AT, '--data-consulta', day]);
  const r = await coopctl([
    'schedule',
    'book',
    ANA,
    ...AT,
    '--tp-evento',
    String(slot!['tp_evento']),
    '--dt-hr-inicio',
    `${day} ${String(slot!['hora_inicio'])}`,
    '--dt-hr-fim',
    `${day} ${String(slot!['hora_fim'])}`,
    '--ds-email',
    'ana.souza@example.com',
    '--nr-ddd-celular',
    '11',
    '--nr-celular',
    '987654321',
    '--ds-endereco',
    'Rua dos Pinheiros, 870',
  ]);
  expect(r.code, r.stderr).toBe(0);
  // Into a pipe, a write prints the id it creates alone.
  expect(r.stdout).toMatch(/^\d+\n$/);
  return r.stdout.trim();
}

/** The refusal's words in this run's language. */
const refusal = (id: string) =>
  inLang({
    en: `appointment ${id} is not among the appointments of card *************1013: nothing was sent`,
    pt: `a consulta ${id} não está entre as consultas do cartão *************1013: nada foi enviado`,
  });

describe('schedule cancel with another beneficiary’s card', () => {
  it('is refused on a terminal, without a terminal and with --yes; cancelled only with --force', async () => {
    const id = await bookForAna();
    expect(await statusOf(id)).toBe('aguardando');

    // On a terminal, without --yes: refused before any question.
    const pane = await tmux.start('cancel', [bin, 'schedule', 'cancel', id, '--usuario-cartao', SPOUSE], {
      ...world.env(),
      NO_COLOR: '1',
    });
    expect(await pane.exitCode()).toBe(1);
    const screen = await pane.screen();
    expect(screen).toContain(`${inLang({ en: 'error', pt: 'erro' })}: ${refusal(id)}`);
    expect(screen).not.toMatch(/^\? /m);
    expect(await statusOf(id)).toBe('aguardando');

    // Without a terminal and without --yes: it cannot ask (exit 2), nothing sent.
    const piped = await coopctl(['schedule', 'cancel', id, '--usuario-cartao', SPOUSE]);
    expect(piped.code, piped.stderr).toBe(2);
    expect(await statusOf(id)).toBe('aguardando');

    // With --yes: refused all the same.
    const yes = await coopctl(['schedule', 'cancel', id, '--usuario-cartao', SPOUSE, '--yes']);
    expect(yes.code, yes.stderr).toBe(1);
    expect(yes.stderr).toContain(refusal(id));
    expect(await statusOf(id)).toBe('aguardando');

    // With --force (and --yes, without a terminal): cancelled.
    const forced = await coopctl(['schedule', 'cancel', id, '--usuario-cartao', SPOUSE, '--force', '--yes']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await statusOf(id)).toBe('cancelado');
  });

  it('with the right card and --yes, it is cancelled', async () => {
    const id = await bookForAna();
    const r = await coopctl(['schedule', 'cancel', id, '--usuario-cartao', ANA, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(await statusOf(id)).toBe('cancelado');
  });
});
