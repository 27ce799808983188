/**
 * How hard a server token is to guess, estimated in bits (a token of
 * 16 `a`s must not pass). Two estimates, the lower kept:
 *
 * - its shortest repeating part (`abab…` is `ab`) times log2 of the smallest
 *   usual alphabet that holds all its characters: digits (10), hex digits
 *   (16), one case of letters (26), base32 (32), one case of letters and
 *   digits (36), letters (52), letters and digits (62), base64 and base64url
 *   (64), printable ASCII (94);
 * - its length times the Shannon entropy of its characters' frequencies, which
 *   catches a token made of few characters, or of words (`a-token-of-…`).
 *
 * Random bytes written as 64 hex digits (`openssl rand -hex 32`) or 44 base64
 * characters (`openssl rand -base64 32`) are estimated at 220–256 bits; 32 hex
 * digits (128 random bits) at about 115, under the bound: estimates of a
 * random text fall below its true entropy, so the bound asks for some margin.
 */

/** The least a server token must be estimated at. */
export const MIN_TOKEN_BITS = 128;

const ALPHABETS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^[0-9]+$/, 10],
  [/^[0-9a-f]+$/, 16],
  [/^[0-9A-F]+$/, 16],
  [/^[a-z]+$/, 26],
  [/^[A-Z]+$/, 26],
  [/^[a-z2-7]+$/, 32],
  [/^[A-Z2-7]+=*$/, 32],
  [/^[0-9a-z]+$/, 36],
  [/^[0-9A-Z]+$/, 36],
  [/^[A-Za-z]+$/, 52],
  [/^[0-9A-Za-z]+$/, 62],
  [/^[0-9A-Za-z_-]+$/, 64],
  [/^[0-9A-Za-z+/]+=*$/, 64],
];

/** The size of the smallest usual alphabet holding every character of `text`. */
function alphabet(text: string): number {
  for (const [pattern, size] of ALPHABETS) if (pattern.test(text)) return size;
  return 94;
}

/** The length of the shortest part whose repetition makes `chars` (its length when none shorter does). */
function period(chars: readonly string[]): number {
  for (let p = 1; p < chars.length; p++) {
    let repeats = true;
    for (let i = p; i < chars.length && repeats; i++) repeats = chars[i] === chars[i - p];
    if (repeats) return p;
  }
  return chars.length;
}

/** The token's estimated entropy, in bits (the lower of the two estimates above). */
export function tokenBits(token: string): number {
  const chars = [...token];
  if (chars.length === 0) return 0;
  const structural = period(chars) * Math.log2(alphabet(token));
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    perChar -= p * Math.log2(p);
  }
  return Math.min(structural, chars.length * perChar);
}
