/**
 * The pager, in-process with real pager processes (sed, head, sh): output
 * taller than the terminal goes through $COOPCTL_PAGER, else $PAGER, else
 * less -FRX; never into a pipe, nor with --no-pager, an empty value or `cat`;
 * LESS and LV get git's defaults; a pager that cannot start leaves the output
 * printed directly; one that quits early is no error. (In a real terminal:
 * test/interactive/output-pty.test.ts.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import { commandLine } from './argv.js';
import { startHarness, type Harness, type RunOptions } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const locations = operation('schedule.locations');
const argv = commandLine(locations, sampleParams(locations));
/** n locations: a table of 2n + 3 lines on a terminal. */
const answer = (n: number) =>
  h.base.reply({
    json: Array.from({ length: n }, (_, i) => ({
      ...sampleRecord(locations),
      cd_local: i + 1,
      nm_local: `Local ${i}`,
    })),
  });

/** A terminal of 10 rows, no colour, with the pager named by `env`. */
const terminal = (env: Record<string, string | undefined>): RunOptions => ({
  tty: { stdout: true, stderr: true },
  screen: { columns: 80, rows: 10 },
  env: { NO_COLOR: '1', ...env },
});

const PAGER = 'sed s/^/paged:/';
const paged = (text: string) => text.split('\n').filter((l) => l !== '' && !l.startsWith('paged:'));

describe('the pager', () => {
  it('takes output taller than the terminal, from $COOPCTL_PAGER', async () => {
    answer(10);
    const r = await h.run(argv, terminal({ COOPCTL_PAGER: PAGER, PAGER: 'sed s/^/wrong:/' }));
    expect(r.code, r.stderr).toBe(0);
    expect(paged(r.stdout)).toEqual([]);
    expect(r.stdout).toContain('paged:│ 10 ');
    expect(r.stdout.split('\n')).toHaveLength(3 + 10 + 1 + 1);
  });

  it('else $PAGER', async () => {
    answer(10);
    const r = await h.run(argv, terminal({ PAGER: 'sed s/^/pager:/' }));
    expect(
      r.stdout
        .split('\n')
        .filter(Boolean)
        .every((l) => l.startsWith('pager:')),
    ).toBe(true);
  });

  it('leaves output that fits the terminal alone', async () => {
    answer(3);
    const r = await h.run(argv, terminal({ COOPCTL_PAGER: PAGER }));
    expect(r.stdout).not.toContain('paged:');
    expect(r.stdout.split('\n')).toHaveLength(3 + 3 + 1 + 1);
  });

  it.each([
    ['--no-pager', ['--no-pager'], { COOPCTL_PAGER: PAGER }],
    ['an empty COOPCTL_PAGER', [], { COOPCTL_PAGER: '', PAGER }],
    ['an empty PAGER', [], { PAGER: '' }],
    ['COOPCTL_PAGER=cat', [], { COOPCTL_PAGER: 'cat', PAGER }],
  ])('none with %s', async (_what, flags, env) => {
    answer(10);
    const r = await h.run([...flags, ...argv], terminal(env));
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('paged:');
    expect(r.stdout).toContain('│ 10 ');
  });

  it('never into a pipe', async () => {
    answer(10);
    const r = await h.run(argv, { ...terminal({ COOPCTL_PAGER: PAGER }), tty: { stdout: false } });
    expect(r.stdout).not.toContain('paged:');
    expect(r.stdout.split('\n')).toHaveLength(11);
  });

  it('gets LESS=FRX and LV=-c unless they are set, as git gives them', async () => {
    answer(10);
    const shell = 'echo "LESS=$LESS LV=$LV"; cat';
    const r = await h.run(argv, terminal({ COOPCTL_PAGER: shell }));
    expect(r.stdout.split('\n')[0]).toBe('LESS=FRX LV=-c');
    answer(10);
    const mine = await h.run(argv, terminal({ COOPCTL_PAGER: shell, LESS: 'R', LV: '' }));
    expect(mine.stdout.split('\n')[0]).toBe('LESS=R LV=');
  });

  it('one that cannot start: a warning, and the output printed directly', async () => {
    answer(10);
    const r = await h.run(argv, terminal({ COOPCTL_PAGER: 'coopctl-no-such-pager -R' }));
    expect(r.code).toBe(0);
    // Wider than the terminal's 80 columns: wrapped on a space, short of the last column.
    expect(r.stderr).toBe('warning: cannot run the pager "coopctl-no-such-pager -R" (ENOENT); printing\ndirectly\n');
    expect(r.stdout.split('\n')).toHaveLength(3 + 10 + 1 + 1);
    expect(r.stdout).toContain('│ 10 ');
  });

  it('quitting it early is no error: the rest of the output is dropped', async () => {
    answer(5000);
    const r = await h.run(argv, terminal({ COOPCTL_PAGER: 'head -n 2' }));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(2);
    expect(r.stderr).toBe('');
  });

  it('the messages for the terminal follow the data into it, as git sends them', async () => {
    const summary = ['record', 'summary', '00010001000001005'];
    h.base.reply((req) =>
      req.url.pathname.endsWith('buscaexames')
        ? { json: [{ confirma_operacao: 4, mensagem_erro: 'down' }] }
        : { json: [] },
    );
    h.test.reply({ json: [] });
    const r = await h.run([...summary, '--no-input'], terminal({ COOPCTL_PAGER: PAGER }));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(
      'paged:error: exams: the request failed; the service said: "down"',
    );
  });
});
