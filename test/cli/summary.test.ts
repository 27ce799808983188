/** `record summary <card>`: every read of the catalogue's record area, concurrently, one section each. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import displayWidth from 'string-width';
import { catalogue, operation, sampleRecord, type Row } from '../../src/catalogue/index.js';
import type { CannedReply, RecordedRequest } from '../helpers/fake-service.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const sections = catalogue.filter((op) => op.area === 'record');
const card = '00010001000001005';
const word = (path: string) => sections.find((op) => op.path === path)!.command[1]!;
/** Each section's sample record, or the override for its word. */
const byPath =
  (overrides: Record<string, CannedReply> = {}) =>
  (req: RecordedRequest): CannedReply =>
    overrides[word(req.url.pathname)] ?? { json: [sampleRecord(sections.find((op) => op.path === req.url.pathname)!)] };

describe('record summary', () => {
  it('reads every section of the card, concurrently', async () => {
    // Held answers: all requests in flight at once need one connection each.
    h.base.reply((req) => ({ ...byPath()(req), delayMs: 150 }));
    const r = await h.run(['record', 'summary', card]);
    expect(r.code, r.stderr).toBe(0);
    expect(h.base.requests.map((q) => q.url.pathname).sort()).toEqual(sections.map((op) => op.path).sort());
    for (const q of h.base.requests) expect(q.url.searchParams.get('usuario_cartao')).toBe(card);
    expect(new Set(h.base.requests.map((q) => q.remotePort)).size).toBe(sections.length);
    expect(h.test.requests).toHaveLength(0);
  });

  it('into a pipe: one tab-separated line per record, its section first, in catalogue order', async () => {
    h.base.reply(byPath());
    const r = await h.run(['record', 'summary', card]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.split('\t')[0])).toEqual(sections.map((op) => op.command[1]));
    lines.forEach((line, i) => {
      const record = sampleRecord(sections[i]!);
      const values = Object.keys(sections[i]!.response.fields).map((f) => String(record[f]));
      expect(line).toBe([sections[i]!.command[1], ...values].join('\t'));
    });
    // The name of the opening is for a terminal: the registration is not read.
    expect(h.test.requests).toHaveLength(0);
  });

  it('on a terminal: opens with the name and card and a count per section, then a titled table each', async () => {
    h.base.reply(byPath({ plans: { json: [{ confirma_operacao: 3, mensagem_erro: 'none' }] } }));
    h.test.reply({ json: [{ ...sampleRecord(operation('registration.show')), nome: 'Ana Beatriz Souza' }] });
    const r = await h.run(['record', 'summary', card], {
      tty: { stdout: true },
      screen: { columns: 80 },
      env: { NO_COLOR: '1' },
    });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 7)).toEqual([
      `Ana Beatriz Souza · card ${card}`,
      '  Allergies          1 record',
      '  Certificates       1 record',
      '  Exam results       1 record',
      '  Medications        1 record',
      '  Therapeutic plans  no result',
      '  Problems           1 record',
    ]);
    const titles = ['Allergies', 'Certificates', 'Exam results', 'Medications', 'Therapeutic plans', 'Problems'];
    const starts = titles.map((t) => lines.indexOf(t));
    expect(starts.every((at) => at > 7)).toBe(true);
    expect([...starts].sort((x, y) => x - y)).toEqual(starts);
    expect(lines[starts[4]! + 1]).toBe('(no result)');
    expect(r.stdout).toContain('Adverse reactions');
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
    expect(h.test.requests.map((q) => q.url.searchParams.get('usuario_cartao'))).toEqual([card]);
  });

  it('on a terminal, in Portuguese, and without the name when the registration cannot be read', async () => {
    h.base.reply(byPath());
    h.test.reply({ json: [{ confirma_operacao: 3, mensagem_erro: 'cartão desconhecido' }] });
    const r = await h.run(['--lang', 'pt-BR', 'record', 'summary', card], {
      tty: { stdout: true },
      env: { NO_COLOR: '1' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual([
      `cartão ${card} (cadastro não lido)`,
      '  Alergias             1 registro',
      '  Atestados            1 registro',
    ]);
    expect(r.stdout).toContain('\nPlanos terapêuticos\n');
    expect(r.stdout).toContain('Reações adversas');
  });

  it('json: an object of the records of each section', async () => {
    h.base.reply(byPath());
    const r = await h.run(['--json', 'record', 'summary', card]);
    expect(JSON.parse(r.stdout)).toEqual(Object.fromEntries(sections.map((op) => [op.command[1], [sampleRecord(op)]])));
  });

  it('jsonl: one line per record, naming its section', async () => {
    h.base.reply(byPath());
    const r = await h.run(['-o', 'jsonl', 'record', 'summary', card]);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { section: string; record: Row });
    expect(lines.map((l) => l.section)).toEqual(sections.map((op) => op.command[1]));
  });

  it('a section without result is shown so, and is no failure', async () => {
    h.base.reply(byPath({ allergies: { json: [{ confirma_operacao: 3, mensagem_erro: 'none' }] } }));
    const r = await h.run(['record', 'summary', card]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/^allergies\t/m);
    expect(r.stdout).toMatch(/^certificates\t/m);
    expect(r.stderr).toBe('');
  });

  it('exits 3 when no section has a result', async () => {
    h.base.reply({ json: [] });
    expect((await h.run(['record', 'summary', card])).code).toBe(3);
  });

  it('exits 1 when a section failed, still printing the others', async () => {
    h.base.reply(byPath({ exams: { json: [{ confirma_operacao: 4, mensagem_erro: 'exam system down' }] } }));
    const r = await h.run(['record', 'summary', card]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: exams: the request failed; the service said: "exam system down"\n');
    expect(r.stdout).toMatch(/^medications\t/m);
  });

  it('on a terminal, a section that failed is counted as not read, and its error follows on stderr', async () => {
    h.base.reply(byPath({ exams: { json: [{ confirma_operacao: 4, mensagem_erro: 'exam system down' }] } }));
    h.test.reply({ json: [sampleRecord(operation('registration.show'))] });
    const r = await h.run(['record', 'summary', card], { tty: { stdout: true }, env: { NO_COLOR: '1' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('\n  Exam results       not read: see the error below\n');
    expect(r.stdout).toContain('\nExam results\n(not read: see the error below)\n');
    expect(r.stderr).toBe('error: exams: the request failed; the service said: "exam system down"\n');
  });

  it('exits 4 when a section could not be read, still printing the others', async () => {
    h.base.reply(byPath({ plans: { raw: '<html>', headers: { 'content-type': 'text/html' } } }));
    const r = await h.run(['record', 'summary', card]);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /^error: plans: GET .*buscaplanoterapeutico answered HTTP 200 \(text\/html\): the body is not JSON\n$/,
    );
    expect(r.stdout).toMatch(/^allergies\t/m);
  });

  it.each([
    [['record', 'summary', '123'], /usuario_cartao \(--usuario-cartao\): must be 17 digits/],
    [['record', 'summary'], /usuario_cartao \(--usuario-cartao\): is required/],
    [['-o', 'csv', 'record', 'summary', card], /csv output holds one kind of record/],
  ])('%j exits 2 and sends nothing', async (argv, message) => {
    const r = await h.run(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(h.base.requests).toHaveLength(0);
  });
});
