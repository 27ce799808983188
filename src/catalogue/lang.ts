/**
 * The languages coopctl speaks, and words given in each of them. The
 * catalogue says its words for people in both (a field's label and help, an
 * operation's summary and nouns, a code's meaning), so that whatever shows
 * them (the CLI in the run's language, the embedded server by
 * Accept-Language, the OpenAPI document in English) takes them from one place.
 */
export const langs = ['en', 'pt-BR'] as const;
export type Lang = (typeof langs)[number];

/**
 * Words in each language, keyed by the language (`en`, `'pt-BR'`): the one
 * shape of words for people across coopctl (the catalogue, the server's
 * answers, the CLI's message modules). A declaration missing a language does
 * not compile.
 */
export type Said<T = string> = Readonly<Record<Lang, T>>;

/** Words in English and in Brazilian Portuguese (the shorthand of `{ en, 'pt-BR': pt }`). */
export function said(en: string, pt: string): Said {
  return { en, 'pt-BR': pt };
}

/** The words of `said` in `lang`. */
export function inLang<T>(said: Said<T>, lang: Lang): T {
  return said[lang];
}

/** `text` with its first letter in upper case (a help phrase as a question or a label). */
export function capitalised(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}
