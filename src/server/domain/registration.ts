/**
 * Registration rules (spec §4.1): a change opens or joins the day's pending
 * change (its stamp), a new address takes a free `codigo`, and a contact
 * update changes the fields it gives. Pure functions; the handlers apply them
 * through the store, which runs each one in the transaction of its write.
 */
import type { Contact, Restamp } from '../store/areas/registration.js';

/** The highest address `codigo` (`endereco_ind` has two digits). */
export const MAX_ADDRESS_CODE = 99;

/**
 * The pending-change stamp of a change made on `today` (`yyyy-mm-dd`): the
 * first change of a day opens a new batch (`lote`), a later one of the same
 * day joins it; every change is a new movement (`movimento`).
 */
export function restampOn(today: string): Restamp {
  return (current, counters) => {
    const lote = current.changed_on === today ? current.lote : counters.lote + 1;
    const movimento = counters.movimento + 1;
    return {
      stamp: { lote, movimento, changed_on: today },
      counters: { lote: Math.max(lote, counters.lote), movimento },
    };
  };
}

/**
 * The `codigo` of a new address, given those in use: the lowest above the
 * highest in use, else (past MAX_ADDRESS_CODE) the lowest free one; undefined
 * when every code is taken.
 */
export function freeAddressCode(used: readonly number[]): number | undefined {
  const taken = new Set(used);
  const above = Math.max(0, ...used) + 1;
  if (above <= MAX_ADDRESS_CODE) return above;
  for (let code = 1; code <= MAX_ADDRESS_CODE; code++) if (!taken.has(code)) return code;
  return undefined;
}

/** The contact fields an update may change. */
export type ContactPatch = Partial<Pick<Contact, 'telefone' | 'celular' | 'fax' | 'email'>>;

/** The contact after an update: the fields given replace the current ones; a new contact has the others empty, codigo 1. */
export function mergeContact(current: Contact | undefined, patch: ContactPatch): Contact {
  return { ...(current ?? { telefone: '', celular: '', fax: '', email: '', codigo: 1 }), ...patch };
}

/**
 * The forms of one CEP, the given one first: section 4.1 writes a CEP with 8
 * to 11 digits ("11 digits as in the material"), the 8-digit CEP padded on the
 * left with zeros (`00001310100` is `01310100`). A CEP whose digits before its
 * last 8 are not all zeros has only its own form.
 */
export function cepForms(cep: string): string[] {
  const m = /^0*(\d{8})$/.exec(cep);
  if (!m || cep.length > 11) return [cep];
  const eight = m[1]!;
  const forms = [8, 9, 10, 11].map((n) => eight.padStart(n, '0'));
  return [cep, ...forms.filter((f) => f !== cep)];
}
