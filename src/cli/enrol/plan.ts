/**
 * The enrolment engine's plan: the chain of requests that enrols one
 * contract — the contract (unless it exists already), its payer, then each
 * beneficiary followed by its records (contacts, documents, addresses,
 * health-declaration answers) — and, for each part, its catalogue operation,
 * the id it hangs on (filled in from the step before when it is sent, never
 * written by a person) and the id its answer creates. `enrol batch` builds
 * its chains from a file, the wizard from its answers (docs/architecture.md,
 * "The enrolment engine").
 */
import {
  operation,
  type Operation,
  type Params,
  type ParamsOfOperation,
  validateParams,
  type Validation,
} from '../../catalogue/index.js';

export type RecordKind = 'contact' | 'address' | 'document' | 'declaration';
export type StepKind = 'contract' | 'payer' | 'beneficiary' | RecordKind;
/** An id the service created: a number as its records are typed, a string as a draft keeps it. */
export type Id = number | string;

/** Each part's operation, the id field it hangs on, and the id field of its answer, if it creates one. */
export const parts = {
  contract: { op: operation('enrol.contract.create'), parent: undefined, creates: 'contrato_id' },
  payer: { op: operation('enrol.payer'), parent: 'contrato_id', creates: undefined },
  beneficiary: { op: operation('enrol.beneficiary.add'), parent: 'contrato_id', creates: 'beneficiario_id' },
  contact: { op: operation('enrol.beneficiary.contact'), parent: 'beneficiario_id', creates: 'contato_id' },
  address: { op: operation('enrol.beneficiary.address'), parent: 'beneficiario_id', creates: 'endereco_id' },
  document: { op: operation('enrol.beneficiary.document'), parent: 'beneficiario_id', creates: 'documento_id' },
  declaration: { op: operation('enrol.beneficiary.declaration'), parent: 'beneficiario_id', creates: undefined },
} as const satisfies Record<
  StepKind,
  { op: Operation; parent: 'contrato_id' | 'beneficiario_id' | undefined; creates: string | undefined }
>;

type Part<K extends StepKind> = (typeof parts)[K];

/** The validated parameters of a part, less the id it hangs on. */
export type PartParams<K extends StepKind> = Omit<ParamsOfOperation<Part<K>['op']>, NonNullable<Part<K>['parent']>>;

/** The fields a part is written with: its operation's parameters less the id it hangs on. */
export function columnsOf(kind: StepKind): string[] {
  const { op, parent } = parts[kind];
  return Object.keys(op.params).filter((name) => name !== parent);
}

/** One request of a chain; `P`, its parameters, typed where the part is known. */
export interface Step<P extends Params = Params> {
  /** Its identity in the progress store: the journal's key as JSON (`["ACME","payer"]`), the draft's `b2.contact`. */
  readonly id: string;
  readonly kind: StepKind;
  readonly op: Operation;
  /** Its parameters, without the id it hangs on. */
  readonly params: P;
  /** The id field it hangs on (contrato_id, beneficiario_id). */
  readonly parent?: 'contrato_id' | 'beneficiario_id';
  /** The id field of the answer that it creates. */
  readonly creates?: string;
}

/** The step of a part: its operation and ids from the table of parts. */
export function stepOf<P extends Params>(kind: StepKind, id: string, params: P): Step<P> {
  const { op, parent, creates } = parts[kind];
  return { id, kind, op, params, ...(parent ? { parent } : {}), ...(creates ? { creates } : {}) };
}

/** A beneficiary's steps: the beneficiary, then its records (which hang on its id). */
export interface BeneficiaryChain<S extends Step = Step> {
  readonly person: S;
  readonly records: readonly S[];
}

/** One contract's chain: the contract (absent for an existing one), its payer, its beneficiaries in order. */
export interface ContractChain<S extends Step = Step, B extends BeneficiaryChain<S> = BeneficiaryChain<S>> {
  readonly contract?: S;
  /** The existing contract's id, when there is no contract step. */
  readonly existing?: Id;
  readonly payer?: S;
  readonly beneficiaries: readonly B[];
}

/** A chain's steps in the order they are sent. */
export function stepsIn<S extends Step>(chain: ContractChain<S, BeneficiaryChain<S>>): S[] {
  const head = [chain.contract, chain.payer].filter((s): s is S => s !== undefined);
  return [...head, ...chain.beneficiaries.flatMap((b) => [b.person, ...b.records])];
}

/** The request's parameters: the step's, with the id it hangs on. */
export function withParent(step: Step, parentId: Id | undefined): Params {
  return step.parent ? { ...step.params, [step.parent]: parentId } : step.params;
}

/**
 * A part's parameters checked by its operation's rules, as its request will
 * be: with the id it hangs on, or, while that is not known, its rule's
 * example in its place (so that the problems are the other fields').
 */
export function checkPart(kind: StepKind, params: Params, parentId?: Id): Validation {
  const { op, parent } = parts[kind];
  return validateParams(op, parent ? { ...params, [parent]: parentId ?? op.params[parent]!.example } : params);
}
