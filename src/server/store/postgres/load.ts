/**
 * Replacing the stored data with a dataset's rows (rows.ts), inside the
 * caller's transaction: every table emptied, the rows inserted many per
 * statement, the appointments tied to their slots, and each identity
 * sequence moved past the largest id loaded (as SQLite's INTEGER PRIMARY KEY
 * goes on from the largest rowid).
 */
import type { Row } from '../../../catalogue/index.js';
import { FixturesError } from '../fixtures-error.js';
import type { DatasetRows } from '../types.js';
import { IDENTITIES } from './migrations.js';
import { type Queryable, rows, sqlState } from './pool.js';

/** Every table, emptied at once. */
const TABLES =
  'notification, device, appointment, slot, provider_location, location, provider, health_answer, enrolment_record, medical_item, contact, address, beneficiary, contract, cep, counter';

/** For each list of DatasetRows: its table, and its columns with the row field each is taken from. */
const INSERTS: Record<string, readonly [table: string, columns: ReadonlyArray<readonly [string, string]>]> = {
  ceps: ['cep', pairs('cep logradouro bairro cidade estado')],
  contracts: [
    'contract',
    pairs('id=contrato_id registro_ans coop_id produto_tabela_id origem details status created_on start_on'),
  ],
  beneficiaries: [
    'beneficiary',
    pairs(
      'id=beneficiary_id contract_id=contrato_id status cpf nome nome_mae data_nasc card=usuario_cartao permite_atualizar codigo_usuario_portal grupo_usuario tipo_beneficiario lote movimento changed_on',
    ),
  ],
  contacts: ['contact', pairs('beneficiary_id codigo telefone celular fax email')],
  addresses: [
    'address',
    pairs(
      'beneficiary_id codigo tipo cep logradouro numero complemento estado cidade bairro ponto_referencia caixa_postal ind_correspondencia ind_fatura',
    ),
  ],
  medicalItems: ['medical_item', pairs('beneficiary_id kind body')],
  locations: ['location', pairs('cd_local nm_local endereco')],
  providers: ['provider', pairs('code=prest_cod_svc_card cd_coop_prest nome')],
  providerLocations: ['provider_location', pairs('provider cd_local')],
  slots: ['slot', pairs('provider=prest_cod_svc_card cd_local tp_evento data=data_consulta hora_inicio hora_fim')],
  appointments: [
    'appointment',
    pairs(
      'cd_evento beneficiary_id provider=prest_cod_svc_card cd_local tp_evento data_consulta hora_inicio hora_fim status=status_agendamento data_cadastro slot_id=slot',
    ),
  ],
  devices: [
    'device',
    pairs('pushid token=dispositivo_token tipo=dispositivo_tipo beneficiary_id active registered_on'),
  ],
};

/** `column=field` (or `name` for both) words as pairs. */
function pairs(words: string): ReadonlyArray<readonly [string, string]> {
  return words.split(' ').map((w) => {
    const [column, field = column] = w.split('=') as [string, string?];
    return [column, field] as const;
  });
}

/** A value as PostgreSQL stores it here: objects as JSON text, booleans as 0 or 1, absent as null. */
function sqlValue(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'boolean') return Number(v);
  if (typeof v === 'bigint') return v.toString();
  return v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
}

/** Parameters per statement, well under PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;

/** Inserts rows (objects by column name) into a table, many per statement; `conflict` is appended (e.g. ON CONFLICT DO NOTHING). */
export async function insertMany(
  db: Queryable,
  table: string,
  columns: readonly string[],
  values: ReadonlyArray<readonly unknown[]>,
  conflict = '',
): Promise<void> {
  const per = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let start = 0; start < values.length; start += per) {
    const chunk = values.slice(start, start + per);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const marks = row.map((v) => {
        params.push(sqlValue(v));
        return `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')} ${conflict}`, params);
  }
}

/** Moves each identity sequence past the largest id stored. */
export async function resetIdentities(db: Queryable): Promise<void> {
  for (const [table, column] of IDENTITIES)
    await db.query(
      `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), coalesce((SELECT max(${column}) FROM ${table}), 0) + 1, false)`,
    );
}

const slotKey = (r: Row): string =>
  [r['prest_cod_svc_card'], r['cd_local'], r['tp_evento'], r['data_consulta'], r['hora_inicio'], r['hora_fim']]
    .map(String)
    .join('|');

/** Replaces everything stored with a dataset's rows, in the caller's transaction. */
export async function loadRows(db: Queryable, data: DatasetRows): Promise<void> {
  try {
    await db.query(`TRUNCATE ${TABLES}`);
    for (const [list, [table, columns]] of Object.entries(INSERTS)) {
      let items = data[list as keyof DatasetRows] as readonly Row[];
      if (list === 'appointments') {
        const ids = new Map(
          (
            await rows<Row>(
              db,
              'SELECT id, provider AS prest_cod_svc_card, cd_local, tp_evento, data AS data_consulta, hora_inicio, hora_fim FROM slot',
            )
          ).map((s) => [slotKey(s), s['id']]),
        );
        items = items.map((a) => ({ ...a, slot: ids.get(slotKey(a)) ?? null }));
      }
      const conflict = list === 'slots' ? 'ON CONFLICT DO NOTHING' : '';
      const values = items.map((r) => columns.map(([, field]) => r[field]));
      await insertMany(
        db,
        table,
        columns.map(([c]) => c),
        values,
        conflict,
      );
    }
    await db.query("INSERT INTO counter (name, value) VALUES ('lote', $1), ('movimento', $2)", [
      data.counters.lote,
      data.counters.movimento,
    ]);
    await resetIdentities(db);
  } catch (err) {
    const state = sqlState(err);
    if (state?.startsWith('23') || state === '22003' || state === '22P02')
      throw new FixturesError([`the dataset breaks a database rule: ${(err as Error).message}`]);
    throw err;
  }
}
