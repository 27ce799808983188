/** Output formats, colour, the verbose trace, and how parameters are given (lists, --data). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { colorAllowed } from '../../src/cli/output/color.js';
import { operation, sampleParams, sampleRecord, type Row } from '../../src/catalogue/index.js';
import { commandLine } from './argv.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const ESC = '\u001b[';
const show = operation('registration.show');
const card = String(sampleParams(show)['usuario_cartao']);
const registration: Row = {
  ...sampleRecord(show),
  nome: 'Souza, "Ana"',
  endereco: [
    { ...(sampleRecord(show)['endereco'] as Row[])[0], codigo: 1, logradouro: 'Rua Um' },
    { ...(sampleRecord(show)['endereco'] as Row[])[0], codigo: 2, logradouro: 'Rua Dois' },
  ],
};

describe('registration show', () => {
  beforeEach(() => h.test.reply({ json: [registration] }));

  it('table on a terminal: a card to fit 80×30, who the person is, then contact, then each address in a line or two', async () => {
    const r = await h.run(['registration', 'show', card], {
      tty: { stdout: true },
      screen: { columns: 80, rows: 30 },
      env: { NO_COLOR: '1' },
    });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(28);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    expect(lines[0]).toBe('Souza, "Ana"');
    // The card the record's parts make, the CPF and the state as people read them.
    expect(r.stdout).toMatch(/^ {2}CPF number +\d{3}\.\d{3}\.\d{3}-\d{2}$/m);
    expect(r.stdout).toMatch(/^ {2}Registration state +\S/m);
    const contact = r.stdout.indexOf('\nContact\n');
    const addresses = r.stdout.indexOf('\nAddresses\n');
    expect(contact).toBeGreaterThan(0);
    expect(addresses).toBeGreaterThan(contact);
    expect(r.stdout.slice(contact, addresses)).toContain(String((registration['contato'] as Row)['email']));
    // A phone as people write it (the wire's (11)987654321; JSON, CSV and a pipe keep that, below).
    expect((registration['contato'] as Row)['celular']).toBe('(11)987654321');
    expect(r.stdout.slice(contact, addresses)).toMatch(/^ {2}Mobile phone +\(11\)\u00a098765-4321$/m);
    const addressLines = r.stdout.slice(addresses).split('\n');
    expect(addressLines.find((l) => l.includes('Rua Um'))).toMatch(/^ {4}Rua Um, /);
    expect(addressLines.find((l) => l.includes('Rua Dois'))).toMatch(/^ {4}Rua Dois, /);
    expect(r.stdout).not.toContain('┌');
    expect(r.stdout).not.toContain('situacao');
  });

  it('table into a pipe: one tab-separated line per record, no header, the groups as JSON fields', async () => {
    const r = await h.run(['registration', 'show', card]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    const fields = lines[0]!.split('\t');
    expect(fields).toHaveLength(Object.keys(show.response.fields).length + 2);
    expect(fields[10]).toBe('Souza, "Ana"');
    expect(JSON.parse(fields.at(-2)!)).toEqual(registration['endereco']);
    expect(JSON.parse(fields.at(-1)!)).toEqual(registration['contato']);
  });

  it('csv: a header of field names, quoted values, groups as JSON cells', async () => {
    const r = await h.run(['-o', 'csv', 'registration', 'show', card]);
    const [header, row, ...rest] = r.stdout.trimEnd().split('\n');
    expect(rest).toEqual([]);
    expect(header).toBe([...Object.keys(show.response.fields), 'endereco', 'contato'].join(','));
    expect(row).toContain('"Souza, ""Ana"""');
    expect(row).toContain(`"${JSON.stringify(registration['contato']).replace(/"/g, '""')}"`);
  });

  it('jsonl: one record per line, as received', async () => {
    const r = await h.run(['-o', 'jsonl', 'registration', 'show', card]);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([registration]);
  });

  it('json: the records as received, even on outcome 3 (with mensagem_erro on stderr)', async () => {
    const none = [{ confirma_operacao: 3, mensagem_erro: 'no such card' }];
    h.test.reply({ json: none });
    const r = await h.run(['--json', 'registration', 'show', card]);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toEqual(none);
    expect(r.stderr).toBe('No registration records (card *************1005); the service said: "no such card"\n');
  });
});

describe('COOPCTL_FORCE_TTY', () => {
  // A list of appointments: rows at any width, columns left out when the width is short.
  const list = operation('schedule.list');
  const appointments = [sampleRecord(list), { ...sampleRecord(list), cd_evento: 880002 }];
  beforeEach(() => h.base.reply({ json: appointments }));
  const argv = commandLine(list, sampleParams(list));
  /** The widest line of the output, in characters (the box and the sample record are single-width). */
  const widest = (text: string) => Math.max(...text.split('\n').map((line) => [...line].length));

  it.each([['1'], ['yes'], ['true']])('%s into a pipe: the tables of a terminal of 80 columns', async (value) => {
    const r = await h.run(argv, { env: { COOPCTL_FORCE_TTY: value, NO_COLOR: '1' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('┌');
    // At 80 columns the records stay rows; the provider's cooperative is left out, and the table says so.
    expect(r.stdout).toMatch(/^│ Appointment +│ /m);
    expect(r.stdout).not.toMatch(/│ Provider's +│/);
    expect(r.stdout).toMatch(/^Left out to fit the screen: Provider's cooperative \(cd_coop_prest\)/m);
    expect(widest(r.stdout)).toBeLessThanOrEqual(80);
  });

  it('takes the width from COLUMNS', async () => {
    // 200 columns: wide enough for every column.
    const r = await h.run(argv, { env: { COOPCTL_FORCE_TTY: '1', COLUMNS: '200', NO_COLOR: '1' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/│ Provider's cooperative +│/);
    expect(r.stdout).not.toContain('Left out');
    expect(widest(r.stdout)).toBeGreaterThan(80);
  });

  it.each([['0'], ['false'], ['']])('%j asks for nothing: tab-separated lines', async (value) => {
    const r = await h.run(argv, { env: { COOPCTL_FORCE_TTY: value, COLUMNS: '120' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('┌');
    expect(r.stdout.split('\n')[0]!.split('\t')).toHaveLength(Object.keys(list.response.fields).length);
  });

  it("on a terminal, the terminal's own width wins over COLUMNS", async () => {
    const r = await h.run(argv, {
      tty: { stdout: true },
      screen: { columns: 200 },
      env: { COLUMNS: '60', NO_COLOR: '1' },
    });
    expect(r.stdout).toMatch(/│ Provider's cooperative +│/);
    expect(widest(r.stdout)).toBeGreaterThan(60);
  });
});

describe('colour', () => {
  beforeEach(() => h.test.reply({ json: [registration] }));
  const argv = ['registration', 'show', card];

  it.each([
    ['a TTY', {}, { stdout: true }, true],
    ['a pipe', {}, { stdout: false }, false],
    ['a TTY with NO_COLOR', { NO_COLOR: '1' }, { stdout: true }, false],
    ['a TTY with TERM=dumb', { TERM: 'dumb' }, { stdout: true }, false],
    ['a pipe with FORCE_COLOR', { FORCE_COLOR: '1' }, { stdout: false }, true],
    ['a TTY with FORCE_COLOR=0', { FORCE_COLOR: '0' }, { stdout: true }, false],
    ['NO_COLOR and FORCE_COLOR', { NO_COLOR: '1', FORCE_COLOR: '1' }, { stdout: true }, false],
  ])('on %s: escape codes %s', async (_what, env, tty, colored) => {
    // Tables drawn for a person whether or not stdout is a terminal, so that only colour differs.
    const r = await h.run(argv, { env: { COOPCTL_FORCE_TTY: '1', ...env }, tty });
    expect(r.code).toBe(0);
    expect(r.stdout.includes(ESC)).toBe(colored);
  });

  it('--no-color wins over FORCE_COLOR', async () => {
    const r = await h.run(['--no-color', ...argv], { env: { FORCE_COLOR: '1' }, tty: { stdout: true } });
    expect(r.stdout).not.toContain(ESC);
  });

  it('errors on a terminal are coloured, with NO_COLOR not', async () => {
    const bad = ['registration', 'show', '123'];
    expect((await h.run(bad, { tty: { stderr: true } })).stderr).toContain(ESC);
    expect((await h.run(bad, { tty: { stderr: true }, env: { NO_COLOR: '1' } })).stderr).not.toContain(ESC);
  });

  it('an empty NO_COLOR does not count', () => {
    expect(colorAllowed({ NO_COLOR: '' }, true)).toBe(true);
  });
});

describe('verbose and quiet', () => {
  it('-v traces request line, status and timing on stderr, masking the card', async () => {
    h.test.reply({ json: [registration] });
    const r = await h.run(['-v', 'registration', 'show', card]);
    expect(r.code).toBe(0);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`> GET ${h.test.url}${show.path}?usuario_cartao=${'*'.repeat(13)}${card.slice(-4)}`);
    expect(lines[1]).toMatch(/^< 200 OK \(application\/json, \d+ bytes\) in \d+ ms$/);
    expect(r.stderr).not.toContain(card);
    expect(r.stdout).toContain('Souza, "Ana"');
  });

  it('-v traces retries', async () => {
    h.test.reply({ status: 503 }, { json: [registration] });
    const r = await h.run(['-v', 'registration', 'show', card]);
    expect(r.stderr).toMatch(/^retrying in \d+ ms \(HTTP 503\), attempt 2 of 3$/m);
  });

  it('-v masks CPFs and device tokens in query strings too', async () => {
    const { maskedUrl } = await import('../../src/client/mask.js');
    expect(maskedUrl(new URL('http://x/p?cpf=529.982.247-25&dispositivo_token=abc&nome=Ana'))).toBe(
      'http://x/p?cpf=**********7-25&dispositivo_token=***&nome=Ana',
    );
  });

  it('says what happened for an envelope-only answer, and nothing with -q', async () => {
    const op = operation('registration.update-contact');
    h.test.reply({ json: [sampleRecord(op)] });
    const argv = commandLine(op, sampleParams(op));
    expect((await h.run(argv)).stderr).toBe(
      'Contact data of card *************1005 updated: telephone, mobile, fax, e-mail\n',
    );
    expect((await h.run(['-q', ...argv])).stderr).toBe('');
  });
});

describe('parameters', () => {
  const op = operation('enrol.beneficiary.document');
  const params = sampleParams(op);
  const sent = () => JSON.parse(h.base.requests[0]!.body) as Record<string, unknown>;
  beforeEach(() => h.base.reply({ json: [sampleRecord(op)] }));

  it('takes list fields from repeated flags and comma lists', async () => {
    const { tipo_documento: _drop, ...rest } = params;
    const r = await h.run([...commandLine(op, rest), '--tipo-documento', 'RG', '--tipo-documento', 'CPF,CNH']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent()['tipo_documento']).toEqual(['RG', 'CPF', 'CNH']);
  });

  it('reads --data from a file; flags win over it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coopctl-data-'));
    const path = join(dir, 'doc.json');
    writeFileSync(path, JSON.stringify({ ...params, numero: 'from-data', beneficiario_id: 7 }));
    const r = await h.run(['enrol', 'beneficiary', 'document', '--data', path, '--numero', 'from-flag']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent()).toMatchObject({ numero: 'from-flag', beneficiario_id: 7 });
  });

  it('reads --data from stdin; the positional argument wins over it', async () => {
    const r = await h.run(['enrol', 'beneficiary', 'document', '9', '--data', '-'], {
      stdin: JSON.stringify({ ...params, beneficiario_id: 7 }),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(sent()['beneficiario_id']).toBe(9);
  });

  it('a --data file that cannot be read is a usage error', async () => {
    const r = await h.run(['enrol', 'beneficiary', 'document', '--data', '/nonexistent/x.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --data: cannot read /nonexistent/x.json (there is no such file)\n');
  });
});
