/**
 * Registration data: holders, their addresses and contact, pending-change
 * stamps, and the CEP table. A write first reads its holder's stamp, locking
 * the row on PostgreSQL, so that concurrent writes to one registration, from
 * any server process, run one after the other; a write that earns a new stamp
 * locks the counters too (always after the holder: no deadlock), so every
 * stamp is drawn once. The writes change the registration and stamp it with
 * what `restamp` decides from its stamp and the counters, in one transaction;
 * a write that changes nothing stamps nothing.
 */
import type { Row } from '../../../catalogue/index.js';
import { hotRead, read, write, type Methods } from '../sql/define.js';
import { all, get, jsonText, run, type Script, sql, type Step, storable, value, values } from '../sql/query.js';

// ── types ──────────────────────────────────────────────────────────────────────

/** A registration's pending-change stamp. */
export interface Stamp {
  readonly lote: number;
  readonly movimento: number;
  /** Date (`yyyy-mm-dd`) of the last accepted registration change, if any. */
  readonly changed_on: string | null;
}

/** The last batch (`lote`) and movement (`movimento`) numbers handed out. */
export interface Counters {
  readonly lote: number;
  readonly movimento: number;
}

/** Decision: the stamp of a registration that changed, and the counters after it. */
export type Restamp = (current: Stamp, counters: Counters) => { readonly stamp: Stamp; readonly counters: Counters };

/** A beneficiary who holds a card, as the registration operations see it. */
export interface Holder extends Stamp {
  readonly id: number;
  readonly contract_id: number;
  readonly card: string;
  readonly nome: string;
  /** `yyyy-mm-dd`. */
  readonly data_nasc: string;
  readonly nome_mae: string;
  readonly cpf: string;
  readonly permite_atualizar: 'S' | 'N';
  readonly codigo_usuario_portal: number;
  readonly grupo_usuario: number;
  readonly tipo_beneficiario: number;
}

/** An address of the registration record: the `[endereco]` fields without `pes_cod` and `codigo`. */
export type Address = Row;

/** The contact of the registration record: the `[contato]` fields. */
export interface Contact {
  readonly telefone: string;
  readonly celular: string;
  readonly fax: string;
  readonly email: string;
  readonly codigo: number;
}

// ── statements ─────────────────────────────────────────────────────────────────

const HOLDER = sql<{ card: string }, Holder>(
  `SELECT id, contract_id, card, nome, data_nasc, nome_mae, cpf, permite_atualizar, codigo_usuario_portal,
          grupo_usuario, tipo_beneficiario, lote, movimento, changed_on
     FROM beneficiary WHERE card = @card`,
  {
    columns: {
      id: 'integer',
      contract_id: 'integer',
      card: 'text',
      nome: 'text',
      data_nasc: 'text',
      nome_mae: 'text',
      cpf: 'text',
      permite_atualizar: 'text',
      codigo_usuario_portal: 'integer',
      grupo_usuario: 'integer',
      tipo_beneficiario: 'integer',
      lote: 'integer',
      movimento: 'integer',
      changed_on: 'text',
    },
  },
);
const HOLDER_ID = sql<{ card: string }, { id: number }>('SELECT id FROM beneficiary WHERE card = @card', {
  columns: { id: 'integer' },
});

/**
 * The registration record as JSON text built by the database: no row
 * objects (the hot path of `buscadadosusuario`, docs/performance.md). Field
 * order and values are those of the record built field by field from three
 * reads (test/store/registration-json.test.ts).
 */
const RECORD = sql<{ today: string; card: string }, { record: unknown }>(
  (d) => `SELECT ${d.jsonObject}(
  'situacao', CASE WHEN b.changed_on = @today THEN 'A' ELSE 'E' END,
  'contrato', b.contract_id, 'cod_pessoa', b.id, 'codigo_usuario_portal', b.codigo_usuario_portal,
  'lote', b.lote, 'movimento', b.movimento,
  'cart_coop', CAST(substr(b.card, 1, 4) AS INTEGER), 'cart_contrato', CAST(substr(b.card, 5, 4) AS INTEGER),
  'cart_cod_bnf', CAST(substr(b.card, 9, 6) AS INTEGER), 'cart_cod_dependente', CAST(substr(b.card, 15, 2) AS INTEGER),
  'nome', b.nome,
  'data_nasc', substr(b.data_nasc, 9, 2) || '/' || substr(b.data_nasc, 6, 2) || '/' || substr(b.data_nasc, 1, 4),
  'nome_mae', b.nome_mae, 'cpf', b.cpf, 'permite_atualizar', b.permite_atualizar,
  'endereco', ${d.json}(coalesce((SELECT ${d.jsonArray}(${d.jsonObject}(
                 'pes_cod', a.beneficiary_id, 'codigo', a.codigo, 'tipo', a.tipo, 'cep', a.cep, 'logradouro', a.logradouro,
                 'numero', a.numero, 'complemento', a.complemento, 'estado', a.estado, 'cidade', a.cidade, 'bairro', a.bairro,
                 'ponto_referencia', a.ponto_referencia, 'caixa_postal', a.caixa_postal,
                 'ind_correspondencia', a.ind_correspondencia, 'ind_fatura', a.ind_fatura) ORDER BY a.codigo)
                 FROM address a WHERE a.beneficiary_id = b.id), '[]')),
  'contato', ${d.json}(coalesce((SELECT ${d.jsonObject}('telefone', c.telefone, 'celular', c.celular, 'fax', c.fax, 'email', c.email, 'codigo', c.codigo)
                         FROM contact c WHERE c.beneficiary_id = b.id),
                      ${d.jsonObject}('telefone', '', 'celular', '', 'fax', '', 'email', '', 'codigo', 1)))) AS record
FROM beneficiary b WHERE b.card = @card`,
  { name: 'coopctl_record', columns: { record: 'json' } },
);

const CEP = sql<{ cep: string }, Row>('SELECT cep, logradouro, bairro, cidade, estado FROM cep WHERE cep = @cep', {
  columns: { cep: 'text', logradouro: 'text', bairro: 'text', cidade: 'text', estado: 'text' },
});

const STAMP = sql<{ id: number }, Stamp>(
  (d) => `SELECT lote, movimento, changed_on FROM beneficiary WHERE id = @id${d.forUpdate}`,
  { columns: { lote: 'integer', movimento: 'integer', changed_on: 'text' } },
);
const COUNTERS = sql<Record<string, never>, { name: keyof Counters; value: number }>(
  (d) => `SELECT name, value FROM counter WHERE name IN ('lote', 'movimento') ORDER BY name${d.forUpdate}`,
  { columns: { name: 'text', value: 'integer' } },
);
const SET_STAMP = sql<Stamp & { id: number }>(
  'UPDATE beneficiary SET lote = @lote, movimento = @movimento, changed_on = @changed_on WHERE id = @id',
);
const SET_COUNTER = sql<{ name: string; value: number }>(
  'INSERT INTO counter (name, value) VALUES (@name, @value) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
);

const CONTACT = sql<{ id: number }, Contact>(
  'SELECT telefone, celular, fax, email, codigo FROM contact WHERE beneficiary_id = @id',
  { columns: { telefone: 'text', celular: 'text', fax: 'text', email: 'text', codigo: 'integer' } },
);
const PUT_CONTACT = sql<Contact & { id: number }>(
  `INSERT INTO contact (beneficiary_id, codigo, telefone, celular, fax, email) VALUES (@id, @codigo, @telefone, @celular, @fax, @email)
   ON CONFLICT (beneficiary_id) DO UPDATE SET codigo = excluded.codigo, telefone = excluded.telefone,
     celular = excluded.celular, fax = excluded.fax, email = excluded.email`,
);

const ADDRESS_FIELDS =
  'tipo cep logradouro numero complemento estado cidade bairro ponto_referencia caixa_postal ind_correspondencia ind_fatura'.split(
    ' ',
  );
const COLUMNS = ADDRESS_FIELDS.join(', ');
const VALUES = ADDRESS_FIELDS.map((f) => `@${f}`).join(', ');
type AddressParams = Address & { id: number; codigo: number };

const CODES = sql<{ id: number }, { codigo: number }>('SELECT codigo FROM address WHERE beneficiary_id = @id', {
  columns: { codigo: 'integer' },
});
const INSERT_ADDRESS = sql<AddressParams>(
  `INSERT INTO address (beneficiary_id, codigo, ${COLUMNS}) VALUES (@id, @codigo, ${VALUES})`,
);
const UPDATE_ADDRESS = sql<AddressParams>(
  `UPDATE address SET (${COLUMNS}) = (${VALUES}) WHERE beneficiary_id = @id AND codigo = @codigo`,
);
const DELETE_ADDRESS = sql<{ id: number; codigo: number }>(
  'DELETE FROM address WHERE beneficiary_id = @id AND codigo = @codigo',
);

// ── steps ──────────────────────────────────────────────────────────────────────

/** The id of a card's holder (the reads of the other areas start from it). */
export const holderId = (card: string): Step<number | undefined> => value(HOLDER_ID, { card });

/** Stamps a changed registration with what `restamp` decides, drawing from the counters. */
function* stamp(id: number, current: Stamp, restamp: Restamp): Script<void> {
  const rows = yield* all(COUNTERS, {});
  const counters: Counters = {
    lote: rows.find((r) => r.name === 'lote')?.value ?? 0,
    movimento: rows.find((r) => r.name === 'movimento')?.value ?? 0,
  };
  const next = restamp(current, counters);
  yield* run(SET_STAMP, { ...next.stamp, id });
  for (const name of ['lote', 'movimento'] as const)
    if (next.counters[name] !== counters[name]) yield* run(SET_COUNTER, { name, value: next.counters[name] });
}

/**
 * A registration write: the holder's stamp read (its row locked), `change`
 * run, and the stamp it earns when `changed` says it changed something;
 * `none` when there is no such holder.
 */
function* stamped<T>(
  id: number,
  restamp: Restamp,
  change: () => Script<T> | Step<T>,
  changed: (result: T) => boolean,
  none: T,
): Script<T> {
  if (!storable(id)) return none;
  const current = yield* get(STAMP, { id });
  if (!current) return none;
  const result = yield* change();
  if (changed(result)) yield* stamp(id, current, restamp);
  return result;
}

const done = (result: boolean): boolean => result;

// ── methods ────────────────────────────────────────────────────────────────────

export const registration = {
  holder: read((card: string) => get(HOLDER, { card })),
  /**
   * The registration record of a card's holder as JSON text: the `buscadadosusuario`
   * fields without the envelope (`situacao` A when the holder changed on `today`,
   * the `cart_*` parts of the card, `data_nasc` as DD/MM/YYYY), its addresses by
   * `codigo` (each with `pes_cod`) and its contact (empty fields and codigo 1 when
   * none); undefined for an unknown card. One read, answered at once when the
   * database can (SQLite): the hot path of the most frequent request.
   */
  record: hotRead((card: string, today: string) =>
    value(RECORD, { today, card }).map((r) => (r === undefined ? undefined : jsonText(r))),
  ),
  /** The CEP table entry: cep, logradouro, bairro, cidade, estado. */
  cep: read((cep: string) => get(CEP, { cep })),
  /** Stores the contact `merge` makes of the holder's current one (undefined when it has none). */
  saveContact: write(function* (
    holderId: number,
    merge: (current: Contact | undefined) => Contact,
    restamp: Restamp,
  ): Script<void> {
    const contact = function* (): Script<boolean> {
      const merged = merge(yield* get(CONTACT, { id: holderId }));
      yield* run(PUT_CONTACT, { ...merged, id: holderId });
      return true;
    };
    yield* stamped(holderId, restamp, contact, done, false);
  }),
  /** Inserts the address under the `codigo` that `pick` chooses from the codes in use; undefined (nothing stored) when it chooses none. */
  insertAddress: write(
    (holderId: number, address: Address, pick: (used: readonly number[]) => number | undefined, restamp: Restamp) =>
      stamped(
        holderId,
        restamp,
        function* (): Script<number | undefined> {
          const codigo = pick(yield* values(CODES, { id: holderId }));
          if (codigo !== undefined) yield* run(INSERT_ADDRESS, { ...address, id: holderId, codigo });
          return codigo;
        },
        (codigo) => codigo !== undefined,
        undefined,
      ),
  ),
  /** False when the holder has no address `codigo`. */
  updateAddress: write((holderId: number, codigo: number, address: Address, restamp: Restamp) =>
    stamped(
      holderId,
      restamp,
      () => run(UPDATE_ADDRESS, { ...address, id: holderId, codigo }).map((n) => n > 0),
      done,
      false,
    ),
  ),
  deleteAddress: write((holderId: number, codigo: number, restamp: Restamp) =>
    stamped(holderId, restamp, () => run(DELETE_ADDRESS, { id: holderId, codigo }).map((n) => n > 0), done, false),
  ),
};

export type RegistrationRepository = Methods<typeof registration>;
