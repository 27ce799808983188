/**
 * Prompts for missing required fields, through the context's prompter: only
 * on a TTY without --no-input; each answer checked by the catalogue rule and
 * asked again with the rule shown; a select for closed sets; comma lists for
 * array fields. Without a TTY a missing field stays a usage error (exit 2).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fieldChoices, fieldMessage, fieldValidator } from '../../src/cli/interactive/fields.js';
import { operation, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import { messagesFor } from '../../src/cli/i18n/index.js';
import type { PromptWords } from '../../src/cli/prompter.js';
import { flagWords } from '../cli/argv.js';
import { startHarness, type Harness } from '../cli/harness.js';
import { ENTER, fakePrompter } from './fake-prompter.js';

const TTY = { stdin: true, stdout: true, stderr: true };
const CARD = '00010001000001005';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

describe('prompting for missing fields on a TTY', () => {
  it('asks for a missing card, asks again with the rule after an invalid answer, then sends', async () => {
    const op = operation('registration.show');
    h.test.reply({ json: [sampleRecord(op)] });
    const prompter = fakePrompter(['123', '0001000100000100X', CARD]);
    const r = await h.run(['registration', 'show'], { tty: TTY, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked).toHaveLength(1);
    const [q] = prompter.asked;
    expect(q!.kind).toBe('input');
    expect(q!.message).toContain('usuario_cartao');
    expect(q!.message).toContain('17 digits');
    expect(q!.errors).toEqual([
      `must be 17 digits; understood 3 digits "123", e.g. ${CARD}`,
      `must be 17 digits, e.g. ${CARD}`,
    ]);
    expect(h.test.requests).toHaveLength(1);
    expect(h.test.requests[0]!.url.searchParams.get('usuario_cartao')).toBe(CARD);
    expect(r.stderr).toContain('--usuario-cartao');
  });

  it('offers the choices of closed sets (R/C, S/N) in a select', async () => {
    const op = operation('registration.save-address');
    h.test.reply({ json: [sampleRecord(op)] });
    const {
      usuario_cartao,
      tipo_endereco: _t,
      endereco_ind_correspondencia: _c,
      endereco_ind_fatura: _f,
      endereco_ind: _i,
      ...rest
    } = sampleParams(op, false);
    const prompter = fakePrompter([
      { q: 'tipo_endereco', a: 'C' },
      { q: 'endereco_ind_correspondencia', a: 'S' },
      { q: 'endereco_ind_fatura', a: 'N' },
    ]);
    const r = await h.run(['registration', 'save-address', String(usuario_cartao), ...flagWords(rest)], {
      tty: TTY,
      prompter,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked.map((q) => q.kind)).toEqual(['select', 'select', 'select']);
    expect(prompter.asked[0]!.choices!.map((c) => c.value)).toEqual(['R', 'C']);
    expect(prompter.asked[1]!.choices!.map((c) => c.value)).toEqual(['S', 'N']);
    // On a terminal the card's addresses are read before and after an insertion (its new code): the POST is the save.
    const body = JSON.parse(h.test.requests.find((q) => q.method === 'POST')!.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      tipo_endereco: 'C',
      endereco_ind_correspondencia: 'S',
      endereco_ind_fatura: 'N',
      endereco_ind: 0,
    });
  });

  it('notify device register on a terminal: after the missing required fields, offers the optional card (Enter leaves it out)', async () => {
    const op = operation('notify.device.register');
    const { dispositivo_token: token, usuario_cartao: _card, ...rest } = sampleParams(op);
    for (const [answer, sent] of [
      [CARD, CARD],
      [ENTER, null],
    ] as const) {
      h.reset();
      h.base.reply({ json: [sampleRecord(op)] });
      const prompter = fakePrompter([
        { q: 'dispositivo_token', a: String(token) },
        { q: 'usuario_cartao', a: answer },
      ]);
      const r = await h.run(['notify', 'device', 'register', ...flagWords(rest)], { tty: TTY, prompter });
      expect(r.code, r.stderr).toBe(0);
      expect(prompter.asked).toHaveLength(2);
      expect(prompter.asked[0]!.message).toContain('dispositivo_token');
      expect(prompter.asked[1]!.message).toContain('usuario_cartao');
      expect(prompter.asked[1]!.message).toContain('(optional, Enter to skip)');
      const body = JSON.parse(h.base.requests[0]!.body) as Record<string, unknown>;
      expect(body['usuario_cartao'] ?? null).toBe(sent);
    }
  });

  it('registration delete-address on a terminal without the code: the card’s addresses to choose from, then the question', async () => {
    const show = operation('registration.show');
    const address = (sampleRecord(show)['endereco'] as Record<string, unknown>[])[0]!;
    const record = {
      ...sampleRecord(show),
      endereco: [
        { ...address, codigo: 1, tipo: 'RESIDENCIAL', logradouro: 'Rua Um', numero: '10' },
        { ...address, codigo: 2, tipo: 'COMERCIAL', logradouro: 'Rua Dois', numero: '20' },
      ],
    };
    h.test.reply((req) =>
      req.url.pathname.endsWith(show.path.split('/').at(-1)!)
        ? { json: [record] }
        : { json: [{ confirma_operacao: 1, mensagem_erro: '' }] },
    );
    const prompter = fakePrompter([
      { q: 'endereco_ind', a: '2' },
      { q: '?', a: true },
    ]);
    const r = await h.run(['registration', 'delete-address', CARD], { tty: TTY, prompter });
    expect(r.code, r.stderr).toBe(0);
    const pick = prompter.asked[0]!;
    expect(pick.kind).toBe('select');
    expect(pick.choices!.map((c) => c.value)).toEqual(['1', '2']);
    expect(pick.choices![1]!.name).toMatch(/^2 · COMERCIAL – Rua Dois, 20/);
    const deletion = h.test.requests.find((q) => q.method === 'POST')!;
    expect(JSON.parse(deletion.body)).toMatchObject({ endereco_ind: 2 });
  });

  it('registration save-address on a terminal: an insertion says the code the new address got; UF in any case', async () => {
    const show = operation('registration.show');
    const op = operation('registration.save-address');
    const address = (sampleRecord(show)['endereco'] as Record<string, unknown>[])[0]!;
    const withCodes = (...codes: number[]) => ({
      ...sampleRecord(show),
      endereco: codes.map((codigo) => ({ ...address, codigo })),
    });
    let reads = 0;
    h.test.reply((req) =>
      req.url.pathname.endsWith(show.path.split('/').at(-1)!)
        ? { json: [reads++ === 0 ? withCodes(1, 2) : withCodes(1, 2, 3)] }
        : { json: [{ confirma_operacao: 1, mensagem_erro: '' }] },
    );
    const { usuario_cartao: card, endereco_estado: _uf, ...rest } = sampleParams(op);
    const argv = ['registration', 'save-address', String(card), ...flagWords(rest), '--endereco-estado', 'sp'];
    const r = await h.run(argv, { tty: { stdin: false, stdout: false, stderr: true } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("The new address's code is 3 (endereco_ind, for an update or delete-address)");
    const saved = h.test.requests.find((q) => q.method === 'POST')!;
    expect(JSON.parse(saved.body)).toMatchObject({ endereco_estado: 'SP', endereco_ind: 0 });
    // Into a script's stderr: the call alone, no read before or after.
    h.reset();
    h.test.reply({ json: [{ confirma_operacao: 1, mensagem_erro: '' }] });
    const script = await h.run(argv);
    expect(script.code, script.stderr).toBe(0);
    expect(h.test.requests.map((q) => q.method)).toEqual(['POST']);
  });

  it('reads comma-separated codes for an array field, re-asking on a bad code', async () => {
    const op = operation('enrol.beneficiary.document');
    h.base.reply({ json: [sampleRecord(op)] });
    const prompter = fakePrompter(['RG,ABCD', ENTER, 'RG, CPF']);
    const r = await h.run(['enrol', 'beneficiary', 'document', '7', '--numero', '123', '--tipo-arquivo', 'pdf'], {
      tty: TTY,
      prompter,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked).toHaveLength(1);
    expect(prompter.asked[0]!.errors).toHaveLength(2);
    expect(prompter.asked[0]!.errors[0]).toMatch(/a list of codes of up to 3 characters/);
    expect(JSON.parse(h.base.requests[0]!.body)).toMatchObject({
      beneficiario_id: 7,
      tipo_documento: ['RG', 'CPF'],
      numero: '123',
    });
  });

  it('asks only the missing required fields, in order, and keeps the given ones', async () => {
    const op = operation('schedule.times');
    h.base.reply({ json: [sampleRecord(op)] });
    const prompter = fakePrompter([
      { q: 'prest_cod_svc_card', a: '9001' },
      { q: 'data_consulta', a: '2026-02-30' },
      '2026-03-02',
    ]);
    const r = await h.run(['schedule', 'times', '--cd-local', '101'], { tty: TTY, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked.map((q) => q.message.match(/\[(\w+)\]/)?.[1])).toEqual([
      'prest_cod_svc_card',
      'data_consulta',
    ]);
    expect(prompter.asked[1]!.errors[0]).toMatch(/real calendar date/);
    const q = h.base.requests[0]!.url.searchParams;
    expect([q.get('cd_local'), q.get('prest_cod_svc_card'), q.get('data_consulta')]).toEqual([
      '101',
      '9001',
      '2026-03-02',
    ]);
  });

  it("schedule book --dry-run on a TTY sends nothing, not even the wizard's reads: the missing fields are asked plainly", async () => {
    const prompter = fakePrompter([
      '101',
      '9001',
      '1',
      '2026-03-02 09:00',
      '2026-03-02 09:30',
      'a@example.com',
      '11',
      '987654321',
      'Rua Augusta, 100',
    ]);
    const r = await h.run(['schedule', 'book', CARD, '--dry-run'], { tty: TTY, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked.map((q) => q.kind)).toEqual(Array(9).fill('input'));
    expect(prompter.remaining()).toBe(0);
    expect(r.stdout).toContain('curl');
    expect(h.base.requests).toHaveLength(0);
  });

  it('an invalid flag is still a usage error: only missing fields are asked', async () => {
    const prompter = fakePrompter([]);
    const r = await h.run(['registration', 'show', '123'], { tty: TTY, prompter });
    expect(r.code).toBe(2);
    expect(prompter.asked).toHaveLength(0);
    expect(h.test.requests).toHaveLength(0);
  });
});

describe('no prompt without a TTY', () => {
  const cases: Array<[string, { stdin: boolean; stdout: boolean; stderr: boolean }, string[]]> = [
    ['no TTY at all', { stdin: false, stdout: false, stderr: false }, []],
    ['stdin not a TTY', { stdin: false, stdout: true, stderr: true }, []],
    ['stdout not a TTY', { stdin: true, stdout: false, stderr: true }, []],
    ['--no-input on a TTY', TTY, ['--no-input']],
  ];
  it.each(cases)(
    '%s: a missing field is a usage error naming the flag (exit 2), nothing sent',
    async (_name, tty, extra) => {
      const prompter = fakePrompter([]);
      const r = await h.run([...extra, 'registration', 'show'], { tty, prompter });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('usuario_cartao (--usuario-cartao): is required (17 digits)');
      expect(prompter.asked).toHaveLength(0);
      expect(h.test.requests).toHaveLength(0);
    },
  );

  it('schedule book without a TTY does not start the wizard', async () => {
    const prompter = fakePrompter([]);
    const r = await h.run(['schedule', 'book', CARD], { prompter });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--cd-local');
    expect(prompter.asked).toHaveLength(0);
    expect(h.base.requests).toHaveLength(0);
  });

  it('enrol wizard without a TTY is a usage error', async () => {
    const prompter = fakePrompter([]);
    const r = await h.run(['enrol', 'wizard'], { prompter });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/enrol wizard asks its questions on a terminal/);
    expect(prompter.asked).toHaveLength(0);
  });
});

describe('prompting in Portuguese (LANG=pt_BR.UTF-8)', () => {
  const PT = { LANG: 'pt_BR.UTF-8' };

  it('says what is missing, asks with the rule, and refuses in Portuguese; the prompt library gets its Portuguese words', async () => {
    const op = operation('registration.show');
    h.test.reply({ json: [sampleRecord(op)] });
    const fake = fakePrompter(['123', CARD]);
    const words: Array<PromptWords | undefined> = [];
    const prompter = {
      ...fake,
      input: (q: Parameters<typeof fake.input>[0]) => {
        words.push(q.words);
        return fake.input(q);
      },
    };
    const r = await h.run(['registration', 'show'], { tty: TTY, prompter, env: PT });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      'coopctl registration show: falta 1 campo obrigatório (--usuario-cartao); responda abaixo, ou Ctrl-C para parar.\n',
    );
    const [q] = fake.asked;
    expect(q!.message).toMatch(/ \[usuario_cartao\] \(17 dígitos; também 0001 0001 000001 00 5, /);
    expect(q!.errors).toEqual([`deve ter 17 dígitos; foram lidos 3 dígitos "123", ex.: ${CARD}`]);
    expect(words[0]).toMatchObject({ yes: 'Sim', no: 'Não', navigate: 'navegar', select: 'escolher' });
    expect(words[0]!.mustAnswer('Sim', 'Não')).toBe('Responda "Sim" ou "Não"');
  });

  it('offers closed sets and documented codes with their meaning in Portuguese', () => {
    const save = operation('registration.save-address');
    const PTM = messagesFor('pt-BR');
    expect(fieldChoices(PTM, save.params['endereco_ind_fatura']!).map((c) => c.name)).toEqual(['S (sim)', 'N (não)']);
    expect(fieldChoices(PTM, save.params['tipo_endereco']!, true).map((c) => c.name)).toEqual([
      'R (residencial)',
      'C (comercial)',
      '(deixar em branco)',
    ]);
    const doc = operation('enrol.beneficiary.document').params['tipo_documento']!;
    expect(fieldMessage(PTM, 'tipo_documento', doc, { optional: true })).toMatch(
      /\[tipo_documento\] \(códigos separados por vírgula; documentados: RG, CPF, CNH, CNS, CN, CC, PAS, CTP, RNE\) \(opcional, Enter para pular\)$/,
    );
    expect(fieldValidator(PTM, operation('enrol.payer').params['cpf']!)('529.982.247-26')).toBe(
      'deve ser um CPF com dígitos verificadores válidos (um CPF 999.999.999-99 com dígitos verificadores válidos), ex.: 529.982.247-25',
    );
  });
});
