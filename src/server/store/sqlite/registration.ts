/** Registration data in SQLite: holders, their addresses and contact, pending-change stamps, and the CEP table. */
import type { Row } from '../../../spec/index.js';
import type { Address, Holder, RegistrationRepository } from '../repository.js';
import type { Db } from './connection.js';

const ADDRESS_COLUMNS = 'codigo, tipo, cep, logradouro, numero, complemento, estado, cidade, bairro, ponto_referencia, caixa_postal, ind_correspondencia, ind_fatura';
const ADDRESS_VALUES = '@tipo, @cep, @logradouro, @numero, @complemento, @estado, @cidade, @bairro, @ponto_referencia, @caixa_postal, @ind_correspondencia, @ind_fatura';

export function sqliteRegistration(db: Db): RegistrationRepository {
  const holder = db.prepare<[string], Holder>(
    `SELECT id, contract_id, card, nome, data_nasc, nome_mae, cpf, permite_atualizar, codigo_usuario_portal,
            grupo_usuario, tipo_beneficiario, lote, movimento, changed_on
       FROM beneficiary WHERE card = ?`,
  );
  const addresses = db.prepare<[number], Address>(`SELECT ${ADDRESS_COLUMNS} FROM address WHERE beneficiary_id = ? ORDER BY codigo`);
  const contact = db.prepare<[number], Row>('SELECT telefone, celular, fax, email, codigo FROM contact WHERE beneficiary_id = ?');
  const cep = db.prepare<[string], Row>('SELECT cep, logradouro, bairro, cidade, estado FROM cep WHERE cep = ?');

  // Pending-change stamp: the first change of a day opens a batch (lote); every change is a movement (movimento).
  const stampOf = db.prepare<[number], { lote: number; changed_on: string | null }>('SELECT lote, changed_on FROM beneficiary WHERE id = ?');
  const next = db
    .prepare<[string], number>('INSERT INTO counter (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value')
    .pluck();
  const setStamp = db.prepare('UPDATE beneficiary SET lote = ?, movimento = ?, changed_on = ? WHERE id = ?');
  const stamp = (id: number, today: string): void => {
    const cur = stampOf.get(id);
    if (!cur) return;
    const lote = cur.changed_on === today ? cur.lote : next.get('lote')!;
    setStamp.run(lote, next.get('movimento'), today, id);
  };

  const upsertContact = db.prepare(
    `INSERT INTO contact (beneficiary_id, codigo, telefone, celular, fax, email)
     VALUES (@id, 1, coalesce(@telefone, ''), coalesce(@celular, ''), coalesce(@fax, ''), coalesce(@email, ''))
     ON CONFLICT (beneficiary_id) DO UPDATE SET
       telefone = coalesce(@telefone, telefone), celular = coalesce(@celular, celular),
       fax = coalesce(@fax, fax), email = coalesce(@email, email)`,
  );
  const freeCode = db
    .prepare<{ id: number }, number>(
      `WITH RECURSIVE n(c) AS (SELECT 1 UNION ALL SELECT c + 1 FROM n WHERE c < 99)
       SELECT c FROM n WHERE c NOT IN (SELECT codigo FROM address WHERE beneficiary_id = @id)
       ORDER BY c > (SELECT coalesce(max(codigo), 0) FROM address WHERE beneficiary_id = @id) DESC, c LIMIT 1`,
    )
    .pluck();
  const insertAddress = db.prepare(`INSERT INTO address (beneficiary_id, ${ADDRESS_COLUMNS}) VALUES (@id, @codigo, ${ADDRESS_VALUES})`);
  const updateAddress = db.prepare(
    `UPDATE address SET (${ADDRESS_COLUMNS.replace('codigo, ', '')}) = (${ADDRESS_VALUES}) WHERE beneficiary_id = @id AND codigo = @codigo`,
  );
  const deleteAddress = db.prepare('DELETE FROM address WHERE beneficiary_id = ? AND codigo = ?');

  const contactTx = db.transaction((id: number, today: string, patch: Row) => {
    upsertContact.run({ id, telefone: null, celular: null, fax: null, email: null, ...patch });
    stamp(id, today);
  });
  const insertTx = db.transaction((id: number, today: string, address: Address): number | undefined => {
    const codigo = freeCode.get({ id });
    if (codigo === undefined) return undefined;
    insertAddress.run({ ...address, id, codigo });
    stamp(id, today);
    return codigo;
  });
  const updateTx = db.transaction((id: number, today: string, codigo: number, address: Address): boolean => {
    if (updateAddress.run({ ...address, id, codigo }).changes === 0) return false;
    stamp(id, today);
    return true;
  });
  const deleteTx = db.transaction((id: number, today: string, codigo: number): boolean => {
    if (deleteAddress.run(id, codigo).changes === 0) return false;
    stamp(id, today);
    return true;
  });

  return {
    holder: async (card) => holder.get(card),
    addresses: async (id) => addresses.all(id),
    contact: async (id) => contact.get(id),
    cep: async (code) => cep.get(code),
    updateContact: async (id, patch, today) => {
      contactTx.immediate(id, today, patch);
    },
    insertAddress: async (id, address, today) => insertTx.immediate(id, today, address),
    updateAddress: async (id, codigo, address, today) => updateTx.immediate(id, today, codigo, address),
    deleteAddress: async (id, codigo, today) => deleteTx.immediate(id, today, codigo),
  };
}
