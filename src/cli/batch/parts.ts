/**
 * The parts of a batch and the requests they are: each kind's catalogue
 * operation, and the id field that the batch fills in from the step before
 * (never written in the file).
 */
import { operation, type Operation, type ParamsOfOperation } from '../../catalogue/index.js';
import type { SubKind } from './source.js';

export type StepKind = 'contract' | 'payer' | 'beneficiary' | SubKind;

/** The operation of each part, the id field the batch fills in, and the id field of the answer, if it creates one. */
export const parts = {
  contract: { op: operation('enrol.contract.create'), filled: undefined, creates: 'contrato_id' },
  payer: { op: operation('enrol.payer'), filled: 'contrato_id', creates: undefined },
  beneficiary: { op: operation('enrol.beneficiary.add'), filled: 'contrato_id', creates: 'beneficiario_id' },
  contact: { op: operation('enrol.beneficiary.contact'), filled: 'beneficiario_id', creates: 'contato_id' },
  address: { op: operation('enrol.beneficiary.address'), filled: 'beneficiario_id', creates: 'endereco_id' },
  document: { op: operation('enrol.beneficiary.document'), filled: 'beneficiario_id', creates: 'documento_id' },
  declaration: { op: operation('enrol.beneficiary.declaration'), filled: 'beneficiario_id', creates: undefined },
} as const satisfies Record<
  StepKind,
  { op: Operation; filled: 'contrato_id' | 'beneficiario_id' | undefined; creates: string | undefined }
>;

type Part<K extends StepKind> = (typeof parts)[K];

/** The validated parameters of a part, less the id the batch fills in. */
export type PartParams<K extends StepKind> = Omit<ParamsOfOperation<Part<K>['op']>, NonNullable<Part<K>['filled']>>;

/** The fields a part is written with: its operation's parameters less the filled-in id. */
export function columnsOf(kind: StepKind): string[] {
  const { op, filled } = parts[kind];
  return Object.keys(op.params).filter((name) => name !== filled);
}
