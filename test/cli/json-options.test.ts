/**
 * `--json field1,field2` selects fields, `--json` alone keeps them all (and
 * never takes the card or the command that follows it), `--jq` filters the
 * JSON with jq (strings raw, as gh prints them); mistakes in either are usage
 * errors before anything is sent. A write that creates a record prints its
 * id alone into a pipe.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation, sampleParams, sampleRecord, type Row } from '../../src/catalogue/index.js';
import { HOSTILE } from '../helpers/hostile.js';
import { commandLine } from './argv.js';
import { startHarness, type Harness } from './harness.js';
import { MEDICAL_KINDS } from '../helpers/medical-kinds.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const show = operation('registration.show');
const card = String(sampleParams(show)['usuario_cartao']);
const record: Row = { ...sampleRecord(show), nome: 'Ana Beatriz Souza', cpf: '52998224725' };

describe('--json fields', () => {
  beforeEach(() => h.test.reply({ json: [record] }));

  it.each([
    [['registration', 'show', '--json', 'nome,cpf', card]],
    [['registration', 'show', card, '--json', 'nome,cpf']],
    [['--json', 'nome,cpf', 'registration', 'show', card]],
    [['registration', 'show', card, '--json=nome,cpf']],
  ])('%j: only those fields, in that order', async (argv) => {
    const r = await h.run(argv);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('[\n  {\n    "nome": "Ana Beatriz Souza",\n    "cpf": "52998224725"\n  }\n]\n');
  });

  it.each([
    [['registration', 'show', '--json', card]],
    [['--json', 'registration', 'show', card]],
    [['registration', '--json', 'show', card]],
    [['registration', 'show', card, '--json']],
  ])('%j: --json alone keeps every field, and the word after it stays where it was', async (argv) => {
    const r = await h.run(argv);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([record]);
    expect(h.test.requests[0]!.url.searchParams.get('usuario_cartao')).toBe(card);
  });

  it('an unknown field is a usage error listing the fields of the records, and nothing is sent', async () => {
    const r = await h.run(['registration', 'show', card, '--json', 'nome,nomee']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: --json: unknown field nomee; available: confirma_operacao, mensagem_erro, situacao,/,
    );
    expect(r.stderr).toContain(', endereco, contato');
    expect(h.test.requests).toHaveLength(0);
  });

  it('in Portuguese too', async () => {
    const r = await h.run(['--lang', 'pt-BR', 'registration', 'show', card, '--json=nomee']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^erro|^error/);
    expect(r.stderr).toContain('--json: campo desconhecido nomee; disponíveis: confirma_operacao');
  });

  it('a command word is never taken as fields: --json=cep is', async () => {
    const cep = operation('registration.cep');
    h.test.reply({ json: [{ ...sampleRecord(cep), cep: '01310100', cidade: 'São Paulo' }] });
    const r = await h.run(['registration', 'cep', '01310100', '--json=cep']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ cep: '01310100' }]);
  });

  it('commands that do not print the service’s records refuse fields', async () => {
    const r = await h.run(['config', 'list', '--json=key']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--json field1,field2 works with the commands that print the service');
  });

  it('record summary: the fields of each section', async () => {
    const medications = operation('record.medications');
    const allergies = operation('record.allergies');
    h.base.reply((req) => ({
      json:
        req.url.pathname === medications.path
          ? [{ ...sampleRecord(medications), medicamento: 'Salbutamol', dose: 2 }]
          : req.url.pathname === allergies.path
            ? [sampleRecord(allergies)]
            : [],
    }));
    const r = await h.run(['record', 'summary', card, '--json', 'medicamento,dose']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown[]>;
    expect(out['medications']).toEqual([{ medicamento: 'Salbutamol', dose: 2 }]);
    expect(out['allergies']).toEqual([{}]);
    expect(out['exams']).toEqual([]);
  });
});

describe('--jq', () => {
  it('prints strings raw and other values as JSON, one result a line', async () => {
    h.test.reply({ json: [record] });
    const r = await h.run(['registration', 'show', card, '--jq', '.[0].nome, .[0].contrato, (.[0].endereco | length)']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`Ana Beatriz Souza\n${String(record['contrato'])}\n1\n`);
  });

  it('objects on one line into a pipe, indented on a terminal', async () => {
    h.test.reply({ json: [record] }, { json: [record] });
    const filter = '.[0] | {nome, cpf}';
    const piped = await h.run(['registration', 'show', card, '--jq', filter]);
    expect(piped.stdout).toBe('{"nome":"Ana Beatriz Souza","cpf":"52998224725"}\n');
    const terminal = await h.run(['registration', 'show', card, '--jq', filter], { tty: { stdout: true } });
    expect(terminal.stdout).toBe('{\n  "nome": "Ana Beatriz Souza",\n  "cpf": "52998224725"\n}\n');
  });

  it('after --json fields; 18-digit codes keep every digit', async () => {
    const locations = operation('schedule.locations');
    const raw = '[{"confirma_operacao":2,"mensagem_erro":"","cd_local":123456789012345678,"nm_local":"Unidade"}]';
    h.base.reply({ raw, headers: { 'content-type': 'application/json' } });
    const r = await h.run([...commandLine(locations, sampleParams(locations)), '--json', 'cd_local', '--jq', '.[]']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('{"cd_local":123456789012345678}\n');
  });

  it('a string with control characters is shown safe', async () => {
    h.test.reply({ json: [{ ...record, nome: HOSTILE.raw.slice(0, 120) }] });
    const r = await h.run(['registration', 'show', card, '--jq', '.[0].nome']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${HOSTILE.shown.slice(0, r.stdout.length - 1)}\n`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no raw control character may reach stdout
    expect(r.stdout.slice(0, -1)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it('a filter that does not compile is a usage error, and nothing is sent', async () => {
    const r = await h.run(['registration', 'show', card, '--jq', '.[0].nome |']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --jq: syntax error/);
    expect(h.test.requests).toHaveLength(0);
  });

  it('a filter that fails on the answer is a usage error with jq’s message', async () => {
    h.test.reply({ json: [record] });
    const r = await h.run(['registration', 'show', card, '--jq', '.[0].nome + 1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot be added');
    expect(r.stdout).toBe('');
  });

  it('is JSON output: it cannot be used with another format, nor with commands that print no records', async () => {
    const csv = await h.run(['-o', 'csv', 'registration', 'show', card, '--jq', '.']);
    expect(csv.code).toBe(2);
    const config = await h.run(['config', 'list', '--jq', '.']);
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('--jq works with the commands that print the service');
  });

  it('record summary: the object of sections', async () => {
    h.base.reply({ json: [] });
    const r = await h.run(['record', 'summary', card, '--jq', 'keys']);
    // jq's keys are sorted.
    expect(r.stdout).toBe(`${JSON.stringify([...MEDICAL_KINDS].sort())}\n`);
  });
});

describe('a write that creates a record', () => {
  const create = operation('enrol.contract.create');
  const argv = commandLine(create, sampleParams(create));

  it('prints the new id alone into a pipe, so that id=$(coopctl …) works', async () => {
    h.base.reply({ json: [{ contrato_id: 801 }] });
    const r = await h.run(argv);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('801\n');
  });

  it('a table on a terminal, and JSON unchanged', async () => {
    h.base.reply({ json: [{ contrato_id: 801 }] }, { json: [{ contrato_id: 801 }] });
    const table = await h.run(argv, { tty: { stdout: true }, env: { NO_COLOR: '1' } });
    expect(table.stdout).toMatch(/│ Sales contract │\n.*\n│ 801 +│/);
    const json = await h.run(['--json', ...argv]);
    expect(JSON.parse(json.stdout)).toEqual([{ contrato_id: 801 }]);
  });

  it('schedule book: the cd_evento alone', async () => {
    const book = operation('schedule.book');
    h.base.reply({ json: [{ confirma_operacao: 1, mensagem_erro: '', cd_evento: '880001234567890123' }] });
    const r = await h.run([...commandLine(book, sampleParams(book)), '--dt-hr-fim=2026-12-01 09:30']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('880001234567890123\n');
  });
});
