/** Words shared by many commands: outcomes, confirmations, warnings. */
import type { Translation } from '../shape.js';

export const en = {
  warning: (text: string) => `warning: ${text}`,
  yes: 'yes',
  no: 'no',
  cancelled: 'cancelled: nothing was sent',
};

export const ptBR: Translation<typeof en> = {
  warning: (text) => `aviso: ${text}`,
  yes: 'sim',
  no: 'não',
  cancelled: 'cancelado: nada foi enviado',
};
