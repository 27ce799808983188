/**
 * The whole store's data at once: a dataset's rows (rows.ts) loaded in place
 * of everything stored, and a few cards and provider locations to show. A load
 * empties every table, inserts the rows many per statement, ties the
 * appointments to their slots, and ends with what the dialect runs after a
 * load (PostgreSQL moves its identity sequences past the largest ids, as
 * SQLite's INTEGER PRIMARY KEY goes on from the largest rowid).
 */
import type { Row } from '../../../catalogue/index.js';
import type { DatasetRows } from '../datasets/rows.js';
import { read, type Methods } from '../sql/define.js';
import type { Dialect } from '../sql/dialect.js';
import { TABLES } from '../sql/migrations.js';
import { all, exec, oneOff, type Query, run, type Script, sql, values } from '../sql/query.js';
import { FixturesError } from '../datasets/fixtures-error.js';

/** A few cards and provider locations of the stored data, for the start-up banner. */
export interface DemoSummary {
  cards: string[];
  providers: Array<{ prest_cod_svc_card: number; cd_local: number; nm_local: string }>;
}

/** For each list of DatasetRows: its table, and its columns with the row field each is taken from (`column=field`). */
const INSERTS: ReadonlyArray<readonly [list: keyof DatasetRows, table: string, columns: string]> = [
  ['ceps', 'cep', 'cep logradouro bairro cidade estado'],
  [
    'contracts',
    'contract',
    'id=contrato_id registro_ans coop_id produto_tabela_id origem details status created_on start_on',
  ],
  [
    'beneficiaries',
    'beneficiary',
    'id=beneficiary_id contract_id=contrato_id status cpf nome nome_mae data_nasc card=usuario_cartao permite_atualizar codigo_usuario_portal grupo_usuario tipo_beneficiario lote movimento changed_on',
  ],
  ['contacts', 'contact', 'beneficiary_id codigo telefone celular fax email'],
  [
    'addresses',
    'address',
    'beneficiary_id codigo tipo cep logradouro numero complemento estado cidade bairro ponto_referencia caixa_postal ind_correspondencia ind_fatura',
  ],
  ['medicalItems', 'medical_item', 'beneficiary_id kind body'],
  ['locations', 'location', 'cd_local nm_local endereco'],
  ['providers', 'provider', 'code=prest_cod_svc_card cd_coop_prest nome'],
  ['providerLocations', 'provider_location', 'provider cd_local'],
  ['slots', 'slot', 'provider=prest_cod_svc_card cd_local tp_evento data=data_consulta hora_inicio hora_fim'],
  [
    'appointments',
    'appointment',
    'cd_evento beneficiary_id provider=prest_cod_svc_card cd_local tp_evento data_consulta hora_inicio hora_fim status=status_agendamento data_cadastro slot_id=slot',
  ],
  ['devices', 'device', 'pushid token=dispositivo_token tipo=dispositivo_tipo beneficiary_id active registered_on'],
];

const CLEAR = sql<never>((d) => d.clear([...TABLES].reverse()));
const AFTER_LOAD = sql<never>((d) => d.afterLoad);
const SLOTS = sql<Record<string, never>, Row>(
  'SELECT id, provider AS prest_cod_svc_card, cd_local, tp_evento, data AS data_consulta, hora_inicio, hora_fim FROM slot',
  {
    bigints: true,
    columns: {
      id: 'integer',
      prest_cod_svc_card: 'integer',
      cd_local: 'integer',
      tp_evento: 'integer',
      data_consulta: 'text',
      hora_inicio: 'text',
      hora_fim: 'text',
    },
  },
);
const COUNTERS = sql<{ lote: number; movimento: number }>(
  "INSERT INTO counter (name, value) VALUES ('lote', @lote), ('movimento', @movimento)",
);

/** Parameters per statement, under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;

/** A value as the stores keep it: objects as JSON text, booleans as 0 or 1, absent as null. */
function stored(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'boolean') return Number(v);
  return v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
}

/** Inserts rows (values in `columns`' order) into a table, many per statement; `conflict` is appended (e.g. ON CONFLICT DO NOTHING). */
export function* insertMany(
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
  conflict = '',
): Script<void> {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const per = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let start = 0; start < rows.length; start += per) {
    const chunk = rows.slice(start, start + per);
    const text = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')} ${conflict}`;
    yield* run(oneOff<unknown[]>(text), chunk.flat().map(stored));
  }
}

const slotKey = (r: Row): string =>
  [r['prest_cod_svc_card'], r['cd_local'], r['tp_evento'], r['data_consulta'], r['hora_inicio'], r['hora_fim']]
    .map(String)
    .join('|');

/** Replaces everything stored with a dataset's rows; the caller runs it in one transaction. */
export function* loadDataset(data: DatasetRows): Script<void> {
  yield* exec(CLEAR);
  for (const [list, table, words] of INSERTS) {
    const columns = words.split(' ').map((w) => w.split('=') as [string, string?]);
    let items = data[list] as readonly Row[];
    if (list === 'appointments') {
      const ids = new Map((yield* all(SLOTS, {})).map((s) => [slotKey(s), s['id']]));
      items = items.map((a) => ({ ...a, slot: ids.get(slotKey(a)) ?? null }));
    }
    const rows = items.map((r) => columns.map(([column, field = column]) => r[field]));
    yield* insertMany(
      table,
      columns.map(([column]) => column),
      rows,
      list === 'slots' ? 'ON CONFLICT DO NOTHING' : '',
    );
  }
  yield* run(COUNTERS, data.counters);
  yield* exec(AFTER_LOAD);
}

/** Every row of the data tables (the access audit's are not data), each table's columns named once: a snapshot. */
export type TablesDump = ReadonlyArray<{
  readonly table: string;
  readonly columns: readonly string[];
  readonly rows: ReadonlyArray<readonly unknown[]>;
}>;

/** Each table's whole rows: their columns are the table's (sql/migrations.ts), not declared here. */
const WHOLE = Object.fromEntries(
  TABLES.map((t) => [t, sql<Record<string, never>>(`SELECT * FROM ${t}`, { bigints: true })]),
) as Record<(typeof TABLES)[number], Query<Record<string, never>>>;

/** Reads every data table whole, integers exactly (codes of up to 18 digits); the caller runs it in one transaction. */
export function* dumpTables(): Script<TablesDump> {
  const out: Array<TablesDump[number]> = [];
  for (const table of TABLES) {
    const rows = (yield* all(WHOLE[table], {})) as Row[];
    const columns = rows.length ? Object.keys(rows[0]!) : [];
    out.push({ table, columns, rows: rows.map((r) => columns.map((c) => r[c])) });
  }
  return out;
}

/** Replaces everything stored with a snapshot's rows (dumpTables); the caller runs it in one transaction. */
export function* restoreTables(dump: TablesDump): Script<void> {
  yield* exec(CLEAR);
  for (const { table, columns, rows } of dump) if (rows.length) yield* insertMany(table, columns, rows);
  yield* exec(AFTER_LOAD);
}

/** A load's error as the opening reports it: a row that breaks a database rule is the dataset's fault. */
export function loadError(d: Dialect, err: unknown): unknown {
  return d.brokenRule(err) ? new FixturesError([`the dataset breaks a database rule: ${(err as Error).message}`]) : err;
}

/** How many demo cards and provider locations `describe` answers. */
const DESCRIBED = 4;
const CARDS = sql<{ limit: number }, { card: string }>(
  'SELECT card FROM beneficiary WHERE card IS NOT NULL ORDER BY id LIMIT @limit',
  { columns: { card: 'text' } },
);
const PLACES = sql<{ limit: number }, { prest_cod_svc_card: unknown; cd_local: unknown; nm_local: string }>(
  `SELECT pl.provider AS prest_cod_svc_card, pl.cd_local, l.nm_local
     FROM provider_location pl JOIN location l ON l.cd_local = pl.cd_local ORDER BY pl.provider, pl.cd_local LIMIT @limit`,
  { bigints: true, columns: { prest_cod_svc_card: 'integer', cd_local: 'integer', nm_local: 'text' } },
);

export const dataset = {
  /** A few cards and provider locations to try. */
  describe: read(function* (): Script<DemoSummary> {
    const cards = yield* values(CARDS, { limit: DESCRIBED });
    const places = yield* all(PLACES, { limit: DESCRIBED });
    return {
      cards,
      providers: places.map((p) => ({
        ...p,
        prest_cod_svc_card: Number(p.prest_cod_svc_card),
        cd_local: Number(p.cd_local),
      })),
    };
  }),
};

export type DatasetRepository = Methods<typeof dataset>;
