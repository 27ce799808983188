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
import { buildRequest } from '../../client/request.js';
import type { Client } from '../../client/client.js';
import type { Target } from '../../client/types.js';
import { operation, type Row } from '../../catalogue/index.js';
import type { Id, Recorded } from './journal.js';
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

const inDoubt = (r: Recorded | undefined): boolean => r?.state === 'sent' || r?.state === 'transport';

/** Whether a journal key is a beneficiary's (`[contract, "b:…"]`). */
export function isBeneficiaryKey(key: readonly string[]): boolean {
  return key.length === 2 && key[1]!.startsWith('b:');
}

async function search(client: Client, target: Target, contratoId?: Id): Promise<Row[] | string> {
  const op = operation('enrol.contract.search');
  const result = await client.call(
    op,
    buildRequest(op, contratoId === undefined ? {} : { contrato_id: contratoId }, target),
  );
  if (result.kind === 'refused')
    return `contrato/search was refused: HTTP ${result.status}${result.message ? `: ${result.message}` : ''}`;
  return result.records;
}

export async function reconcile(
  plan: Plan,
  recorded: ReadonlyMap<string, Recorded>,
  client: Client,
  target: Target,
  resendUncertain: boolean,
): Promise<Reconciled> {
  const resolutions = new Map<string, Resolution>();
  const lost: Reconciled['lost'] = [];
  const notes: string[] = [];
  const steps: Step[] = [];
  for (const g of plan.groups) {
    for (const s of [g.contract, g.payer, ...g.rows.flatMap((r) => [r.beneficiary, ...r.subs])])
      if (s && inDoubt(recorded.get(s.id))) steps.push(s);
  }
  if (steps.length === 0) return { resolutions, lost, notes };
  const undecided = (s: Step, message: string) =>
    resolutions.set(
      s.id,
      resendUncertain
        ? { kind: 'send' }
        : { kind: 'undecided', message: `${message}; check, then rerun with --resend-uncertain to send it anyway` },
    );

  // Contracts.
  const contracts = steps.filter((s) => s.kind === 'contract');
  if (contracts.length) {
    const known = new Set<string>();
    for (const [id, r] of recorded)
      if (r.state === 'done' && r.id !== undefined && JSON.parse(id).length === 1) known.add(String(r.id));
    const listed = await search(client, target);
    for (const s of contracts) {
      if (typeof listed === 'string') {
        undecided(s, `an earlier run sent this contract without learning whether it was created, and ${listed}`);
        continue;
      }
      const r = recorded.get(s.id) as Extract<Recorded, { state: 'sent' | 'transport' }>;
      const after = r.after ?? 0;
      const candidates = listed.filter(
        (c) =>
          !known.has(String(c['cv_nro'])) &&
          String(c['plano_nro_reg_ans']) === String(s.params['registro_ans']) &&
          Number(c['cv_qtd_vida']) === 0 &&
          (c['cv_situacao'] === undefined || c['cv_situacao'] === 'proposta') &&
          Number(c['cv_nro']) > after,
      );
      if (candidates.length === 0) resolutions.set(s.id, { kind: 'send' });
      else
        undecided(
          s,
          `an earlier run sent this contract without learning whether it was created; the service has ${candidates.length === 1 ? 'an empty contract' : 'empty contracts'} that may be it (${candidates.map((c) => String(c['cv_nro'])).join(', ')})`,
        );
    }
  }

  // Beneficiaries, by the contract they were sent to.
  const byContract = new Map<string, Step[]>();
  for (const s of steps) {
    if (s.kind !== 'beneficiary') continue;
    const parent = String((recorded.get(s.id) as { parent?: Id }).parent ?? '');
    byContract.set(parent, [...(byContract.get(parent) ?? []), s]);
  }
  for (const [contract, mine] of byContract) {
    // Everything the journal knows on this contract, in the plan or not (a row may have left the file).
    let known = 0;
    const doubtful: Array<{ key: readonly string[]; hash: string }> = [];
    for (const [id, r] of recorded) {
      const key = JSON.parse(id) as string[];
      if (!isBeneficiaryKey(key) || String((r as { parent?: Id }).parent ?? '') !== contract) continue;
      if (r.state === 'done' || r.state === 'lost') known++;
      else if (r.state === 'sent' || r.state === 'transport') doubtful.push({ key, hash: r.hash });
    }
    const listed =
      contract === ''
        ? 'the journal does not say which contract it was sent to'
        : await search(client, target, contract);
    if (typeof listed === 'string') {
      for (const s of mine)
        undecided(s, `an earlier run sent this beneficiary without learning whether it was created, and ${listed}`);
      continue;
    }
    const lives = listed.length === 1 ? Number(listed[0]!['cv_qtd_vida']) : NaN;
    const more = lives - known;
    if (more === 0) {
      for (const s of mine) resolutions.set(s.id, { kind: 'send' });
    } else if (more === doubtful.length) {
      for (const s of mine) resolutions.set(s.id, { kind: 'lost' });
      for (const d of doubtful) lost.push({ ...d, parent: contract });
      notes.push(
        `contract ${contract}: ${more} beneficiar${more === 1 ? 'y was' : 'ies were'} created by an interrupted run that did not learn ${more === 1 ? 'its id' : 'their ids'}; not sent again`,
      );
    } else {
      const why = Number.isNaN(lives)
        ? `contract ${contract} was not found`
        : `contract ${contract} has ${lives} lives where the journal knows ${known}, with ${doubtful.length} in doubt`;
      for (const s of mine)
        undecided(s, `an earlier run sent this beneficiary without learning whether it was created, and ${why}`);
    }
  }

  // The rest is sent again.
  for (const s of steps) if (!resolutions.has(s.id)) resolutions.set(s.id, { kind: 'send' });
  return { resolutions, lost, notes };
}
