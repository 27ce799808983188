/** Registration data in SQLite: holders, their addresses and contact, pending-change stamps, and the CEP table. */
import type { Row } from '../../../catalogue/index.js';
import type { Address, Holder, RegistrationRepository } from '../repository.js';
import type { Db } from './connection.js';

const ADDRESS_COLUMNS =
  'codigo, tipo, cep, logradouro, numero, complemento, estado, cidade, bairro, ponto_referencia, caixa_postal, ind_correspondencia, ind_fatura';
const ADDRESS_VALUES =
  '@tipo, @cep, @logradouro, @numero, @complemento, @estado, @cidade, @bairro, @ponto_referencia, @caixa_postal, @ind_correspondencia, @ind_fatura';

export function sqliteRegistration(db: Db): RegistrationRepository {
  const holder = db.prepare<[string], Holder>(
    `SELECT id, contract_id, card, nome, data_nasc, nome_mae, cpf, permite_atualizar, codigo_usuario_portal,
            grupo_usuario, tipo_beneficiario, lote, movimento, changed_on
       FROM beneficiary WHERE card = ?`,
  );
  // The whole registration record in one statement, serialised by SQLite: no row objects, no JSON.stringify.
  // Parameters: today, then the card (in the order they appear). Field order and values are those of the
  // record the handler answered when it built it from three reads (docs/performance.md).
  const record = db
    .prepare<[today: string, card: string], string>(
      `SELECT json_object(
         'situacao', CASE WHEN b.changed_on = ? THEN 'A' ELSE 'E' END,
         'contrato', b.contract_id, 'cod_pessoa', b.id, 'codigo_usuario_portal', b.codigo_usuario_portal,
         'lote', b.lote, 'movimento', b.movimento,
         'cart_coop', CAST(substr(b.card, 1, 4) AS INTEGER), 'cart_contrato', CAST(substr(b.card, 5, 4) AS INTEGER),
         'cart_cod_bnf', CAST(substr(b.card, 9, 6) AS INTEGER), 'cart_cod_dependente', CAST(substr(b.card, 15, 2) AS INTEGER),
         'nome', b.nome,
         'data_nasc', substr(b.data_nasc, 9, 2) || '/' || substr(b.data_nasc, 6, 2) || '/' || substr(b.data_nasc, 1, 4),
         'nome_mae', b.nome_mae, 'cpf', b.cpf, 'permite_atualizar', b.permite_atualizar,
         'endereco', (SELECT json_group_array(json_object(
                        'pes_cod', a.beneficiary_id, 'codigo', a.codigo, 'tipo', a.tipo, 'cep', a.cep, 'logradouro', a.logradouro,
                        'numero', a.numero, 'complemento', a.complemento, 'estado', a.estado, 'cidade', a.cidade, 'bairro', a.bairro,
                        'ponto_referencia', a.ponto_referencia, 'caixa_postal', a.caixa_postal,
                        'ind_correspondencia', a.ind_correspondencia, 'ind_fatura', a.ind_fatura) ORDER BY a.codigo)
                        FROM address a WHERE a.beneficiary_id = b.id),
         'contato', coalesce((SELECT json_object('telefone', c.telefone, 'celular', c.celular, 'fax', c.fax, 'email', c.email, 'codigo', c.codigo)
                                FROM contact c WHERE c.beneficiary_id = b.id),
                             json_object('telefone', '', 'celular', '', 'fax', '', 'email', '', 'codigo', 1)))
       FROM beneficiary b WHERE b.card = ?`,
    )
    .pluck();
  const cep = db.prepare<[string], Row>('SELECT cep, logradouro, bairro, cidade, estado FROM cep WHERE cep = ?');

  // Pending-change stamp: the first change of a day opens a batch (lote); every change is a movement (movimento).
  const stampOf = db.prepare<[number], { lote: number; changed_on: string | null }>(
    'SELECT lote, changed_on FROM beneficiary WHERE id = ?',
  );
  const next = db
    .prepare<[string], number>(
      'INSERT INTO counter (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value',
    )
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
  const insertAddress = db.prepare(
    `INSERT INTO address (beneficiary_id, ${ADDRESS_COLUMNS}) VALUES (@id, @codigo, ${ADDRESS_VALUES})`,
  );
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
    record: (card, today) => record.get(today, card),
    cep: async (code) => cep.get(code),
    updateContact: async (id, patch, today) => {
      contactTx.immediate(id, today, patch);
    },
    insertAddress: async (id, address, today) => insertTx.immediate(id, today, address),
    updateAddress: async (id, codigo, address, today) => updateTx.immediate(id, today, codigo, address),
    deleteAddress: async (id, codigo, today) => deleteTx.immediate(id, today, codigo),
  };
}
