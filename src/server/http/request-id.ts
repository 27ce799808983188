/**
 * A request's id, for the log, the access audit and the answer's
 * `X-Request-Id`: the client's own `X-Request-Id` only in a fixed form that
 * carries no words (a UUID, or 16 to 64 hex digits: a W3C trace id, a span
 * id) and no card or CPF (no run of 11 digits: maskPersonalNumbers), else
 * one made here: this process's random prefix and a counter, unique across
 * instances and cheap to make. Anything else a client sends (a name, a
 * diagnosis, a phone, spaces, control characters, a long text, an e-mail, a
 * card in any form) is never repeated or stored: it could be a log injection
 * or carry personal data.
 */
import { randomBytes } from 'node:crypto';
import { maskPersonalNumbers } from '../../catalogue/mask.js';

const SAFE = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,64})$/i;

/** Whether a client's id may be repeated in the log, the audit and the answer. */
const safe = (id: string): boolean => SAFE.test(id) && maskPersonalNumbers(id) === id;

/**
 * A maker of request ids, for one server. Without a log (`make` false) it only
 * repeats a client's id of the safe form: an id made here would name nothing anyone can
 * look up.
 */
export function requestIds(make: boolean): (header: string | string[] | undefined) => string | undefined {
  const prefix = randomBytes(6).toString('hex');
  let serial = 0;
  return (header) => {
    if (typeof header === 'string' && safe(header)) return header;
    if (!make) return undefined;
    serial += 1;
    return `${prefix}-${serial.toString(36)}`;
  };
}
