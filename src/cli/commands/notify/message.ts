/** What the confirmations of the notification commands say about the message and its audience. */
import { audienceFilters } from '../../../catalogue/index.js';
import { text } from '../../i18n/facts.js';
import type { Messages } from '../../i18n/index.js';
import { flagOf } from '../../operations/flags.js';

/** The audience filters as flags: `--grupo-usuario, --tipo-beneficiario, --usuario-cartao`. */
export const audienceFlags = audienceFilters.map(flagOf).join(', ');

/**
 * The message line: its text, and its type with the type's meaning. The
 * service has no operation that counts the audience of a notification, so the
 * lines before it say that the number is not known before sending
 * (`audienceSize`); the outcome reports the recipients from the answer.
 */
export function messageLine(m: Messages, params: { conteudo?: unknown; tipo_notificacao?: unknown }): string {
  return m.confirm.notify.message(text(params.conteudo), text(params.tipo_notificacao) || '?');
}
