/**
 * Output in a real pseudo-terminal (tmux) of 80 columns: the bundled CLI
 * against the embedded server with the demo data. `record summary`,
 * `schedule dates` and the wide `registration show` leave no line wider than
 * 80 columns (display width, wrapped lines joined back by capture-pane -J), in
 * English and in Portuguese (LANG=pt_BR.UTF-8). The pager: less -FRX by
 * default, quit with q (Ctrl-C does not end coopctl while it runs), a pager
 * of $COOPCTL_PAGER, and none into a pipe. tmux is required: without it
 * these tests fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import displayWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { type Pane, Tmux } from './tmux.js';
import { MAIN } from '../helpers/built.js';

const CARD = '00010001000001005';
const SIZE = { columns: 80, rows: 24 } as const;

describe('output in a real terminal of 80 columns (tmux)', () => {
  let server: TestServer;
  let tmux: Tmux;
  let home: string;
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer();
    tmux = new Tmux();
    home = mkdtempSync(join(tmpdir(), 'coopctl-output-pty-'));
  });
  afterAll(async () => {
    await tmux?.close();
    await server?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  const env = (lang: string, more: Record<string, string> = {}) => ({
    COOPCTL_BASE_URL: server.url,
    COOPCTL_TEST_BASE_URL: server.url,
    XDG_CONFIG_HOME: home,
    HOME: home,
    TERM: 'xterm-256color',
    LANG: lang,
    ...more,
  });

  /** Runs coopctl in a new 80×24 pane; `pane` to drive it, `all` for every line it printed (scrolled off too). */
  async function start(argv: readonly string[], lang: string, more: Record<string, string> = {}) {
    const name = `out-${n++}`;
    const pane = await tmux.start(name, [process.execPath, MAIN, ...argv], env(lang, more), SIZE);
    const all = async () =>
      (await tmux.tmux('capture-pane', '-p', '-J', '-S', '-', '-t', name))
        .replace(/\s+$/, '')
        .split('\n')
        .map((l) => l.trimEnd());
    return { pane, all };
  }

  const commands: ReadonlyArray<[string, readonly string[], Record<string, readonly string[]>]> = [
    [
      'record summary',
      ['record', 'summary', CARD],
      {
        'C.UTF-8': ['Ana Beatriz Souza · card 00010001000001005', '  Therapeutic plans  3 records', '\nAllergies\n'],
        'pt_BR.UTF-8': [
          'Ana Beatriz Souza · cartão 00010001000001005',
          '  Planos terapêuticos  3 registros',
          '\nAlergias\n',
        ],
      },
    ],
    [
      'schedule dates',
      ['schedule', 'dates', '--cd-local', '101', '--prest-cod-svc-card', '9001'],
      {
        'C.UTF-8': [' Su  Mo  Tu  We  Th  Fr  Sa', '[dd] free slots:'],
        'pt_BR.UTF-8': ['dom seg ter qua qui sex sáb', '[dd] horários livres:'],
      },
    ],
    [
      'registration show',
      ['registration', 'show', CARD],
      {
        // Phones as people write them (the demo's (11)36500353), never wrapped apart (a no-break space).
        'C.UTF-8': ['Registration state', 'E (effected)', 'Addresses', 'Mobile phone', '(11)\u00a03650-0353'],
        'pt_BR.UTF-8': [
          'Situação do cadastro',
          'E (efetivado)',
          'Endereços',
          'Telefone celular',
          '(11)\u00a03650-0353',
        ],
      },
    ],
  ];

  describe.each(['C.UTF-8', 'pt_BR.UTF-8'])('LANG=%s', (lang) => {
    it.each(commands)('%s: no line wider than 80 columns', async (_name, argv, expected) => {
      const { pane, all } = await start(['--no-pager', ...argv], lang);
      expect(await pane.exitCode()).toBe(0);
      const lines = await all();
      const wide = lines.filter((l) => displayWidth(l) > SIZE.columns);
      expect(wide, lines.join('\n')).toEqual([]);
      const text = lines.join('\n');
      for (const words of expected[lang]!) expect(text, text).toContain(words);
      // Drawn for a person: boxes or a calendar, never the tab-separated lines of a pipe.
      expect(text).not.toContain('\t');
    });
  });

  /** The screen once less shows its prompt (`:`) on the last line, before coopctl exits. */
  const lessPrompt = (pane: Pane) =>
    pane.waitFor('less and its prompt', (s) => s.split('\n').at(-1) === ':' && !s.includes('__EXIT__'));

  it('long output goes through less -FRX by default: q quits it early, no error', async () => {
    const { pane } = await start(['record', 'summary', CARD], 'C.UTF-8');
    const screen = await lessPrompt(pane);
    expect(screen).toContain('Ana Beatriz Souza · card 00010001000001005');
    await pane.keys('q');
    expect(await pane.exitCode()).toBe(0);
  });

  it('Ctrl-C while less runs does not end coopctl under it; q then does, with the command’s exit code', async () => {
    const { pane } = await start(['record', 'summary', CARD], 'C.UTF-8');
    await lessPrompt(pane);
    await pane.keys('C-c');
    await pane.keys('C-c');
    // less drops the keys typed ahead of an interrupt: q again until it is read.
    for (let i = 0; i < 10; i++) {
      await pane.keys('q');
      const ended = await pane
        .waitFor('the end of coopctl', (s) => s.includes('__EXIT__'), { timeoutMs: 2000 })
        .then(() => true)
        .catch(() => false);
      if (ended) break;
    }
    expect(await pane.exitCode()).toBe(0);
  });

  it('$COOPCTL_PAGER names the pager', async () => {
    const { pane, all } = await start(['record', 'summary', CARD], 'C.UTF-8', { COOPCTL_PAGER: 'sed s/^/paged:/' });
    expect(await pane.exitCode()).toBe(0);
    const lines = (await all()).filter((l) => l !== '' && !l.startsWith('__EXIT__'));
    expect(lines.length).toBeGreaterThan(SIZE.rows);
    expect(lines.filter((l) => !l.startsWith('paged:'))).toEqual([]);
  });

  it('into a pipe: no pager, no box, one tab-separated line per record', async () => {
    const name = `out-${n++}`;
    const shell = `${process.execPath} ${MAIN} registration show ${CARD} | cat`;
    const pane = await tmux.start(
      name,
      ['sh', '-c', shell],
      env('C.UTF-8', { COOPCTL_PAGER: 'sed s/^/paged:/' }),
      SIZE,
    );
    expect(await pane.exitCode()).toBe(0);
    const screen = await pane.screen();
    const [line] = screen.split('\n');
    // The terminal shows the TABs as spaces to the next tab stop.
    expect(line).toMatch(/^E {7}1 {7}1 {7}70001 {3}4001 /);
    expect(screen).not.toContain('paged:');
    expect(screen).not.toContain('│');
  });
});
