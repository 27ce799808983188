/**
 * Command modules (src/cli/commands): each names its catalogue operation by
 * reference, the command tree finds it by the operation, and its hooks are
 * what the commands run — seen by spying on a registered module's hook while
 * the command runs in-process.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogue, operation } from '../../src/catalogue/index.js';
import { book } from '../../src/cli/commands/schedule/book.js';
import { cancel } from '../../src/cli/commands/schedule/cancel.js';
import { dates } from '../../src/cli/commands/schedule/dates.js';
import { areas } from '../../src/cli/help/areas.js';
import { modulesOf, specOf } from '../../src/cli/commands/specs.js';
import { startHarness, type Harness } from './harness.js';

describe('registration', () => {
  it('the modules, each of a catalogue entry (the same object) of its area, one per operation', async () => {
    const byArea = await Promise.all((Object.keys(areas) as Array<keyof typeof areas>).map(modulesOf));
    for (const [i, area] of (Object.keys(areas) as Array<keyof typeof areas>).entries())
      for (const spec of byArea[i]!) expect(spec.op.area).toBe(area);
    const modules = byArea.flat();
    expect(modules.map((spec) => spec.op.command.join(' ')).sort()).toEqual([
      'notify send',
      'notify send-all',
      'registration delete-address',
      'registration save-address',
      'registration show',
      'schedule book',
      'schedule cancel',
      'schedule dates',
    ]);
    for (const spec of modules) expect(catalogue.includes(spec.op), spec.op.path).toBe(true);
    expect(new Set(modules.map((spec) => spec.op)).size).toBe(modules.length);
  });

  it("specOf finds a module by its operation; any other operation's command is its catalogue entry alone", async () => {
    expect(await specOf(operation('schedule.dates'))).toBe(dates);
    expect(await specOf(operation('schedule.cancel'))).toBe(cancel);
    const allergies = operation('record.allergies');
    expect(await specOf(allergies)).toEqual({ op: allergies });
    // By the object, not by its id: a copy of an entry is another operation.
    expect(await specOf({ ...operation('schedule.dates') })).not.toBe(dates);
  });

  it('every operation that asks for confirmation has its wording in its module', async () => {
    const asking = catalogue.filter((op) => op.confirm !== undefined);
    expect(asking.map((op) => op.command.join(' '))).toEqual([
      'registration delete-address',
      'schedule cancel',
      'notify send',
      'notify send-all',
    ]);
    for (const op of asking) expect(typeof (await specOf(op)).confirm, op.path).toBe('function');
  });
});

describe("the commands run their module's hooks", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());
  afterEach(() => vi.restoreAllMocks());

  const free = [
    { data_consulta: '2026-03-03', confirma_operacao: 2, mensagem_erro: '' },
    { data_consulta: '2026-04-07', confirma_operacao: 2, mensagem_erro: '' },
  ];
  const datesArgv = ['schedule', 'dates', '--cd-local', '101', '--prest-cod-svc-card', '9001'];

  it("render: the table of schedule dates on a terminal is its module's (a calendar); csv and a pipe's lines stay derived", async () => {
    const render = vi.spyOn(dates, 'render');
    h.base.reply({ json: free });
    const table = await h.run(datesArgv, { tty: { stdout: true } });
    expect(table.code, table.stderr).toBe(0);
    expect(render).toHaveBeenCalledTimes(1);
    expect(render.mock.calls[0]![0]).toEqual(free);
    expect(table.stdout).toContain('March 2026');
    expect(table.stdout).toContain(' [3]');

    const csv = await h.run(['-o', 'csv', ...datesArgv]);
    expect(render).toHaveBeenCalledTimes(1);
    expect(csv.stdout.trim().split(/\r?\n/)).toEqual(['data_consulta', '2026-03-03', '2026-04-07']);

    const piped = await h.run(datesArgv);
    expect(render).toHaveBeenCalledTimes(1);
    expect(piped.stdout).toBe('2026-03-03\n2026-04-07\n');
  });

  it("confirm: schedule cancel's question is worded by its module, from the validated parameters", async () => {
    const confirm = vi.spyOn(cancel, 'confirm');
    const r = await h.run(['schedule', 'cancel', '4242']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('coopctl schedule cancel cancels an appointment: confirm it with --yes (-y)');
    expect(confirm).toHaveBeenCalledWith(
      { cd_evento: '4242' },
      expect.objectContaining({ confirm: expect.anything() }),
      undefined,
    );
    expect(h.base.requests).toHaveLength(0);
  });

  it('interactive: schedule book offers its flow first; without a terminal it declines and the plain run goes on', async () => {
    const interactive = vi.spyOn(book, 'interactive');
    const r = await h.run(['schedule', 'book', '00010001000001005']);
    expect(interactive).toHaveBeenCalledTimes(1);
    expect(interactive.mock.calls[0]![1]).toBe(book);
    expect(await interactive.mock.results[0]!.value).toBeUndefined();
    // The plain run: validation names the missing flags, nothing is sent.
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--prest-cod-svc-card');
    expect(h.base.requests).toHaveLength(0);
  });

  it("examples: schedule book's help adds its module's example to the derived one", async () => {
    const r = await h.run(['schedule', 'book', '--help']);
    expect(r.stdout).toMatch(/^Examples:\n {2}coopctl schedule book \S+ --cd-local /m);
    expect(r.stdout).toMatch(
      /^ {2}# on a terminal, the booking wizard asks for the rest\n {2}coopctl schedule book \d{17}\n/m,
    );
    const plain = await h.run(['schedule', 'list', '--help']);
    expect(plain.stdout).not.toContain('wizard');
  });
});
