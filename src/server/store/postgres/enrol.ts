/**
 * Contracts, enrolled beneficiaries and what is registered for them, in
 * PostgreSQL. A write whose condition is the state of another row locks that
 * row for share first (the contract a beneficiary joins, the beneficiary a
 * record is for): a concurrent status change, which locks it for update,
 * waits for it or is waited for, so no beneficiary joins a contract that was
 * cancelled meanwhile and the lives counted stay right.
 */
import type { Pool, PoolClient } from 'pg';
import type { BeneficiaryStatus, ContractStatus } from '../../../catalogue/codes.js';
import type { BeneficiaryState, Contract, EnrolRepository, StatusCount } from '../types.js';
import { changed, one, rows, storable, transaction } from './pool.js';

const CONTRACT = 'SELECT id, registro_ans, status, created_on, start_on FROM contract';
const COUNTS = 'SELECT contract_id, status, count(*)::int AS count FROM beneficiary';

/** Whether the row `id` of `table` is in one of `states`, its row locked for share until the transaction ends. */
async function holdsState(
  c: PoolClient,
  table: 'contract' | 'beneficiary',
  id: number,
  states: readonly string[],
): Promise<boolean> {
  if (!storable(id)) return false;
  const row = await one<{ status: string }>(c, `SELECT status FROM ${table} WHERE id = $1 FOR SHARE`, [id]);
  return row !== undefined && states.includes(row.status);
}

export function pgEnrol(pool: Pool): EnrolRepository {
  return {
    createContract: async (fields, status, createdOn) => {
      const { registro_ans, coop_id, produto_tabela_id, origem, ...details } = fields;
      const row = await one<{ id: number }>(
        pool,
        `INSERT INTO contract (registro_ans, coop_id, produto_tabela_id, origem, details, status, created_on)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [registro_ans, coop_id, produto_tabela_id, origem, JSON.stringify(details), status, createdOn],
      );
      return row!.id;
    },
    contractStatus: async (id) =>
      storable(id)
        ? (await one<{ status: ContractStatus }>(pool, 'SELECT status FROM contract WHERE id = $1', [id]))?.status
        : undefined,
    contracts: async (id) =>
      id === undefined
        ? rows<Contract>(pool, `${CONTRACT} ORDER BY id`)
        : storable(id)
          ? rows<Contract>(pool, `${CONTRACT} WHERE id = $1`, [id])
          : [],
    beneficiaryCounts: async (id) =>
      id === undefined
        ? rows<StatusCount>(pool, `${COUNTS} GROUP BY contract_id, status ORDER BY contract_id, status`)
        : storable(id)
          ? rows<StatusCount>(pool, `${COUNTS} WHERE contract_id = $1 GROUP BY contract_id, status ORDER BY status`, [
              id,
            ])
          : [],
    setPayer: async (id, payer, startOn, states) =>
      storable(id) &&
      (await changed(pool, 'UPDATE contract SET payer = $1, start_on = $2 WHERE id = $3 AND status = ANY($4::text[])', [
        JSON.stringify(payer),
        startOn,
        id,
        [...states],
      ])) === 1,
    addBeneficiary: async (contractId, b, states) =>
      transaction(pool, async (c) => {
        if (!(await holdsState(c, 'contract', contractId, states))) return undefined;
        const row = await one<{ id: number }>(
          c,
          `INSERT INTO beneficiary (contract_id, status, cpf, nome, nome_mae, data_nasc, details)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [contractId, b.status, b.cpf, b.nome, b.nome_mae, b.data_nasc, JSON.stringify(b.details)],
        );
        return row!.id;
      }),
    beneficiary: async (id) =>
      storable(id)
        ? one<BeneficiaryState>(pool, 'SELECT id, contract_id, status FROM beneficiary WHERE id = $1', [id])
        : undefined,
    addEnrolmentRecord: async (id, kind, body, states) =>
      transaction(pool, async (c) => {
        if (!(await holdsState(c, 'beneficiary', id, states))) return undefined;
        const row = await one<{ id: number }>(
          c,
          'INSERT INTO enrolment_record (beneficiary_id, kind, body) VALUES ($1, $2, $3) RETURNING id',
          [id, kind, JSON.stringify(body)],
        );
        return row!.id;
      }),
    answerDeclaration: async (id, a, states) =>
      transaction(pool, async (c) => {
        if (!(await holdsState(c, 'beneficiary', id, states))) return false;
        await c.query(
          `INSERT INTO health_answer (beneficiary_id, formulario_id, pergunta_id, resposta, descricao) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (beneficiary_id, formulario_id, pergunta_id) DO UPDATE SET resposta = excluded.resposta, descricao = excluded.descricao`,
          [id, a.formulario_id, a.pergunta_id, a.resposta, a.descricao],
        );
        return true;
      }),
    setContractStatus: async (id, from, to, beneficiariesTo) =>
      storable(id) &&
      transaction(pool, async (c) => {
        const moved = await changed(c, 'UPDATE contract SET status = $1 WHERE id = $2 AND status = ANY($3::text[])', [
          to,
          id,
          [...from],
        ]);
        if (moved === 0) return false;
        if (beneficiariesTo)
          await c.query('UPDATE beneficiary SET status = $1 WHERE contract_id = $2 AND status <> $1', [
            beneficiariesTo,
            id,
          ]);
        return true;
      }),
    setBeneficiaryStatus: async (id, from, to: BeneficiaryStatus) =>
      storable(id) &&
      (await changed(pool, 'UPDATE beneficiary SET status = $1 WHERE id = $2 AND status = ANY($3::text[])', [
        to,
        id,
        [...from],
      ])) === 1,
  };
}
