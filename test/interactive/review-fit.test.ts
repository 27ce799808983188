/**
 * The wizard's review at 80 columns: a long line is wrapped at spaces, never
 * inside a word, its continuation under the text after its label; and, run
 * in-process on an 80-column terminal, no line of the review is wider.
 */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { fitReview } from '../../src/cli/commands/enrol/wizard/review.js';
import { enrolmentScript, ONE } from './enrol-script.js';
import { enrolService } from './enrol-service.js';
import { fakePrompter } from './fake-prompter.js';
import { useHarness } from '../cli/harness.js';

const TTY = { stdin: true, stdout: true, stderr: true };

describe('the review fits 80 columns', () => {
  it('wraps at spaces under the label, and leaves a line that fits as it is', () => {
    const line =
      '    contato      Nome: Maria da Silva Conceição · Telefone principal: (11) 98765-4321 · E-mail: maria@example.com';
    const fitted = fitReview([line, '1 Contrato'], 80);
    for (const l of fitted) expect(stringWidth(l)).toBeLessThanOrEqual(80);
    expect(fitted.at(-1)).toBe('1 Contrato');
    expect(fitted[0]!.startsWith('    contato      Nome: ')).toBe(true);
    for (const l of fitted.slice(1, -1)) expect(l.startsWith(' '.repeat(17))).toBe(true);
    // Every word whole: the text read again is the line.
    expect(
      fitted
        .slice(0, -1)
        .map((l, i) => (i === 0 ? l : l.trimStart()))
        .join(' '),
    ).toBe(line);
  });

  const harness = useHarness('coopctl-review-fit-');
  it('a whole review on an 80-column terminal: no line wider, the names whole', async () => {
    enrolService(harness.h);
    const script = enrolmentScript([{ ...ONE[0]!, nome: 'Maria da Silva Conceição Albuquerque' }], 'quit');
    const prompter = fakePrompter(script);
    const r = await harness.h.run(['enrol', 'wizard'], {
      tty: TTY,
      prompter,
      screen: { columns: 80, rows: 30 },
      env: { NO_COLOR: '1' },
    });
    expect(r.code, r.stderr).toBe(5);
    // From the title to the help under the sections (the question and what quitting says come after).
    const from = r.stderr.indexOf('Review the enrolment');
    const review = r.stderr.slice(from, r.stderr.indexOf('Backspace clears it).', from) + 22);
    expect(review).toContain('Tab edits it');
    for (const l of review.split('\n')) expect(stringWidth(l), l).toBeLessThanOrEqual(80);
    expect(review).toContain('Maria da Silva Conceição Albuquerque');
  });
});
