/**
 * Numbers and counted words as a person of each language reads them:
 * `1,234` / `1.234` (Intl.NumberFormat), and the form of a word that goes with
 * a count by the language's plural rules (Intl.PluralRules, CLDR's data).
 *
 * Zero: CLDR puts 0 in Portuguese's `one` (`i = 0..1`, for `1,5 litro`), but a
 * count of nothing reads `0 linhas`, as in English `0 rows`. As ICU's `=0`
 * selector does, a message may give a `zero` form (`nenhuma linha`); without
 * one, 0 takes `other` in both languages (docs/decisions.md, "Counts").
 */
import type { Lang } from '../lang.js';

const locales: Readonly<Record<Lang, string>> = { en: 'en-GB', 'pt-BR': 'pt-BR' };

/** The BCP 47 locale of a language, for Intl. */
export function localeOf(lang: Lang): string {
  return locales[lang];
}

const numberFormats = new Map<Lang, Intl.NumberFormat>();
const pluralRules = new Map<Lang, Intl.PluralRules>();

/**
 * A whole or decimal number with the language's separators. A whole number under 1,000 is written the same in both
 * languages, with no separator, and is written without Intl: making the first Intl.NumberFormat loads ICU's number
 * data, about 100 M instructions (25 ms), which a command's help texts (`17 digits`) would otherwise pay at every
 * start (docs/decisions.md, "Counts").
 */
export function formatNumber(lang: Lang, n: number | bigint): string {
  if (typeof n === 'bigint' ? n > -1000n && n < 1000n : Number.isInteger(n) && Math.abs(n) < 1000) return String(n);
  let f = numberFormats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(localeOf(lang));
    numberFormats.set(lang, f);
  }
  return f.format(n);
}

/** The forms of a counted phrase; `#` in a form stands for the count, written as the language writes numbers. */
export interface Forms {
  readonly one: string;
  readonly other: string;
  /** The phrase for 0 (`nenhuma linha`), when it is not `other`'s. */
  readonly zero?: string;
}

/** The form of `forms` that goes with `n` in `lang`, its `#` replaced by `n`: `plural('pt-BR', 2, {one: '# linha', other: '# linhas'})` is `2 linhas`. */
export function plural(lang: Lang, n: number, forms: Forms): string {
  return formOf(lang, n, forms).replaceAll('#', formatNumber(lang, n));
}

function formOf(lang: Lang, n: number, forms: Forms): string {
  if (n === 0) return forms.zero ?? forms.other;
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(localeOf(lang));
    pluralRules.set(lang, rules);
  }
  return rules.select(n) === 'one' ? forms.one : forms.other;
}

/** A count and its noun: `counted('pt-BR', 1200, 'destinatário', 'destinatários')` is `1.200 destinatários`. */
export function counted(lang: Lang, n: number, one: string, other: string): string {
  return plural(lang, n, { one: `# ${one}`, other: `# ${other}` });
}
