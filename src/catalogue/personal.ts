/**
 * Which operations read or change personal data, and whom a request is about:
 * derived from each entry's parameters, so that a new operation that takes a
 * card, a CPF, a beneficiary or an appointment is audited with no other
 * change. The server's access audit (src/server/audit/) keeps one record per
 * request to such an operation; the person is kept as a keyed hash of the
 * card, CPF or device id (never in clear), and a beneficiary's or an
 * appointment's number (coopctl's own ids, which name nobody outside the
 * store) as it is.
 */
import type { Operation } from './operation.js';

/** Parameters that name a person, and what the audit calls each: kept only as a keyed hash. */
export const SUBJECT_FIELDS = {
  usuario_cartao: 'card',
  cpf: 'cpf',
  pushid: 'device',
} as const;

export type SubjectKind = (typeof SUBJECT_FIELDS)[keyof typeof SUBJECT_FIELDS];

/** Parameters that name a record of one person by the store's own number: kept as they are. */
export const REFERENCE_FIELDS = ['beneficiario_id', 'cd_evento'] as const;

/** What the audit keeps of an operation's parameters: the field naming the person, the field naming the record. */
export interface Personal {
  readonly subject?: keyof typeof SUBJECT_FIELDS;
  readonly reference?: (typeof REFERENCE_FIELDS)[number];
}

/** The operation's audit fields, or undefined when it reads and changes no personal data (a CEP, a provider's agenda). */
export function personalOf(op: Operation): Personal | undefined {
  const names = Object.keys(op.params);
  const subject = (Object.keys(SUBJECT_FIELDS) as Array<keyof typeof SUBJECT_FIELDS>).find((f) => names.includes(f));
  const reference = REFERENCE_FIELDS.find((f) => names.includes(f));
  if (subject === undefined && reference === undefined) return undefined;
  return { ...(subject ? { subject } : {}), ...(reference ? { reference } : {}) };
}
