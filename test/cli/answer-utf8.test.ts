/**
 * An answer whose bytes are not UTF-8 is a transport error (exit 4) that names
 * the field holding the invalid byte, in the run's language; it is never read
 * as U+FFFD and shown as if the service had said it. A JSON escape of a lone
 * surrogate is no invalid byte, and valid text past ASCII is read as it is.
 */
import { describe, expect, it } from 'vitest';
import { operation, sampleParams, sampleRecord } from '../../src/catalogue/index.js';
import { callArgv } from './argv.js';
import { useHarness } from './harness.js';

const setup = useHarness('coopctl-utf8-');
const op = operation('registration.show');
const argv = callArgv(op, sampleParams(op));

/** The sample record as JSON bytes, with `bad` (raw bytes) in place of the marker in `field`'s text. */
function answerWith(field: (r: Record<string, unknown>) => void, bad: number[]): Buffer {
  const rec = sampleRecord(op) as Record<string, unknown>;
  field(rec);
  const [before, after] = JSON.stringify([rec]).split('@@MARK@@');
  return Buffer.concat([Buffer.from(before!), Buffer.from(bad), Buffer.from(after!)]);
}
const json = { 'content-type': 'application/json' };

describe('an answer that is not UTF-8', () => {
  it('names the field and the byte, in English', async () => {
    const bytes = answerWith((r) => (r['nome'] = 'Ana@@MARK@@ Souza'), [0xff]);
    setup.h.test.reply({ headers: json, bytes });
    const r = await setup.h.run(argv);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('[0].nome is not valid UTF-8 (byte 0xFF at position 4)');
    expect(r.stderr).not.toContain('\ufffd');
  });

  it('names a nested field, in Portuguese', async () => {
    const bytes = answerWith(
      (r) => {
        (r['contato'] as Record<string, unknown>)['email'] = 'ana@@MARK@@@example.com';
      },
      [0xc3, 0x28],
    );
    setup.h.test.reply({ headers: json, bytes });
    const r = await setup.h.run(['--lang', 'pt-BR', ...argv]);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('[0].contato.email não é UTF-8 válido (byte 0xC3 na posição 4)');
  });

  it('reads valid text past ASCII and a JSON escape of a lone surrogate as they are', async () => {
    const rec = { ...sampleRecord(op), nome: 'João \u{1f3e5} Conceição' };
    setup.h.test.reply({ headers: json, raw: JSON.stringify([rec]).replace('Conceição', 'Concei\\udc80') });
    const r = await setup.h.run([...argv, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)[0].nome).toBe('João \u{1f3e5} Concei\udc80');
  });
});
