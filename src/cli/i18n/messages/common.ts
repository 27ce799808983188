/** Words shared by many commands: outcomes, confirmations, warnings. */
import type { Lang, Said } from '../../../catalogue/index.js';
import type { Translation, Words } from '../shape.js';

const en = {
  warning: (text: string) => `warning: ${text}`,
  yes: 'yes',
  no: 'no',
  /** A question answered no: nothing was sent (never "cancelled", which reads as the appointment's state). */
  nothingSent: 'Nothing was sent.',
  /** The run's language. */
  lang: 'en' as Lang,
  /** The catalogue's words in the run's language: a field's label, an operation's summary, a code's meaning. */
  said: (words: Said): string => words.en,
};

const ptBR: Translation<typeof en> = {
  warning: (text) => `aviso: ${text}`,
  yes: 'sim',
  no: 'não',
  nothingSent: 'Nada foi enviado.',
  lang: 'pt-BR',
  said: (words) => words['pt-BR'],
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
