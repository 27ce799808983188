/** Registration data in SQLite: holders, their addresses and contact, pending-change stamps, and the CEP table. */
import type { Row } from '../../../catalogue/index.js';
import type {
  Address,
  Contact,
  Counters,
  Holder,
  RegistrationRepository,
  Restamp,
  Stamp,
  StoreMeter,
} from '../types.js';
import type { Db } from './connection.js';
import { registrationRecordSql } from './registration-record.js';
import { type ChangeCount, unchangedCache } from './unchanged-cache.js';

const ADDRESS_COLUMNS =
  'codigo, tipo, cep, logradouro, numero, complemento, estado, cidade, bairro, ponto_referencia, caixa_postal, ind_correspondencia, ind_fatura';
const ADDRESS_VALUES =
  '@tipo, @cep, @logradouro, @numero, @complemento, @estado, @cidade, @bairro, @ponto_referencia, @caixa_postal, @ind_correspondencia, @ind_fatura';

/** The statements of a registration's pending-change stamp: read, write, and the counters. */
function stamping(db: Db): (id: number, restamp: Restamp) => void {
  const stampOf = db.prepare<[number], Stamp>('SELECT lote, movimento, changed_on FROM beneficiary WHERE id = ?');
  const counter = db.prepare<[string], number>('SELECT value FROM counter WHERE name = ?').pluck();
  const setCounter = db.prepare(
    'INSERT INTO counter (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );
  const setStamp = db.prepare(
    'UPDATE beneficiary SET lote = @lote, movimento = @movimento, changed_on = @changed_on WHERE id = @id',
  );
  return (id, restamp) => {
    const current = stampOf.get(id);
    if (!current) return;
    const counters: Counters = { lote: counter.get('lote') ?? 0, movimento: counter.get('movimento') ?? 0 };
    const next = restamp(current, counters);
    setStamp.run({ ...next.stamp, id });
    for (const name of ['lote', 'movimento'] as const)
      if (next.counters[name] !== counters[name]) setCounter.run(name, next.counters[name]);
  };
}

/** The writes of addresses and contacts, each a single statement or read. */
function writes(db: Db) {
  return {
    contactOf: db.prepare<[number], Contact>(
      'SELECT telefone, celular, fax, email, codigo FROM contact WHERE beneficiary_id = ?',
    ),
    putContact: db.prepare(
      `INSERT INTO contact (beneficiary_id, codigo, telefone, celular, fax, email) VALUES (@id, @codigo, @telefone, @celular, @fax, @email)
       ON CONFLICT (beneficiary_id) DO UPDATE SET codigo = excluded.codigo, telefone = excluded.telefone,
         celular = excluded.celular, fax = excluded.fax, email = excluded.email`,
    ),
    codes: db.prepare<[number], number>('SELECT codigo FROM address WHERE beneficiary_id = ?').pluck(),
    insertAddress: db.prepare(
      `INSERT INTO address (beneficiary_id, ${ADDRESS_COLUMNS}) VALUES (@id, @codigo, ${ADDRESS_VALUES})`,
    ),
    updateAddress: db.prepare(
      `UPDATE address SET (${ADDRESS_COLUMNS.replace('codigo, ', '')}) = (${ADDRESS_VALUES}) WHERE beneficiary_id = @id AND codigo = @codigo`,
    ),
    deleteAddress: db.prepare('DELETE FROM address WHERE beneficiary_id = ? AND codigo = ?'),
  };
}

/** The registration writes, each in one transaction with the stamp it earns when it changed something. */
function transactions(db: Db) {
  const w = writes(db);
  const stamp = stamping(db);
  const stamped = <A extends unknown[], T>(write: (id: number, ...args: A) => T, changed: (result: T) => boolean) =>
    db.transaction((id: number, restamp: Restamp, ...args: A): T => {
      const result = write(id, ...args);
      if (changed(result)) stamp(id, restamp);
      return result;
    });
  return {
    contact: stamped(
      (id, merge: (current: Contact | undefined) => Contact) => w.putContact.run({ ...merge(w.contactOf.get(id)), id }),
      () => true,
    ),
    insert: stamped(
      (id, address: Address, pick: (used: readonly number[]) => number | undefined) => {
        const codigo = pick(w.codes.all(id));
        if (codigo !== undefined) w.insertAddress.run({ ...address, id, codigo });
        return codigo;
      },
      (codigo) => codigo !== undefined,
    ),
    update: stamped(
      (id, codigo: number, address: Address) => w.updateAddress.run({ ...address, id, codigo }).changes > 0,
      (changed) => changed,
    ),
    delete: stamped(
      (id, codigo: number) => w.deleteAddress.run(id, codigo).changes > 0,
      (changed) => changed,
    ),
  };
}

/**
 * `cacheBytes`: the memory the records' JSON texts kept between writes may take (about 1 KB each; 0: none);
 * `notData` counts the rows of this connection's writes that hold no data (the record cache's `ignored`).
 */
export function sqliteRegistration(
  db: Db,
  cacheBytes: number,
  meter?: StoreMeter,
  notData?: ChangeCount,
): RegistrationRepository {
  const holder = db.prepare<[string], Holder>(
    `SELECT id, contract_id, card, nome, data_nasc, nome_mae, cpf, permite_atualizar, codigo_usuario_portal,
            grupo_usuario, tipo_beneficiario, lote, movimento, changed_on
       FROM beneficiary WHERE card = ?`,
  );
  const record = db.prepare<[today: string, card: string], string>(registrationRecordSql).pluck();
  const records = unchangedCache(db, cacheBytes, meter, notData);
  const cep = db.prepare<[string], Row>('SELECT cep, logradouro, bairro, cidade, estado FROM cep WHERE cep = ?');
  const tx = transactions(db);
  return {
    holder: async (card) => holder.get(card),
    record: (card, today) => {
      // The record says whether it changed today (situacao): the day is part of the key.
      const key = `${today} ${card}`;
      const cached = records.get(key);
      if (cached !== undefined) return cached;
      const text = record.get(today, card);
      if (text !== undefined) records.set(key, text);
      return text;
    },
    cep: async (code) => cep.get(code),
    saveContact: async (id, merge, restamp) => {
      tx.contact.immediate(id, restamp, merge);
    },
    insertAddress: async (id, address, pick, restamp) => tx.insert.immediate(id, restamp, address, pick),
    updateAddress: async (id, codigo, address, restamp) => tx.update.immediate(id, restamp, codigo, address),
    deleteAddress: async (id, codigo, restamp) => tx.delete.immediate(id, restamp, codigo),
  };
}
