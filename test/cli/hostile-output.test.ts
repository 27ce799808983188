/**
 * Every operation of the catalogue against a hostile service (the fake
 * loopback service answering test/helpers/hostile.ts's records): table and
 * CSV output show the planted escape sequences and control characters as
 * visible text and let none reach stdout raw; JSON and JSON lines give back
 * exactly the values sent; a hostile mensagem_erro (confirma 4, HTTP 422)
 * reaches stderr as one safe line. Colour is off (the harness's streams are
 * no TTY), so any raw control character would be the service's.
 */
import { parse } from 'csv-parse/sync';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogue, sampleParams, type Operation, type Row } from '../../src/catalogue/index.js';
import { HOSTILE, hostileRecord, rawControl } from '../helpers/hostile.js';
import { callArgv } from './argv.js';
import { startHarness, type Harness, type RunOptions } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const argv = (op: Operation) => callArgv(op, sampleParams(op));

function answer(reply: Parameters<Harness['base']['reply']>[0]): void {
  h.test.reply(reply);
  h.base.reply(reply);
}

/** Runs the operation's call with `format` flags and checks that neither stream holds a raw control character. */
async function runSafe(op: Operation, format: readonly string[], options: RunOptions = {}) {
  const r = await h.run([...format, ...argv(op)], options);
  expect(rawControl(r.stdout), 'stdout').toBeUndefined();
  expect(rawControl(r.stderr), 'stderr').toBeUndefined();
  return r;
}

/** The operations whose records have free-text fields, where hostileRecord plants its text. */
const withText = catalogue.filter((op) => hostileRecord(op).planted.length > 0);

describe.each(withText.map((op) => [op.id, op] as const))('%s records', (_id, op) => {
  const { record, planted } = hostileRecord(op);
  const columns = planted.filter((p) => p.group === undefined);

  it('table on a terminal: every planted text shown visibly, no raw control character', async () => {
    answer({ json: [record] });
    // Wide enough that no planted text is wrapped; colour off, so any raw control character would be the service's.
    const r = await runSafe(op, [], { tty: { stdout: true }, screen: { columns: 5000 }, env: { NO_COLOR: '1' } });
    expect(r.code, r.stderr).toBe(0);
    for (const p of planted) expect(r.stdout, p.path).toContain(p.shown);
  });

  it('table into a pipe: one line a record, every planted field shown visibly, no raw control character', async () => {
    answer({ json: [record] });
    const r = await h.run(argv(op));
    expect(r.code, r.stderr).toBe(0);
    expect(rawControl(r.stderr), 'stderr').toBeUndefined();
    // The TABs left are the separators: the data's were shown as \t.
    expect(rawControl(r.stdout.replace(/\t/g, '')), 'stdout').toBeUndefined();
    const created = op.response.creates;
    const lines = r.stdout.split('\n');
    expect(lines.at(-1)).toBe('');
    if (created !== undefined) {
      expect(lines).toHaveLength(record[created] === undefined ? 1 : 2);
      return;
    }
    expect(lines).toHaveLength(2);
    const fields = [...Object.keys(op.response.fields), ...Object.keys(op.response.groups ?? {})];
    expect(lines[0]!.split('\t')).toHaveLength(fields.filter((f) => record[f] !== undefined).length);
    for (const p of columns) expect(lines[0], p.path).toContain(p.shown);
  });

  it('csv: cells shown visibly and guarded against formulas, no raw control character', async () => {
    answer({ json: [record] });
    const r = await runSafe(op, ['-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const [row] = parse(r.stdout, { columns: true }) as Array<Record<string, string>>;
    // The planted text starts with "=": a leading ' keeps a spreadsheet from running it.
    for (const p of columns) expect(row![p.path], p.path).toBe(`'${p.shown}`);
  });

  it.each([['--json'], ['-o', 'jsonl']])('%s: exactly the values sent, no raw control character', async (...format) => {
    answer({ json: [record] });
    const r = await runSafe(op, format);
    expect(r.code, r.stderr).toBe(0);
    const got: Row[] =
      format[0] === '--json'
        ? JSON.parse(r.stdout)
        : r.stdout
            .trimEnd()
            .split('\n')
            .map((l) => JSON.parse(l) as Row);
    expect(got).toEqual([record]);
  });
});

describe.each(catalogue.map((op) => [op.id, op] as const))('%s errors', (_id, op) => {
  if (op.response.envelope !== 'none') {
    it('confirma 4: the hostile mensagem_erro is one safe line on stderr', async () => {
      answer({ json: [{ confirma_operacao: 4, mensagem_erro: `${HOSTILE.raw}\nsecond line` }] });
      const r = await runSafe(op, []);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`error: the request failed; the service said: "${HOSTILE.shown}\\nsecond line"\n`);
    });
  }

  it('HTTP 422: the hostile mensagem_erro is one safe line on stderr', async () => {
    answer({ status: 422, json: [{ confirma_operacao: 4, mensagem_erro: HOSTILE.raw }] });
    const r = await runSafe(op, []);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error: the service refused the request (HTTP 422); the service said: "${HOSTILE.shown}"\n`);
  });
});

it('the fixture plants hostile text in the free-text fields of every operation that has some', () => {
  expect(withText.map((op) => op.id)).toEqual(
    expect.arrayContaining([
      'registration.show',
      'record.allergies',
      'record.medications',
      'schedule.list',
      'schedule.locations',
      'enrol.contract.search',
    ]),
  );
  const show = hostileRecord(catalogue.find((op) => op.id === 'registration.show')!).planted.map((p) => p.path);
  expect(show).toEqual(expect.arrayContaining(['nome', 'nome_mae', 'endereco[0].logradouro', 'endereco[0].estado']));
});

it('only the output layer writes to the terminal: every other module goes through the Invocation', () => {
  // Each of these writes text it made itself, or made safe (src/cli/output/sanitize.ts).
  const allowed = new Map([
    ['run/invocation.ts', 'out, say, info, notice: the output layer'],
    ['run/failure.ts', 'the error line, made safe'],
    ['help/command.ts', "commander's help and usage errors (made safe)"],
    ['main.ts', 'flushing the streams'],
    ['batch/progress.ts', "the progress bar's own redraw"],
    ['commands/schedule/book/steps.ts', 'the calendar: digits of dates only'],
    ['output/pager.ts', 'the output as made, when the pager cannot start'],
    ['../boot/stored-help.ts', "a help page the build stored from the command tree: coopctl's own words only"],
    ['../boot/node-version.ts', "the launcher's refusal of an old Node: its own words only"],
  ]);
  const writersOf = (folder: string) => {
    const root = fileURLToPath(new URL(`../../src/${folder}/`, import.meta.url));
    return readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && /\b(std(out|err)|stream)\.write\(/.test(readFileSync(join(root, f), 'utf8')))
      .map((f) => (folder === 'cli' ? '' : `../${folder}/`) + f.split(sep).join('/'));
  };
  const writers = [...writersOf('cli'), ...writersOf('boot')];
  expect(writers.sort()).toEqual([...allowed.keys()].sort());
});
