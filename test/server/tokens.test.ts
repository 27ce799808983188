/**
 * The server's tokens (src/server/tokens.ts): one token, or `label:token`
 * lines, one a client; what is refused, and saying where without showing the
 * token; which label a presented token belongs to.
 */
import { describe, expect, it } from 'vitest';
import { StartError } from '../../src/server/start-error.js';
import { bearerLabel, parseTokens } from '../../src/server/tokens.js';
import { tokenBits } from '../../src/server/token-strength.js';
import { TOKEN_A, TOKEN_B, TOKEN_C } from '../helpers/tokens.js';

const A = TOKEN_A;
const B = TOKEN_B;

function refusal(text: string): string {
  try {
    parseTokens(text, 'tokens.txt');
  } catch (err) {
    if (err instanceof StartError) return err.message;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('parseTokens', () => {
  it('reads one bare token as the default client, its surrounding whitespace dropped', () => {
    expect(parseTokens(`  ${A}\n`, 'f')).toEqual([{ label: 'default', token: A }]);
  });

  it('reads label:token lines, skipping blank lines and # comments', () => {
    expect(parseTokens(`# the app team\napp:${A}\n\n  desk : ${B}  \r\n`, 'f')).toEqual([
      { label: 'app', token: A },
      { label: 'desk', token: B },
    ]);
  });

  it('keeps a colon that follows no label as part of a bare token; splits at the first colon after a label', () => {
    expect(parseTokens(`:${TOKEN_C}`, 'f')).toEqual([{ label: 'default', token: `:${TOKEN_C}` }]);
    expect(parseTokens(`ops.team-2:${A}:x`, 'f')).toEqual([{ label: 'ops.team-2', token: `${A}:x` }]);
  });

  it.each([
    ['an empty text', '\n# nothing\n', 'the server token in tokens.txt is empty'],
    ['a label without a token', `app:\ndesk:${B}`, 'the server token in tokens.txt, line 1 is empty'],
    [
      'a guessable token on line 3',
      `app:${A}\n\ndesk:aaaaaaaaaaaaaaaa`,
      'the server token in tokens.txt, line 3 is too easy to guess: about 0 bits of entropy, at least 128 needed (make one with openssl rand -hex 32)',
    ],
    ['a space inside a token', `app:${A} ${B}`, 'the server token in tokens.txt holds a space: one token a line'],
    ['a label given twice', `app:${A}\napp:${B}`, 'the label app is given twice in tokens.txt: one label a client'],
    [
      'a bare token twice (both default)',
      `${A}\n${B}`,
      'the label default is given twice in tokens.txt: one label a client',
    ],
    ['a token given twice', `app:${A}\ndesk:${A}`, 'a token is given twice in tokens.txt (tokens.txt, line 2)'],
  ])('refuses %s, naming the line and never the token', (_what, text, message) => {
    const said = refusal(text);
    expect(said).toBe(message);
    expect(said).not.toContain(A);
    expect(said).not.toContain(B);
  });
});

describe('bearerLabel', () => {
  const labelOf = bearerLabel([
    { label: 'app', token: A },
    { label: 'desk', token: B },
  ]);
  it.each([
    [`Bearer ${A}`, 'app'],
    [`bearer ${B}`, 'desk'],
    [`BEARER   ${B}  `, 'desk'],
    [`Bearer ${A}x`, undefined],
    [A, undefined],
    [`Basic ${A}`, undefined],
    [undefined, undefined],
  ])('%s → %s', (header, label) => {
    expect(labelOf(header)).toBe(label);
  });
});

describe('how hard a token is to guess (token-strength.ts)', () => {
  it.each([
    // Random bytes as openssl writes them: 32 bytes in hex and in base64, 24 in base64url.
    ['64 hex digits', TOKEN_A],
    ['44 base64 characters', 'eagsbDaZh2yexX7nB8rWIxFgIzIPvtrKhPICM1CxrXg='],
    ['32 base64url characters', 'qUh124IKzjh4ZQzIH6-EMchuu_KHLzuF'],
  ])('accepts %s', (_what, token) => {
    expect(tokenBits(token)).toBeGreaterThanOrEqual(128);
    expect(parseTokens(token, 'f')).toEqual([{ label: 'default', token }]);
  });

  it.each([
    ['one character repeated', 'aaaaaaaaaaaaaaaa', 0],
    ['two characters alternating', 'ab'.repeat(32), 8],
    ['16 hex digits twice', '0123456789abcdef'.repeat(2), 64],
    ['words', 'a-token-of-24-characters', 87],
    ['a passphrase', 'correcthorsebatterystaple', 84],
    ['a word and digits repeated', 'Tr0ub4dor&3xyz'.repeat(2), 91],
  ])('refuses %s, saying the estimate', (_what, token, bits) => {
    expect(Math.floor(tokenBits(token))).toBe(bits);
    expect(refusal(token)).toBe(
      `the server token in tokens.txt is too easy to guess: about ${bits} bits of entropy, at least 128 needed (make one with openssl rand -hex 32)`,
    );
  });
});
