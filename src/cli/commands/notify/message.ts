/** What the confirmations of the notification commands say about the message and its audience. */
import { audienceFilters, type ParamsOf } from '../../../catalogue/index.js';
import { flagOf } from '../../operations/flags.js';

/**
 * The service has no operation that counts the audience of a notification, so
 * the question cannot show a number before sending; it says so, and the
 * number of recipients is printed from the answer after sending.
 */
export const AUDIENCE_SIZE =
  'Audience size: not known before sending (the service has no operation that counts app users); the answer reports the number of recipients.';

/** The audience filters as flags: `--grupo-usuario, --tipo-beneficiario, --usuario-cartao`. */
export const audienceFlags = audienceFilters.map(flagOf).join(', ');

/** The message line: its text and type. */
export function messageLine(params: Partial<Pick<ParamsOf<'notify.send'>, 'conteudo' | 'tipo_notificacao'>>): string {
  return `Message: "${params.conteudo ?? ''}" (tipo_notificacao ${params.tipo_notificacao ?? '?'})`;
}
