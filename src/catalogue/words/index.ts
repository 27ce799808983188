/**
 * The catalogue's data in words (problems.ts), by language: English (en.ts)
 * and Brazilian Portuguese (pt.ts). The embedded server words its 422
 * answers with them by Accept-Language; the CLI in the run's language.
 */
import { MAX_DESCRIBED } from '../limits.js';
import type { Lang } from '../lang.js';
import type { Problem } from '../problems.js';
import { briefly } from '../brief.js';
import { en } from './en.js';
import { pt } from './pt.js';
import type { CatalogueWords } from './types.js';

export type { CatalogueWords };

/** The catalogue's words in `lang`. */
export function catalogueWords(lang: Lang): CatalogueWords {
  return lang === 'en' ? en : pt;
}

/** A problem's field as a message names it: a made-up name briefly (it is the client's text), '' for the request. */
export function problemField(p: Problem): string {
  return p.code === 'unknown' ? briefly(p.field) : p.field;
}

/** Whether a problem is of the request as a whole (`nothing to update`), said without a field's name. */
export function requestWide(p: Problem): boolean {
  return p.field === '' && p.code !== 'unknown';
}

/** One problem as a line: `usuario_cartao: must be 17 digits` (the request's own problems without a name). */
export function problemLine(words: CatalogueWords, p: Problem, name = problemField(p)): string {
  const said = words.problem(p);
  return requestWide(p) ? said : `${name}: ${said}`;
}

/** The problems in one line (the server's 422 message): the first MAX_DESCRIBED, then how many more. */
export function describeProblems(words: CatalogueWords, problems: readonly Problem[]): string {
  const text = problems
    .slice(0, MAX_DESCRIBED)
    .map((p) => problemLine(words, p))
    .join('; ');
  return problems.length > MAX_DESCRIBED ? `${text}; ${words.more(problems.length - MAX_DESCRIBED)}` : text;
}
