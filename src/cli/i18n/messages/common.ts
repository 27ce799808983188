/** Words shared by many commands: outcomes, confirmations, warnings. */
import type { Translation } from '../shape.js';

export const en = {
  warning: (text: string) => `warning: ${text}`,
  yes: 'yes',
  no: 'no',
  /** A question answered no: nothing was sent (never "cancelled", which reads as the appointment's state). */
  nothingSent: 'Nothing was sent.',
};

export const ptBR: Translation<typeof en> = {
  warning: (text) => `aviso: ${text}`,
  yes: 'sim',
  no: 'não',
  nothingSent: 'Nada foi enviado.',
};
