/**
 * Steps that an earlier run sent without learning the outcome (it was killed,
 * or the connection failed after sending): the service may or may not have
 * done them, and the spec has no idempotency key. Before sending anything,
 * a rerun decides each one, reading the service:
 *
 * - a beneficiary: its contract's `cv_qtd_vida` (contrato/search) against the
 *   beneficiaries the journal knows on that contract. One contract's
 *   beneficiaries are created one at a time, so after a crash at most one of
 *   them is in doubt (more only after connection failures): none more on the
 *   service → send again; as many more as in doubt → they were created, but
 *   their ids are lost; anything else → undecided.
 * - a contract: the contracts the service lists (contrato/search) that the
 *   journal does not know, with the same registro_ans, no lives and state
 *   proposta, above the highest contract id known when it was sent: none →
 *   send again; otherwise undecided (it cannot tell that contract from
 *   someone else's).
 * - a payer, a contact, address, document or declaration answer: sent again
 *   (the payer and the answer replace what they replace; a contact, address
 *   or document may then be stored twice).
 *
 * Undecided steps are not sent (their rows are reported), unless
 * `--resend-uncertain`.
 */
import type { Client } from '../../client/client.js';
import { buildRequest } from '../../client/request.js';
import type { Target } from '../../client/types.js';
import { operation, type RecordOf, typedRecords } from '../../catalogue/index.js';
import type { Messages } from '../i18n/index.js';
import { doneContracts } from '../enrol/journal.js';
import type { Id } from '../enrol/plan.js';
import type { Recorded } from '../enrol/store.js';
import type { PartParams } from '../enrol/plan.js';
import type { Plan, Step } from './plan.js';

export type Resolution =
  | { readonly kind: 'send' }
  | { readonly kind: 'lost' }
  | { readonly kind: 'undecided'; readonly message: string };

export interface Reconciled {
  /** Decisions for the plan's steps in doubt, by step id. */
  readonly resolutions: Map<string, Resolution>;
  /** Journal keys (any, in the plan or not) to record as `lost`. */
  readonly lost: Array<{ key: readonly string[]; hash: string; parent?: Id }>;
  readonly notes: string[];
}

/** A contract as contrato/search lists it. */
type Listed = RecordOf<'enrol.contract.search'>;

type InDoubt = Extract<Recorded, { state: 'sent' | 'transport' }>;

const inDoubt = (r: Recorded | undefined): r is InDoubt => r?.state === 'sent' || r?.state === 'transport';

/** The id a step was sent with (its contract, its beneficiary), as text; empty when the journal does not say. */
const parentOf = (r: Recorded | undefined): string => String((r && 'parent' in r ? r.parent : undefined) ?? '');

/** Whether a journal key is a beneficiary's (`[contract, "b:…"]`). */
export function isBeneficiaryKey(key: readonly string[]): boolean {
  return key.length === 2 && key[1]!.startsWith('b:');
}

/** The contracts the service lists (one, by id), or why it cannot tell. */
async function search(m: Messages, client: Client, target: Target, contratoId?: Id): Promise<Listed[] | string> {
  const op = operation('enrol.contract.search');
  const result = await client.call(
    op,
    buildRequest(op, contratoId === undefined ? {} : { contrato_id: contratoId }, target),
  );
  if (result.kind === 'refused') return m.batch.searchRefused(result.status, result.message ?? '');
  // The client checked each record against the schema; parsing gives its typed values (ids as numbers).
  return typedRecords(op, result.records);
}

/** How a rerun decides: the journal, the service, and whether to send again what it cannot decide. */
class Reconciler {
  readonly resolutions = new Map<string, Resolution>();
  readonly lost: Reconciled['lost'] = [];
  readonly notes: string[] = [];
  readonly #recorded: ReadonlyMap<string, Recorded>;
  readonly #client: Client;
  readonly #target: Target;
  readonly #resendUncertain: boolean;
  readonly #m: Messages;

  constructor(
    m: Messages,
    recorded: ReadonlyMap<string, Recorded>,
    client: Client,
    target: Target,
    resendUncertain: boolean,
  ) {
    this.#m = m;
    this.#recorded = recorded;
    this.#client = client;
    this.#target = target;
    this.#resendUncertain = resendUncertain;
  }

  #undecided(s: Step, message: string): void {
    this.resolutions.set(
      s.id,
      this.#resendUncertain ? { kind: 'send' } : { kind: 'undecided', message: this.#m.batch.undecided(message) },
    );
  }

  /** Contracts in doubt: sent again when the service has no empty contract, unknown to the journal, that may be one. */
  async contracts(steps: readonly Step<PartParams<'contract'>>[]): Promise<void> {
    if (steps.length === 0) return;
    const known = new Set(doneContracts(this.#recorded).map(String));
    const said = this.#m.batch;
    const listed = await search(this.#m, this.#client, this.#target);
    for (const s of steps) {
      if (typeof listed === 'string') {
        this.#undecided(s, said.contractDoubt(listed));
        continue;
      }
      const after = (this.#recorded.get(s.id) as InDoubt).after ?? 0;
      const candidates = listed.filter(
        (c) =>
          !known.has(String(c.cv_nro)) &&
          c.plano_nro_reg_ans === s.params.registro_ans &&
          c.cv_qtd_vida === 0 &&
          (c.cv_situacao === undefined || c.cv_situacao === 'proposta') &&
          c.cv_nro > after,
      );
      if (candidates.length === 0) this.resolutions.set(s.id, { kind: 'send' });
      else this.#undecided(s, said.contractCandidates(candidates.map((c) => c.cv_nro).join(', '), candidates.length));
    }
  }

  /** Beneficiaries in doubt, by the contract they were sent to. */
  async beneficiaries(steps: readonly Step[]): Promise<void> {
    const byContract = new Map<string, Step[]>();
    for (const s of steps) {
      const parent = parentOf(this.#recorded.get(s.id));
      byContract.set(parent, [...(byContract.get(parent) ?? []), s]);
    }
    for (const [contract, mine] of byContract) await this.#onContract(contract, mine);
  }

  /** Everything the journal knows of beneficiaries on a contract, in the plan or not (a row may have left the file). */
  #journalOn(contract: string): { known: number; doubtful: Array<{ key: readonly string[]; hash: string }> } {
    let known = 0;
    const doubtful: Array<{ key: readonly string[]; hash: string }> = [];
    for (const [id, r] of this.#recorded) {
      const key = JSON.parse(id) as string[];
      if (!isBeneficiaryKey(key) || parentOf(r) !== contract) continue;
      if (r.state === 'done' || r.state === 'lost') known++;
      else if (inDoubt(r)) doubtful.push({ key, hash: r.hash ?? '' });
    }
    return { known, doubtful };
  }

  /** Counts the contract's lives: none more than the journal knows → send again; as many more as in doubt → lost. */
  async #onContract(contract: string, mine: readonly Step[]): Promise<void> {
    const said = this.#m.batch;
    const { known, doubtful } = this.#journalOn(contract);
    const listed = contract === '' ? said.noParent : await search(this.#m, this.#client, this.#target, contract);
    if (typeof listed === 'string') {
      for (const s of mine) this.#undecided(s, said.beneficiaryDoubt(listed));
      return;
    }
    const lives = listed.length === 1 ? listed[0]!.cv_qtd_vida : NaN;
    const more = lives - known;
    if (more === 0) for (const s of mine) this.resolutions.set(s.id, { kind: 'send' });
    else if (more === doubtful.length) {
      for (const s of mine) this.resolutions.set(s.id, { kind: 'lost' });
      for (const d of doubtful) this.lost.push({ ...d, parent: contract });
      this.notes.push(said.lostOn(contract, more));
    } else {
      const why = Number.isNaN(lives)
        ? said.contractNotFound(contract)
        : said.lives(contract, lives, known, doubtful.length);
      for (const s of mine) this.#undecided(s, said.beneficiaryDoubt(why));
    }
  }
}

export async function reconcile(
  m: Messages,
  plan: Plan,
  recorded: ReadonlyMap<string, Recorded>,
  client: Client,
  target: Target,
  resendUncertain: boolean,
): Promise<Reconciled> {
  const doubtful = <S extends Step>(s: S | undefined): s is S => s !== undefined && inDoubt(recorded.get(s.id));
  const contracts = plan.groups.map((g) => g.contract).filter(doubtful);
  const steps = plan.groups
    .flatMap((g) => [g.contract, g.payer, ...g.rows.flatMap((r) => [r.beneficiary, ...r.subs])])
    .filter(doubtful);
  const r = new Reconciler(m, recorded, client, target, resendUncertain);
  if (steps.length === 0) return r;
  await r.contracts(contracts);
  await r.beneficiaries(steps.filter((s) => s.kind === 'beneficiary'));
  // The rest is sent again.
  for (const s of steps) if (!r.resolutions.has(s.id)) r.resolutions.set(s.id, { kind: 'send' });
  return r;
}
