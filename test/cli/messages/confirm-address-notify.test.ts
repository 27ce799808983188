/**
 * The confirmations of `registration delete-address` (which address, read
 * first on a terminal, and whose) and of the notifications (to whom they go;
 * `notify send` on a terminal offers the audience filters, their codes
 * explained, before it asks). Against fake services answering by path, with a
 * scripted prompter.
 */
import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/index.js';
import { CARD, scripted, TTY, useConfirmHarness } from './confirm-setup.js';

const { h, calls } = useConfirmHarness();

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
      'Tamanho do público: o serviço conta os destinatários ao enviar, e a resposta diz quantos foram (o coopctl mostra o número depois do envio); não há como contar antes (o serviço não tem operação que conte os usuários do aplicativo).',
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
      'Tamanho do público: o serviço conta os destinatários ao enviar, e a resposta diz quantos foram (o coopctl mostra o número depois do envio); não há como contar antes (o serviço não tem operação que conte os usuários do aplicativo).',
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
    expect(r.code).toBe(5);
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
    expect(r.code).toBe(5);
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
