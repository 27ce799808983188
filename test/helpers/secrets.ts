/**
 * Looking for personal data or secrets in what a program wrote (a log, /metrics, a journal) as people would see
 * them, never as digits inside a number: a card's last four digits are not "in" the float 0.005751005999743939.
 * A secret that begins (ends) with a digit counts only where it is not part of a longer number: the character
 * before (after) it is neither a digit nor a decimal point next to a digit.
 */

const DIGIT = /\d/;

/** Whether `text` shows `secret` as a token of its own (see above); a secret of letters is looked for anywhere. */
export function showsToken(text: string, secret: string): boolean {
  if (secret === '') return false;
  for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1)) {
    const before = text.slice(Math.max(0, at - 2), at);
    const after = text.slice(at + secret.length, at + secret.length + 2);
    const startsNumber = DIGIT.test(secret[0]!);
    const endsNumber = DIGIT.test(secret.at(-1)!);
    const joinedBefore = startsNumber && (DIGIT.test(before.at(-1) ?? '') || /\d\.$/.test(before));
    const joinedAfter = endsNumber && (DIGIT.test(after[0] ?? '') || /^\.\d/.test(after));
    if (!joinedBefore && !joinedAfter) return true;
  }
  return false;
}

/**
 * The numbers of `text` as a person might write a CPF or a card, with separators inside them dropped
 * (`529.982.247-25`, `529 982 247 25` are both 52998224725): every run of digits and single separators between
 * digits, without its separators.
 */
export function digitRuns(text: string): string[] {
  return (text.match(/\d(?:[\s.,:;/_+%-]?\d)*/g) ?? []).map((run) => run.replace(/\D/g, ''));
}
