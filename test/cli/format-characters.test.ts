/**
 * Text with an invisible format character (Unicode category Cf: a zero-width
 * space pasted from a web page, a BOM at the start of a copied line, a soft
 * hyphen, a tag character) is refused by the CLI before anything is sent
 * (exit 2), naming the field, its flag and the code point, in the run's
 * language; text written decomposed is sent composed (NFC).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation, sampleParams } from '../../src/catalogue/index.js';
import { callArgv } from './argv.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const save = operation('registration.save-address');
const argv = (street: string) => callArgv(save, { ...sampleParams(save), endereco_logradouro: street });

describe('refused before sending, naming the field, its flag and the code point', () => {
  it.each([
    ['a zero-width space', 'Rua\u200bAugusta', '200B', 4],
    ['a BOM', '\ufeffRua Augusta', 'FEFF', 1],
    ['a soft hyphen', 'Rua Au\u00adgusta', '00AD', 7],
    ['a tag character', 'Rua 🏥\u{E0041}', 'E0041', 6],
  ])('%s, in English', async (_what, street, code, at) => {
    const r = await h.run(argv(street));
    expect(r.code, r.stderr).toBe(2);
    expect(h.base.requests.length + h.test.requests.length).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `endereco_logradouro (--endereco-logradouro): must not contain invisible format characters (found U+${code} at position ${at})`,
    );
  });

  it('in Portuguese', async () => {
    const r = await h.run([...argv('Rua\u200bAugusta'), '--lang', 'pt-BR']);
    expect(r.code, r.stderr).toBe(2);
    expect(h.base.requests.length + h.test.requests.length).toBe(0);
    expect(r.stderr).toContain(
      'endereco_logradouro (--endereco-logradouro): não pode ter caracteres invisíveis de formatação (U+200B na posição 4)',
    );
  });
});

it('text written decomposed is sent composed', async () => {
  await h.run(argv('Rua Sa\u0303o Joa\u0303o'));
  const sent = h.test.requests.map((q) => (JSON.parse(q.body) as Record<string, unknown>)['endereco_logradouro']);
  expect(sent).toEqual(['Rua S\u00e3o Jo\u00e3o']);
});
