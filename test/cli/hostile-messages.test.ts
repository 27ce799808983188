/**
 * Hostile service data everywhere else coopctl shows it to people: colour on
 * (coopctl's own styling survives, the data's escapes do not), `api` output
 * (made safe on a terminal, byte for byte when piped), a content type in an
 * error line and the -v trace, the scheduling wizard's questions, choices,
 * pre-filled answer and screens, and the batch report and its messages.
 */
import { parse } from 'csv-parse/sync';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation, sampleParams, sampleRecord, type Row } from '../../src/catalogue/index.js';
import { csvFile } from '../batch/fixtures.js';
import { HOSTILE, hostileRecord, rawControl } from '../helpers/hostile.js';
import { fromDateOn } from '../interactive/booking-script.js';
import { ENTER, fakePrompter, interruptAt } from '../interactive/fake-prompter.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const TERMINAL = { stdin: true, stdout: true, stderr: true } as const;
const show = operation('registration.show');
const card = String(sampleParams(show)['usuario_cartao']);

describe('colour on', () => {
  it("keeps coopctl's bold and red, and shows the data's escape sequences visibly", async () => {
    const { record } = hostileRecord(show);
    h.test.reply({ json: [record] }, { json: [{ confirma_operacao: 4, mensagem_erro: HOSTILE.raw }] });
    // A screen wide enough for the whole record on one row: the hostile name on one line.
    const screen = { columns: 2000 };
    const r = await h.run(['registration', 'show', card], { tty: TERMINAL, screen, env: { FORCE_COLOR: '1' } });
    expect(r.code, r.stderr).toBe(0);
    // The record's card: the name in coopctl's bold, with the escapes shown; the mother's name too.
    expect(r.stdout.startsWith(`\u001b[1m${HOSTILE.shown}\u001b[22m\n`), r.stdout).toBe(true);
    expect(r.stdout).toMatch(/^ {2}Mother's name +=\\x1b\[2J /m);
    // Without coopctl's own bold and dim (ESC[1m, ESC[2m, ESC[22m: the codes line is dim), nothing raw is left.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removes coopctl's own bold and dim
    expect(rawControl(r.stdout.replace(/\u001b\[(1|2|22)m/g, ''))).toBeUndefined();

    const failed = await h.run(['registration', 'show', card], { tty: TERMINAL, env: { FORCE_COLOR: '1' } });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(`\u001b[31merror:\u001b[39m the request failed; the service said: "${HOSTILE.shown}"\n`);
  });
});

describe('api', () => {
  const body = `plain ${HOSTILE.raw}\nline 2\n`;
  const path = '/api/other/thing';

  it('prints a text body byte for byte when piped', async () => {
    h.base.reply({ raw: body, headers: { 'content-type': 'text/plain' } });
    const r = await h.run(['api', 'GET', path]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(body);
  });

  it('shows it safe on a terminal, line breaks kept', async () => {
    h.base.reply({ raw: body, headers: { 'content-type': 'text/plain' } });
    const r = await h.run(['api', 'GET', path], { tty: TERMINAL, env: { NO_COLOR: '1' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`plain ${HOSTILE.shown}\nline 2\n`);
  });

  it('pretty-prints a JSON body with no raw control character, the same values', async () => {
    const json = [{ nome: HOSTILE.raw, n: 1 }];
    h.base.reply({ json });
    for (const tty of [{}, TERMINAL]) {
      const r = await h.run(['api', 'GET', path], { tty, env: { NO_COLOR: '1' } });
      expect(r.code, r.stderr).toBe(0);
      expect(rawControl(r.stdout)).toBeUndefined();
      expect(JSON.parse(r.stdout)).toEqual(json);
    }
  });
});

describe('transport errors and the -v trace', () => {
  it('show a hostile content type visibly', async () => {
    // Header bytes 0x80–0xFF are allowed on the wire and read as Latin-1: 0x9B arrives as the C1 control CSI.
    h.base.reply({ raw: 'not json', headers: { 'content-type': 'text/plain\t\u009b2J' } });
    const r = await h.run(['-v', '--retries', '0', 'record', 'allergies', card]);
    expect(r.code).toBe(4);
    expect(rawControl(r.stderr)).toBeUndefined();
    expect(r.stderr).toContain('(text/plain\\t\\x9b2J)');
    expect(r.stderr).toMatch(/^< 200 .*\(text\/plain\\t\\x9b2J, /m);
  });
});

describe('the scheduling wizard', () => {
  const location = { ...sampleRecord(operation('schedule.locations')), cd_local: 101, nm_local: HOSTILE.raw };
  const answers = (req: { url: URL }): { json: Row[] } => {
    const path = req.url.pathname;
    if (path === show.path) return { json: [hostileRecord(show).record] };
    if (path === operation('schedule.locations').path) return { json: [location] };
    if (path === operation('schedule.dates').path) return { json: [sampleRecord(operation('schedule.dates'))] };
    if (path === operation('schedule.times').path) return { json: [sampleRecord(operation('schedule.times'))] };
    return { json: [] };
  };

  it("shows the beneficiary's and a location's hostile names safe: in the screens, the summary and the pre-filled address", async () => {
    h.base.reply(answers);
    h.test.reply(answers);
    const prompter = fakePrompter([
      { q: 'prest_cod_svc_card', a: '9001' },
      ...fromDateOn(false, { email: 'ana.souza@example.com', mobile: '(11)987654321' }),
    ]);
    const r = await h.run(['schedule', 'book', card], { tty: TERMINAL, prompter, env: { NO_COLOR: '1' } });
    expect(r.code, r.stderr).toBe(5);
    expect(prompter.remaining()).toBe(0);
    expect(rawControl(r.stderr)).toBeUndefined();
    expect(r.stderr).toContain(`Beneficiary: ${HOSTILE.shown}\n`);
    expect(r.stderr).toContain(`  name      ${HOSTILE.shown}\n`);
    expect(r.stderr).toContain(`Location: ${HOSTILE.shown} (101), the provider's only one.`);
    expect(r.stderr).toContain(`  location  ${HOSTILE.shown} (101)\n`);
    const address = prompter.asked.find((q) => q.message.includes('ds_endereco'))!;
    expect(address.default).toBe(HOSTILE.shown);
  });

  it("offers the locations with their hostile names safe as the select's choices (values unchanged)", async () => {
    const two = (req: { url: URL }) =>
      req.url.pathname === operation('schedule.locations').path
        ? { json: [location, { ...location, cd_local: 102, nm_local: 'Pinheiros' }] }
        : answers(req);
    h.base.reply(two);
    h.test.reply(two);
    const prompter = fakePrompter([
      { q: 'prest_cod_svc_card', a: '9001' },
      { q: 'Location of provider 9001', a: '101' },
    ]);
    const r = await h.run(['schedule', 'book', card], {
      tty: TERMINAL,
      prompter: interruptAt(prompter, 'Date'),
      env: { NO_COLOR: '1' },
    });
    expect(r.code).toBe(130);
    const choices = prompter.asked.find((q) => q.kind === 'select')!.choices!;
    expect(choices).toEqual([
      { name: `${HOSTILE.shown} (101)`, value: '101' },
      { name: 'Pinheiros (102)', value: '102' },
      { name: '‹ Another provider', value: 'other-provider' },
    ]);
    expect(rawControl(r.stderr)).toBeUndefined();
  });

  it('shows the providers offered by name safe, from a directory with escapes (values unchanged)', async () => {
    h.base.reply(answers);
    h.test.reply(answers);
    const prompter = fakePrompter([{ q: 'Provider', a: ENTER }]);
    const r = await h.run(['schedule', 'book', card], {
      tty: TERMINAL,
      prompter: interruptAt(prompter, 'Date'),
      env: { NO_COLOR: '1', COOPCTL_PROVIDERS: '9001=Dr\u001b[2J\u009b2J \u202eevil\u0007' },
    });
    expect(r.code).toBe(130);
    const [provider] = prompter.asked;
    expect(provider!.kind).toBe('search');
    expect(provider!.choices).toEqual([{ name: 'Dr\\x1b[2J\\x9b2J \\u202eevil\\x07 (9001)', value: '9001' }]);
    expect(rawControl(r.stderr)).toBeUndefined();
  });
});

describe('enrol batch', () => {
  it('shows a refusal with a hostile mensagem_erro safe: in the report (file, csv) and the message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coopctl-hostile-'));
    try {
      const file = join(dir, 'one.csv');
      writeFileSync(file, csvFile(1, 1));
      h.base.reply({ status: 422, json: [{ confirma_operacao: 4, mensagem_erro: HOSTILE.raw }] });

      const table = await h.run(['enrol', 'batch', file, '--journal', join(dir, 'table.jsonl')]);
      expect(table.code).toBe(1);
      expect(table.stdout).toBe('');
      expect(rawControl(table.stderr)).toBeUndefined();
      expect(table.stderr).toContain(HOSTILE.shown);
      const saved = readFileSync(`${file}.report.csv`, 'utf8');
      expect(rawControl(saved)).toBeUndefined();
      expect((parse(saved, { columns: true }) as Array<Record<string, string>>)[0]!['message']).toContain(
        HOSTILE.shown,
      );

      const csv = await h.run(['-o', 'csv', 'enrol', 'batch', file, '--journal', join(dir, 'csv.jsonl')]);
      expect(rawControl(csv.stdout)).toBeUndefined();
      const [row] = parse(csv.stdout, { columns: true }) as Array<Record<string, string>>;
      expect(row!['message']).toContain(HOSTILE.shown);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
