/**
 * The beneficiary: the card is checked against the registration record
 * (buscadadosusuario) before any other question and the name shown; a card
 * with no beneficiary is asked again. The record's contact gives the e-mail
 * and mobile offered as defaults. The record is the beneficiary's own data
 * (edited in the app): it is shown made safe (Output's say, the prompter)
 * and becomes a default only when it passes the field's rule.
 */
import { maskValue } from '../../../../client/mask.js';
import { operation, type Field, type Operation, type Params, type Row } from '../../../../catalogue/index.js';
import { ExitCode } from '../../../exit-codes.js';
import { lookup } from '../../../interactive/calls.js';
import { askField, breaksRule } from '../../../interactive/fields.js';
import { inputOptions } from '../../../operations/input.js';
import type { Asking, Output, Service } from '../../../capabilities.js';
import { ask, fail, text, type Beneficiary } from './common.js';
import { words as bookingWords } from './words.js';

const registration = operation('registration.show');
/** The registration's own rules for its e-mail and phones (atualizacontato's parameters). */
const contactRules = operation('registration.update-contact').params;
/** A phone as the spec writes it, `(11)987654321`: area code, number. */
const PHONE = /^\((\d{2})\)(\d{8,9})$/;

const passes = (value: string, ...fields: Field[]) => value !== '' && fields.every((f) => !breaksRule(f, value));

function beneficiaryOf(op: Operation, row: Row): Beneficiary {
  // One object or a list of them (docs/decisions.md: coopctl accepts either): the first contact.
  const group = row['contato'];
  const contact = Array.isArray(group) ? group[0] : group;
  const c = contact !== null && typeof contact === 'object' ? (contact as Row) : {};
  const email = text(c['email']);
  const mobile = text(c['celular']);
  return {
    name: text(row['nome']),
    ...(passes(email, contactRules.usuario_email, op.params['ds_email']!) ? { email } : {}),
    ...(passes(mobile, contactRules.usuario_celular) ? { mobile } : {}),
  };
}

/** Asks for the card until the service knows it; shows the beneficiary's name. An exit code when it cannot be read. */
export async function checkCard(
  inv: Output & Asking & Service,
  op: Operation,
  params: Params,
): Promise<Beneficiary | number> {
  for (;;) {
    await ask(inv, op, params, 'usuario_cartao');
    const card = text(params['usuario_cartao']);
    const masked = maskValue('usuario_cartao', card);
    const read = await lookup(inv, registration, { usuario_cartao: card });
    if (read.ok) {
      const person = beneficiaryOf(op, read.rows[0]!);
      const booking = bookingWords[inv.lang];
      inv.say(booking.beneficiary(person.name || booking.noName), (await inv.style('stderr')).bold);
      return person;
    }
    if (read.code !== ExitCode.noResult)
      return fail(inv, read.code, bookingWords[inv.lang].cannotReadCard(masked, read.problem));
    await inv.notice(bookingWords[inv.lang].unknownCard(masked, read.problem), 'note');
    delete params['usuario_cartao'];
  }
}

/**
 * The e-mail, mobile and address, each pre-filled (Enter keeps it): the
 * registration's e-mail and mobile, the location's name. The mobile is one
 * question, `(11)987654321` as the registration writes it, split into
 * nr_ddd_celular and nr_celular.
 */
export async function askContact(
  inv: Output & Asking,
  op: Operation,
  params: Params,
  person: Beneficiary,
  address: string | undefined,
): Promise<void> {
  await ask(inv, op, params, 'ds_email', person.email);
  if (params['nr_ddd_celular'] === undefined && params['nr_celular'] === undefined) {
    const answer = await askField(
      inv,
      'nr_ddd_celular nr_celular',
      contactRules.usuario_celular,
      person.mobile ? { ...inputOptions(inv), default: person.mobile } : inputOptions(inv),
    );
    const parts = PHONE.exec(text(answer));
    if (parts) {
      params['nr_ddd_celular'] = parts[1];
      params['nr_celular'] = parts[2];
    }
  }
  // One of the two given on the command line (or an answer in another form): the other asked on its own.
  const parts = PHONE.exec(person.mobile ?? '');
  await ask(inv, op, params, 'nr_ddd_celular', parts?.[1]);
  await ask(inv, op, params, 'nr_celular', parts?.[2]);
  await ask(inv, op, params, 'ds_endereco', address);
}
