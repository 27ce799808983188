/**
 * Steps that an earlier run sent without learning the outcome (it was
 * killed, or no answer came): each decided before anything is sent by the
 * enrolment engine (enrol/doubt.ts: a contract by the empty contracts the
 * service lists, a beneficiary by its contract's lives), and worded here.
 * Beneficiaries found created are journaled `lost` (their ids are unknown)
 * and not sent again; what cannot be decided is not sent (its rows are
 * reported uncertain), unless --resend-uncertain; the rest is sent again.
 */
import type { Client } from '../../client/client.js';
import { buildRequest } from '../../client/request.js';
import type { Target } from '../../client/types.js';
import { operation, typedRecords } from '../../catalogue/index.js';
import {
  type Decision,
  decideBeneficiaries,
  decideContract,
  type Listed,
  type Search,
  type Undecided,
} from '../enrol/doubt.js';
import type { Journal } from '../enrol/journal.js';
import { inDoubt } from '../enrol/store.js';
import type { Messages } from '../i18n/index.js';
import type { Step } from './plan.js';
import { words as batchWords } from './words.js';

export interface Reconciled {
  /** Why each undecided step of the plan is not sent, by step id. */
  readonly undecided: Map<string, string>;
  readonly notes: string[];
}

/** contrato/search through the batch's client. */
export function searchOf(m: Messages, client: Client, target: Target): Search {
  const op = operation('enrol.contract.search');
  return async (contratoId) => {
    const request = buildRequest(op, contratoId === undefined ? {} : { contrato_id: contratoId }, target);
    const result = await client.call(op, request);
    if (result.kind === 'refused') return batchWords[m.common.lang].searchRefused(result.status, result.message ?? '');
    // The client checked each record against the schema; parsing gives its typed values (ids as numbers).
    return typedRecords(op, result.records);
  };
}

/** Why a step cannot be decided, in words. */
function undecidedText(m: Messages, step: Step, why: Undecided): string {
  const said = batchWords[m.common.lang];
  switch (why.kind) {
    case 'candidates':
      return said.contractCandidates(why.contracts.map((c) => c.cv_nro).join(', '), why.contracts.length);
    case 'search':
      return step.kind === 'contract' ? said.contractDoubt(why.problem) : said.beneficiaryDoubt(why.problem);
    case 'lives':
      return said.beneficiaryDoubt(said.lives(why.contract, why.lives, why.known ?? 0, why.doubtful));
    case 'not-found':
      return said.beneficiaryDoubt(said.contractNotFound(why.contract));
    case 'no-parent':
      return said.beneficiaryDoubt(said.noParent);
  }
}

/** Decides the plan's steps (`all`) that the journal has in doubt. */
export async function reconcile(
  m: Messages,
  all: readonly Step[],
  journal: Journal,
  search: Search,
  resendUncertain: boolean,
): Promise<Reconciled> {
  const out: Reconciled = { undecided: new Map(), notes: [] };
  const steps = all.filter((s) => inDoubt(journal.recorded.get(s.id)));
  const decided: Array<[Step, Decision]> = [];
  const contracts = steps.filter((s) => s.kind === 'contract');
  const listed: Listed[] | string = contracts.length ? await search() : [];
  for (const s of contracts) decided.push([s, decideContract(s, listed, journal)]);
  // Beneficiaries by the contract they were sent to: its lives are counted once for all of them.
  const byContract = new Map<string, Step[]>();
  for (const s of steps.filter((s) => s.kind === 'beneficiary')) {
    const r = journal.recorded.get(s.id);
    const contract = String((r && 'parent' in r ? r.parent : undefined) ?? '');
    byContract.set(contract, [...(byContract.get(contract) ?? []), s]);
  }
  for (const [contract, mine] of byContract) {
    const d = await decideBeneficiaries(contract, journal, search);
    if (d.kind === 'created') {
      for (const id of journal.beneficiariesOn(contract).doubtful) journal.lost(id);
      out.notes.push(batchWords[m.common.lang].lostOn(contract, d.lives.doubtful));
    }
    for (const s of mine) decided.push([s, d]);
  }
  // The rest (the payer, records, and what can be decided) is sent again.
  for (const [s, d] of decided)
    if (d.kind === 'undecided' && !resendUncertain)
      out.undecided.set(s.id, batchWords[m.common.lang].undecided(undecidedText(m, s, d.why)));
  return out;
}
