/**
 * The enrolment engine's one decision on a step sent without an answer
 * (src/cli/enrol/doubt.ts), as docs/batch.md ("What can still go wrong") and
 * docs/decisions.md (the wizard's resumed draft) state it; and the journal's
 * replay keeping what the decision reads.
 */
import { describe, expect, it } from 'vitest';
import { decideBeneficiaries, decideContract, decideRecord, type Listed } from '../../src/cli/enrol/doubt.js';
import { replay } from '../../src/cli/enrol/journal.js';
import { stepOf } from '../../src/cli/enrol/plan.js';
import type { ProgressStore, Recorded } from '../../src/cli/enrol/store.js';

/** A store that knows contract 5, and on contract 801 `known` beneficiaries created (2 unless said) and one in doubt. */
function store(recorded: Record<string, Recorded> = {}, ...known: [number | undefined] | []): ProgressStore {
  return {
    recorded: new Map(Object.entries(recorded)),
    sending: () => undefined,
    done: () => Promise.resolve(),
    failed: () => undefined,
    knownContracts: () => new Set(['5']),
    beneficiariesOn: (contract) => ({ known: contract !== '801' ? 0 : known.length ? known[0] : 2, doubtful: ['b3'] }),
  };
}

const listed = (cv_nro: number, over: Partial<Listed> = {}): Listed => ({
  cv_nro,
  plano_nro_reg_ans: '123456',
  cv_qtd_vida: 0,
  cv_dat_inic_vigen: '2027-01-01 00:00:00',
  cv_dat_prox_renov_cart: '2028-01-01 00:00:00',
  cv_situacao: 'proposta',
  ...over,
});

const contract = stepOf('contract', 'contract', {
  registro_ans: '123456',
  coop_id: 1,
  produto_tabela_id: 10,
  origem: 'WB',
});
/** The contract step was sent when the store knew contracts up to 7. */
const sentAfter7 = store({ contract: { state: 'sent', after: 7 } });

describe('a contract in doubt', () => {
  it('is sent again when no contract the service lists can be it', () => {
    const others = [
      listed(5), // the store's own
      listed(9, { plano_nro_reg_ans: '999999' }), // another plan
      listed(10, { cv_qtd_vida: 3 }), // has lives
      listed(11, { cv_situacao: 'ativo' }), // not a proposal
      listed(6), // numbered at or below the highest the store knew when it was sent
    ];
    expect(decideContract(contract, others, sentAfter7)).toEqual({ kind: 'send' });
  });

  it('is undecided when one may be it, naming it', () => {
    const d = decideContract(contract, [listed(6), listed(12), listed(13, { cv_situacao: undefined })], sentAfter7);
    expect(d).toMatchObject({ kind: 'undecided', why: { kind: 'candidates' } });
    expect(d.kind === 'undecided' && d.why.kind === 'candidates' && d.why.contracts.map((c) => c.cv_nro)).toEqual([
      12, 13,
    ]);
  });

  it('is undecided when the service cannot be read', () => {
    expect(decideContract(contract, 'HTTP 503', sentAfter7)).toEqual({
      kind: 'undecided',
      why: { kind: 'search', problem: 'HTTP 503' },
    });
  });
});

describe('beneficiaries in doubt', () => {
  const on801 = (lives: number) => () => Promise.resolve([listed(801, { cv_qtd_vida: lives })]);
  const lives = (n: number) => ({ contract: '801', lives: n, known: 2, doubtful: 1 });

  it('no life more than the store knows: sent again; as many more as in doubt: created', async () => {
    expect(await decideBeneficiaries('801', store(), on801(2))).toEqual({ kind: 'send', lives: lives(2) });
    expect(await decideBeneficiaries('801', store(), on801(3))).toEqual({ kind: 'created', lives: lives(3) });
  });

  it('any other count, or lives the store cannot know (an existing contract): undecided', async () => {
    expect(await decideBeneficiaries('801', store(), on801(5))).toEqual({
      kind: 'undecided',
      why: { kind: 'lives', ...lives(5) },
    });
    expect(await decideBeneficiaries('801', store({}, undefined), on801(3))).toEqual({
      kind: 'undecided',
      why: { kind: 'lives', contract: '801', lives: 3, known: undefined, doubtful: 1 },
    });
  });

  it('a contract not found, a search refused, or no contract known: undecided, saying why', async () => {
    expect(await decideBeneficiaries('801', store(), () => Promise.resolve([]))).toMatchObject({
      why: { kind: 'not-found', contract: '801' },
    });
    expect(await decideBeneficiaries('801', store(), () => Promise.resolve('HTTP 500'))).toMatchObject({
      why: { kind: 'search', problem: 'HTTP 500' },
    });
    expect(await decideBeneficiaries('', store(), on801(3))).toMatchObject({ why: { kind: 'no-parent' } });
  });
});

describe('the payer and the records in doubt', () => {
  it('the payer and an answer are sent again; a contact, address or document may be stored twice', () => {
    expect(
      ['payer', 'declaration', 'contact', 'address', 'document'].map(
        (k) => decideRecord(stepOf(k as 'payer', k, {})).kind,
      ),
    ).toEqual(['send', 'send', 'duplicate', 'duplicate', 'duplicate']);
  });
});

describe("the journal's replay", () => {
  it("keeps a contract's `after` when a connection failure follows its send", () => {
    const { steps } = replay([
      { e: 'send', k: ['C1'], h: 'h', after: 7 },
      { e: 'fail', k: ['C1'], h: 'h', why: 'transport', msg: 'socket hang up' },
    ]);
    expect(steps.get('["C1"]')).toEqual({ state: 'transport', hash: 'h', after: 7, msg: 'socket hang up' });
  });
});
