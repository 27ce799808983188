/**
 * Registration data in PostgreSQL. A write locks its holder's row (SELECT …
 * FOR UPDATE) before it reads what its decision needs, so that concurrent
 * writes to one registration, from any server process, run one after the
 * other; a write that earns a new stamp locks the counters too (always after
 * the holder: no deadlock), so every stamp is drawn once.
 */
import type { PoolClient, Pool } from 'pg';
import type { Row } from '../../../catalogue/index.js';
import type { Address, Contact, Counters, Holder, RegistrationRepository, Restamp, Stamp } from '../types.js';
import { changed, one, rows, storable, transaction } from './pool.js';

const ADDRESS_FIELDS = [
  'tipo',
  'cep',
  'logradouro',
  'numero',
  'complemento',
  'estado',
  'cidade',
  'bairro',
  'ponto_referencia',
  'caixa_postal',
  'ind_correspondencia',
  'ind_fatura',
] as const;

/**
 * The registration record as JSON, built by PostgreSQL (the same fields, in
 * the same order, as SQLite's statement: sqlite/registration-record.ts).
 * Parameters: $1 today, $2 the card.
 */
const RECORD = `SELECT json_build_object(
  'situacao', CASE WHEN b.changed_on = $1::text THEN 'A' ELSE 'E' END,
  'contrato', b.contract_id, 'cod_pessoa', b.id, 'codigo_usuario_portal', b.codigo_usuario_portal,
  'lote', b.lote, 'movimento', b.movimento,
  'cart_coop', substr(b.card, 1, 4)::int, 'cart_contrato', substr(b.card, 5, 4)::int,
  'cart_cod_bnf', substr(b.card, 9, 6)::int, 'cart_cod_dependente', substr(b.card, 15, 2)::int,
  'nome', b.nome,
  'data_nasc', substr(b.data_nasc, 9, 2) || '/' || substr(b.data_nasc, 6, 2) || '/' || substr(b.data_nasc, 1, 4),
  'nome_mae', b.nome_mae, 'cpf', b.cpf, 'permite_atualizar', b.permite_atualizar,
  'endereco', coalesce((SELECT json_agg(json_build_object(
                 'pes_cod', a.beneficiary_id, 'codigo', a.codigo, 'tipo', a.tipo, 'cep', a.cep, 'logradouro', a.logradouro,
                 'numero', a.numero, 'complemento', a.complemento, 'estado', a.estado, 'cidade', a.cidade, 'bairro', a.bairro,
                 'ponto_referencia', a.ponto_referencia, 'caixa_postal', a.caixa_postal,
                 'ind_correspondencia', a.ind_correspondencia, 'ind_fatura', a.ind_fatura) ORDER BY a.codigo)
                 FROM address a WHERE a.beneficiary_id = b.id), '[]'::json),
  'contato', coalesce((SELECT json_build_object('telefone', c.telefone, 'celular', c.celular, 'fax', c.fax, 'email', c.email, 'codigo', c.codigo)
                         FROM contact c WHERE c.beneficiary_id = b.id),
                      json_build_object('telefone', '', 'celular', '', 'fax', '', 'email', '', 'codigo', 1))) AS record
FROM beneficiary b WHERE b.card = $2`;

/** Locks the holder's row; answers its stamp (undefined when there is no such holder). */
async function lockHolder(c: PoolClient, id: number): Promise<Stamp | undefined> {
  if (!storable(id)) return undefined;
  return one<Stamp>(c, 'SELECT lote, movimento, changed_on FROM beneficiary WHERE id = $1 FOR UPDATE', [id]);
}

/** Stamps a changed registration with what `restamp` decides, drawing from the counters (locked). */
async function stamp(c: PoolClient, id: number, current: Stamp, restamp: Restamp): Promise<void> {
  const held = await rows<{ name: keyof Counters; value: number }>(
    c,
    "SELECT name, value FROM counter WHERE name IN ('lote', 'movimento') ORDER BY name FOR UPDATE",
  );
  const counters: Counters = {
    lote: held.find((r) => r.name === 'lote')?.value ?? 0,
    movimento: held.find((r) => r.name === 'movimento')?.value ?? 0,
  };
  const next = restamp(current, counters);
  await c.query('UPDATE beneficiary SET lote = $1, movimento = $2, changed_on = $3 WHERE id = $4', [
    next.stamp.lote,
    next.stamp.movimento,
    next.stamp.changed_on,
    id,
  ]);
  for (const name of ['lote', 'movimento'] as const)
    if (next.counters[name] !== counters[name])
      await c.query(
        'INSERT INTO counter (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
        [name, next.counters[name]],
      );
}

/** A registration write: the holder locked, `write` run, the stamp it earns when `write` says it changed something. */
function stamped<T>(
  pool: Pool,
  id: number,
  restamp: Restamp,
  write: (c: PoolClient) => Promise<T>,
  didChange: (result: T) => boolean,
  none: T,
): Promise<T> {
  return transaction(pool, async (c) => {
    const current = await lockHolder(c, id);
    if (!current) return none;
    const result = await write(c);
    if (didChange(result)) await stamp(c, id, current, restamp);
    return result;
  });
}

const addressValues = (address: Address): unknown[] => ADDRESS_FIELDS.map((f) => address[f]);

export function pgRegistration(pool: Pool): RegistrationRepository {
  return {
    holder: async (card) =>
      one<Holder>(
        pool,
        `SELECT id, contract_id, card, nome, data_nasc, nome_mae, cpf, permite_atualizar, codigo_usuario_portal,
                grupo_usuario, tipo_beneficiario, lote, movimento, changed_on
           FROM beneficiary WHERE card = $1`,
        [card],
      ),
    // JSON.stringify of PostgreSQL's parsed record: compact, as SQLite writes it, in the same field order.
    record: async (card, today) => {
      const row = await one<{ record: Row }>(pool, { name: 'coopctl_record', text: RECORD }, [today, card]);
      return row && JSON.stringify(row.record);
    },
    cep: async (code) =>
      one<Row>(pool, 'SELECT cep, logradouro, bairro, cidade, estado FROM cep WHERE cep = $1', [code]),
    saveContact: async (id, merge, restamp) => {
      await stamped(
        pool,
        id,
        restamp,
        async (c) => {
          const current = await one<Contact>(
            c,
            'SELECT telefone, celular, fax, email, codigo FROM contact WHERE beneficiary_id = $1',
            [id],
          );
          const m = merge(current);
          await c.query(
            `INSERT INTO contact (beneficiary_id, codigo, telefone, celular, fax, email) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (beneficiary_id) DO UPDATE SET codigo = excluded.codigo, telefone = excluded.telefone,
               celular = excluded.celular, fax = excluded.fax, email = excluded.email`,
            [id, m.codigo, m.telefone, m.celular, m.fax, m.email],
          );
          return true;
        },
        (done) => done,
        false,
      );
    },
    insertAddress: async (id, address, pick, restamp) =>
      stamped(
        pool,
        id,
        restamp,
        async (c) => {
          const used = await rows<{ codigo: number }>(c, 'SELECT codigo FROM address WHERE beneficiary_id = $1', [id]);
          const codigo = pick(used.map((r) => r.codigo));
          if (codigo !== undefined)
            await c.query(
              `INSERT INTO address (beneficiary_id, codigo, ${ADDRESS_FIELDS.join(', ')})
               VALUES ($1, $2, ${ADDRESS_FIELDS.map((_, i) => `$${i + 3}`).join(', ')})`,
              [id, codigo, ...addressValues(address)],
            );
          return codigo;
        },
        (codigo) => codigo !== undefined,
        undefined,
      ),
    updateAddress: async (id, codigo, address, restamp) =>
      stamped(
        pool,
        id,
        restamp,
        async (c) =>
          (await changed(
            c,
            `UPDATE address SET (${ADDRESS_FIELDS.join(', ')}) = (${ADDRESS_FIELDS.map((_, i) => `$${i + 3}`).join(', ')})
              WHERE beneficiary_id = $1 AND codigo = $2`,
            [id, codigo, ...addressValues(address)],
          )) > 0,
        (done) => done,
        false,
      ),
    deleteAddress: async (id, codigo, restamp) =>
      stamped(
        pool,
        id,
        restamp,
        async (c) =>
          (await changed(c, 'DELETE FROM address WHERE beneficiary_id = $1 AND codigo = $2', [id, codigo])) > 0,
        (done) => done,
        false,
      ),
  };
}
