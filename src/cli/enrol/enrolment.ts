/**
 * The enrolment engine's one entry for a front-end that reads its parts as
 * written (`enrol batch`): one call per contract, in two phases
 * (docs/architecture.md, "The enrolment engine").
 *
 * Phase 1, before `enrolContract` returns: every part read as the single
 * commands read it and checked by its operation's rules (`checkPart`, with a
 * stand-in for the id it hangs on); the front-end told what each check found
 * (problems as data, which it words and places) and answering what the
 * part's step is called; the steps built (`stepOf`) into the contract's
 * chain, which the front-end's `ready` is given.
 *
 * Phase 2, once `ready`'s promise says how: the chain's beneficiaries that
 * the front-end keeps sent by `sendChain`, each outcome told through its
 * hooks. A chain `ready` never says to send (an invalid file, --dry-run) is
 * never sent. The wizard builds and sends its chain with the same functions
 * (`stepOf`, `checkPart`, `sendChain`).
 */
import {
  normaliseParams,
  type Params,
  type Problem as CatalogueProblem,
  wallClockInput,
} from '../../catalogue/index.js';
import { type ChainHooks, sendChain } from './chain.js';
import {
  type BeneficiaryChain,
  checkPart,
  columnsOf,
  type ContractChain,
  parts,
  type Step,
  type StepKind,
  stepOf,
} from './plan.js';
import type { StepSender } from './sender.js';

/** A part as the front-end read it: its kind and its values as written. */
export interface RawPart {
  readonly kind: StepKind;
  readonly values: Params;
}

/** A beneficiary as read (`tag`: the front-end's name for it, given back in the chain), with its records. */
export interface RawBeneficiary<P extends RawPart, T> {
  readonly tag: T;
  readonly person: P;
  readonly records: readonly P[];
}

/** A contract as read: the contract, its payer, its beneficiaries in order. */
export interface RawContract<P extends RawPart, T> {
  readonly contract: P;
  readonly payer?: P;
  readonly beneficiaries: readonly RawBeneficiary<P, T>[];
}

/** What the check of a part found: its parameters (less the id it hangs on), or its problems as data. */
export type PartCheck =
  | { readonly ok: true; readonly params: Params }
  | {
      readonly ok: false;
      /** The id it hangs on (`contrato_id`), when it was written: the engine fills it in. */
      readonly written?: string;
      readonly problems: readonly CatalogueProblem[];
      /** The fields the part is written with (for a field it does not have). */
      readonly fields: readonly string[];
    };

/** What the front-end calls a checked part's step: its id in the progress store, and its own fields. */
export type Naming<S extends Step> = { readonly id: string } & Omit<S, keyof Step>;

/** A beneficiary of the chain, under the front-end's tag. */
export interface Tagged<S extends Step, T> extends BeneficiaryChain<S> {
  readonly tag: T;
}

/** How phase 2 sends the chain. */
export interface Sending<S extends Step, T> {
  readonly sender: StepSender<S>;
  /** Beneficiaries created at once. */
  readonly perContract: number;
  /** The beneficiaries sent (all by default): the front-end's, by tag. */
  readonly keep?: (tag: T) => boolean;
  readonly hooks: ChainHooks<S, Tagged<S, T>>;
}

export interface ContractFront<P extends RawPart, T, S extends Step> {
  /** Phase 1, each part in order (contract, payer, each beneficiary then its records): its step's naming, or undefined for none. */
  checked(part: P, check: PartCheck): Naming<S> | undefined;
  /** The end of phase 1: the chain built (its contract absent when invalid); resolves with how to send it, or undefined. */
  ready(chain: ContractChain<S, Tagged<S, T>>): Promise<Sending<S, T> | undefined>;
}

/** A part read as the single commands read it and checked by its operation's rules, without the id it hangs on. */
function checkRaw(part: RawPart): PartCheck {
  const { op, parent } = parts[part.kind];
  const raw: Params = { ...normaliseParams(op, part.values, wallClockInput) };
  const written = parent !== undefined && raw[parent] !== undefined ? { written: parent } : {};
  if (parent) delete raw[parent];
  const v = checkPart(part.kind, raw);
  if (!v.ok || written.written)
    return { ok: false, ...written, problems: v.ok ? [] : v.errors, fields: columnsOf(part.kind) };
  const params: Params = { ...v.value };
  if (parent) delete params[parent];
  return { ok: true, params };
}

/** Checks and builds one contract's chain (phase 1, now), then sends it once `front.ready` says how (phase 2). */
export function enrolContract<P extends RawPart, T, S extends Step>(
  raw: RawContract<P, T>,
  front: ContractFront<P, T, S>,
): Promise<void> {
  const built = (part: P): S | undefined => {
    const check = checkRaw(part);
    const naming = front.checked(part, check);
    if (!check.ok || naming === undefined) return undefined;
    const { id, ...own } = naming;
    // The engine's step with the front-end's fields: S, which TypeScript cannot follow through the spread.
    return { ...stepOf(part.kind, id, check.params), ...own } as unknown as S;
  };
  const contract = built(raw.contract);
  const payer = raw.payer && built(raw.payer);
  const beneficiaries = raw.beneficiaries.flatMap((b): Tagged<S, T>[] => {
    const person = built(b.person);
    const records = b.records.map(built).filter((s): s is S => s !== undefined);
    return person ? [{ tag: b.tag, person, records }] : [];
  });
  const chain = { ...(contract ? { contract } : {}), ...(payer ? { payer } : {}), beneficiaries };
  return send(chain, front.ready(chain));
}

/** Phase 2: the chain sent once the front-end says how (a chain without its contract is never sent). */
async function send<S extends Step, T>(
  chain: ContractChain<S, Tagged<S, T>>,
  ready: Promise<Sending<S, T> | undefined>,
): Promise<void> {
  const how = await ready;
  if (!how || !chain.contract) return;
  const { keep } = how;
  const beneficiaries = keep ? chain.beneficiaries.filter((b) => keep(b.tag)) : chain.beneficiaries;
  await sendChain({ ...chain, beneficiaries }, how.sender, { perContract: how.perContract }, how.hooks);
}
