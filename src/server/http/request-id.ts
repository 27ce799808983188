/**
 * A request's id, for the log and the answer's `X-Request-Id`: the client's
 * own `X-Request-Id` when it is a sane token (1–128 of letters, digits and
 * `-._:/+=`; a proxy's UUID, a trace id) that carries no card or CPF (no run
 * of 11 digits, whatever separates them: maskPersonalNumbers), else one made
 * here: this process's random prefix and a counter, unique across instances
 * and cheap to make. Anything else a client sends (spaces, control
 * characters, a long text, an e-mail's `@`, a card in any form) is never
 * repeated: it could be a log injection or carry personal data.
 */
import { randomBytes } from 'node:crypto';
import { maskPersonalNumbers } from '../../catalogue/mask.js';

const SANE = /^[A-Za-z0-9._:/+=-]{1,128}$/;

/** Whether a client's id may be repeated in the log and the answer. */
const sane = (id: string): boolean => SANE.test(id) && maskPersonalNumbers(id) === id;

/**
 * A maker of request ids, for one server. Without a log (`make` false) it only
 * repeats a client's sane id: an id made here would name nothing anyone can
 * look up.
 */
export function requestIds(make: boolean): (header: string | string[] | undefined) => string | undefined {
  const prefix = randomBytes(6).toString('hex');
  let serial = 0;
  return (header) => {
    if (typeof header === 'string' && sane(header)) return header;
    if (!make) return undefined;
    serial += 1;
    return `${prefix}-${serial.toString(36)}`;
  };
}
