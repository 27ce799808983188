/** Contracts, enrolled beneficiaries and what is registered for them, in SQLite. */
import type { Row } from '../../../catalogue/index.js';
import type { BeneficiaryState, ContractSummary, EnrolRepository } from '../repository.js';
import type { ContractStatus } from '../../../catalogue/codes.js';
import type { Db } from './connection.js';
import { jsonList } from './values.js';
import type { GroupCommit } from './group-commit.js';

const SUMMARY = `SELECT c.id, c.registro_ans, c.status, c.created_on, c.start_on,
  (SELECT count(*) FROM beneficiary b WHERE b.contract_id = c.id AND b.status = 'ativo') AS lives
  FROM contract c`;

/**
 * The single-statement writes (each a conditional INSERT or UPDATE that checks
 * its own conditions) go through group commit: concurrent requests share one
 * transaction and one fsync. Multi-statement changes keep their own transaction.
 */
export function sqliteEnrol(db: Db, commit: GroupCommit): EnrolRepository {
  const createContract = db
    .prepare<Record<string, unknown>, number>(
      `INSERT INTO contract (registro_ans, coop_id, produto_tabela_id, origem, details, status, created_on)
       VALUES (@registro_ans, @coop_id, @produto_tabela_id, @origem, @details, 'proposta', @today) RETURNING id`,
    )
    .pluck();
  const contractStatus = db.prepare<[number], ContractStatus>('SELECT status FROM contract WHERE id = ?').pluck();
  const one = db.prepare<[number], ContractSummary>(`${SUMMARY} WHERE c.id = ?`);
  const all = db.prepare<[], ContractSummary>(`${SUMMARY} ORDER BY c.id`);
  const setPayer = db.prepare(
    `UPDATE contract SET payer = ?, start_on = ? WHERE id = ? AND status IN (SELECT value FROM json_each(?))`,
  );
  const addBeneficiary = db
    .prepare<Record<string, unknown>, number>(
      `INSERT INTO beneficiary (contract_id, status, cpf, nome, nome_mae, data_nasc, details)
       SELECT @contract, 'ativo', @cpf, @nome, @nome_mae, @data_nasc, @details
        WHERE EXISTS (SELECT 1 FROM contract WHERE id = @contract AND status IN (SELECT value FROM json_each(@states)))
       RETURNING id`,
    )
    .pluck();
  const beneficiary = db.prepare<[number], BeneficiaryState>(
    'SELECT id, contract_id, status FROM beneficiary WHERE id = ?',
  );
  const beneficiaryIn = `EXISTS (SELECT 1 FROM beneficiary WHERE id = @id AND status IN (SELECT value FROM json_each(@states)))`;
  const addRecord = db
    .prepare<Record<string, unknown>, number>(
      `INSERT INTO enrolment_record (beneficiary_id, kind, body) SELECT @id, @kind, @body WHERE ${beneficiaryIn} RETURNING id`,
    )
    .pluck();
  const answer = db.prepare(
    `INSERT INTO health_answer (beneficiary_id, formulario_id, pergunta_id, resposta, descricao)
     SELECT @id, @formulario_id, @pergunta_id, @resposta, @descricao WHERE ${beneficiaryIn}
     ON CONFLICT (beneficiary_id, formulario_id, pergunta_id) DO UPDATE SET resposta = excluded.resposta, descricao = excluded.descricao`,
  );
  const setContract = db.prepare(
    'UPDATE contract SET status = ? WHERE id = ? AND status IN (SELECT value FROM json_each(?))',
  );
  const cascade = db.prepare('UPDATE beneficiary SET status = ? WHERE contract_id = ? AND status <> ?');
  const setBeneficiary = db.prepare(
    'UPDATE beneficiary SET status = ? WHERE id = ? AND status IN (SELECT value FROM json_each(?))',
  );

  const contractTx = db.transaction((id: number, from: readonly string[], to: string, all: boolean): boolean => {
    if (setContract.run(to, id, jsonList(from)).changes === 0) return false;
    if (all) cascade.run(to, id, to);
    return true;
  });

  return {
    createContract: (fields, today) => {
      const { registro_ans, coop_id, produto_tabela_id, origem, ...details } = fields;
      const row = { registro_ans, coop_id, produto_tabela_id, origem, details: JSON.stringify(details), today };
      return commit.run(() => createContract.get(row)!);
    },
    contractStatus: async (id) => contractStatus.get(id),
    contracts: async (id) => (id === undefined ? all.all() : one.all(id)),
    setPayer: (id, payer: Row, startOn, states) => {
      const args = [JSON.stringify(payer), startOn, id, jsonList(states)] as const;
      return commit.run(() => setPayer.run(...args).changes === 1);
    },
    addBeneficiary: (contract, b, states) => {
      const row = { ...b, details: JSON.stringify(b.details), contract, states: jsonList(states) };
      return commit.run(() => addBeneficiary.get(row));
    },
    beneficiary: async (id) => beneficiary.get(id),
    addEnrolmentRecord: (id, kind, body, states) => {
      const row = { id, kind, body: JSON.stringify(body), states: jsonList(states) };
      return commit.run(() => addRecord.get(row));
    },
    answerDeclaration: (id, a, states) => {
      const row = { ...a, id, states: jsonList(states) };
      return commit.run(() => answer.run(row).changes === 1);
    },
    setContractStatus: async (id, from, to, all) => contractTx.immediate(id, from, to, all),
    setBeneficiaryStatus: (id, from, to) => {
      const list = jsonList(from);
      return commit.run(() => setBeneficiary.run(to, id, list).changes === 1);
    },
  };
}
