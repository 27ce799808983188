/**
 * Sending a contract's chain (plan.ts): the contract, its payer, then its
 * beneficiaries in order, each followed by its records once its id is
 * durable. `enrol batch` sends many chains at once: beneficiaries
 * `perContract` at a time (1 by default: a killed run then leaves at most
 * one beneficiary per contract in doubt, which the rerun decides by counting,
 * doubt.ts), a beneficiary's records in parallel with each other and with the
 * next beneficiaries. The wizard sends its chain `sequential`ly: one step
 * after the other, stopping at the first that does not succeed. The hooks
 * tell each outcome as it comes.
 */
import { inOrder } from './concurrency.js';
import type { BeneficiaryChain, ContractChain, Step } from './plan.js';
import { durable, type Outcome, type StepSender, type Succeeded } from './sender.js';

export interface ChainHooks<S extends Step, B extends BeneficiaryChain<S>> {
  /** The contract's outcome (not in the chain for an existing contract); the rest follows if it succeeded. */
  contract?(out: Outcome): void;
  /** The payer's outcome, when the chain has one; the rest follows if it succeeded. */
  payer?(out: Outcome): void;
  beneficiary?(b: B, out: Outcome): void;
  record?(b: B, step: S, out: Outcome): void;
  /** A beneficiary's records are settled, or none will be sent (`stopped`: sending stopped before them). */
  finished?(b: B, stopped: boolean): void;
}

export interface ChainOptions {
  /** Beneficiaries created at once. */
  readonly perContract: number;
  /** One step after the other, stopping at the first that does not succeed. */
  readonly sequential?: boolean;
}

export async function sendChain<S extends Step, B extends BeneficiaryChain<S>>(
  chain: ContractChain<S, B>,
  sender: StepSender<S>,
  o: ChainOptions,
  hooks: ChainHooks<S, B> = {},
): Promise<void> {
  let contractId = chain.existing;
  if (chain.contract) {
    const out = await durable(await sender.send(chain.contract, undefined));
    hooks.contract?.(out);
    if (!out.ok) return;
    contractId = out.id;
  }
  if (chain.payer) {
    const out = await sender.send(chain.payer, contractId);
    hooks.payer?.(out);
    if (!out.ok) return;
  }
  const pending: Promise<boolean>[] = [];
  let going = true;
  await inOrder(chain.beneficiaries, o.sequential ? 1 : o.perContract, async (b) => {
    if (!going) return;
    const out = await sender.send(b.person, contractId);
    hooks.beneficiary?.(b, out);
    if (!out.ok || out.lost || out.id === undefined) {
      // Not created, or its records cannot name it.
      hooks.finished?.(b, false);
      going = !o.sequential;
      return;
    }
    const records = sendRecords(b, out, sender, o, hooks);
    if (o.sequential) going = await records;
    else pending.push(records);
  });
  await Promise.all(pending);
}

/** A beneficiary's records, once its id is durable; whether every one succeeded. */
async function sendRecords<S extends Step, B extends BeneficiaryChain<S>>(
  b: B,
  person: Succeeded,
  sender: StepSender<S>,
  o: ChainOptions,
  hooks: ChainHooks<S, B>,
): Promise<boolean> {
  if (b.records.length && !(await durable(person)).ok) {
    hooks.finished?.(b, true);
    return false;
  }
  let ok = true;
  const one = async (step: S) => {
    const out = await sender.send(step, person.id);
    hooks.record?.(b, step, out);
    ok &&= out.ok;
    return out.ok;
  };
  if (!o.sequential) await Promise.all(b.records.map(one));
  else for (const step of b.records) if (!(await one(step))) break;
  hooks.finished?.(b, false);
  return ok;
}
