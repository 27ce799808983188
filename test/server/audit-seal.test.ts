/**
 * A record's seal as docs/security.md defines it: HMAC-SHA-256, with the key
 * HMAC(audit key, "coopctl audit seal"), of the record's text, its first 16
 * bytes in hex. Computed here with node:crypto's createHmac, not by the code
 * under test (which makes it from pads kept between calls).
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditKeyOf } from '../../src/server/audit/key.js';

const SECRET = Buffer.from('8f1c2a3b4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8', 'hex');

function expected(text: string): string {
  const sealKey = createHmac('sha256', SECRET).update('coopctl audit seal').digest();
  return createHmac('sha256', sealKey).update(text).digest().subarray(0, 16).toString('hex');
}

describe('the audit key seal', () => {
  const key = auditKeyOf(SECRET);
  const texts = [
    '[null,"1764650000000","127.0.0.1",null,"registration.show","200","2","card","ab","1",null,null,null,"k"]',
    'a short one after a longer one',
    '',
    '["José da Conceição","São Paulo — 🏥"]',
    'x'.repeat(1365),
    'é'.repeat(2000),
    `${'y'.repeat(5000)}€`,
    'the first one again, after the long ones',
  ];
  it.each(texts.map((t) => [t.length, t]))('a text of %i characters is sealed as HMAC-SHA-256 says', (_n, text) => {
    expect(key.seal(text)).toBe(expected(text));
  });
  it('the same text gives the same seal, whatever was sealed between', () => {
    const first = key.seal(texts[0]!);
    key.seal(texts[6]!);
    key.seal(texts[3]!);
    expect(key.seal(texts[0]!)).toBe(first);
    expect(first).toBe(expected(texts[0]!));
  });
});
