/**
 * Contracts, enrolled beneficiaries and what is registered for them. A write
 * whose condition is the state of another row reads that row first, locked
 * for share on PostgreSQL (the contract a beneficiary joins, the beneficiary a
 * record is for): a concurrent status change, which locks it for update,
 * waits for it or is waited for, so no beneficiary joins a contract that was
 * cancelled meanwhile and the lives counted stay right. A conditional write
 * (`states`, `from`) reports whether its condition held instead of failing.
 */
import type { Row } from '../../../catalogue/index.js';
import type { BeneficiaryStatus, ContractStatus } from '../../../catalogue/codes.js';
import { read, write, type Methods } from '../sql/define.js';
import { all, type Columns, get, jsonValue, run, type Script, sql, storable, value } from '../sql/query.js';

// ── types ──────────────────────────────────────────────────────────────────────

export interface Contract {
  readonly id: number;
  readonly registro_ans: string;
  readonly status: ContractStatus;
  /** `yyyy-mm-dd`. */
  readonly created_on: string;
  /** `yyyy-mm-dd`, from the payer's `inicio_vigencia`; null before a payer is registered. */
  readonly start_on: string | null;
}

/** How many beneficiaries of a contract are in one state. */
export interface StatusCount {
  readonly contract_id: number;
  readonly status: BeneficiaryStatus;
  readonly count: number;
}

export interface BeneficiaryState {
  readonly id: number;
  readonly contract_id: number;
  readonly status: BeneficiaryStatus;
}

/** A beneficiary as `beneficiario` includes it. */
export interface NewBeneficiary {
  readonly status: BeneficiaryStatus;
  /** 11 digits. */
  readonly cpf: string;
  readonly nome: string;
  readonly nome_mae: string;
  /** `yyyy-mm-dd`, when given. */
  readonly data_nasc: string | null;
  /** The other fields of the request. */
  readonly details: Row;
}

/** Kinds of enrolment records kept as the request gave them. */
export type EnrolmentKind = 'contato' | 'documento' | 'endereco';

/** An answer of the health declaration. */
export interface DeclarationAnswer {
  readonly formulario_id: number;
  readonly pergunta_id: number;
  readonly resposta: string;
  readonly descricao: string | null;
}

// ── statements ─────────────────────────────────────────────────────────────────

type Id = { id: number };
type States = Id & { states: readonly string[] };

const CONTRACT_FIELDS = 'SELECT id, registro_ans, status, created_on, start_on FROM contract';
const COUNT_FIELDS = 'SELECT contract_id, status, count(*) AS count FROM beneficiary';

const CREATE_CONTRACT = sql<Row, { id: number }>(
  `INSERT INTO contract (registro_ans, coop_id, produto_tabela_id, origem, details, status, created_on)
   VALUES (@registro_ans, @coop_id, @produto_tabela_id, @origem, @details, @status, @created_on) RETURNING id`,
  { columns: { id: 'integer' } },
);
const CONTRACTS = sql<Record<string, never>, Contract>(`${CONTRACT_FIELDS} ORDER BY id`, {
  columns: { id: 'integer', registro_ans: 'text', status: 'text', created_on: 'text', start_on: 'text' },
});
const CONTRACT = sql<Id, Contract>(`${CONTRACT_FIELDS} WHERE id = @id`, {
  columns: { id: 'integer', registro_ans: 'text', status: 'text', created_on: 'text', start_on: 'text' },
});
const COUNTS = sql<Record<string, never>, StatusCount>(
  `${COUNT_FIELDS} GROUP BY contract_id, status ORDER BY contract_id, status`,
  { columns: { contract_id: 'integer', status: 'text', count: 'integer' } },
);
const COUNTS_OF = sql<Id, StatusCount>(
  `${COUNT_FIELDS} WHERE contract_id = @id GROUP BY contract_id, status ORDER BY status`,
  { columns: { contract_id: 'integer', status: 'text', count: 'integer' } },
);
/** A row's state; `locked`: its row locked for share on PostgreSQL until the transaction ends. */
const stateOf = <S extends string>(table: 'contract' | 'beneficiary', locked: boolean) =>
  sql<Id, { status: S }>((d) => `SELECT status FROM ${table} WHERE id = @id${locked ? d.forShare : ''}`, {
    // A status is text; the compiler cannot see that of a type parameter.
    columns: { status: 'text' } as Columns<{ status: S }>,
  });
const CONTRACT_STATUS = stateOf<ContractStatus>('contract', false);
const LOCKED = { contract: stateOf('contract', true), beneficiary: stateOf('beneficiary', true) };
const PAYER_OF = sql<Id, { payer: string | null }>((d) => `SELECT payer FROM contract WHERE id = @id ${d.forUpdate}`, {
  columns: { payer: 'text' },
});
const SET_PAYER = sql<States & { payer: string; start: string }>(
  (d) => `UPDATE contract SET payer = @payer, start_on = @start WHERE id = @id AND status ${d.inList('states')}`,
);
const ADD_BENEFICIARY = sql<Omit<NewBeneficiary, 'details'> & { contract: number; details: string }, Id>(
  `INSERT INTO beneficiary (contract_id, status, cpf, nome, nome_mae, data_nasc, details)
   VALUES (@contract, @status, @cpf, @nome, @nome_mae, @data_nasc, @details) RETURNING id`,
  { columns: { id: 'integer' } },
);
const BENEFICIARY = sql<Id, BeneficiaryState>('SELECT id, contract_id, status FROM beneficiary WHERE id = @id', {
  columns: { id: 'integer', contract_id: 'integer', status: 'text' },
});
const ADD_RECORD = sql<Id & { kind: EnrolmentKind; body: string }, Id>(
  'INSERT INTO enrolment_record (beneficiary_id, kind, body) VALUES (@id, @kind, @body) RETURNING id',
  { columns: { id: 'integer' } },
);
const ANSWER = sql<Id & DeclarationAnswer>(
  `INSERT INTO health_answer (beneficiary_id, formulario_id, pergunta_id, resposta, descricao)
   VALUES (@id, @formulario_id, @pergunta_id, @resposta, @descricao)
   ON CONFLICT (beneficiary_id, formulario_id, pergunta_id) DO UPDATE SET resposta = excluded.resposta, descricao = excluded.descricao`,
);
const SET_CONTRACT = sql<States & { to: string }>(
  (d) => `UPDATE contract SET status = @to WHERE id = @id AND status ${d.inList('states')}`,
);
const SET_ALL = sql<Id & { to: string }>(
  'UPDATE beneficiary SET status = @to WHERE contract_id = @id AND status <> @to',
);
const SET_BENEFICIARY = sql<States & { to: string }>(
  (d) => `UPDATE beneficiary SET status = @to WHERE id = @id AND status ${d.inList('states')}`,
);

/** Whether contract or beneficiary `id` is in one of `states` (its row locked for share on PostgreSQL). */
function* holds(which: 'contract' | 'beneficiary', id: number, states: readonly string[]): Script<boolean> {
  if (!storable(id)) return false;
  const row = yield* get(LOCKED[which], { id });
  return row !== undefined && states.includes(row.status);
}

// ── methods ────────────────────────────────────────────────────────────────────

export const enrol = {
  /** Creates a contract from the request's fields; answers its id. */
  createContract: write((fields: Row, status: ContractStatus, createdOn: string) => {
    const { registro_ans, coop_id, produto_tabela_id, origem, ...details } = fields;
    const row = { registro_ans, coop_id, produto_tabela_id, origem, details: JSON.stringify(details), status };
    return value(CREATE_CONTRACT, { ...row, created_on: createdOn }).map((id) => id!);
  }),
  contractStatus: read(function* (id: number): Script<ContractStatus | undefined> {
    return storable(id) ? (yield* get(CONTRACT_STATUS, { id }))?.status : undefined;
  }),
  /** One contract, or all, by id. */
  contracts: read(function* (id?: number): Script<Contract[]> {
    if (id === undefined) return yield* all(CONTRACTS, {});
    return storable(id) ? yield* all(CONTRACT, { id }) : [];
  }),
  /** Beneficiaries counted by contract (one, or all) and state. */
  beneficiaryCounts: read(function* (contractId?: number): Script<StatusCount[]> {
    if (contractId === undefined) return yield* all(COUNTS, {});
    return storable(contractId) ? yield* all(COUNTS_OF, { id: contractId }) : [];
  }),
  /**
   * Registers (or replaces) the contract's payer and sets its start of
   * validity, if the contract is in one of `states`; answers the CPF of the
   * payer it replaced (null: none), or false when it changed nothing.
   */
  setPayer: write(function* (
    id: number,
    payer: Row,
    startOn: string,
    states: readonly ContractStatus[],
  ): Script<{ readonly previousCpf: string | null } | false> {
    if (!storable(id)) return false;
    const before = yield* value(PAYER_OF, { id });
    if ((yield* run(SET_PAYER, { id, states, payer: JSON.stringify(payer), start: startOn })) !== 1) return false;
    const cpf = before === null || before === undefined ? undefined : jsonValue<{ cpf?: unknown }>(before).cpf;
    return { previousCpf: typeof cpf === 'string' ? cpf : null };
  }),
  /** Adds a beneficiary if the contract is in one of `states`; answers its id. */
  addBeneficiary: write(function* (
    contractId: number,
    b: NewBeneficiary,
    states: readonly ContractStatus[],
  ): Script<number | undefined> {
    if (!(yield* holds('contract', contractId, states))) return undefined;
    return yield* value(ADD_BENEFICIARY, { ...b, contract: contractId, details: JSON.stringify(b.details) });
  }),
  beneficiary: read(function* (id: number): Script<BeneficiaryState | undefined> {
    return storable(id) ? yield* get(BENEFICIARY, { id }) : undefined;
  }),
  /** Stores a record for a beneficiary in one of `states`; answers its id. */
  addEnrolmentRecord: write(function* (
    id: number,
    kind: EnrolmentKind,
    body: Row,
    states: readonly BeneficiaryStatus[],
  ): Script<number | undefined> {
    if (!(yield* holds('beneficiary', id, states))) return undefined;
    return yield* value(ADD_RECORD, { id, kind, body: JSON.stringify(body) });
  }),
  /** Stores (or replaces) an answer of the health declaration for a beneficiary in one of `states`. */
  answerDeclaration: write(function* (
    id: number,
    answer: DeclarationAnswer,
    states: readonly BeneficiaryStatus[],
  ): Script<boolean> {
    if (!(yield* holds('beneficiary', id, states))) return false;
    yield* run(ANSWER, { ...answer, id });
    return true;
  }),
  /**
   * Moves a contract from one of `from` to `to`; with `beneficiariesTo`, its
   * beneficiaries in another state move to that one as well, atomically.
   */
  setContractStatus: write(function* (
    id: number,
    from: readonly ContractStatus[],
    to: ContractStatus,
    beneficiariesTo?: BeneficiaryStatus,
  ): Script<boolean> {
    if (!storable(id) || (yield* run(SET_CONTRACT, { id, states: from, to })) === 0) return false;
    if (beneficiariesTo) yield* run(SET_ALL, { id, to: beneficiariesTo });
    return true;
  }),
  setBeneficiaryStatus: write(function* (
    id: number,
    from: readonly BeneficiaryStatus[],
    to: BeneficiaryStatus,
  ): Script<boolean> {
    if (!storable(id)) return false;
    return (yield* run(SET_BENEFICIARY, { id, states: from, to })) === 1;
  }),
};

export type EnrolRepository = Methods<typeof enrol>;
