/**
 * Enrolment rules (spec §4.4): a contract starts as `proposta` and a
 * beneficiary as `ativo`; a contract's lives are its beneficiaries in state
 * `ativo`; validity starts with the payer's `inicio_vigencia` (else the month
 * after creation) and the card is renewed every year; `opcao_id` moves a
 * contract or one beneficiary through the states of src/catalogue/codes.ts,
 * and cancelling a contract cancels its beneficiaries; an option with no
 * documented transition changes nothing.
 */
import {
  beneficiaryStatuses,
  type BeneficiaryStatus,
  type ContractStatus,
  type Transition,
} from '../../catalogue/codes.js';
import { addMonths, firstOfNextMonth } from '../../catalogue/dates.js';
import type { Said } from '../../catalogue/lang.js';
import type { BeneficiaryState, Contract, StatusCount } from '../store/areas/enrol.js';
import { business } from '../words.js';

/** The state of a new contract. */
export const NEW_CONTRACT: ContractStatus = 'proposta';
/** The state of a new beneficiary (from its inclusion). */
export const NEW_BENEFICIARY: BeneficiaryStatus = 'ativo';
/** Beneficiary states that count as lives of their contract (`cv_qtd_vida`). */
export const livingStatuses: readonly BeneficiaryStatus[] = ['ativo'];

/** A contract's lives: how many of its beneficiaries are in a living state. */
export function lives(counts: readonly StatusCount[], contractId: number): number {
  return counts
    .filter((c) => c.contract_id === contractId && livingStatuses.includes(c.status))
    .reduce((sum, c) => sum + c.count, 0);
}

/**
 * Start of validity: the payer's `inicio_vigencia`, else the first day of the
 * month after creation. Next card renewal: the first anniversary of the start
 * that is later than `today` (so at least a year after the start).
 */
export function validity(
  c: Pick<Contract, 'created_on' | 'start_on'>,
  today: string,
): { start: string; renewal: string } {
  const start = c.start_on ?? firstOfNextMonth(c.created_on);
  let years = 1;
  while (addMonths(start, 12 * years) <= today) years++;
  return { start, renewal: addMonths(start, 12 * years) };
}

/** The state a contract's beneficiaries move to with it: cancelling a contract cancels them. */
export function beneficiariesFollow(to: ContractStatus): BeneficiaryStatus | undefined {
  return to === 'cancelado' ? 'cancelado' : undefined;
}

/** Why a contract in `status` (undefined: there is none) cannot be acted on, or undefined when it can. */
export function contractMissing(id: number, status: ContractStatus | undefined): Said | undefined {
  return status ? undefined : business.noContract(id);
}

/** Why a contract in `status` cannot make the transition, or undefined when it can. */
export function contractRefusal(t: Transition, id: number, status: ContractStatus | undefined): Said | undefined {
  if (!status) return contractMissing(id, status);
  return t.from.includes(status) ? undefined : business.cannotMoveContract(t.verb, id, status);
}

/** Why a beneficiary cannot be acted on: it must exist, and be on the contract when one is given. */
export function beneficiaryMissing(
  id: number,
  b: BeneficiaryState | undefined,
  contractId: number | undefined,
): Said | undefined {
  if (!b) return business.noBeneficiary(id);
  if (contractId !== undefined && b.contract_id !== contractId) return business.notOnContract(id, contractId);
  return undefined;
}

/**
 * The state the transition moves a beneficiary to, or why it cannot: the
 * beneficiary must exist, be on the contract when one is given, and be in a
 * state the transition starts from.
 */
export function beneficiaryTransition(
  t: Transition,
  id: number,
  b: BeneficiaryState | undefined,
  contractId: number | undefined,
): { readonly to: BeneficiaryStatus } | Said {
  const missing = beneficiaryMissing(id, b, contractId);
  if (missing !== undefined) return missing;
  const { status } = b!;
  const to = t.to as BeneficiaryStatus;
  if (!t.from.includes(status) || !beneficiaryStatuses.includes(to))
    return business.cannotMoveBeneficiary(t.verb, id, status);
  return { to };
}
