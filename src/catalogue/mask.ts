/**
 * Masking of card numbers and CPFs found anywhere in a text (a path, a query
 * string, a body), whatever their form: plain (`00010001000001005`,
 * `52998224725`), grouped with spaces, dots, hyphens, underscores, slashes,
 * commas or colons (`0001 0001 000001 00 5`, `529.982.247-25`, `0001:0001:…`), percent-encoded (`%20` between
 * the groups, `%3N` digits) or `+` for a space in a query string. Shared by
 * the client's `-v` trace and the server's access log; it imports nothing.
 * And the password of a URL (`maskUrl`), which the server's banner and errors
 * and the CLI's settings and dry runs never show.
 */

/** A digit, plain or percent-encoded. */
const DIGIT = String.raw`(?:\d|%3\d)`;
/** What may stand between two groups of digits: a space (or `+`), `.`, `-`, `_`, `/`, `,`, `:`, plain or percent-encoded. */
const SEPARATOR = String.raw`(?:[ +.\-_/,:]|%2[0bBcCdDeEfF]|%3[aA]|%5[fF])`;
/** A run of digit groups; it never starts inside a percent escape (the `2` of `%20`). */
const RUN = new RegExp(`(?<!%[0-9A-Fa-f]?)${DIGIT}+(?:${SEPARATOR}{1,3}${DIGIT}+)*`, 'g');
const TOKEN = /%[0-9A-Fa-f]{2}|[\s\S]/g;
const IS_DIGIT = /^(?:\d|%3\d)$/;

/** As many digits as a CPF (11) or more (a card has 17): such a run is masked. */
export const MASKED_DIGITS = 11;
/** The digits a masked run keeps at its end. */
const KEPT = 4;

function maskRun(run: string): string {
  const tokens = run.match(TOKEN)!;
  const digits = tokens.filter((t) => IS_DIGIT.test(t)).length;
  if (digits < MASKED_DIGITS) return run;
  let hide = digits - KEPT;
  return tokens
    .map((t) => {
      if (hide === 0 || !IS_DIGIT.test(t)) return t;
      hide--;
      return '*';
    })
    .join('');
}

/** The text with every run of 11 or more digits (in any of the forms above) masked but its last 4 digits; separators are kept. */
export function maskPersonalNumbers(text: string): string {
  return text.replace(RUN, maskRun);
}

/** The text with the password of any URL in it (userinfo, or a `password=` parameter) replaced by ***. */
export function maskUrl(text: string): string {
  return text
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^:/?#@\s]*):[^@/\s]*@/gi, '$1:***@')
    .replace(/([?&]password=)[^&#\s]*/gi, '$1***');
}
