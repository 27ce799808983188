/** Contracts, enrolled beneficiaries and what is registered for them, in SQLite. */
import type { Row } from '../../../catalogue/index.js';
import type { BeneficiaryStatus, ContractStatus } from '../../../catalogue/codes.js';
import type { BeneficiaryState, Contract, EnrolRepository, StatusCount } from '../types.js';
import type { Db } from './connection.js';
import { jsonList } from './values.js';
import type { GroupCommit } from './group-commit.js';

const CONTRACT = 'SELECT id, registro_ans, status, created_on, start_on FROM contract';
const COUNTS = 'SELECT contract_id, status, count(*) AS count FROM beneficiary';
/** Named parameters @id, @states: the beneficiary is in one of the states. */
const BENEFICIARY_IN = `EXISTS (SELECT 1 FROM beneficiary WHERE id = @id AND status IN (SELECT value FROM json_each(@states)))`;

/** The statements, each a single read or a conditional INSERT or UPDATE that checks its own conditions. */
function statements(db: Db) {
  return {
    createContract: db
      .prepare<Row, number>(
        `INSERT INTO contract (registro_ans, coop_id, produto_tabela_id, origem, details, status, created_on)
         VALUES (@registro_ans, @coop_id, @produto_tabela_id, @origem, @details, @status, @created_on) RETURNING id`,
      )
      .pluck(),
    contractStatus: db.prepare<[number], ContractStatus>('SELECT status FROM contract WHERE id = ?').pluck(),
    one: db.prepare<[number], Contract>(`${CONTRACT} WHERE id = ?`),
    all: db.prepare<[], Contract>(`${CONTRACT} ORDER BY id`),
    countsOne: db.prepare<[number], StatusCount>(`${COUNTS} WHERE contract_id = ? GROUP BY contract_id, status`),
    countsAll: db.prepare<[], StatusCount>(`${COUNTS} GROUP BY contract_id, status`),
    setPayer: db.prepare(
      'UPDATE contract SET payer = ?, start_on = ? WHERE id = ? AND status IN (SELECT value FROM json_each(?))',
    ),
    addBeneficiary: db
      .prepare<Row, number>(
        `INSERT INTO beneficiary (contract_id, status, cpf, nome, nome_mae, data_nasc, details)
         SELECT @contract, @status, @cpf, @nome, @nome_mae, @data_nasc, @details
          WHERE EXISTS (SELECT 1 FROM contract WHERE id = @contract AND status IN (SELECT value FROM json_each(@states)))
         RETURNING id`,
      )
      .pluck(),
    beneficiary: db.prepare<[number], BeneficiaryState>('SELECT id, contract_id, status FROM beneficiary WHERE id = ?'),
    addRecord: db
      .prepare<Row, number>(
        `INSERT INTO enrolment_record (beneficiary_id, kind, body) SELECT @id, @kind, @body WHERE ${BENEFICIARY_IN} RETURNING id`,
      )
      .pluck(),
    answer: db.prepare(
      `INSERT INTO health_answer (beneficiary_id, formulario_id, pergunta_id, resposta, descricao)
       SELECT @id, @formulario_id, @pergunta_id, @resposta, @descricao WHERE ${BENEFICIARY_IN}
       ON CONFLICT (beneficiary_id, formulario_id, pergunta_id) DO UPDATE SET resposta = excluded.resposta, descricao = excluded.descricao`,
    ),
    setContract: db.prepare(
      'UPDATE contract SET status = ? WHERE id = ? AND status IN (SELECT value FROM json_each(?))',
    ),
    setAll: db.prepare('UPDATE beneficiary SET status = ? WHERE contract_id = ? AND status <> ?'),
    setBeneficiary: db.prepare(
      'UPDATE beneficiary SET status = ? WHERE id = ? AND status IN (SELECT value FROM json_each(?))',
    ),
  };
}

/** The contract with its columns apart and its other creation fields as `details`. */
function contractRow(fields: Row, status: ContractStatus, created_on: string): Row {
  const { registro_ans, coop_id, produto_tabela_id, origem, ...details } = fields;
  return { registro_ans, coop_id, produto_tabela_id, origem, details: JSON.stringify(details), status, created_on };
}

/** A contract's status change and, with `beneficiariesTo`, its beneficiaries', in one transaction. */
function contractChange(db: Db, s: ReturnType<typeof statements>) {
  return db.transaction(
    (id: number, from: readonly string[], to: string, beneficiariesTo?: BeneficiaryStatus): boolean => {
      if (s.setContract.run(to, id, jsonList(from)).changes === 0) return false;
      if (beneficiariesTo) s.setAll.run(beneficiariesTo, id, beneficiariesTo);
      return true;
    },
  );
}

/**
 * The single-statement writes go through group commit: concurrent requests
 * share one transaction and one fsync. Multi-statement changes keep their
 * own transaction.
 */
export function sqliteEnrol(db: Db, commit: GroupCommit): EnrolRepository {
  const s = statements(db);
  const contractTx = contractChange(db, s);
  return {
    createContract: (fields, status, createdOn) => {
      const row = contractRow(fields, status, createdOn);
      return commit.run(() => s.createContract.get(row)!);
    },
    contractStatus: async (id) => s.contractStatus.get(id),
    contracts: async (id) => (id === undefined ? s.all.all() : s.one.all(id)),
    beneficiaryCounts: async (id) => (id === undefined ? s.countsAll.all() : s.countsOne.all(id)),
    setPayer: (id, payer, startOn, states) => {
      const args = [JSON.stringify(payer), startOn, id, jsonList(states)] as const;
      return commit.run(() => s.setPayer.run(...args).changes === 1);
    },
    addBeneficiary: (contract, b, states) => {
      const row = { ...b, details: JSON.stringify(b.details), contract, states: jsonList(states) };
      return commit.run(() => s.addBeneficiary.get(row));
    },
    beneficiary: async (id) => s.beneficiary.get(id),
    addEnrolmentRecord: (id, kind, body, states) => {
      const row = { id, kind, body: JSON.stringify(body), states: jsonList(states) };
      return commit.run(() => s.addRecord.get(row));
    },
    answerDeclaration: (id, a, states) => {
      const row = { ...a, id, states: jsonList(states) };
      return commit.run(() => s.answer.run(row).changes === 1);
    },
    setContractStatus: async (id, from, to, beneficiariesTo) => contractTx.immediate(id, from, to, beneficiariesTo),
    setBeneficiaryStatus: (id, from, to) => {
      const list = jsonList(from);
      return commit.run(() => s.setBeneficiary.run(to, id, list).changes === 1);
    },
  };
}
