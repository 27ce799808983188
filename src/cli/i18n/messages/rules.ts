/**
 * The catalogue's rules and problems as the CLI shows them: the catalogue
 * says them as data (src/catalogue/problems.ts) and words them in each
 * language (src/catalogue/words); here they are put in the run's language,
 * with what the CLI adds around them (a field's flag, several problems one
 * per line, at most MAX_DESCRIBED of them).
 */
import type { Problem, Rule } from '../../../catalogue/index.js';
import { MAX_DESCRIBED } from '../../../catalogue/limits.js';
// The words alone, not the catalogue's index: the message catalogue is loaded by every command, the operations (and zod) by some.
import { catalogueWords, problemField, problemLine, type CatalogueWords } from '../../../catalogue/words/index.js';
import type { Translation, Words } from '../shape.js';

/** How the CLI names a problem's field: `usuario_cartao (--usuario-cartao)`; '' for the request as a whole. */
export type FieldName = (p: Problem) => string;

function said(w: CatalogueWords) {
  return {
    /** A field's rule in words: `17 digits`. */
    rule: (rule: Rule): string => w.rule(rule),
    /** What is wrong with a value, without the field's name: `must be 17 digits`. */
    problem: (problem: Problem): string => w.problem(problem),
    /** One problem with its field's name (as `name` gives it): `usuario_cartao: must be 17 digits`. */
    line: (problem: Problem, name: FieldName = problemField): string => problemLine(w, problem, name(problem)),
    /** The problems one per line: the first MAX_DESCRIBED, then how many more. */
    lines: (problems: readonly Problem[], name: FieldName = problemField): string => {
      const shown = problems.slice(0, MAX_DESCRIBED).map((p) => problemLine(w, p, name(p)));
      if (problems.length > MAX_DESCRIBED) shown.push(w.more(problems.length - MAX_DESCRIBED));
      return shown.join('\n');
    },
  };
}

const en = {
  ...said(catalogueWords('en')),
  /** Before the problems of a request, one per line. */
  several: (n: number): string => `the parameters have ${n} problems`,
};

const ptBR: Translation<typeof en> = {
  ...said(catalogueWords('pt-BR')),
  several: (n) => `os parâmetros têm ${n} problemas`,
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
