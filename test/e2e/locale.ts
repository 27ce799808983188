/**
 * The e2e suite runs twice (vitest.config.ts): with LANG=pt_BR.UTF-8 and with
 * LANG=C. Its child processes get that LANG and no other locale variable (so
 * the machine's LC_ALL or LC_MESSAGES cannot decide), and the tests expect
 * the texts of that language.
 */

/** The language of this run of the suite: Portuguese under a pt_BR LANG, else English. */
export const e2eLang: 'pt-BR' | 'en' = /^pt_BR\b/.test(process.env['LANG'] ?? '') ? 'pt-BR' : 'en';

/** The locale variables for a child process: this run's LANG alone. */
export function e2eLocale(): { LANG: string } {
  return { LANG: process.env['LANG'] ?? 'C' };
}

/** The text of this run's language. */
export function inLang(texts: { readonly en: string; readonly pt: string }): string {
  return e2eLang === 'pt-BR' ? texts.pt : texts.en;
}
