/** A client's text as a message may repeat it (problems.ts: a name that is no parameter; the server's content type). */
import { ECHOED_NAME } from './limits.js';
import { maskPersonalNumbers } from './mask.js';

/**
 * A client's text (a made-up parameter name, a content type) as a message
 * may repeat it: its first ECHOED_NAME characters, card numbers and CPFs
 * masked, anything but printable ASCII as `?`, since it may be anything,
 * even personal data.
 */
export function briefly(text: string): string {
  const masked = maskPersonalNumbers(text.slice(0, 2 * ECHOED_NAME)).replace(/[^\x20-\x7e]/g, '?');
  return masked.length > ECHOED_NAME || text.length > 2 * ECHOED_NAME ? `${masked.slice(0, ECHOED_NAME)}…` : masked;
}
