/**
 * Help that does not fit the screen goes through the pager, in a real
 * pseudo-terminal (tmux), with the default pager (less -FRX), in English and
 * in Portuguese, through bin/coopctl as a person runs it:
 * - at 80×30, `coopctl --help` (answered from the stored pages,
 *   src/boot/stored-help.ts) and `coopctl help` (the whole CLI) open less: its
 *   `:` prompt on the last line, the page's first lines on the screen and not
 *   its last; `q` quits it and coopctl exits 0;
 * - at 120×60 the page fits: no pager, coopctl ends by itself with the whole
 *   page on the screen;
 * - `--no-pager` never pages.
 * tmux is required: without it these tests fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/built.js';
import { type Pane, Tmux } from './tmux.js';

/** The root help's first and last lines, and a word of the other language, in each language. */
const WORDS = {
  'C.UTF-8': { first: 'Usage: coopctl', last: 'Exit codes', foreign: /\b(Uso|Opções|Comandos)\b/u },
  'pt_BR.UTF-8': { first: 'Uso: coopctl', last: 'Códigos de saída', foreign: /\b(Usage|Options|Commands)\b/u },
} as const;

let home: string;
let tmux: Tmux;
let n = 0;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'coopctl-help-pager-'));
  tmux = new Tmux();
}, 120_000);
afterAll(async () => {
  await tmux?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

/** Starts bin/coopctl (default pager, nothing of the machine's environment) in a pane of `size`. */
function start(argv: readonly string[], lang: string, size: { columns: number; rows: number }): Promise<Pane> {
  const env = { HOME: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home, TERM: 'xterm-256color', LANG: lang };
  return tmux.start(`help-${n++}`, [process.execPath, BIN, ...argv], env, size);
}

/** The screen once less shows its prompt (`:`) on the last line, before coopctl exits. */
const lessPrompt = (pane: Pane) =>
  pane.waitFor('less and its prompt', (s) => s.split('\n').at(-1) === ':' && !s.includes('__EXIT__'));

describe.each(['C.UTF-8', 'pt_BR.UTF-8'] as const)('LANG=%s', (lang) => {
  const words = WORDS[lang];

  describe.each([[['--help']], [['help']]])('coopctl %j', (argv) => {
    it('at 80×30 opens the pager on the first page; q quits it, exit 0', async () => {
      const pane = await start(argv, lang, { columns: 80, rows: 30 });
      const screen = await lessPrompt(pane);
      expect(screen.split('\n')[0]).toContain(words.first);
      expect(screen).not.toContain(words.last);
      expect(screen).not.toMatch(words.foreign);
      await pane.keys('q');
      expect(await pane.exitCode(20_000)).toBe(0);
    });

    it('at 120×60 fits: no pager, the whole page, exit 0', async () => {
      const pane = await start(argv, lang, { columns: 120, rows: 60 });
      // less -FRX would wait at its `:` prompt: an exit within the time means no pager held the screen.
      expect(await pane.exitCode(20_000)).toBe(0);
      const screen = await pane.screen();
      expect(screen).toContain(words.first);
      expect(screen).toContain(words.last);
      expect(screen).not.toMatch(/^:$/m);
      expect(screen).not.toMatch(words.foreign);
    });
  });

  it('--no-pager at 80×30: no pager, exit 0', async () => {
    const pane = await start(['--no-pager', '--help'], lang, { columns: 80, rows: 30 });
    expect(await pane.exitCode(20_000)).toBe(0);
    const history = await pane.history();
    expect(history).toContain(words.first);
    expect(history).toContain(words.last);
    expect(history).not.toMatch(/^:$/m);
  });
});
