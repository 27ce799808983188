/**
 * `--mask` (the `mask` setting, COOPCTL_MASK) in the CLI, in-process against
 * fake services: CPFs, cards, phones and e-mails partly hidden in everything a
 * run shows, tables, CSV, JSON and messages alike, in both languages; in full
 * without it. The forms themselves: test/cli/mask-module.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { commandLine } from './argv.js';
import { startHarness, type Harness } from './harness.js';

const CARD = '00010001000001005';
const CPF = '52998224725';

describe('the CLI', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());

  const registration = {
    confirma_operacao: 2,
    mensagem_erro: '',
    situacao: 'E',
    contrato: 1,
    cod_pessoa: 1,
    codigo_usuario_portal: 70001,
    lote: 4001,
    movimento: 61007,
    cart_coop: 1,
    cart_contrato: 1,
    cart_cod_bnf: 1,
    cart_cod_dependente: 0,
    nome: 'Ana Beatriz Souza',
    data_nasc: '15/03/1985',
    nome_mae: 'Maria Souza',
    cpf: CPF,
    permite_atualizar: 'S',
    endereco: [],
    contato: { telefone: '(11)36500353', celular: '(11)987659873', fax: '', email: 'ana.souza@example.com', codigo: 1 },
  };
  const CLEAR = [CPF, '529.982.247-25', '36500353', '3650-0353', '987659873', 'ana.souza', CARD];
  const expectNoneInClear = (text: string) => {
    for (const clear of CLEAR) expect(text).not.toContain(clear);
  };
  const show = (...extra: string[]) => ['registration', 'show', CARD, ...extra];
  const terminal = { tty: { stdout: true }, screen: { columns: 100 } };

  describe.each([
    ['the flag', ['--mask'], {}],
    ['COOPCTL_MASK=1', [], { COOPCTL_MASK: '1' }],
    ['COOPCTL_MASK=true', [], { COOPCTL_MASK: 'true' }],
  ])('masked by %s', (_by, flags, env) => {
    beforeEach(() => h.test.reply({ json: [registration] }));

    it('JSON', async () => {
      const r = await h.run(show('-o', 'json', ...flags), { env });
      expect(r.code, r.stderr).toBe(0);
      const [shown] = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
      expect(shown!['cpf']).toBe('***.982.247-**');
      expect(shown!['contato']).toEqual({
        telefone: '(11)****0353',
        celular: '(11)*****9873',
        fax: '',
        email: 'a***@example.com',
        codigo: 1,
      });
      expectNoneInClear(r.stdout);
    });

    it('JSON lines, --json fields, --jq', async () => {
      const lines = await h.run(show('-o', 'jsonl', ...flags), { env });
      expect((JSON.parse(lines.stdout) as Record<string, unknown>)['cpf']).toBe('***.982.247-**');
      const fields = await h.run(show('--json', 'nome,cpf', ...flags), { env });
      expect(JSON.parse(fields.stdout)).toEqual([{ nome: 'Ana Beatriz Souza', cpf: '***.982.247-**' }]);
      const jq = await h.run(show('--jq', '.[0].contato.email', ...flags), { env });
      expect(jq.stdout).toBe('a***@example.com\n');
      for (const r of [lines, fields, jq]) expectNoneInClear(r.stdout);
    });

    it('CSV and tab-separated lines', async () => {
      const csv = await h.run(show('-o', 'csv', ...flags), { env });
      expect(csv.stdout).toContain(',***.982.247-**,');
      expect(csv.stdout).toContain('a***@example.com');
      const tsv = await h.run(show(...flags), { env });
      expect(tsv.stdout).toContain('\t***.982.247-**\t');
      for (const r of [csv, tsv]) expectNoneInClear(r.stdout);
    });

    it('a table on a terminal', async () => {
      const r = await h.run(show(...flags), { env, ...terminal });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^ {2}CPF number +\*\*\*\.982\.247-\*\*$/m);
      expect(r.stdout).toContain('a***@example.com');
      expect(r.stdout).toContain('(11)*****9873');
      expectNoneInClear(r.stdout);
    });
  });

  it('in full without it, and with --no-mask over COOPCTL_MASK', async () => {
    h.test.reply({ json: [registration] });
    for (const r of [
      await h.run(show('-o', 'json')),
      await h.run(show('-o', 'json', '--no-mask'), { env: { COOPCTL_MASK: '1' } }),
      await h.run(show('-o', 'json', '--mask', '--no-mask')),
    ]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`"cpf": "${CPF}"`);
      expect(r.stdout).toContain('"email": "ana.souza@example.com"');
    }
  });

  it('by the profile’s mask setting, listed by config', async () => {
    const set = await h.run(['config', 'set', 'mask', 'true']);
    expect(set.code, set.stderr).toBe(0);
    try {
      h.test.reply({ json: [registration] });
      const r = await h.run(show('-o', 'json'));
      expect(r.stdout).toContain('"cpf": "***.982.247-**"');
      expectNoneInClear(r.stdout);
      const list = await h.run(['config', 'list', '--json']);
      expect(JSON.parse(list.stdout).settings.mask).toEqual({ value: 'true', source: 'profile "default"' });
    } finally {
      await h.run(['config', 'unset', 'mask']);
    }
  });

  it('a value of COOPCTL_MASK that is neither yes nor no: refused by name, and nothing shown in clear', async () => {
    h.test.reply({ json: [registration] });
    const r = await h.run(show('-o', 'json'), { env: { COOPCTL_MASK: 'sim' } });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('error: mask from COOPCTL_MASK must be true or false (or yes, no, on, off, 1, 0)\n');
    const pt = await h.run(show('-o', 'json', '--lang', 'pt-BR'), { env: { COOPCTL_MASK: 'sim' } });
    expect(pt.stderr).toBe('erro: mask (origem: COOPCTL_MASK) deve ser true ou false (ou yes, no, on, off, 1, 0)\n');
  });

  it.each([
    ['en', [], 'error: card ***.982.247-** has a pending change; call (11) *****-4321 or write to a***@example.com'],
    [
      'pt-BR',
      ['--lang', 'pt-BR'],
      'erro: a solicitação falhou; o serviço disse: "card ***.982.247-** has a pending change; call (11) *****-4321 or write to a***@example.com"',
    ],
  ])('messages: what the service says, in %s', async (_lang, flags, line) => {
    h.test.reply({
      json: [
        {
          confirma_operacao: 4,
          mensagem_erro:
            'card 529.982.247-25 has a pending change; call (11) 98765-4321 or write to ana.souza@example.com',
        },
      ],
    });
    const r = await h.run([...show('--mask'), ...flags]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(line.replace(/^(error|erro): /, ''));
    expectNoneInClear(r.stderr);
    expect(r.stderr).not.toContain('98765-4321');
  });

  it('commander’s errors, a dry run’s curl line and the api command', async () => {
    const unknown = await h.run([CARD, '--mask']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command '0001 **** **** **05'");
    expectNoneInClear(unknown.stderr);

    const dry = await h.run(show('--dry-run', '--mask'));
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('usuario_cartao=0001+****+****+**05');
    expectNoneInClear(dry.stdout);

    h.test.reply({ json: [registration] });
    const api = await h.run([
      'api',
      'GET',
      `/api/svcmobile/atualizacaocadastral/buscadadosusuario?usuario_cartao=${CARD}`,
      '--host',
      'test',
      '--mask',
    ]);
    expect(api.code, api.stderr).toBe(0);
    expect(api.stdout).toContain('"cpf": "***.982.247-**"');
    expectNoneInClear(api.stdout);
  });

  it('the card’s parts as the card: contract, beneficiary and dependent codes hidden, the cooperative shown', async () => {
    h.test.reply({ json: [{ ...registration, cart_contrato: 1234, cart_cod_bnf: 567890, cart_cod_dependente: 12 }] });
    const r = await h.run(show('-o', 'json', '--mask'));
    expect(r.code, r.stderr).toBe(0);
    const [shown] = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(shown).toMatchObject({
      cart_coop: 1,
      cart_contrato: '****',
      cart_cod_bnf: '******',
      cart_cod_dependente: '**',
    });
    const table = await h.run(show('--mask'), terminal);
    for (const part of ['1234', '567890']) expect(table.stdout).not.toContain(part);
    const plain = await h.run(show('-o', 'json'));
    expect(JSON.parse(plain.stdout)[0]).toMatchObject({ cart_contrato: 1234, cart_cod_bnf: 567890 });
  });

  it('commander’s errors without --mask: a card keeps its last 4 digits only', async () => {
    for (const argv of [[CARD], ['registration', CARD], ['--lang', 'pt-BR', 'registration', CPF]]) {
      const r = await h.run(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/'\*{13}1005'|'\*{7}4725'/);
      expect(r.stderr).not.toContain(CARD);
      expect(r.stderr).not.toContain(CPF);
    }
  });

  it('a dry run with --mask masks each parameter by its field, and its JSON body stays JSON', async () => {
    const op = operation('enrol.payer');
    const params = { ...sampleParams(op), telefone_principal: '11987654321', cpf: '529.982.247-25' };
    const r = await h.run([...commandLine(op, params), '--dry-run', '--mask']);
    expect(r.code, r.stderr).toBe(0);
    const body = /--data-raw '([^']*)'/.exec(r.stdout)?.[1];
    const sent = JSON.parse(body!) as Record<string, unknown>;
    expect(sent['telefone_principal']).toBe('11*****4321');
    expect(sent['cpf']).toBe('***.982.247-**');
    expect(String(sent['contrato_id'])).toBe(String((params as Record<string, unknown>)['contrato_id']));
    expect(r.stdout).not.toContain('98765');
  });

  it('a URL’s password is never printed: the dry run’s URL without it, config shows it as ***', async () => {
    const url = h.test.url.replace('http://', 'http://clerk:s3cr%40t@');
    const env = { COOPCTL_TEST_BASE_URL: url };
    const dry = await h.run(show('--dry-run'), { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`curl --request GET '${h.test.url}/`);
    expect(dry.stdout).toContain('--user clerk \\\n');
    const list = await h.run(['config', 'get', 'testBaseUrl'], { env });
    expect(list.stdout).toBe(`${h.test.url.replace('http://', 'http://clerk:***@')}\n`);
    const all = await h.run(['config', 'list', '--json'], { env });
    for (const r of [dry, list, all]) expect(r.stdout + r.stderr).not.toMatch(/s3cr/);
  });

  it('a confirmation: its facts and its question masked; what is sent is what was given', async () => {
    const asked: string[] = [];
    h.base.reply({ json: [{ confirma_operacao: 1, mensagem_erro: '', recipients: 3, id: 'n1' }] });
    const op = operation('notify.send-all');
    const params = { ...sampleParams(op), conteudo: 'Dúvidas: ana.souza@example.com ou (11) 98765-4321' };
    const refuse = () => Promise.reject(new Error('not asked'));
    const r = await h.run([...commandLine(op, params), '--mask'], {
      tty: { stdin: true, stdout: true, stderr: true },
      prompter: {
        input: refuse,
        password: refuse,
        select: refuse,
        search: refuse,
        confirm: async (q) => {
          asked.push(q.message);
          return true;
        },
      },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(asked).toHaveLength(1);
    const shown = `${asked.join('\n')}\n${r.stderr}`;
    expect(shown).toContain('a***@example.com ou (11) *****-4321');
    expect(shown).not.toContain('ana.souza@example.com');
    expect(shown).not.toContain('98765-4321');
    expect((JSON.parse(h.base.requests[0]!.body) as Record<string, unknown>)['conteudo']).toBe(params.conteudo);
  });
});
