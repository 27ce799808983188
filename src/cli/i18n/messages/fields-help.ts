/**
 * The catalogue's words for people, as the CLI's help shows them: each
 * field's help (what it is), each operation's summary, a rule's wording and
 * the meaning of a documented code. The catalogue declares them in both
 * languages next to the rules (src/catalogue/areas, records.ts, codes.ts);
 * here they are taken in the run's language.
 */
import type { Field, Operation, Said } from '../../../catalogue/index.js';
import type { Translation, Words } from '../shape.js';
import * as rules from './rules.js';

const en = {
  /** What the parameter `name` of `op` is. */
  field: (op: Operation, name: string) => op.params[name]?.words.help.en ?? name,
  /** The operation's one-line summary. */
  summary: (op: Operation) => op.summary.en,
  /** The field's rule in words. */
  rule: (f: Pick<Field, 'rule'>) => rules.words.en.rule(f.rule),
  /** What a documented code means. */
  code: (meaning: Said) => meaning.en,
};

const ptBR: Translation<typeof en> = {
  field: (op, name) => op.params[name]?.words.help['pt-BR'] ?? name,
  summary: (op) => op.summary['pt-BR'],
  rule: (f) => rules.words['pt-BR'].rule(f.rule),
  code: (meaning) => meaning['pt-BR'],
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
