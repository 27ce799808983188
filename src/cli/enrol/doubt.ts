/**
 * The enrolment engine's one decision on a step sent without an answer (the
 * process was killed, the connection failed, a 5xx, an answer without the
 * id): the service may or may not have done it, and the spec has no
 * idempotency key. Before anything else is sent, a front-end decides each
 * such step from the progress store and the service (contrato/search):
 *
 * - a contract: the contracts the service lists that the store does not
 *   know, with the same registro_ans, no lives, state proposta, and a number
 *   above the highest the store knew when it was sent. None → it was not
 *   created: send it again. Otherwise undecided: those may be it.
 * - a beneficiary: its contract's `cv_qtd_vida` against the beneficiaries
 *   the store knows there (one contract's are created one at a time, so a
 *   crash leaves at most one in doubt): none more → send it again; as many
 *   more as are in doubt → they were created, their ids unknown; anything
 *   else, or lives the store cannot know (an existing contract) → undecided.
 * - the payer and a declaration answer replace what they replace: send them
 *   again; a contact, address or document may then be stored twice
 *   (`duplicate`: the wizard asks first, the batch sends it).
 *
 * A decision is data; the front-end words it and acts on what is undecided
 * (the batch reports its rows uncertain, the wizard asks the person).
 */
import type { RecordOf } from '../../catalogue/index.js';
import type { Step } from './plan.js';
import type { ProgressStore } from './store.js';

/** A contract as contrato/search lists it. */
export type Listed = RecordOf<'enrol.contract.search'>;

/** The contracts the service lists (one, by id), or why it could not say. */
export type Search = (contratoId?: string) => Promise<Listed[] | string>;

/** A contract's lives on the service, and what the store knows of its beneficiaries. */
export interface Lives {
  readonly contract: string;
  readonly lives: number;
  /** The beneficiaries the store knows were created there (undefined: it cannot know). */
  readonly known: number | undefined;
  /** Those sent there without an answer. */
  readonly doubtful: number;
}

/** Why a doubt cannot be decided. */
export type Undecided =
  | { readonly kind: 'search'; readonly problem: string }
  | { readonly kind: 'candidates'; readonly contracts: readonly Listed[] }
  | { readonly kind: 'not-found'; readonly contract: string }
  | ({ readonly kind: 'lives' } & Lives)
  | { readonly kind: 'no-parent' };

export type Decision =
  /** Not done, or done again harmlessly: send it again. */
  | { readonly kind: 'send'; readonly lives?: Lives }
  /** Sending it again may store it twice. */
  | { readonly kind: 'duplicate' }
  /** The service did it; the id it created is not known. */
  | { readonly kind: 'created'; readonly lives: Lives }
  | { readonly kind: 'undecided'; readonly why: Undecided };

const undecided = (why: Undecided): Decision => ({ kind: 'undecided', why });

/** A contract in doubt, against the contracts the service lists (`search()`'s answer). */
export function decideContract(step: Step, listed: Listed[] | string, store: ProgressStore): Decision {
  if (typeof listed === 'string') return undecided({ kind: 'search', problem: listed });
  const known = store.knownContracts();
  const r = store.recorded.get(step.id);
  const after = (r && 'after' in r ? r.after : undefined) ?? 0;
  const registro = String(step.params['registro_ans']);
  const contracts = listed.filter(
    (c) =>
      !known.has(String(c.cv_nro)) &&
      String(c.plano_nro_reg_ans) === registro &&
      c.cv_qtd_vida === 0 &&
      (c.cv_situacao === undefined || c.cv_situacao === 'proposta') &&
      c.cv_nro > after,
  );
  return contracts.length ? undecided({ kind: 'candidates', contracts }) : { kind: 'send' };
}

/** The beneficiaries in doubt on a contract ('' when the store does not say which), by its lives. */
export async function decideBeneficiaries(contract: string, store: ProgressStore, search: Search): Promise<Decision> {
  if (contract === '') return undecided({ kind: 'no-parent' });
  const { known, doubtful } = store.beneficiariesOn(contract);
  const listed = await search(contract);
  if (typeof listed === 'string') return undecided({ kind: 'search', problem: listed });
  if (listed.length !== 1) return undecided({ kind: 'not-found', contract });
  const lives: Lives = { contract, lives: listed[0]!.cv_qtd_vida, known, doubtful: doubtful.length };
  const more = lives.lives - (known ?? Number.NaN);
  if (more === 0) return { kind: 'send', lives };
  return more === doubtful.length ? { kind: 'created', lives } : undecided({ kind: 'lives', ...lives });
}

/** The payer or a record in doubt. */
export function decideRecord(step: Step): Decision {
  return { kind: step.kind === 'payer' || step.kind === 'declaration' ? 'send' : 'duplicate' };
}
