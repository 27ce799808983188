/**
 * The languages coopctl speaks, and words given in each of them. The
 * catalogue says its words for people in both (a field's label and help, an
 * operation's summary and nouns, a code's meaning), so that whatever shows
 * them (the CLI in the run's language, the embedded server by
 * Accept-Language, the OpenAPI document in English) takes them from one place.
 */
export const langs = ['en', 'pt-BR'] as const;
export type Lang = (typeof langs)[number];

/** Words in English and in Brazilian Portuguese: a declaration missing either does not compile. */
export interface Said<T = string> {
  readonly en: T;
  readonly pt: T;
}

/** Words in English and in Brazilian Portuguese. */
export function said(en: string, pt: string): Said {
  return { en, pt };
}

/** The words of `said` in `lang`. */
export function inLang<T>(said: Said<T>, lang: Lang): T {
  return lang === 'en' ? said.en : said.pt;
}

/** `text` with its first letter in upper case (a help phrase as a question or a label). */
export function capitalised(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}
