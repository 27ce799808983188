/**
 * What people type reaches the service in the wire form, whichever way it is
 * given: flags, the positional card, --data, a prompt's answer and a CSV batch
 * row. Warnings (a wrong card check digit, an undocumented code) are said on
 * stderr and change nothing: the request is sent, the exit code is the
 * answer's. Expected bodies are written from the spec's wire formats.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation, sampleRecord } from '../../src/catalogue/index.js';
import { OTHER_CODE } from '../../src/cli/interactive/fields.js';
import { ENTER, fakePrompter } from '../interactive/fake-prompter.js';
import type { RecordedRequest } from '../helpers/fake-service.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => h.reset());

const TTY = { stdin: true, stdout: true, stderr: true } as const;
/** 30 November 2026: `amanhã` is 1 December 2026. */
const TODAY = new Date(2026, 10, 30, 12, 0);

const bodyOf = (req: RecordedRequest | undefined) => JSON.parse(req?.body ?? 'null') as unknown;
const warnings = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('warning: '));

describe('flags and the positional card', () => {
  it('a registration update in Brazilian forms is sent in the wire forms of section 4.1', async () => {
    h.test.reply({ json: [{ confirma_operacao: 1, mensagem_erro: '' }] });
    const r = await h.run([
      'registration',
      'update-contact',
      '0001 0001 000001 00 5',
      '--usuario-telefone',
      '(11) 3333-4444',
      '--usuario-celular',
      '+55 11 98765-4321',
      '--usuario-fax',
      '11987654321',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(bodyOf(h.test.requests[0])).toEqual({
      usuario_cartao: '00010001000001005',
      usuario_telefone: '(11)33334444',
      usuario_celular: '(11)987654321',
      usuario_fax: '(11)987654321',
    });
    expect(warnings(r.stderr)).toEqual([]);
  });

  it('a payer in Brazilian forms is sent with the enrolment area wire forms (int phone and CEP, masked CPF, d/m/Y)', async () => {
    h.base.reply({ json: [{ confirma_operacao: 1, mensagem_erro: '' }] });
    const r = await h.run([
      'enrol',
      'payer',
      '3',
      ...['--cpf', '52998224725', '--nome', 'Ana Souza', '--nome-mae', 'Maria Souza'],
      ...['--data-nascimento', '1985-03-15', '--sexo', 'f', '--grau-parentesco', 'TIT', '--estado-civil', 'C'],
      ...['--telefone-principal', '(11) 98765-4321', '--telefone-secundario', '11 3333-4444'],
      ...['--email', 'ana@example.com', '--cep', '01310-100', '--logradouro', 'Avenida Paulista'],
      ...[
        '--logradouro-numero',
        '1578',
        '--bairro',
        'Bela Vista',
        '--inicio-vigencia',
        '1/2/2026',
        '--fatura-email',
        'sim',
      ],
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(bodyOf(h.base.requests[0])).toEqual({
      contrato_id: 3,
      cpf: '529.982.247-25',
      nome: 'Ana Souza',
      nome_mae: 'Maria Souza',
      data_nascimento: '15/03/1985',
      sexo: 'F',
      grau_parentesco: 'TIT',
      estado_civil: 'C',
      telefone_principal: 11987654321,
      telefone_secundario: 1133334444,
      email: 'ana@example.com',
      cep: 1310100,
      logradouro: 'Avenida Paulista',
      logradouro_numero: '1578',
      bairro: 'Bela Vista',
      inicio_vigencia: '01/02/2026',
      fatura_email: 'S',
    });
  });

  it('`hoje` and `amanhã` are days of the run’s clock', async () => {
    h.base.reply({ json: [] });
    const r = await h.run(
      ['schedule', 'times', '--cd-local', '101', '--prest-cod-svc-card', '9001', '--data-consulta', 'amanhã'],
      {
        today: TODAY,
      },
    );
    expect(r.code, r.stderr).toBe(3);
    expect(h.base.requests[0]!.url.searchParams.get('data_consulta')).toBe('2026-12-01');
  });

  it('a card of 16 digits is refused, echoing the digits as typed so the missing one shows, and nothing is sent', async () => {
    const r = await h.run(['registration', 'show', '0001 0001 000001 00']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'usuario_cartao (--usuario-cartao): must be 17 digits; understood 16 digits "0001000100000100"',
    );
    expect(h.test.requests).toHaveLength(0);
  });

  it('with --mask, the digits echoed are masked as every message is', async () => {
    const r = await h.run(['--mask', 'registration', 'show', '0001 0001 000001 00']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('must be 17 digits; understood 16 digits "0001 **** **** **00"');
    expect(r.stderr).not.toContain('0001000100000100');
  });

  it('a CPF given where a card is wanted is named as a CPF, in each language', async () => {
    for (const cpf of ['52998224725', '529.982.247-25']) {
      const en = await h.run(['registration', 'show', cpf]);
      expect(en.code).toBe(2);
      expect(en.stderr).toContain('understood 11 digits "52998224725", which is a CPF, not a card number');
      const pt = await h.run(['--lang', 'pt-BR', 'registration', 'show', cpf]);
      expect(pt.stderr).toContain('foram lidos 11 dígitos "52998224725", que são um CPF, não um número de cartão');
    }
    // Eleven digits without a CPF's check digits are not named so.
    const other = await h.run(['registration', 'show', '52998224726']);
    expect(other.stderr).toContain('understood 11 digits "52998224726" (see');
    expect(h.test.requests).toHaveLength(0);
  });

  it('registration cep with 7 digits says the rule without "no hyphen" (a hyphen is accepted)', async () => {
    const en = await h.run(['registration', 'cep', '1310100']);
    expect(en.code).toBe(2);
    expect(en.stderr).toContain('cep (--cep): must be 8 to 11 digits');
    expect(en.stderr).not.toMatch(/hyphen/);
    const pt = await h.run(['--lang', 'pt-BR', 'registration', 'cep', '1310100']);
    expect(pt.stderr).toContain('cep (--cep): deve ter de 8 a 11 dígitos');
    expect(pt.stderr).not.toMatch(/hífen/);
  });
});

describe('--data', () => {
  it('a booking from JSON in Brazilian forms is sent in the scheduling area wire forms', async () => {
    h.base.reply({ json: [{ confirma_operacao: 1, mensagem_erro: '', cd_evento: 77 }] });
    const data = {
      cd_local: 101,
      prest_cod_svc_card: 9001,
      tp_evento: 1,
      dt_hr_inicio: '01/12/2026 9:00',
      dt_hr_fim: '2026-12-01T09:30',
      ds_email: 'ana@example.com',
      nr_ddd_celular: '(11)',
      nr_celular: '98765-4321',
      ds_endereco: 'Rua Augusta, 100',
    };
    const r = await h.run(['schedule', 'book', '00010001000001005', '--data', '-'], { stdin: JSON.stringify(data) });
    expect(r.code, r.stderr).toBe(0);
    expect(bodyOf(h.base.requests[0])).toEqual({
      usuario_cartao: '00010001000001005',
      cd_local: 101,
      prest_cod_svc_card: 9001,
      tp_evento: 1,
      dt_hr_inicio: '2026-12-01 09:00',
      dt_hr_fim: '2026-12-01 09:30',
      ds_email: 'ana@example.com',
      nr_ddd_celular: 11,
      nr_celular: 987654321,
      ds_endereco: 'Rua Augusta, 100',
    });
  });
});

describe('prompts', () => {
  it('an answer in a Brazilian form is sent in the wire form', async () => {
    h.test.reply({ json: [sampleRecord(operation('registration.show'))] });
    const prompter = fakePrompter([{ q: '[usuario_cartao]', a: '0001.0001.000001.00-5' }]);
    const r = await h.run(['registration', 'show'], { tty: TTY, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(h.test.requests[0]!.url.searchParams.get('usuario_cartao')).toBe('00010001000001005');
    expect(prompter.asked[0]!.errors).toEqual([]);
  });

  it('a date asked for takes `amanhã`, and its question says so', async () => {
    h.base.reply({ json: [] });
    const prompter = fakePrompter([{ q: '[data_consulta]', a: 'amanhã' }]);
    const r = await h.run(['schedule', 'times', '--cd-local', '101', '--prest-cod-svc-card', '9001'], {
      tty: TTY,
      prompter,
      today: TODAY,
    });
    expect(r.code, r.stderr).toBe(3);
    expect(prompter.asked[0]!.message).toContain('hoje');
    expect(h.base.requests[0]!.url.searchParams.get('data_consulta')).toBe('2026-12-01');
  });

  it('an open code list offers its documented codes and "other code…"; another code is warned about once, and sent', async () => {
    const op = operation('notify.device.register');
    h.base.reply({ json: [sampleRecord(op)] });
    const prompter = fakePrompter([
      { q: '[dispositivo_tipo]', a: OTHER_CODE },
      { q: 'other code', a: '12' },
      '7',
      // The optional card, offered after the required fields: left out.
      { q: 'usuario_cartao', a: ENTER },
    ]);
    const r = await h.run(['notify', 'device', 'register', '--dispositivo-token', 'fcm-token-1'], {
      tty: TTY,
      prompter,
    });
    expect(r.code, r.stderr).toBe(0);
    const select = prompter.asked[0]!;
    expect(select.kind).toBe('select');
    expect(select.choices!.map((c) => c.value)).toEqual(['1', '2', '3', OTHER_CODE]);
    expect(select.choices![0]!.name).toBe('1 (Android)');
    expect(prompter.asked[1]!.errors).toEqual([expect.stringMatching(/^must be an integer of 1 digit/)]);
    expect(warnings(r.stderr)).toEqual([
      'warning: dispositivo_tipo: 7 is not a documented code (1 Android, 2 iOS, 3 web browser (Web Push))',
    ]);
    expect(bodyOf(h.base.requests[0])).toEqual({ dispositivo_token: 'fcm-token-1', dispositivo_tipo: 7 });
  });
});

describe('warnings never stop the request', () => {
  it('a card whose check digit does not match: warned (the card not repeated), sent, exit as answered', async () => {
    h.test.reply({ json: [sampleRecord(operation('registration.show'))] });
    const r = await h.run(['registration', 'show', '00010001000001004']);
    expect(r.code, r.stderr).toBe(0);
    expect(warnings(r.stderr)).toEqual([
      'warning: usuario_cartao: the check digit does not match: the first 16 digits give 5, the number ends in 4 (check it)',
    ]);
    expect(r.stderr).not.toContain('00010001000001004');
    expect(h.test.requests[0]!.url.searchParams.get('usuario_cartao')).toBe('00010001000001004');
  });

  it('an undocumented code: warned, sent, and the exit code is the answer’s (here a refusal, 1)', async () => {
    h.base.reply({ json: [{ confirma_operacao: 4, mensagem_erro: 'unknown type' }] });
    const r = await h.run([
      'notify',
      'send-all',
      '--conteudo',
      'Hello',
      '--tipo-notificacao',
      '42',
      '--usuario-envio',
      '1',
      '--yes',
    ]);
    expect(r.code).toBe(1);
    expect(warnings(r.stderr)).toEqual([
      'warning: tipo_notificacao: 42 is not a documented code (1 informative message, 2 appointment reminder or change, 3 exam result available, 4 billing and payments, 5 health campaign, 6 registration update)',
    ]);
    expect(bodyOf(h.base.requests[0])).toMatchObject({ tipo_notificacao: 42 });
  });

  it('a list with codes in any case: documented ones written as documented, the others warned about', async () => {
    h.base.reply({ json: [{ confirma_operacao: 1, mensagem_erro: '', documento_id: 5 }] });
    const r = await h.run([
      'enrol',
      'beneficiary',
      'document',
      '9',
      '--tipo-documento',
      'rg,xyz',
      '--numero',
      '123',
      '--tipo-arquivo',
      'pdf',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(bodyOf(h.base.requests[0])).toMatchObject({ tipo_documento: ['RG', 'xyz'] });
    expect(warnings(r.stderr)).toEqual([
      expect.stringMatching(/^warning: tipo_documento: xyz is not a documented code \(RG /),
    ]);
  });
});
