/**
 * Every group and command by its Portuguese name (with and without accents),
 * as a Portuguese speaker types it: each reaches the command of its English
 * name; Portuguese help lists the names, English help does not; "did you
 * mean" searches both languages' names; the fields' short flags set their
 * field; and --data given a date says what --data reads and which flag takes
 * the date. The expected names are written out here, not read from the code.
 */
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/catalogue/index.js';
import { useHarness } from './harness.js';

/** English words → Portuguese words, as a person types them. */
const names: ReadonlyArray<readonly [string, string]> = [
  ['registration show', 'cadastro mostrar'],
  ['registration update-contact', 'cadastro atualizar-contato'],
  ['registration save-address', 'cadastro salvar-endereco'],
  ['registration cep', 'cadastro cep'],
  ['registration delete-address', 'cadastro excluir-endereço'],
  ['record allergies', 'prontuario alergias'],
  ['record certificates', 'prontuário atestados'],
  ['record exams', 'prontuario exames'],
  ['record medications', 'prontuario medicamentos'],
  ['record plans', 'prontuario planos'],
  ['record problems', 'prontuario problemas'],
  ['record summary', 'prontuario resumo'],
  ['schedule list', 'agenda listar'],
  ['schedule dates', 'agenda datas'],
  ['schedule times', 'agenda horarios'],
  ['schedule locations', 'agenda locais'],
  ['schedule cancel', 'agenda cancelar'],
  ['schedule book', 'agenda agendar'],
  ['enrol contract create', 'adesao contrato criar'],
  ['enrol contract search', 'adesão contrato pesquisar'],
  ['enrol contract set-status', 'adesao contrato alterar-situacao'],
  ['enrol payer', 'adesao pagador'],
  ['enrol beneficiary add', 'adesao beneficiario incluir'],
  ['enrol beneficiary contact', 'adesao beneficiário contato'],
  ['enrol beneficiary document', 'adesao beneficiario documento'],
  ['enrol beneficiary address', 'adesao beneficiario endereco'],
  ['enrol beneficiary declaration', 'adesao beneficiario declaracao'],
  ['enrol wizard', 'adesao assistente'],
  ['enrol batch', 'adesao lote'],
  ['notify device register', 'notificacao dispositivo cadastrar'],
  ['notify device change', 'notificação dispositivo alterar'],
  ['notify send', 'notificacao enviar'],
  ['notify send-all', 'notificacao enviar-todos'],
];

const CARD = '00010001000001005';

describe('Portuguese names', () => {
  const harness = useHarness('coopctl-names-');

  it('the table names every operation of the catalogue', () => {
    const named = new Set(names.map(([en]) => en));
    for (const op of catalogue) expect(named.has(op.command.join(' ')), op.command.join(' ')).toBe(true);
  });

  it.each(names)('%s is also %s', async (en, pt) => {
    const english = await harness.h.run([...en.split(' '), '--help', '--lang', 'pt-BR']);
    const portuguese = await harness.h.run([...pt.split(' '), '--help', '--lang', 'pt-BR']);
    expect(english.code).toBe(0);
    expect(portuguese.code).toBe(0);
    expect(portuguese.stdout).toBe(english.stdout);
    expect(portuguese.stdout).toMatch(new RegExp(`^Uso: coopctl ${en} `));
  });

  it('Portuguese help lists the Portuguese names beside the English ones; English help names the English ones', async () => {
    const pt = await harness.h.run(['--help', '--lang', 'pt-BR']);
    for (const line of ['registration|cadastro', 'record|prontuario', 'schedule|agenda', 'enrol|adesao'])
      expect(pt.stdout).toContain(`  ${line} `);
    expect(pt.stdout).toContain('  notify|notificacao ');
    const group = await harness.h.run(['schedule', '--help', '--lang', 'pt-BR']);
    expect(group.stdout).toContain('  book|agendar ');
    expect(group.stdout).toContain('  cancel|cancelar ');
    const en = await harness.h.run(['schedule', '--help', '--lang', 'en']);
    expect(en.stdout).toContain('  book ');
    expect(en.stdout).not.toContain('agendar');
    expect((await harness.h.run(['--help', '--lang', 'en'])).stdout).not.toContain('cadastro');
  });

  it.each([
    [[], []],
    [[], ['record']],
    [['record'], ['allergies']],
    [['prontuario'], ['alergias']],
    [[], ['enrol', 'batch']],
    [[], ['lote']],
  ])('%j ajuda %j is help: the same page, exit 0', async (before, after) => {
    const help = await harness.h.run([...before, 'help', ...after, '--lang', 'pt-BR']);
    const ajuda = await harness.h.run([...before, 'ajuda', ...after, '--lang', 'pt-BR']);
    expect([help.code, ajuda.code]).toEqual([0, 0]);
    expect(ajuda.stdout).not.toBe('');
    expect(ajuda.stdout).toBe(help.stdout);
    expect(ajuda.stderr).toBe('');
  });

  it('Portuguese help lists help|ajuda; English help does not name ajuda', async () => {
    const pt = await harness.h.run(['--help', '--lang', 'pt-BR']);
    expect(pt.stdout).toMatch(/^ {2}help\|ajuda \[comando\] +mostra a ajuda de um comando$/m);
    const group = await harness.h.run(['record', '--help', '--lang', 'pt-BR']);
    expect(group.stdout).toContain('  help|ajuda [comando]');
    const en = await harness.h.run(['--help', '--lang', 'en']);
    expect(en.stdout).toMatch(/^ {2}help \[command\] +display help for command$/m);
    expect(en.stdout).not.toContain('ajuda');
  });

  it.each([
    [['ajud'], 'ajuda'],
    [['adesa'], 'adesao'],
    [['cadastr'], 'cadastro'],
    [['prontuaro'], 'prontuario'],
    [['schedule', 'agendr'], 'agendar'],
    [['agenda', 'cancela'], 'cancelar'],
    [['prontuario', 'alergia'], 'alergias'],
  ])('%j: did you mean %s', async (argv, meant) => {
    const pt = await harness.h.run([...argv, '--lang', 'pt-BR']);
    expect(pt.code).toBe(2);
    // One name, or one of several (`cancel, cancelar`).
    const offered = (said: string, text: string) =>
      text
        .split('\n')
        .find((l) => l.startsWith(`(${said}`))
        ?.replace(/[?)]+$/, '')
        .split(/[ ,]+/) ?? [];
    expect(offered('Você quis dizer', pt.stderr)).toContain(meant);
    const en = await harness.h.run([...argv, '--lang', 'en']);
    expect(offered('Did you mean', en.stderr)).toContain(meant);
  });

  it('--cartao, --local and --prestador set the fields of their long flags', async () => {
    harness.h.base.reply({ status: 200, json: [] });
    await harness.h.run(['agenda', 'listar', '--cartao', CARD, '--lang', 'pt-BR']);
    await harness.h.run([
      'schedule',
      'times',
      '--local',
      '101',
      '--prestador',
      '9001',
      '--data-consulta',
      '2026-12-10',
    ]);
    const [list, times] = harness.h.base.requests;
    expect(new URL(list!.url, 'http://x').searchParams.get('usuario_cartao')).toBe(CARD);
    const query = new URL(times!.url, 'http://x').searchParams;
    expect([query.get('cd_local'), query.get('prest_cod_svc_card'), query.get('data_consulta')]).toEqual([
      '101',
      '9001',
      '2026-12-10',
    ]);
    const help = await harness.h.run(['agenda', 'listar', '--help', '--lang', 'pt-BR']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('ou, abreviado, --cartao');
  });

  it('--data given a date: --data reads a JSON file, and the date is --data-consulta', async () => {
    const pt = await harness.h.run(
      ['schedule', 'times', '--local', '101', '--prestador', '9001', '--data', '10/12/2026'],
      {
        env: { COOPCTL_LANG: 'pt-BR' },
      },
    );
    expect(pt.code).toBe(2);
    expect(pt.stderr).toContain('--data lê um arquivo JSON de parâmetros');
    expect(pt.stderr).toContain('para a data, use --data-consulta');
    expect(pt.stderr).not.toContain('ENOENT');
    const en = await harness.h.run(['schedule', 'list', CARD, '--data', '2026-12-10', '--lang', 'en']);
    expect(en.stderr).toContain('--data reads a JSON file of parameters');
    expect(en.stderr).toContain('this command takes no date');
    const missing = await harness.h.run(['schedule', 'list', CARD, '--data', 'nao-existe.json', '--lang', 'pt-BR']);
    expect(missing.stderr).toContain('não foi possível ler nao-existe.json (o arquivo não existe)');
    expect(harness.h.base.requests).toHaveLength(0);
  });
});
