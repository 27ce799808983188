/**
 * Confirmations say exactly what will happen, in the run's language: whose
 * appointment (read first with --usuario-cartao, or the card asked for on a
 * terminal; not the card's active appointment: refused unless --force), which
 * address (read first on a terminal), to whom a notification goes; and `notify send` on a
 * terminal offers the audience filters, their codes explained, before it
 * asks. Against fake services answering by path, with a scripted prompter.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation, sampleRecord } from '../../../src/catalogue/index.js';
import type { Choice, Prompter } from '../../../src/cli/prompter.js';
import type { CannedReply, RecordedRequest } from '../../helpers/fake-service.js';
import { startHarness, type Harness } from '../harness.js';

const TTY = { stdin: true, stdout: true, stderr: true } as const;
const CARD = '00010001000001005';

/** What the scripted prompter was asked, in order. */
interface Asked {
  readonly kind: 'select' | 'input' | 'confirm';
  readonly message: string;
  readonly choices?: readonly string[];
}

/** Answers questions from `answers` in turn (a select's value, an input's text, a confirm's boolean). */
function scripted(...answers: Array<string | boolean>): Prompter & { readonly asked: Asked[] } {
  const asked: Asked[] = [];
  const next = (q: Asked) => {
    asked.push(q);
    if (answers.length === 0) throw new Error(`no scripted answer for "${q.message}"`);
    return answers.shift()!;
  };
  return {
    asked,
    input: async (q) => String(next({ kind: 'input', message: q.message })),
    password: async () => {
      throw new Error('unexpected password question');
    },
    select: async <T extends string>(q: { message: string; choices: readonly Choice<T>[] }) =>
      String(next({ kind: 'select', message: q.message, choices: q.choices.map((c) => c.name) })) as T,
    confirm: async (q) => Boolean(next({ kind: 'confirm', message: q.message })),
    search: async () => {
      throw new Error('unexpected search question');
    },
  };
}

/** The fake services' answers, by the path's last segment. */
const appointments = [
  {
    cd_evento: 4242,
    cd_coop_prest: 1,
    prest_cod_svc_card: 9001,
    data_consulta: '2026-12-03',
    hora_inicio: '09:00',
    hora_fim: '09:30',
    status_agendamento: 'confirmado',
    data_cadastro: '2026-11-20',
    confirma_operacao: 2,
    mensagem_erro: '',
  },
];
const registration = {
  ...sampleRecord(operation('registration.show')),
  nome: 'Ana Souza',
  endereco: [
    {
      ...(sampleRecord(operation('registration.show'))['endereco'] as object[])[0],
      codigo: 2,
      tipo: 'COMERCIAL',
      logradouro: 'Rua Augusta',
      numero: '100',
      bairro: 'Consolação',
      cidade: 'São Paulo',
      estado: 'SP',
    },
  ],
};
const byPath =
  (extra: Record<string, CannedReply> = {}) =>
  (req: RecordedRequest): CannedReply => {
    const last = req.url.pathname.split('/').pop()!;
    const canned: Record<string, CannedReply> = {
      buscaagendamentos: { json: appointments },
      buscadadosusuario: { json: [registration] },
      buscalocaisatendimento: {
        json: [{ cd_local: 101, nm_local: 'Unidade Paulista', confirma_operacao: 2, mensagem_erro: '' }],
      },
      ...extra,
    };
    return canned[last] ?? { json: [{ confirma_operacao: 1, mensagem_erro: '' }] };
  };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.reset();
  h.base.reply(byPath());
  h.test.reply(byPath());
});

const calls = () =>
  [...h.test.requests, ...h.base.requests].map((r) => `${r.method} ${r.url.pathname.split('/').pop()}`);
const PROVIDERS = { COOPCTL_PROVIDERS: '9001=Dra. Helena Prado' };
/** On a terminal, error lines are coloured unless NO_COLOR is set. */
const NO_COLOR = { NO_COLOR: '1' };

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
    expect(r.code).toBe(1);
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

describe('registration delete-address', () => {
  const argv = ['registration', 'delete-address', CARD, '--endereco-ind', '2'];

  it('on a terminal: the address and whose it is, then what was deleted (Portuguese)', async () => {
    const r = await h.run(['--lang', 'pt-BR', ...argv], { tty: TTY, prompter: scripted(true) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(
      [
        'Excluir o endereço 2 (endereco_ind) do cartão *************1005',
        'Endereço: COMERCIAL – Rua Augusta, 100 – Consolação – São Paulo/SP',
        'Beneficiário: Ana Souza',
        `Serviço: POST ${h.test.url}${operation('registration.delete-address').path}`,
        'Endereço 2 do cartão *************1005 excluído: COMERCIAL – Rua Augusta, 100 – Consolação – São Paulo/SP',
        '',
      ].join('\n'),
    );
    expect(calls()).toEqual(['GET buscadadosusuario', 'POST excluiendereco']);
  });

  it('an address the card does not have: names the ones it has', async () => {
    const r = await h.run(['registration', 'delete-address', CARD, '--endereco-ind', '5'], {
      tty: TTY,
      prompter: scripted(false),
    });
    expect(r.stderr).toContain(
      'Card *************1005 has no address 5 (its addresses: 2): the service will probably refuse\n',
    );
  });

  it('a script (no terminal, --yes): the deletion alone', async () => {
    const r = await h.run([...argv, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('Address 2 of card *************1005 deleted\n');
    expect(calls()).toEqual(['POST excluiendereco']);
  });
});

describe('notify send-all', () => {
  it('says it goes to ALL app users, what and of which type, and that the audience size is not known before', async () => {
    const r = await h.run(
      [
        '--lang',
        'pt-BR',
        'notify',
        'send-all',
        '--conteudo',
        'Vacinação',
        '--tipo-notificacao',
        '5',
        '--usuario-envio',
        '1',
      ],
      { tty: TTY, prompter: scripted(false) },
    );
    expect(r.stderr.split('\n').slice(0, 3)).toEqual([
      'Enviar uma notificação push para TODOS os usuários do aplicativo da cooperativa',
      'Tamanho do público: desconhecido antes do envio (o serviço não tem operação que conte os usuários do aplicativo); a resposta informa o número de destinatários.',
      'Mensagem: "Vacinação" — tipo_notificacao 5 (campanha de saúde)',
    ]);
  });
});

describe('notify send on a terminal: the audience', () => {
  const message = [
    'notify',
    'send',
    '--conteudo',
    'Consulta amanhã',
    '--tipo-notificacao',
    '2',
    '--usuario-envio',
    '1',
  ];

  it('offers the filters with their codes explained (Portuguese), then says the audience in words and asks', async () => {
    h.base.reply({ json: [{ recipients: 12, id: 'n-9', confirma_operacao: 1, mensagem_erro: '' }] });
    const prompter = scripted('2', '', '', true);
    const r = await h.run(['--lang', 'pt-BR', ...message], { tty: TTY, prompter });
    expect(r.code, r.stderr).toBe(0);
    // The question's own words (optional, other code, leave empty) are the prompts' (interactive/fields.ts).
    const [group, type, card] = prompter.asked;
    expect(group!.kind).toBe('select');
    expect(group!.message).toMatch(/^Grupo de usuários a notificar \[grupo_usuario\]/);
    expect(group!.choices!.slice(0, 3)).toEqual([
      '1 (plano individual ou familiar)',
      '2 (plano empresarial)',
      '3 (plano coletivo por adesão)',
    ]);
    expect(group!.choices).toHaveLength(5); // other code, leave empty
    expect(type!.kind).toBe('select');
    expect(type!.message).toMatch(/^Tipo de beneficiário a notificar \[tipo_beneficiario\]/);
    expect(type!.choices!.slice(0, 3)).toEqual(['1 (titular)', '2 (dependente)', '3 (agregado)']);
    expect(card!.kind).toBe('input');
    expect(card!.message).toMatch(/^Cartão do beneficiário a notificar \[usuario_cartao\]/);
    expect(prompter.asked[3]).toEqual({
      kind: 'confirm',
      message: 'Enviar esta notificação? Não é possível desfazer.',
    });
    expect(r.stderr.split('\n').slice(0, 4)).toEqual([
      'Quem deve recebê-la? Cada filtro restringe o público; deixe todos vazios para enviar a todos os usuários do aplicativo.',
      'Público: os usuários do aplicativo da cooperativa com grupo_usuario 2 (plano empresarial)',
      'Tamanho do público: desconhecido antes do envio (o serviço não tem operação que conte os usuários do aplicativo); a resposta informa o número de destinatários.',
      'Mensagem: "Consulta amanhã" — tipo_notificacao 2 (lembrete ou alteração de consulta)',
    ]);
    const sent = JSON.parse(h.base.requests[0]!.body) as Record<string, unknown>;
    expect(sent['grupo_usuario']).toBe(2);
    expect(sent).not.toHaveProperty('tipo_beneficiario');
    expect(r.stdout).toContain('12');
  });

  it('with every filter left empty (English): it says it goes to every app user, and asks', async () => {
    const prompter = scripted('', '', '', false);
    const r = await h.run(message, { tty: TTY, prompter });
    expect(r.code).toBe(1);
    expect(prompter.asked[0]!.message).toBe('User group to notify [grupo_usuario] (optional, Enter to skip)');
    expect(prompter.asked[0]!.choices).toEqual([
      '1 (individual or family plan)',
      '2 (company plan)',
      '3 (collective plan by membership)',
      'other code…',
      '(leave empty)',
    ]);
    expect(r.stderr).toContain(
      'Send a push notification with no audience filter (--grupo-usuario, --tipo-beneficiario, --usuario-cartao): it goes to every app user of the cooperative\n',
    );
    expect(prompter.asked.at(-1)).toEqual({
      kind: 'confirm',
      message: 'Send to every app user? This cannot be undone.',
    });
    expect(h.base.requests).toHaveLength(0);
  });

  it('filters given as flags: no filter question, but the audience in words and the question', async () => {
    const prompter = scripted(false);
    const r = await h.run([...message, '--tipo-beneficiario', '1', '--usuario-cartao', CARD], { tty: TTY, prompter });
    expect(r.code).toBe(1);
    expect(prompter.asked.map((a) => a.kind)).toEqual(['confirm']);
    expect(r.stderr).toContain(
      'Audience: the app users of the cooperative with tipo_beneficiario 1 (holder (titular)) and usuario_cartao *************1005\n',
    );
  });

  it('--yes: no question at all', async () => {
    h.base.reply({ json: [{ recipients: 3, id: 'n-1', confirma_operacao: 1, mensagem_erro: '' }] });
    const prompter = scripted();
    const r = await h.run([...message, '--grupo-usuario', '1', '--yes'], { tty: TTY, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked).toEqual([]);
  });
});
