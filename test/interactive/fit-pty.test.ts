/**
 * The everyday lookups fit the screen, in a real pseudo-terminal (tmux) of
 * 80×30 and 120×40, in English and in Portuguese, against the embedded
 * server with the demo data, with the default pager (less -FRX):
 * - `registration show` of the demo's first card is a card that fits the
 *   screen: no pager (coopctl ends by itself, less's `:` never shows), the
 *   name, card, formatted CPF and phones on the screen, no box;
 * - `schedule list` and `enrol contract search` are rows at 80 columns (one
 *   line a record, no rule between them), saying which columns were left out
 *   when some were;
 * - `npm run demo`'s commands never stop in a pager.
 * Each screen is checked for words of the other language. tmux is required:
 * without it these tests fail.
 */
import { join } from 'node:path';
import displayWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { usePtyWorld } from './pty-world.js';
import { root } from './tmux.js';

const CARD = '00010001000001005';
const SIZES = [
  { columns: 80, rows: 30 },
  { columns: 120, rows: 40 },
] as const;

/** Words each language's screen shows, and words of the other language that it must not. */
const WORDS = {
  'C.UTF-8': {
    card: 'Card',
    cpf: 'CPF number',
    mobile: 'Mobile phone',
    contact: 'Contact',
    appointment: 'Appointment',
    contract: 'Sales contract',
    leftOut: 'Left out to fit the screen:',
    foreign: ['Cartão', 'Endereços', 'Contato', 'Agendamento', 'Fora da tabela', 'Situação', 'Vidas'],
  },
  'pt_BR.UTF-8': {
    card: 'Cartão',
    cpf: 'CPF',
    mobile: 'Telefone celular',
    contact: 'Contato',
    appointment: 'Agendamento',
    contract: 'Contrato de venda',
    leftOut: 'Fora da tabela para caber na tela:',
    foreign: ['Card', 'Addresses', 'Contact', 'Appointment', 'Left out', 'Mobile', 'Lives', 'Yes'],
  },
} as const;

const world = usePtyWorld('coopctl-fit-pty-', 'C.UTF-8');
let n = 0;

/** Runs coopctl (default pager, nothing of the machine's environment) in a pane of `size`; resolves once it exits. */
async function run(argv: readonly string[], lang: string, size: { columns: number; rows: number }) {
  const pane = await world.tmux.start(
    `fit-${n++}`,
    [process.execPath, world.cli.main, ...argv],
    world.env({ LANG: lang }),
    size,
  );
  // less -FRX would wait at its `:` prompt: an exit within the time means no pager held the screen.
  const code = await pane.exitCode(20_000);
  const lines = (await pane.screen()).split('\n').map((l) => l.trimEnd());
  const shown = lines.slice(
    0,
    lines.findIndex((l) => l.startsWith('__EXIT__')),
  );
  return { code, shown, text: shown.join('\n') };
}

function noForeignWords(text: string, lang: keyof typeof WORDS): void {
  for (const word of WORDS[lang].foreign)
    expect(text, `"${word}" on a ${lang} screen:\n${text}`).not.toMatch(new RegExp(`\\b${word}\\b`, 'u'));
}

describe.each(['C.UTF-8', 'pt_BR.UTF-8'] as const)('LANG=%s', (lang) => {
  const w = WORDS[lang];

  describe.each(SIZES)('$columns×$rows', (size) => {
    it("registration show of the demo's first card fits the screen without the pager", async () => {
      const { code, shown, text } = await run(['registration', 'show', CARD], lang, size);
      expect(code, text).toBe(0);
      // Everything on one screen, the shell's exit line under it; no line wider than the screen.
      expect(shown.length, text).toBeLessThan(size.rows);
      for (const line of shown) expect(displayWidth(line), line).toBeLessThanOrEqual(size.columns);
      expect(shown[0]).toBe('Ana Beatriz Souza');
      expect(text).toMatch(new RegExp(`^ {2}${w.card} +${CARD}$`, 'm'));
      expect(text).toMatch(new RegExp(`^ {2}${w.cpf} +529\\.982\\.247-25$`, 'm'));
      expect(text).toMatch(new RegExp(`^ {2}${w.mobile} +\\(11\\)\u00a096028-9873$`, 'm'));
      expect(text).toContain('CEP 01310-100');
      // Contact before the addresses; no box.
      expect(text.indexOf(`\n${w.contact}\n`)).toBeGreaterThan(0);
      expect(text.indexOf('Avenida Paulista')).toBeGreaterThan(text.indexOf(`\n${w.contact}\n`));
      expect(text).not.toContain('┌');
      expect(text).not.toMatch(/^:$/m);
      noForeignWords(text, lang);
    });

    it('schedule list: the appointments as rows, one line each, no rule between them', async () => {
      const { code, text, shown } = await run(['schedule', 'list', CARD], lang, size);
      expect(code, text).toBe(0);
      for (const line of shown) expect(displayWidth(line), line).toBeLessThanOrEqual(size.columns);
      expect(shown[1]).toMatch(new RegExp(`^│ ${w.appointment} +│`));
      const rows = shown.filter((l) => /^│ 88\d{4} +│/.test(l));
      expect(rows.length, text).toBe(4);
      // The records' lines follow each other: no rule between rows of one line.
      const first = shown.indexOf(rows[0]!);
      expect(shown.slice(first, first + rows.length)).toEqual(rows);
      if (size.columns === 80) expect(text).toContain(w.leftOut);
      noForeignWords(text, lang);
    });

    it('enrol contract search: the contracts as rows, one line each', async () => {
      const { code, text, shown } = await run(['enrol', 'contract', 'search'], lang, size);
      expect(code, text).toBe(0);
      for (const line of shown) expect(displayWidth(line), line).toBeLessThanOrEqual(size.columns);
      expect(shown.slice(1, 3).join(' ')).toMatch(new RegExp(`^│ ${w.contract.split(' ')[0]}`));
      const rows = shown.filter((l) => /^│ \d+ +│ \d{6} +│/.test(l));
      expect(rows.length, text).toBeGreaterThanOrEqual(7);
      const first = shown.indexOf(rows[0]!);
      expect(shown.slice(first, first + rows.length)).toEqual(rows);
      noForeignWords(text, lang);
    });
  });
});

describe('npm run demo', () => {
  it('on a screen of 80×30 runs its commands to the end, never stopping at a pager', async () => {
    const pane = await world.tmux.start(
      `fit-${n++}`,
      [process.execPath, join(root, 'scripts', 'demo.mjs')],
      world.env({ COOPCTL_DEMO_ONCE: '1', COOPCTL_DEMO_PORT: '0', TMPDIR: world.home }),
      { columns: 80, rows: 30 },
    );
    expect(await pane.exitCode(60_000)).toBe(0);
    const all = await pane.history();
    expect(all).toContain('$ coopctl registration show 00010001000001005');
    expect(all).not.toMatch(/^:$/m);
  });
});
