/**
 * The server's tokens (src/server/tokens.ts): one token, or `label:token`
 * lines, one a client; what is refused, and saying where without showing the
 * token; which label a presented token belongs to.
 */
import { describe, expect, it } from 'vitest';
import { StartError } from '../../src/server/start-error.js';
import { bearerLabel, parseTokens } from '../../src/server/tokens.js';

const A = 'a-token-of-24-characters';
const B = 'b-token-of-24-characters';

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
    expect(parseTokens(':starts-with-a-colon-xx', 'f')).toEqual([
      { label: 'default', token: ':starts-with-a-colon-xx' },
    ]);
    expect(parseTokens(`ops.team-2:${A}:x`, 'f')).toEqual([{ label: 'ops.team-2', token: `${A}:x` }]);
  });

  it.each([
    ['an empty text', '\n# nothing\n', 'the server token in tokens.txt is empty'],
    ['a label without a token', `app:\ndesk:${B}`, 'the server token in tokens.txt, line 1 is empty'],
    [
      'a short token on line 3',
      `app:${A}\n\ndesk:short-token`,
      'the server token in tokens.txt, line 3 is too short: use at least 16 characters (e.g. openssl rand -hex 32)',
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
